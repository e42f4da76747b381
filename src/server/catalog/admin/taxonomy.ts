import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { AdminBrandRow, AdminCategoryRow } from "@/lib/admin-catalog";
import { slugify } from "@/lib/slug";
import { logSecurityEvent, type RequestMeta } from "../../auth/events";
import { invalidateTags } from "../../cache/tagged-cache";
import { withTransaction, type Database } from "../../db";
import { brands, categories, products, slugRedirects } from "../../db/schema";
import { DomainError } from "../../errors";
import { mergeCategoryAttributes } from "../../specs/admin";

type Actor = { id: number; email: string };

type AdminCategory = AdminCategoryRow;
type AdminBrand = AdminBrandRow;

/** A slug from a name by the shop's rule, refused when the name has nothing a slug can keep. */
function slugOf(name: string): string {
  const slug = slugify(name);
  if (!slug) throw new DomainError("validation", "The name needs letters or digits", { field: "name" });
  return slug;
}

/**
 * Categories and brands for the admin: list with product counts, create, rename (the slug follows
 * the shop's rule and the old one keeps leading to the new), reorder categories, and merge one
 * into another (its products move, its slug leads to the other). Product rows carry the category's
 * and brand's names for search, so a rename or a merge rewrites them in the same transaction.
 * Every change is logged with who, before and after, and drops the catalogue's caches.
 */
export function createTaxonomyService(db: Database) {
  const log = (actor: Actor, detail: Record<string, unknown>, meta: RequestMeta, tx: Database = db) =>
    logSecurityEvent(tx, { type: "admin-taxonomy-changed", userId: actor.id, email: actor.email, detail: { by: actor.email, ...detail } }, meta);

  /** Old slugs of `kind` that led to `from` (and `from` itself) now lead to `to`. */
  async function redirect(tx: Database, kind: "category" | "brand", from: string, to: string) {
    if (from === to) return;
    await tx
      .update(slugRedirects)
      .set({ newSlug: to })
      .where(and(eq(slugRedirects.kind, kind), eq(slugRedirects.newSlug, from)));
    await tx
      .insert(slugRedirects)
      .values({ kind, oldSlug: from, newSlug: to })
      .onConflictDoUpdate({ target: [slugRedirects.kind, slugRedirects.oldSlug], set: { newSlug: to } });
    // a slug in use again is no longer an old one
    await tx.delete(slugRedirects).where(and(eq(slugRedirects.kind, kind), eq(slugRedirects.oldSlug, to)));
  }

  return {
    async categories(): Promise<AdminCategory[]> {
      const rows = await db
        .select({
          id: categories.id,
          name: categories.name,
          nameSw: categories.nameSw,
          slug: categories.slug,
          description: categories.description,
          sortOrder: categories.sortOrder,
          products: sql<number>`(select count(*)::int from ${products} p where p.category_id = "categories"."id")`,
        })
        .from(categories)
        .orderBy(asc(categories.sortOrder), asc(categories.name));
      return rows.map((r) => ({ ...r, products: Number(r.products) }));
    },

    async brands(): Promise<AdminBrand[]> {
      const rows = await db
        .select({
          id: brands.id,
          name: brands.name,
          slug: brands.slug,
          products: sql<number>`(select count(*)::int from ${products} p where p.brand_id = "brands"."id")`,
        })
        .from(brands)
        .orderBy(asc(brands.name));
      return rows.map((r) => ({ ...r, products: Number(r.products) }));
    },

    async createCategory(actor: Actor, input: { name: string; nameSw: string | null; description: string }, meta: RequestMeta) {
      const slug = slugOf(input.name);
      const created = await withTransaction(db, async (tx) => {
        const [taken] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
        if (taken) throw new DomainError("validation", `A category already has the slug ${slug}`, { field: "name" });
        const [{ last }] = (await tx.select({ last: sql<number>`coalesce(max(${categories.sortOrder}), 0)::int` }).from(categories)) as [{ last: number }];
        const [row] = await tx
          .insert(categories)
          .values({ name: input.name, nameSw: input.nameSw, description: input.description, slug, sortOrder: Number(last) + 1 })
          .returning();
        await tx.delete(slugRedirects).where(and(eq(slugRedirects.kind, "category"), eq(slugRedirects.oldSlug, slug)));
        await log(actor, { action: "category-created", id: row!.id, before: null, after: row }, meta, tx);
        return row!;
      });
      invalidateTags("catalog");
      return created;
    },

    async renameCategory(actor: Actor, id: number, input: { name: string; nameSw: string | null; description: string }, meta: RequestMeta) {
      const slug = slugOf(input.name);
      const result = await withTransaction(db, async (tx) => {
        const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
        if (!before) throw new DomainError("not-found", `Category ${id} not found`);
        const [taken] = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(and(eq(categories.slug, slug), ne(categories.id, id)));
        if (taken) throw new DomainError("validation", `Another category already has the slug ${slug}`, { field: "name" });
        const [after] = await tx
          .update(categories)
          .set({ name: input.name, nameSw: input.nameSw, description: input.description, slug })
          .where(eq(categories.id, id))
          .returning();
        if (before.name !== input.name) await tx.update(products).set({ category: input.name }).where(eq(products.categoryId, id));
        await redirect(tx, "category", before.slug, slug);
        await log(actor, { action: "category-renamed", id, before, after }, meta, tx);
        return after!;
      });
      invalidateTags("catalog");
      return result;
    },

    /** The categories in the order given (every category, each once). */
    async reorderCategories(actor: Actor, ids: number[], meta: RequestMeta) {
      await withTransaction(db, async (tx) => {
        const all = await tx.select({ id: categories.id, sortOrder: categories.sortOrder }).from(categories).orderBy(asc(categories.sortOrder));
        if (ids.length !== all.length || new Set(ids).size !== ids.length || !all.every((c) => ids.includes(c.id)))
          throw new DomainError("validation", "Send every category once, in the new order", { field: "ids" });
        for (const [index, id] of ids.entries())
          await tx
            .update(categories)
            .set({ sortOrder: index + 1 })
            .where(eq(categories.id, id));
        await log(actor, { action: "categories-reordered", before: all.map((c) => c.id), after: ids }, meta, tx);
      });
      invalidateTags("catalog");
    },

    /**
     * Moves every product of one category into another, removes the first, and sends its slug to the
     * second. Its attribute definitions come along, joined by key (a key that means something else
     * in each refuses the merge), and so do its products' values.
     */
    async mergeCategory(actor: Actor, fromId: number, intoId: number, meta: RequestMeta) {
      if (fromId === intoId) throw new DomainError("validation", "A category cannot be merged into itself", { field: "into" });
      const moved = await withTransaction(db, async (tx) => {
        const [from] = await tx.select().from(categories).where(eq(categories.id, fromId)).for("update");
        const [into] = await tx.select().from(categories).where(eq(categories.id, intoId)).for("update");
        if (!from || !into) throw new DomainError("not-found", "No such category");
        // the attributes first (refused when one means something else in each); the values follow their products
        const attributes = await mergeCategoryAttributes(tx, from.id, into.id);
        const rows = await tx
          .update(products)
          .set({ categoryId: into.id, category: into.name })
          .where(eq(products.categoryId, from.id))
          .returning({ id: products.id });
        await tx.delete(categories).where(eq(categories.id, from.id));
        await redirect(tx, "category", from.slug, into.slug);
        await log(actor, { action: "category-merged", before: { from, into }, after: { into: into.id, productsMoved: rows.length, attributes } }, meta, tx);
        return rows.length;
      });
      invalidateTags("catalog");
      return { productsMoved: moved };
    },

    async createBrand(actor: Actor, input: { name: string }, meta: RequestMeta) {
      const slug = slugOf(input.name);
      const created = await withTransaction(db, async (tx) => {
        const [taken] = await tx
          .select({ id: brands.id })
          .from(brands)
          .where(sql`${brands.slug} = ${slug} or lower(${brands.name}) = lower(${input.name})`);
        if (taken) throw new DomainError("validation", `A brand is already named ${input.name}`, { field: "name" });
        const [row] = await tx.insert(brands).values({ name: input.name, slug }).returning();
        await log(actor, { action: "brand-created", id: row!.id, before: null, after: row }, meta, tx);
        return row!;
      });
      invalidateTags("catalog");
      return created;
    },

    async renameBrand(actor: Actor, id: number, input: { name: string }, meta: RequestMeta) {
      const slug = slugOf(input.name);
      const result = await withTransaction(db, async (tx) => {
        const [before] = await tx.select().from(brands).where(eq(brands.id, id)).for("update");
        if (!before) throw new DomainError("not-found", `Brand ${id} not found`);
        const [taken] = await tx
          .select({ id: brands.id })
          .from(brands)
          .where(and(ne(brands.id, id), sql`(${brands.slug} = ${slug} or lower(${brands.name}) = lower(${input.name}))`));
        if (taken) throw new DomainError("validation", `Another brand is already named ${input.name}`, { field: "name" });
        const [after] = await tx.update(brands).set({ name: input.name, slug }).where(eq(brands.id, id)).returning();
        if (before.name !== input.name) await tx.update(products).set({ brand: input.name }).where(eq(products.brandId, id));
        await redirect(tx, "brand", before.slug, slug);
        await log(actor, { action: "brand-renamed", id, before, after }, meta, tx);
        return after!;
      });
      invalidateTags("catalog");
      return result;
    },

    async mergeBrand(actor: Actor, fromId: number, intoId: number, meta: RequestMeta) {
      if (fromId === intoId) throw new DomainError("validation", "A brand cannot be merged into itself", { field: "into" });
      const moved = await withTransaction(db, async (tx) => {
        const [from] = await tx.select().from(brands).where(eq(brands.id, fromId)).for("update");
        const [into] = await tx.select().from(brands).where(eq(brands.id, intoId)).for("update");
        if (!from || !into) throw new DomainError("not-found", "No such brand");
        const rows = await tx.update(products).set({ brandId: into.id, brand: into.name }).where(eq(products.brandId, from.id)).returning({ id: products.id });
        await tx.delete(brands).where(eq(brands.id, from.id));
        await redirect(tx, "brand", from.slug, into.slug);
        await log(actor, { action: "brand-merged", before: { from, into }, after: { into: into.id, productsMoved: rows.length } }, meta, tx);
        return rows.length;
      });
      invalidateTags("catalog");
      return { productsMoved: moved };
    },

    /** Where an old category slug leads now, or null. */
    async categoryRedirect(slug: string): Promise<string | null> {
      const [row] = await db
        .select({ to: slugRedirects.newSlug })
        .from(slugRedirects)
        .where(and(eq(slugRedirects.kind, "category"), eq(slugRedirects.oldSlug, slug.toLowerCase())));
      return row?.to ?? null;
    },
  };
}

export type TaxonomyService = ReturnType<typeof createTaxonomyService>;
