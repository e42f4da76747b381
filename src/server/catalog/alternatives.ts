import { and, asc, inArray, sql, type SQL } from "drizzle-orm";
import { rowsOf, type Database } from "../db";
import { productSpecs, products } from "../db/schema";
import { attributesOf, type CategoryAttribute } from "../specs/attributes";
import { cachedValue } from "./catalog-cache";
import { onSale, productColumns } from "./products";
import { toProduct, type Product, type ProductRow } from "./to-product";

/** How many alternatives the product page shows. */
export const ALTERNATIVES_LIMIT = 6;

/**
 * Above this many products sharing a key value, that value says little about the match: the
 * alternatives are then found by walking the category in price order (cheap, as matches are
 * frequent) rather than from the rarest value's products (which would read them all).
 */
const DENSE_MATCHES = 2_000;

/** One key specification of the product: its values (numbers as exact numeric text, or canonical texts). */
interface KeySpec {
  key: string;
  kind: CategoryAttribute["kind"];
  values: string[];
}

/**
 * Products that can stand in for `productId`: of its category, on sale and in stock, not itself,
 * and matching every key specification (the category's attributes flagged `isKey`) the product
 * has, cheapest first. Numbers compare exactly (both sides are stored exactly, in base units);
 * where the product's options carry several values of a key (a resistor kit's values), a
 * candidate matches when it has one of them. A product without any key specification has no
 * alternatives: the shop does not claim a part fits without the data to show it.
 */
export async function alternativesTo(db: Database, productId: number, limit = ALTERNATIVES_LIMIT): Promise<Product[]> {
  // every product page and API detail asks: kept like the listing's counts, dropped with any catalogue change
  const { found } = await cachedValue(`alternatives:${productId}:${limit}`, async () => ({ found: await findAlternatives(db, productId, limit) }));
  return found;
}

async function findAlternatives(db: Database, productId: number, limit: number): Promise<Product[]> {
  const [product] = await db
    .select({ categoryId: products.categoryId })
    .from(products)
    .where(sql`${products.id} = ${productId}`)
    .limit(1);
  if (!product) return [];
  const keyDefs = (await attributesOf(db, product.categoryId)).filter((d) => d.isKey);
  if (keyDefs.length === 0) return [];
  const specs = await keySpecsOf(db, productId, keyDefs);
  if (specs.length === 0) return [];

  const categoryId = product.categoryId;
  const driving = await rarestKey(db, categoryId, specs);
  const others = specs.filter((s) => s !== driving);
  const conditions: SQL[] = [
    sql`${products.categoryId} = ${categoryId}`,
    sql`${products.id} <> ${productId}`,
    sql`${products.stockQuantity} > 0`,
    onSale,
    ...others.map((spec) => sql`exists (select 1 from ${productSpecs} s where s.product_id = ${products.id} and s.key = ${spec.key} and ${valueMatch(spec)})`),
  ];
  // a rare value: the candidates are its products (one index range), checked for the other keys
  if (driving) conditions.push(sql`${products.id} in (select s.product_id from ${productSpecs} s where ${inCategory(categoryId, driving)})`);
  else
    conditions.push(
      ...specs.map((spec) => sql`exists (select 1 from ${productSpecs} s where s.product_id = ${products.id} and s.key = ${spec.key} and ${valueMatch(spec)})`),
    );
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(and(...conditions))
    .orderBy(asc(products.price), asc(products.id))
    .limit(limit);
  return rows.map((row) => toProduct(row as ProductRow));
}

/** The product's values of the category's key attributes (its own and its options'), by key in the attributes' order. */
async function keySpecsOf(db: Database, productId: number, keyDefs: CategoryAttribute[]): Promise<KeySpec[]> {
  const rows = await db
    .select({ key: productSpecs.key, num: productSpecs.num, text: productSpecs.text })
    .from(productSpecs)
    .where(
      and(
        sql`${productSpecs.productId} = ${productId}`,
        inArray(
          productSpecs.key,
          keyDefs.map((d) => d.key),
        ),
      ),
    );
  return keyDefs.flatMap((def) => {
    const values = [...new Set(rows.filter((r) => r.key === def.key).map((r) => (def.kind === "number" ? r.num : r.text)))].filter(
      (v): v is string => v !== null,
    );
    return values.length ? [{ key: def.key, kind: def.kind, values }] : [];
  });
}

/** The condition on a `product_specs s` row that it holds one of the spec's values. */
function valueMatch(spec: KeySpec): SQL {
  const list = sql.join(
    spec.values.map((v) => (spec.kind === "number" ? sql`${v}::numeric` : sql`${v}`)),
    sql`, `,
  );
  return spec.kind === "number" ? sql`s.num in (${list})` : sql`s.num is null and s.text in (${list})`;
}

/** The rows of the category's products holding one of the spec's values: one range of the (category, key, num, text) index. */
function inCategory(categoryId: number, spec: KeySpec): SQL {
  return sql`s.category_id = ${categoryId} and s.key = ${spec.key} and ${valueMatch(spec)}`;
}

/**
 * The key whose values the fewest of the category's products share (counted up to DENSE_MATCHES,
 * index-only), or null when every key is that common.
 */
async function rarestKey(db: Database, categoryId: number, specs: KeySpec[]): Promise<KeySpec | null> {
  const counts = sql.join(
    specs.map(
      (spec, i) =>
        sql`select ${i}::int as i, (select count(*) from (select 1 from ${productSpecs} s where ${inCategory(categoryId, spec)} limit ${DENSE_MATCHES}) x)::int as n`,
    ),
    sql` union all `,
  );
  const rows = rowsOf<{ i: number; n: number }>(await db.execute(counts)).map((r) => ({ i: Number(r.i), n: Number(r.n) }));
  const rarest = rows.sort((a, b) => a.n - b.n || a.i - b.i)[0];
  return rarest && rarest.n < DENSE_MATCHES ? specs[rarest.i]! : null;
}
