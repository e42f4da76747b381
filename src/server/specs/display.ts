import { inArray, asc } from "drizzle-orm";
import type { Locale } from "@/lib/locale";
import { formatSpecValue, type SpecValue } from "@/lib/specs/values";
import type { Database } from "../db";
import { productSpecs } from "../db/schema";
import { attributeIndex, attributeLabel } from "./attributes";

/** A product's specification as its page, its API detail and the comparison show it. */
export interface ProductSpec {
  key: string;
  label: string;
  value: SpecValue;
  /** the base unit of a number ("ohm"); null for lists and yes/no */
  unit: string | null;
  display: string;
  /** set where one option of the product carries its own value (a resistor kit's values) */
  variantId: number | null;
}

/**
 * The products' specifications in their category's display order (values of keys the category
 * no longer defines are kept in the data but not shown), each as stored and as read.
 */
export async function specsOf(db: Database, productIds: readonly number[], locale: Locale): Promise<Map<number, ProductSpec[]>> {
  const out = new Map<number, ProductSpec[]>();
  if (productIds.length === 0) return out;
  const rows = await db
    .select({
      productId: productSpecs.productId,
      categoryId: productSpecs.categoryId,
      variantId: productSpecs.variantId,
      key: productSpecs.key,
      num: productSpecs.num,
      text: productSpecs.text,
    })
    .from(productSpecs)
    .where(inArray(productSpecs.productId, [...productIds]))
    .orderBy(asc(productSpecs.productId), asc(productSpecs.id));
  const index = await attributeIndex(db);
  for (const row of rows) {
    const defs = index.byCategory.get(row.categoryId) ?? [];
    const def = defs.find((d) => d.key === row.key);
    if (!def) continue;
    const value: SpecValue = def.kind === "number" ? Number(row.num) : def.kind === "boolean" ? row.text === "true" : (row.text ?? "");
    const list = out.get(row.productId) ?? [];
    list.push({
      key: row.key,
      label: attributeLabel(def, locale),
      value,
      unit: def.unit,
      display: formatSpecValue(def, value, locale),
      variantId: row.variantId,
    });
    out.set(row.productId, list);
  }
  for (const [id, list] of out) {
    const categoryId = rows.find((r) => r.productId === id)?.categoryId ?? 0;
    const order = new Map((index.byCategory.get(categoryId) ?? []).map((d, i) => [d.key, i]));
    list.sort((a, b) => (order.get(a.key) ?? 0) - (order.get(b.key) ?? 0));
  }
  return out;
}
