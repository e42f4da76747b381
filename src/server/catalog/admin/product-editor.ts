import { createHash } from "node:crypto";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import sharp from "sharp";
import type { AdminProductDetails } from "@/lib/admin-catalog";
import { IMAGE_SIZES } from "@/lib/product-image";
import { slugify } from "@/lib/slug";
import { logSecurityEvent, type RequestMeta } from "../../auth/events";
import { invalidateTags } from "../../cache/tagged-cache";
import { withTransaction, type Database } from "../../db";
import { planVariants, type VariantPlanInput } from "@/lib/variant-plan";
import { labelsStillUsed } from "@/lib/variants";
import { wasPriceAfterPriceChange, wasPriceInForce } from "@/lib/was-price";
import { brands, categories, productChanges, productVariants, products } from "../../db/schema";
import { DomainError } from "../../errors";
import { MAX_IMAGE_PIXELS } from "../../image-search/decode";
import type { MediaStore } from "../../media/media-store";
import { addProductsToSearchLexicon } from "../../search/resolve";
import { optionBreaksByCombination, restoreOptionBreaks } from "../price-breaks";
import { dropSpecsOutsideCategory, replaceProductSpecs } from "../../specs/admin";

type Actor = { id: number; email: string };

/** A product image upload's byte limit. */
export const PRODUCT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Creating a product and changing its details (name, description, category, brand, SKU, picture,
 * delivery flags); prices and stock change through the reasoned change with its audit trail. A
 * picture is stored like the seeded ones: square WebP renditions at the card's widths under one
 * content hash; the image-search vector is computed by the image sync, which `onNewImage` starts.
 */
export function createProductEditor(db: Database, media: MediaStore, onNewImage: () => void) {
  /** The category and brand rows a product names, or a validation error naming the field. */
  async function references(tx: Database, input: AdminProductDetails) {
    const [category] = await tx.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.slug, input.category));
    if (!category) throw new DomainError("validation", `No category has the slug ${input.category}`, { field: "category", reason: "unknownCategory" });
    const [brand] = await tx
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .where(sql`lower(${brands.name}) = lower(${input.brand})`);
    if (!brand)
      throw new DomainError("validation", `No brand is named ${input.brand} (create it under Categories and brands)`, {
        field: "brand",
        reason: "unknownBrand",
      });
    return { category, brand };
  }

  async function skuFree(tx: Database, sku: string, except?: number) {
    const [taken] = await tx
      .select({ id: products.id })
      .from(products)
      .where(except ? and(eq(products.sku, sku), ne(products.id, except)) : eq(products.sku, sku));
    if (taken) throw new DomainError("validation", `Product ${taken.id} already has the SKU ${sku}`, { field: "sku", reason: "skuTaken", product: taken.id });
  }

  /** The columns a product's details fill, on creation and on every change of them. */
  const detailColumns = (input: AdminProductDetails, slug: string, category: { id: number; name: string }, brand: { id: number; name: string }) => ({
    name: input.name,
    slug,
    description: input.description,
    image: input.image,
    categoryId: category.id,
    category: category.name,
    brandId: brand.id,
    brand: brand.name,
    sku: input.sku,
    freeDelivery: input.freeDelivery,
    sameDayDelivery: input.sameDayDelivery,
  });

  const slugOf = (name: string) => {
    const slug = slugify(name);
    if (!slug) throw new DomainError("validation", "The name needs letters or digits", { field: "name" });
    return slug;
  };

  return {
    async create(actor: Actor, input: AdminProductDetails & { price: number; originalPrice: number; stockQuantity: number }, meta: RequestMeta) {
      const slug = slugOf(input.name);
      // a new product has had no other price: a "was" price would be one it never had
      if (input.originalPrice !== 0 && input.originalPrice !== input.price)
        throw new DomainError("validation", 'A new product has no earlier price: its "was" price can be set once its price has changed', {
          field: "originalPrice",
          reason: "wasPriceNeverCharged",
        });
      const created = await withTransaction(db, async (tx) => {
        await skuFree(tx, input.sku);
        const { category, brand } = await references(tx, input);
        const [row] = await tx
          .insert(products)
          .values({
            ...detailColumns(input, slug, category, brand),
            price: input.price,
            originalPrice: input.price,
            stockQuantity: input.stockQuantity,
          })
          .returning({ id: products.id, slug: products.slug });
        // its specification values, read against its category's attributes (a bad one refuses the whole product)
        if (input.specs) await replaceProductSpecs(tx, row!.id, category.id, input.specs);
        await logSecurityEvent(
          tx,
          {
            type: "admin-product-changed",
            userId: actor.id,
            email: actor.email,
            detail: { by: actor.email, action: "created", product: row!.id, before: null, after: input },
          },
          meta,
        );
        return row!;
      });
      await addProductsToSearchLexicon(db, [created.id]);
      invalidateTags("catalog");
      onNewImage();
      return created;
    },

    async updateDetails(actor: Actor, id: number, input: AdminProductDetails, meta: RequestMeta) {
      const slug = slugOf(input.name);
      const changed = await withTransaction(db, async (tx) => {
        const [before] = await tx
          .select({
            name: products.name,
            description: products.description,
            category: categories.slug,
            brand: products.brand,
            sku: products.sku,
            image: products.image,
            freeDelivery: products.freeDelivery,
            sameDayDelivery: products.sameDayDelivery,
          })
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .where(eq(products.id, id))
          .for("update", { of: products });
        if (!before) throw new DomainError("not-found", `Product ${id} not found`);
        await skuFree(tx, input.sku, id);
        const { category, brand } = await references(tx, input);
        const [{ categoryId: fromCategory }] = (await tx.select({ categoryId: products.categoryId }).from(products).where(eq(products.id, id))) as [
          { categoryId: number },
        ];
        await tx
          .update(products)
          .set({
            ...detailColumns(input, slug, category, brand),
            updatedAt: sql`now()`,
          })
          .where(eq(products.id, id));
        // a new category keeps only the values of keys it defines too; the others go, and the answer names them
        const droppedSpecs = fromCategory !== category.id ? await dropSpecsOutsideCategory(tx, id, fromCategory, category.id) : [];
        const specChanges = input.specs ? (await replaceProductSpecs(tx, id, category.id, input.specs)).changes : {};
        const after = { ...input, brand: brand.name };
        const moved: Record<string, { before: string | boolean; after: string | boolean }> = {
          ...Object.fromEntries(
            (Object.keys(before) as (keyof typeof before)[])
              .filter((key) => before[key] !== after[key])
              .map((key) => [key, { before: before[key], after: after[key] }]),
          ),
          ...specChanges,
        };
        await logSecurityEvent(
          tx,
          {
            type: "admin-product-changed",
            userId: actor.id,
            email: actor.email,
            detail: { by: actor.email, action: "details", product: id, changes: moved, droppedSpecs: droppedSpecs.map((d) => d.key) },
          },
          meta,
        );
        return { moved, droppedSpecs, newImage: before.image !== input.image };
      });
      if (["name", "description", "brand", "category"].some((key) => key in changed.moved)) await addProductsToSearchLexicon(db, [id]);
      invalidateTags("catalog");
      if (changed.newImage) onNewImage();
      return { changes: changed.moved, droppedSpecs: changed.droppedSpecs };
    },

    /**
     * Replaces a product's options (its variant configuration and one variant per combination of
     * the attributes' values), checked by the same plan the admin's preview uses. The product's own
     * price and stock become the cheapest option and the options' total, as for the seeded ones;
     * every price or stock that moved goes into the audit trail with the reason. Cart lines name an
     * option by its combination id, so an option that stays keeps its lines; a removed one's lines
     * can no longer be ordered (checkout says so).
     */
    async setVariants(actor: Actor, id: number, input: VariantPlanInput & { reason: string }, meta: RequestMeta) {
      const plan = planVariants(input);
      if (!plan.ok)
        throw new DomainError("validation", `The options are not right: ${plan.problems.map((p) => `${p.path} (${p.problem})`).join(", ")}`, {
          problems: plan.problems,
        });
      const result = await withTransaction(db, async (tx) => {
        const [product] = await tx
          .select({
            price: products.price,
            originalPrice: products.originalPrice,
            stockQuantity: products.stockQuantity,
            variantConfig: products.variantConfig,
          })
          .from(products)
          .where(eq(products.id, id))
          .for("update");
        if (!product) throw new DomainError("not-found", `Product ${id} not found`);
        const before = await tx
          .select({ combinationId: productVariants.combinationId, price: productVariants.price, stock: productVariants.stock })
          .from(productVariants)
          .where(eq(productVariants.productId, id));
        const skus = plan.variants.map((v) => v.sku);
        if (skus.length) {
          const [taken] = await tx
            .select({ sku: productVariants.sku, productId: productVariants.productId })
            .from(productVariants)
            .where(and(inArray(productVariants.sku, skus), ne(productVariants.productId, id)))
            .limit(1);
          if (taken)
            throw new DomainError("validation", `Product ${taken.productId} already has an option with the SKU ${taken.sku}`, {
              problems: [{ path: `variants.${skus.indexOf(taken.sku)}.sku`, problem: "skuTaken" }],
            });
        }
        // the options' own prices by quantity name their rows, which are written again: kept for the options that stay
        const optionBreaks = await optionBreaksByCombination(tx, id);
        await tx.delete(productVariants).where(eq(productVariants.productId, id));
        if (plan.variants.length) await tx.insert(productVariants).values(plan.variants.map((v) => ({ ...v, productId: id })));
        await restoreOptionBreaks(tx, id, optionBreaks);

        const changes: Record<string, { before: number; after: number }> = {};
        const old = new Map(before.map((v) => [v.combinationId, v]));
        for (const v of plan.variants) {
          const was = old.get(v.combinationId);
          if (was && was.price !== v.price) changes[`variant|${v.combinationId}|price`] = { before: was.price, after: v.price };
          if (was && was.stock !== v.stock) changes[`variant|${v.combinationId}|stock`] = { before: was.stock, after: v.stock };
        }
        // the options' words in other languages stay for the attributes and values that stay
        const labels = labelsStillUsed(product.variantConfig?.labels, plan.variants);
        const set: Partial<typeof products.$inferInsert> = { variantConfig: plan.config && labels ? { ...plan.config, labels } : plan.config };
        if (plan.variants.length) {
          const price = Math.min(...plan.variants.map((v) => v.price));
          const stock = plan.variants.reduce((sum, v) => sum + v.stock, 0);
          // the "was" price belongs to the product's own (lowest) price: it never follows a change by itself
          const originalPrice = wasPriceAfterPriceChange(product, price);
          if (price !== product.price) changes.price = { before: product.price, after: price };
          const [wasBefore, wasAfter] = [wasPriceInForce(product.price, product.originalPrice), wasPriceInForce(price, originalPrice)];
          if (wasBefore !== wasAfter) changes.originalPrice = { before: wasBefore, after: wasAfter };
          if (stock !== product.stockQuantity) changes.stockQuantity = { before: product.stockQuantity, after: stock };
          Object.assign(set, { price, stockQuantity: stock, originalPrice });
        }
        await tx
          .update(products)
          .set({ ...set, updatedAt: sql`now()` })
          .where(eq(products.id, id));
        const added = plan.variants.filter((v) => !old.has(v.combinationId)).map((v) => v.combinationId);
        const kept = new Set(plan.variants.map((v) => v.combinationId));
        const removed = before.filter((v) => !kept.has(v.combinationId)).map((v) => v.combinationId);
        if (Object.keys(changes).length)
          await tx.insert(productChanges).values({ productId: id, adminId: actor.id, adminEmail: actor.email, changes, reason: input.reason });
        await logSecurityEvent(
          tx,
          {
            type: "admin-product-changed",
            userId: actor.id,
            email: actor.email,
            detail: { by: actor.email, action: "options", product: id, config: plan.config, added, removed, changes, reason: input.reason },
          },
          meta,
        );
        return { added, removed, changes };
      });
      invalidateTags("catalog");
      return { config: plan.config, variants: plan.variants, ...result };
    },

    /**
     * Takes a product off sale (or puts it back): it stays in the database, since orders, carts and
     * the audit trail name it, but shoppers find it nowhere (listings, search and its suggestions,
     * its page, the sitemap, image search) and cannot add or order it. Logged with who and why.
     */
    async setArchived(actor: Actor, id: number, archived: boolean, reason: string, meta: RequestMeta) {
      const row = await withTransaction(db, async (tx) => {
        const [before] = await tx.select({ archivedAt: products.archivedAt }).from(products).where(eq(products.id, id)).for("update");
        if (!before) throw new DomainError("not-found", `Product ${id} not found`);
        if ((before.archivedAt !== null) === archived)
          throw new DomainError("invalid-state", archived ? "The product is archived already" : "The product is on sale already");
        const [after] = await tx
          .update(products)
          .set({ archivedAt: archived ? sql`now()` : null, updatedAt: sql`now()` })
          .where(eq(products.id, id))
          .returning({ name: products.name, salesCount: products.salesCount, archivedAt: products.archivedAt });
        // the search box's suggestions are names: one no product on sale has any more goes, a returning one comes back
        if (archived)
          await tx.execute(
            sql`delete from search_suggestion s where s.name = ${after!.name} and not exists (select 1 from products p where p.name = s.name and p.archived_at is null)`,
          );
        else
          await tx.execute(
            sql`insert into search_suggestion (name, popularity, vector) select ${after!.name}, ${after!.salesCount}, to_tsvector('english', ${after!.name})
                where not exists (select 1 from search_suggestion where name = ${after!.name})`,
          );
        await logSecurityEvent(
          tx,
          {
            type: "admin-product-changed",
            userId: actor.id,
            email: actor.email,
            detail: { by: actor.email, action: archived ? "archived" : "restored", product: id, reason },
          },
          meta,
        );
        return after!;
      });
      invalidateTags("catalog");
      return { archivedAt: row.archivedAt?.toISOString() ?? null };
    },

    /**
     * Stores a product picture: decoded (a damaged or huge one is refused), centred on a white
     * square and written as WebP at the card's widths under one content hash, like the seeded
     * pictures. Returns the address a product names (the widest rendition).
     */
    async storeImage(bytes: Buffer): Promise<{ image: string }> {
      if (bytes.length > PRODUCT_IMAGE_MAX_BYTES) throw new DomainError("too-large", `A picture can be at most ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} MB`);
      const widest = IMAGE_SIZES[IMAGE_SIZES.length - 1];
      let large: Buffer;
      try {
        large = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "truncated", pages: 1 })
          .rotate()
          .resize(widest, widest, { fit: "contain", background: "#ffffff" })
          .flatten({ background: "#ffffff" })
          .webp({ quality: 80 })
          .toBuffer();
      } catch (error) {
        const message = error instanceof Error ? error.message : "";
        if (/pixel limit/i.test(message)) throw new DomainError("too-many-pixels", "This picture has too many pixels");
        if (/unsupported image format|Input buffer contains unsupported/i.test(message))
          throw new DomainError("not-an-image", "This file is not a picture (JPEG, PNG or WebP)");
        throw new DomainError("image-damaged", "This picture could not be read");
      }
      const hash = createHash("sha256").update(large).digest("hex").slice(0, 10);
      // the smaller rendition first: once the largest (the one products name) exists, all do
      for (const size of [...IMAGE_SIZES].reverse()) {
        const bytesAt = size === widest ? large : await sharp(large).resize(size, size).webp({ quality: 75 }).toBuffer();
        await media.put(`products/upload-${size}-${hash}.webp`, bytesAt);
      }
      return { image: `/media/products/upload-${widest}-${hash}.webp` };
    },
  };
}

export type ProductEditor = ReturnType<typeof createProductEditor>;
