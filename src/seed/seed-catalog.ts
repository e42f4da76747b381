/**
 * Writes the demo catalogue into an empty database. Loaded only by ensureSeeded (src/server/seed)
 * once it has found the database empty, and by the seed scripts.
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { normaliseTanzanianMobile } from "@/lib/phone";
import { AD_IMAGE_SIZES } from "@/lib/product-image";
import { DEFAULT_SITE_SETTINGS } from "@/lib/site-settings";
import { slugify } from "@/lib/slug";
import { variantCombinationId } from "@/lib/variants";
import type { Database } from "@/server/db";
import type { MediaStore } from "@/server/media/media-store";
import { advertisements, brands, categories, productChanges, productSpecs, productVariants, products, siteSettings, specAttributes } from "@/server/db/schema";
import { invalidateCatalogCounts } from "@/server/catalog/catalog-cache";
import { generateSpecSheets } from "@/server/catalog/datasheets";
import { refreshSearchLexicon } from "@/server/search/resolve";
import type { SeedOptions } from "@/server/seed/ensure-seeded";
import { SEED_ADVERTISEMENTS, SEED_AD_ASSETS_DIR } from "./ads-data";
import { buildDemoReviews, demoRatingNumbers, markDemoReviewsSeeded, writeDemoReviews } from "./demo-reviews";
import { SEED_CATEGORIES, buildSeedProducts } from "./catalog";
import { SEED_SPEC_ATTRIBUTES, seedSpecRows } from "./catalog/spec-attributes";
import { seedPriceBreaks } from "./catalog/price-breaks";
import { SEED_PRODUCT_SPECS } from "./catalog/specs";
import { imageFileName, renderAdBanner, renderProductImage } from "./images";
import type { SeedProduct } from "./types";

const DAY_MS = 86_400_000;

/** Writes the demo catalogue: categories, brands, products with images and variants, ads. */
export async function seedCatalog(db: Database, options: SeedOptions): Promise<{ products: number }> {
  const log = options.log ?? (() => undefined);
  const seedProducts = buildSeedProducts();
  const now = Date.now();

  const categoryRows = await db
    .insert(categories)
    .values(SEED_CATEGORIES.map((c, i) => ({ name: c.name, nameSw: c.nameSw, slug: c.slug, description: c.description, sortOrder: i })))
    .returning({ id: categories.id, slug: categories.slug, name: categories.name });
  const categoryBySlug = new Map(categoryRows.map((c) => [c.slug, c]));

  const brandNames = [...new Set(seedProducts.map((p) => p.brand))].sort();
  const brandRows = await db
    .insert(brands)
    .values(brandNames.map((name) => ({ name, slug: slugify(name) })))
    .returning({ id: brands.id, name: brands.name });
  const brandByName = new Map(brandRows.map((b) => [b.name, b.id]));

  // the demo reviews, made before the products so each product row is written with the numbers
  // its reviews give (the rating trigger is off while they are loaded, demo-reviews.ts)
  const listedAt = seedProducts.map((p, i) => new Date(now - p.listedDaysAgo * DAY_MS - i * 60_000));
  const demoReviews = buildDemoReviews(
    seedProducts.map((p, i) => ({ id: i, sku: p.sku, categorySlug: p.categorySlug, salesCount: p.salesCount, createdAt: listedAt[i]! })),
    now,
  );
  const demoNumbers = demoRatingNumbers(demoReviews);

  log(`Rendering ${seedProducts.length} product images…`);
  const images = await renderAll(seedProducts, options.media);

  const rows = seedProducts.map((p, i) => {
    const category = categoryBySlug.get(p.categorySlug);
    if (!category) throw new Error(`Seed product ${p.sku} names unknown category ${p.categorySlug}`);
    const listed = listedAt[i]!;
    return {
      name: p.name,
      slug: slugify(p.name),
      description: p.description,
      image: images[i]!,
      categoryId: category.id,
      category: category.name,
      brandId: brandByName.get(p.brand)!,
      brand: p.brand,
      sku: p.sku,
      price: p.price,
      originalPrice: p.originalPrice > p.price ? p.originalPrice : p.price,
      stockQuantity: p.stock,
      freeDelivery: p.freeDelivery,
      sameDayDelivery: p.sameDayDelivery,
      rating: demoNumbers.get(i)?.rating ?? 0,
      reviews: demoNumbers.get(i)?.reviews ?? 0,
      ratingCounts: demoNumbers.get(i)?.ratingCounts ?? [0, 0, 0, 0, 0],
      salesCount: p.salesCount,
      variantConfig: p.variantConfig ?? null,
      createdAt: listed,
      updatedAt: listed,
    };
  });
  const inserted: { id: number; sku: string }[] = [];
  for (let i = 0; i < rows.length; i += 100) {
    inserted.push(
      ...(await db
        .insert(products)
        .values(rows.slice(i, i + 100))
        .returning({ id: products.id, sku: products.sku })),
    );
  }
  const idBySku = new Map(inserted.map((r) => [r.sku, r.id]));

  const variantRows = seedProducts.flatMap((p) =>
    (p.variants ?? []).map((v, order) => ({
      productId: idBySku.get(p.sku)!,
      combinationId: variantCombinationId(v.attributes, p.variantConfig),
      sku: v.sku,
      price: v.price,
      stock: v.stock,
      attributes: v.attributes,
      multiValues: v.multiValues ?? {},
      primaryValues: v.primaryValues ?? [],
      sortOrder: order,
    })),
  );
  const variantIds = new Map<string, number>();
  for (let i = 0; i < variantRows.length; i += 500) {
    const ids = await db
      .insert(productVariants)
      .values(variantRows.slice(i, i + 500))
      .returning({ id: productVariants.id, sku: productVariants.sku });
    for (const v of ids) if (v.sku) variantIds.set(v.sku, v.id);
  }

  const specRows = await seedSpecs(db, seedProducts, categoryBySlug, idBySku, variantIds);
  // prices by quantity where distributors have them, and pack sizes as the names state them
  await seedPriceBreaks(db, seedProducts, idBySku, variantIds);

  // A "was" price is a price the product had: each deal's history shows the cut from it, made
  // halfway between the listing and today.
  const cuts = seedProducts.flatMap((p, i) =>
    p.originalPrice > p.price
      ? [
          {
            productId: idBySku.get(p.sku)!,
            changes: { price: { before: p.originalPrice, after: p.price } },
            reason: "Price reduced",
            createdAt: new Date(rows[i]!.createdAt.getTime() + (now - rows[i]!.createdAt.getTime()) / 2),
          },
        ]
      : [],
  );
  for (let i = 0; i < cuts.length; i += 500) await db.insert(productChanges).values(cuts.slice(i, i + 500));

  // the demo reviews themselves: the products were written with the numbers they give
  const reviewsStarted = Date.now();
  const reviews = await writeDemoReviews(
    db,
    demoReviews.map((r) => ({ ...r, productId: idBySku.get(seedProducts[r.productId]!.sku)! })),
    { now, recount: false },
  );
  await markDemoReviewsSeeded(db);
  log(`Wrote ${reviews} demo reviews in ${Date.now() - reviewsStarted} ms.`);

  await seedAdvertisements(db, options.media);
  await seedDemoSettings(db);
  // last: each product's spec sheet is made from what the seed wrote above (its specifications included)
  const sheetsStarted = Date.now();
  const sheets = await generateSpecSheets(
    db,
    options.media,
    inserted.map((r) => r.id),
  );
  log(`Generated ${sheets} spec sheets in ${Date.now() - sheetsStarted} ms.`);
  await refreshSearchLexicon(db);
  invalidateCatalogCounts();
  log(`Seeded ${rows.length} products in ${categoryRows.length} categories, ${variantRows.length} variants, ${specRows} spec values.`);
  return { products: rows.length };
}

/**
 * The settings the demo shop has beyond the defaults: its WhatsApp number (its contact phone, a
 * mobile number), so the Order on WhatsApp button shows on the demo. A shop started without the
 * demo keeps the default (no number, no button); a value already stored is kept.
 */
async function seedDemoSettings(db: Database): Promise<void> {
  const whatsappNumber = normaliseTanzanianMobile(DEFAULT_SITE_SETTINGS.contactPhone);
  if (!whatsappNumber) return;
  await db.insert(siteSettings).values({ key: "whatsappNumber", value: whatsappNumber }).onConflictDoNothing();
}

/**
 * Each category's spec attributes and every product's values (src/seed/catalog/specs), read with
 * the shop's own parsing; numbers go in as text, so `numeric` keeps them exact. Returns the number
 * of values written.
 */
async function seedSpecs(
  db: Database,
  seedProducts: SeedProduct[],
  categoryBySlug: Map<string, { id: number }>,
  idBySku: Map<string, number>,
  variantIds: Map<string, number>,
): Promise<number> {
  const attributeRows = Object.entries(SEED_SPEC_ATTRIBUTES).flatMap(([slug, defs]) => {
    const categoryId = categoryBySlug.get(slug)?.id;
    if (categoryId === undefined) throw new Error(`Seed spec attributes name unknown category ${slug}`);
    return defs.map((d) => ({ categoryId, ...d }));
  });
  if (attributeRows.length) await db.insert(specAttributes).values(attributeRows);
  const variantId = (sku: string): number => {
    const id = variantIds.get(sku);
    if (id === undefined) throw new Error(`Seed spec names unknown variant ${sku}`);
    return id;
  };
  const values = seedProducts.flatMap((p) => {
    const specs = SEED_PRODUCT_SPECS[p.categorySlug]?.[p.name];
    if (!specs) return [];
    const categoryId = categoryBySlug.get(p.categorySlug)!.id;
    const productId = idBySku.get(p.sku)!;
    return seedSpecRows(p, SEED_SPEC_ATTRIBUTES[p.categorySlug] ?? [], specs).map((row) => ({
      productId,
      variantId: row.variantSku === null ? null : variantId(row.variantSku),
      categoryId,
      key: row.key,
      num: row.num === null ? null : String(row.num),
      text: row.text,
    }));
  });
  for (let i = 0; i < values.length; i += 1000) await db.insert(productSpecs).values(values.slice(i, i + 1000));
  return values.length;
}

/** Renders each product's image at 640 and 320 px; files are content-named, so reruns reuse them. */
async function renderAll(seedProducts: SeedProduct[], media: MediaStore): Promise<string[]> {
  const out: string[] = new Array(seedProducts.length);
  const workers = 4;
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < seedProducts.length) {
        const i = next++;
        const p = seedProducts[i]!;
        const large = await renderProductImage({ name: p.name, categorySlug: p.categorySlug, brand: p.brand, sku: p.sku, label: p.imageLabel }, 640);
        const hash = createHash("sha256").update(large).digest("hex");
        const largeName = imageFileName(p.sku, 640, hash);
        const small = await sharp(large).resize(320, 320).webp({ quality: 75 }).toBuffer();
        await media.put(`products/${imageFileName(p.sku, 320, hash)}`, small);
        await media.put(`products/${largeName}`, large);
        out[i] = `/media/products/${largeName}`;
      }
    }),
  );
  return out;
}

async function seedAdvertisements(db: Database, media: MediaStore): Promise<void> {
  const values = [];
  for (const ad of SEED_ADVERTISEMENTS) {
    let mediaUrl: string;
    let posterUrl: string | null = null;
    if (ad.kind === "banner") {
      // full width for desktops and smaller twins for phones, under one content hash (AD_IMAGE_SIZES)
      const banner = await renderAdBanner(ad.banner);
      const hash = createHash("sha256").update(banner).digest("hex").slice(0, 10);
      for (const width of AD_IMAGE_SIZES) {
        const bytes = width === 1200 ? banner : await sharp(banner).resize({ width }).webp({ quality: 85 }).toBuffer();
        await media.put(`ads/${ad.slug}-${width}-${hash}.webp`, bytes);
      }
      mediaUrl = `/media/ads/${ad.slug}-1200-${hash}.webp`;
    } else {
      mediaUrl = await copyAsset(ad.videoFile, media);
      posterUrl = await copyAsset(ad.posterFile, media);
    }
    values.push({
      title: ad.title,
      mediaType: ad.kind === "banner" ? ("image" as const) : ("video" as const),
      mediaUrl,
      posterUrl,
      linkUrl: ad.linkUrl,
      placement: "products",
      sortOrder: ad.sortOrder,
    });
  }
  await db.insert(advertisements).values(values);
}

async function copyAsset(file: string, media: MediaStore): Promise<string> {
  const bytes = await fs.readFile(path.join(SEED_AD_ASSETS_DIR, file));
  const ext = path.extname(file);
  const name = `${path.basename(file, ext)}-${createHash("sha256").update(bytes).digest("hex").slice(0, 10)}${ext}`;
  await media.put(`ads/${name}`, bytes);
  return `/media/ads/${name}`;
}
