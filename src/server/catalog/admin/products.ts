import { and, desc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { AdminProductDetails, AdminProductRow, AdminVariantRow, ProductChangeEntry } from "@/lib/admin-catalog";
import { rowsOf, withTransaction, type Database } from "../../db";
import { logSecurityEvent, type RequestMeta } from "../../auth/events";
import { invalidateTags } from "../../cache/tagged-cache";
import { applyProductChanges, differences, pastPrices, type ProductChanges } from "../product-writes";
import type { VariantConfig } from "@/lib/variants";
import { categories, productChanges, productVariants, products } from "../../db/schema";
import { DomainError } from "../../errors";
import type { SettingsService } from "../../settings/settings";
import { productOwnSpecs } from "../../specs/admin";

/** The admin's product list counts exactly up to this many matches, then says "more than". */
export const ADMIN_PRODUCTS_EXACT_LIMIT = 1_000;
export const ADMIN_PRODUCT_STOCK_FILTERS = ["low", "out"] as const;
export type AdminProductStockFilter = (typeof ADMIN_PRODUCT_STOCK_FILTERS)[number];
/** How many of a product's changes its admin page shows. */
export const PRODUCT_HISTORY_LIMIT = 50;

export interface AdminProductQuery {
  /** words of the name, or the SKU, or the product's number */
  q?: string;
  category?: string;
  stock?: AdminProductStockFilter;
  limit: number;
  offset: number;
}

const rowColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  sku: products.sku,
  brand: products.brand,
  category: products.category,
  image: products.image,
  price: products.price,
  originalPrice: products.originalPrice,
  stockQuantity: products.stockQuantity,
  salesCount: products.salesCount,
  updatedAt: products.updatedAt,
  archivedAt: products.archivedAt,
};

const toRow = (row: Omit<AdminProductRow, "updatedAt" | "archivedAt"> & { updatedAt: Date; archivedAt: Date | null }): AdminProductRow => ({
  ...row,
  updatedAt: row.updatedAt.toISOString(),
  archivedAt: row.archivedAt?.toISOString() ?? null,
});

/** LIKE's own characters taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The products an admin is looking for, newest first: by words of the name (the name's trigram
 * index), the SKU (as typed or in capitals) or the product's number; in a category; at or under the low-stock threshold, or
 * out of stock. Counted exactly up to ADMIN_PRODUCTS_EXACT_LIMIT, so a page stays one short read
 * however large the catalogue is.
 */
export async function listAdminProducts(db: Database, settings: SettingsService, query: AdminProductQuery) {
  const conditions: SQL[] = [];
  const typed = query.q?.trim();
  if (typed) {
    // every arm has an index (the name's trigrams, the SKU's unique index, the primary key), so a
    // rare match is found by a bitmap instead of a walk through the whole catalogue
    const arms: SQL[] = [inArray(products.sku, [...new Set([typed, typed.toUpperCase()])])];
    // trigrams need three characters; a shorter text finds SKUs and numbers only
    if (typed.length >= 3) arms.push(sql`lower(${products.name}) like ${`%${literal(typed.toLowerCase())}%`}`);
    if (/^\d{1,9}$/.test(typed)) arms.push(eq(products.id, Number(typed)));
    conditions.push(sql`(${sql.join(arms, sql` or `)})`);
  }
  if (query.category) conditions.push(sql`${products.categoryId} = (select c.id from ${categories} c where c.slug = ${query.category})`);
  if (query.stock === "out") conditions.push(eq(products.stockQuantity, 0));
  if (query.stock === "low") conditions.push(lte(products.stockQuantity, (await settings.get()).inventory.lowStockThreshold));
  const where = conditions.length ? and(...conditions) : undefined;

  const counted = await db.execute(
    sql`select count(*)::int as n from (select 1 from ${products} ${where ? sql`where ${where}` : sql``} limit ${ADMIN_PRODUCTS_EXACT_LIMIT + 1}) capped`,
  );
  const n = Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0);
  // The capped count picks the plan: a few matches are gathered through the filters' own indexes
  // and sorted in memory; many are met soon enough walking the newest-first index.
  const few = where && n <= ADMIN_PRODUCTS_EXACT_LIMIT;
  const rows = await db
    .select(rowColumns)
    .from(products)
    .where(few ? sql`${products.id} = any(array(select id from ${products} where ${where}))` : where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(query.limit)
    .offset(query.offset);
  return {
    products: rows.map(toRow),
    total: Math.min(n, ADMIN_PRODUCTS_EXACT_LIMIT),
    /** more matches than counted: the page says "more than total" */
    totalIsLowerBound: n > ADMIN_PRODUCTS_EXACT_LIMIT,
  };
}

/** One product for its admin page, with its latest changes (newest first); null when there is none. */
export async function adminProduct(
  db: Database,
  id: number,
): Promise<{
  product: AdminProductRow;
  details: AdminProductDetails;
  options: { config: VariantConfig | null; variants: AdminVariantRow[] };
  history: ProductChangeEntry[];
  /** every price the product has had, by its whole history, and its price of today, dearest first: what its "was" price may be */
  pastPrices: number[];
} | null> {
  const [found] = await db
    .select({
      ...rowColumns,
      description: products.description,
      categorySlug: categories.slug,
      freeDelivery: products.freeDelivery,
      sameDayDelivery: products.sameDayDelivery,
      variantConfig: products.variantConfig,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id))
    .limit(1);
  if (!found) return null;
  const { description, categorySlug, freeDelivery, sameDayDelivery, variantConfig, ...row } = found;
  const variants = await db
    .select({
      combinationId: productVariants.combinationId,
      attributes: productVariants.attributes,
      sku: productVariants.sku,
      price: productVariants.price,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .where(eq(productVariants.productId, id))
    .orderBy(productVariants.sortOrder, productVariants.id);
  const details: AdminProductDetails = {
    name: row.name,
    description,
    category: categorySlug,
    brand: row.brand,
    sku: row.sku,
    image: row.image,
    freeDelivery,
    sameDayDelivery,
    specs: await productOwnSpecs(db, id),
  };
  const history = await db
    .select({
      id: productChanges.id,
      at: productChanges.createdAt,
      adminEmail: productChanges.adminEmail,
      changes: productChanges.changes,
      reason: productChanges.reason,
    })
    .from(productChanges)
    .where(eq(productChanges.productId, id))
    .orderBy(desc(productChanges.createdAt), desc(productChanges.id))
    .limit(PRODUCT_HISTORY_LIMIT);
  return {
    product: toRow(row),
    details,
    options: { config: variantConfig ?? null, variants },
    history: history.map((h) => ({ ...h, at: h.at.toISOString() })),
    pastPrices: [...new Set([...(await pastPrices(db, id)), row.price])].sort((a, b) => b - a),
  };
}

/**
 * An admin's price or stock change, with its reason: applied, kept in the product's audit trail
 * and in the security log (who, what before and after, why) in one transaction, then the cached
 * pages and listings are dropped so shoppers see it at once. A change that moves nothing is
 * refused rather than recorded.
 */
export async function changeAdminProduct(
  db: Database,
  admin: { id: number; email: string },
  id: number,
  input: ProductChanges & { reason: string },
  meta: RequestMeta = {},
): Promise<{ product: AdminProductRow; change: ProductChangeEntry }> {
  const reason = input.reason.trim();
  if (!reason) throw new DomainError("invalid-input", "Say why the price or stock changes");
  const changes: ProductChanges = { price: input.price, originalPrice: input.originalPrice, stockQuantity: input.stockQuantity };
  if (changes.price === undefined && changes.originalPrice === undefined && changes.stockQuantity === undefined)
    throw new DomainError("invalid-input", 'Give a new price, "was" price or stock');
  const change = await withTransaction(db, async (tx) => {
    if (changes.price !== undefined || changes.stockQuantity !== undefined) {
      const [option] = await tx.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, id)).limit(1);
      // the cheapest option's price and the options' total stock: changed through the options
      if (option) throw new DomainError("invalid-state", "This product's price and stock come from its options: change them there");
    }
    const { before, after } = await applyProductChanges(tx, id, changes);
    const moved = differences(before, after);
    if (Object.keys(moved).length === 0) throw new DomainError("invalid-input", "The new values are the ones the product has");
    const [entry] = await tx
      .insert(productChanges)
      .values({ productId: id, adminId: admin.id, adminEmail: admin.email, changes: moved, reason })
      .returning({ id: productChanges.id, at: productChanges.createdAt });
    await logSecurityEvent(tx, { type: "admin-product-changed", userId: admin.id, email: admin.email, detail: { product: id, changes: moved, reason } }, meta);
    return { id: entry!.id, at: entry!.at.toISOString(), adminEmail: admin.email, changes: moved, reason };
  });
  invalidateTags("catalog");
  const current = await adminProduct(db, id);
  return { product: current!.product, change };
}

export function createAdminCatalogService(db: Database, settings: SettingsService) {
  return {
    list: (query: AdminProductQuery) => listAdminProducts(db, settings, query),
    get: (id: number) => adminProduct(db, id),
    change: (admin: { id: number; email: string }, id: number, input: ProductChanges & { reason: string }, meta?: RequestMeta) =>
      changeAdminProduct(db, admin, id, input, meta),
  };
}

export type AdminCatalogService = ReturnType<typeof createAdminCatalogService>;
