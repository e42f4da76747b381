import { and, desc, gt, inArray, sql } from "drizzle-orm";
import { rowsOf, type Database } from "../db";
import { products } from "../db/schema";
import { cachedList } from "./catalog-cache";
import { listCategories, type CategoryWithCount } from "./categories";
import { onSale, productColumns } from "./products";
import { toProduct, type Product, type ProductRow } from "./to-product";
import { forCard } from "@/lib/listing";

/** How many products each /discover shelf shows, and per category. */
export const DISCOVERY_SHELF = 10;
export const DISCOVERY_PER_CATEGORY = 4;

export interface Discovery {
  newArrivals: Product[];
  bestSellers: Product[];
  /** only products with a real earlier price (original_price above price), deepest discount first */
  deals: Product[];
  byCategory: { category: CategoryWithCount; products: Product[] }[];
}

const cardOf = (row: unknown) => forCard(toProduct(row as ProductRow));

async function loadDiscovery(db: Database): Promise<Discovery> {
  const [newArrivals, bestSellers, deals, categories, topIds] = await Promise.all([
    db.select(productColumns).from(products).where(onSale).orderBy(desc(products.createdAt), desc(products.id)).limit(DISCOVERY_SHELF),
    db.select(productColumns).from(products).where(onSale).orderBy(desc(products.salesCount), desc(products.id)).limit(DISCOVERY_SHELF),
    // a deal is a real reduction from a price the shop charged: never an invented "original"
    db
      .select(productColumns)
      .from(products)
      .where(and(gt(products.originalPrice, products.price), sql`${products.stockQuantity} > 0`, onSale))
      .orderBy(desc(sql`(${products.originalPrice} - ${products.price})::float8 / ${products.originalPrice}`), desc(products.salesCount), desc(products.id))
      .limit(DISCOVERY_SHELF),
    listCategories(db),
    // each category's best sellers, read through the (category, sales) index
    db
      .execute(
        sql`select p.id, p.category_id from categories c cross join lateral (
              select id, category_id from products where category_id = c.id and archived_at is null order by sales_count desc, id desc limit ${DISCOVERY_PER_CATEGORY}
            ) p`,
      )
      .then((result) => rowsOf<{ id: number; category_id: number }>(result)),
  ]);
  const ids = topIds.map((r) => Number(r.id));
  const rows = ids.length ? await db.select(productColumns).from(products).where(inArray(products.id, ids)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const byCategory = categories
    .map((category) => ({
      category,
      products: topIds.filter((r) => Number(r.category_id) === category.id).flatMap((r) => (byId.has(Number(r.id)) ? [cardOf(byId.get(Number(r.id)))] : [])),
    }))
    .filter((group) => group.products.length > 0);
  return {
    newArrivals: newArrivals.map(cardOf),
    bestSellers: bestSellers.map(cardOf),
    deals: deals.map(cardOf),
    byCategory,
  };
}

/** The /discover page's shelves, cached like the listing's category counts (dropped when the catalogue changes). */
export function createDiscoveryService(db: Database) {
  return {
    load: () => cachedList("discovery", () => loadDiscovery(db)),
  };
}

export type DiscoveryService = ReturnType<typeof createDiscoveryService>;
