import { and, inArray } from "drizzle-orm";
import { COMPARE_MAX, compareRows, type CompareRow } from "@/lib/compare";
import type { Locale } from "@/lib/locale";
import type { Database } from "../db";
import { products } from "../db/schema";
import { DomainError } from "../errors";
import { specsOf } from "../specs/display";
import { alternativesTo } from "./alternatives";
import { onSale, productColumns } from "./products";
import { toProduct, type Product, type ProductRow } from "./to-product";

/** Products side by side: each product (in the order asked), and one row per specification any of them has. */
export interface Comparison {
  products: Product[];
  /** the rows' values follow `products`; `differs` marks a row whose values are not all the same */
  rows: CompareRow[];
  /** ids asked for that name no product on sale (removed, archived, or never there) */
  missing: number[];
}

/**
 * Up to COMPARE_MAX products side by side, in the order given: the ids that name no product on
 * sale are reported as missing, not refused (a saved comparison outlives a product).
 */
export async function compareProducts(db: Database, ids: readonly number[], locale: Locale): Promise<Comparison> {
  const wanted = [...new Set(ids)];
  if (wanted.length > COMPARE_MAX) throw new DomainError("invalid-input", `Compare at most ${COMPARE_MAX} products`, { field: "ids", reason: "too-many" });
  if (wanted.length === 0) return { products: [], rows: [], missing: [] };
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(and(inArray(products.id, wanted), onSale));
  const byId = new Map(rows.map((row) => [row.id, toProduct(row as ProductRow)]));
  const found = wanted.flatMap((id) => byId.get(id) ?? []);
  const specs = await specsOf(
    db,
    found.map((p) => p.id),
    locale,
  );
  return {
    products: found,
    rows: compareRows(found.map((p) => specs.get(p.id) ?? [])),
    missing: wanted.filter((id) => !byId.has(id)),
  };
}

/** Comparing products, and the in-stock alternatives to one. */
export function createComparisonService(db: Database) {
  return {
    compare: (ids: readonly number[], locale: Locale) => compareProducts(db, ids, locale),
    alternatives: (productId: number, limit?: number) => alternativesTo(db, productId, limit),
  };
}

export type ComparisonService = ReturnType<typeof createComparisonService>;
