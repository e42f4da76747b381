import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { ProductSnapshot } from "@/lib/catalog-import";
import type { Database } from "../../db";
import { priceBreaks, productSpecs, products } from "../../db/schema";

/** Products read per statement. */
const CHUNK = 2_000;

/** A product's snapshot with what an import needs beside it. */
export interface ProductState extends ProductSnapshot {
  id: number;
  sku: string;
  /** its price and stock come from its options */
  hasOptions: boolean;
}

function chunks<T>(list: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

const snapshotColumns = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  description: products.description,
  categoryId: products.categoryId,
  brandId: products.brandId,
  price: products.price,
  originalPrice: products.originalPrice,
  stockQuantity: products.stockQuantity,
  freeDelivery: products.freeDelivery,
  sameDayDelivery: products.sameDayDelivery,
  packSize: products.packSize,
  image: products.image,
  archived: sql<boolean>`${products.archivedAt} is not null`,
  // spelled out: drizzle writes a one-table select's columns unqualified, and a bare "id" inside the subquery would be the variant's own
  hasOptions: sql<boolean>`exists (select 1 from product_variants v where v.product_id = products.id)`,
};

/** The products with these SKUs (or ids), with their own specifications and price breaks; `lock` takes their rows for update. */
export async function readProductStates(db: Database, by: { skus?: string[]; ids?: number[] }, lock = false): Promise<Map<number, ProductState>> {
  const states = new Map<number, ProductState>();
  const lists: { column: typeof products.sku | typeof products.id; values: (string | number)[] }[] = [];
  if (by.skus?.length) lists.push({ column: products.sku, values: by.skus });
  if (by.ids?.length) lists.push({ column: products.id, values: by.ids });
  for (const { column, values } of lists)
    for (const chunk of chunks(values)) {
      const query = db
        .select(snapshotColumns)
        .from(products)
        .where(inArray(column as typeof products.id, chunk as number[]))
        .orderBy(asc(products.id));
      const rows = lock ? await query.for("update") : await query;
      for (const row of rows) states.set(row.id, { ...row, archived: row.archived === true, hasOptions: row.hasOptions === true, specs: [], priceBreaks: [] });
    }
  for (const chunk of chunks([...states.keys()])) {
    const specs = await db
      .select({ productId: productSpecs.productId, key: productSpecs.key, num: productSpecs.num, text: productSpecs.text })
      .from(productSpecs)
      .where(and(inArray(productSpecs.productId, chunk), isNull(productSpecs.variantId)))
      .orderBy(asc(productSpecs.productId), asc(productSpecs.key), asc(productSpecs.id));
    for (const s of specs) states.get(s.productId)!.specs.push({ key: s.key, num: s.num, text: s.text });
    const breaks = await db
      .select({ productId: priceBreaks.productId, minQuantity: priceBreaks.minQuantity, price: priceBreaks.price })
      .from(priceBreaks)
      .where(and(inArray(priceBreaks.productId, chunk), isNull(priceBreaks.variantId)))
      .orderBy(asc(priceBreaks.productId), asc(priceBreaks.minQuantity));
    for (const b of breaks) states.get(b.productId)!.priceBreaks.push({ minQuantity: b.minQuantity, price: b.price });
  }
  return states;
}

/** The snapshot part of a state (what a batch keeps). */
export function snapshotOf(state: ProductState): ProductSnapshot {
  return {
    name: state.name,
    description: state.description,
    categoryId: state.categoryId,
    brandId: state.brandId,
    price: state.price,
    originalPrice: state.originalPrice,
    stockQuantity: state.stockQuantity,
    freeDelivery: state.freeDelivery,
    sameDayDelivery: state.sameDayDelivery,
    packSize: state.packSize,
    image: state.image,
    archived: state.archived,
    specs: state.specs,
    priceBreaks: state.priceBreaks,
  };
}

/** The plain fields of a snapshot (the rest are its specifications and breaks). */
export const SNAPSHOT_FIELDS = [
  "name",
  "description",
  "categoryId",
  "brandId",
  "price",
  "originalPrice",
  "stockQuantity",
  "freeDelivery",
  "sameDayDelivery",
  "packSize",
  "image",
  "archived",
] as const satisfies readonly (keyof ProductSnapshot)[];

const specsOf = (snapshot: ProductSnapshot, key: string) =>
  JSON.stringify(
    snapshot.specs
      .filter((s) => s.key === key)
      .map((s) => `${s.num === null ? "" : Number(s.num)}|${s.text ?? ""}`)
      .sort(),
  );

/**
 * What differs between two snapshots: plain field names, `spec.<key>` for a specification's values
 * and `priceBreaks` for the breaks. Numbers of specifications compare as numbers (a database's
 * "10000.0" is 10000).
 */
export function snapshotDifferences(a: ProductSnapshot, b: ProductSnapshot): string[] {
  const out: string[] = SNAPSHOT_FIELDS.filter((field) => a[field] !== b[field]);
  const keys = [...new Set([...a.specs, ...b.specs].map((s) => s.key))].sort();
  for (const key of keys) if (specsOf(a, key) !== specsOf(b, key)) out.push(`spec.${key}`);
  // as pairs: a snapshot read back from jsonb has its objects' keys in jsonb's order, not ours
  const ladder = (snapshot: ProductSnapshot) => JSON.stringify(snapshot.priceBreaks.map((p) => [p.minQuantity, p.price]));
  if (ladder(a) !== ladder(b)) out.push("priceBreaks");
  return out;
}

/** Replaces a product's own values of `key` (not its options') with `values`. */
export async function replaceSpecValues(
  db: Database,
  productId: number,
  categoryId: number,
  key: string,
  values: { num: string | null; text: string | null }[],
): Promise<void> {
  await db.delete(productSpecs).where(and(eq(productSpecs.productId, productId), eq(productSpecs.key, key), isNull(productSpecs.variantId)));
  if (values.length) await db.insert(productSpecs).values(values.map((v) => ({ productId, categoryId, key, num: v.num, text: v.text })));
}

/** Replaces a product's own price breaks (not its options'). */
export async function replacePriceBreaks(db: Database, productId: number, breaks: { minQuantity: number; price: number }[]): Promise<void> {
  await db.delete(priceBreaks).where(and(eq(priceBreaks.productId, productId), isNull(priceBreaks.variantId)));
  if (breaks.length) await db.insert(priceBreaks).values(breaks.map((b) => ({ productId, minQuantity: b.minQuantity, price: b.price })));
}

export { chunks };
