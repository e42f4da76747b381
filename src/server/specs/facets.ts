import { sql, type SQL } from "drizzle-orm";
import type { Locale } from "@/lib/locale";
import type { ProductQuery } from "@/lib/product-query";
import { formatSpecValue } from "@/lib/specs/values";
import { unitSymbol } from "@/lib/specs/units";
import { rowsOf, type Database } from "../db";
import { cachedValue } from "../catalog/catalog-cache";
import { chosenCategory, listingConditions, onSale, querySpecFilters } from "../catalog/products";
import { attributeIndex, attributeLabel, type CategoryAttribute } from "./attributes";
import { specFiltersKey, specRowCondition, specSetsCondition, sqlList, type SpecFilter } from "./filters";

export interface FacetValue {
  value: number | string | boolean;
  label: string;
  count: number;
}

export type Facet =
  | { key: string; label: string; unit: null; kind: "list" | "boolean"; values: FacetValue[] }
  | { key: string; label: string; unit: string; symbol: string; kind: "number"; min: number | null; max: number | null; count: number; values: FacetValue[] };

/** A number facet lists at most this many of its values (the most common); its range covers them all. */
export const FACET_VALUE_LIMIT = 60;

interface CountRow {
  key: string;
  num: string | null;
  text: string | null;
  /** true on a key's own row (how many products have the key at all) */
  whole: boolean;
  count: number;
}

/**
 * The chosen category's spec filters with their counts for the current selection. A facet's
 * counts apply every selected filter except its own, so a list can take several values and a
 * range can widen again: the facets without a selection share one count, and each selected
 * one is counted on its own. Without a category there are no facets (each category has its own
 * attributes; a spec filter still applies across categories). `extra` are filters a search
 * understood ("10k 0805"), counted like the address's.
 */
export async function facetCounts(db: Database, query: ProductQuery, locale: Locale, extra: readonly SpecFilter[] = []): Promise<Facet[]> {
  // the filters are checked first: a refused one answers 400 with or without a category
  const selected = [...(await querySpecFilters(db, query)), ...extra];
  const categoryId = await chosenCategory(db, query);
  if (categoryId === null) return [];
  const defs = ((await attributeIndex(db)).byCategory.get(categoryId) ?? []).filter((d) => d.isFilter);
  if (defs.length === 0) return [];
  const selectedKeys = new Set(selected.map((f) => f.key));
  const groups: { keys: string[]; filters: SpecFilter[] }[] = [];
  const unselected = defs.filter((d) => !selectedKeys.has(d.key)).map((d) => d.key);
  if (unselected.length) groups.push({ keys: unselected, filters: selected });
  for (const key of selectedKeys) if (defs.some((d) => d.key === key)) groups.push({ keys: [key], filters: selected.filter((f) => f.key !== key) });

  const rows = (
    await Promise.all(
      groups.map(async (group) => {
        const cacheKey = `facets:${categoryId}:${JSON.stringify([query.brand, query.minPrice, query.maxPrice, query.inStock, query.categories])}:${specFiltersKey(group.filters)}:${group.keys.join(",")}`;
        const { rows } = await cachedValue(cacheKey, async () => ({ rows: await countGroup(db, query, categoryId, group.keys, group.filters) }));
        return rows;
      }),
    )
  ).flat();
  return defs.flatMap((def) => {
    const facet = toFacet(
      def,
      rows.filter((r) => r.key === def.key),
      locale,
    );
    return facet ? [facet] : [];
  });
}

async function countGroup(db: Database, query: ProductQuery, categoryId: number, keys: string[], filters: SpecFilter[]): Promise<CountRow[]> {
  // the category comes from the spec rows' (and the counted sets') own copy of it, so without a
  // price, brand or stock filter the count never joins `products`: only the few archived products
  // are left out, by their own index (joining every matching row to `products` took 0.8 s for
  // 35,000 matches at 1,000,000 products)
  const conditions = await listingConditions(db, { ...query, category: undefined }, []);
  if (conditions === null) return [];
  const onSaleOnly = conditions.length === 1 && conditions[0] === onSale;
  if (onSaleOnly && filters.length <= 1) {
    const kept = await keptCounts(db, categoryId, keys, filters[0]);
    if (kept) return kept;
  }
  if (filters.length) return countFromSets(db, categoryId, keys, filters, onSaleOnly ? null : conditions);
  const selection = onSaleOnly
    ? sql`s.product_id not in (select products.id from products where products.archived_at is not null)`
    : sql`s.product_id in (select products.id from products where ${sql.join(conditions, sql` and `)})`;
  return rowsOf<CountRow>(
    await db.execute(sql`
      select s.key, s.num::text as num, s.text, grouping(s.num, s.text) = 3 as whole, count(distinct s.product_id)::int as count
      from product_specs s
      where s.category_id = ${categoryId} and s.key in (${sqlList(keys)}) and ${selection}
      group by grouping sets ((s.key, s.num, s.text), (s.key))`),
  ).map(toCountRow);
}

/**
 * The counts of `keys` among the products matching spec `filters` (and `conditions` on products,
 * null for "on sale" alone), from the counted value sets: the filters select the sets through their
 * tokens' index, and each set carries all of its product's values. Counting from the spec rows
 * instead read every row of the 5,000-15,000 products two broad filters leave at 1,000,000
 * products (150-170 ms alone); with the sets, the facets' cold p99 under load went 1,475 -> 645 ms.
 */
async function countFromSets(db: Database, categoryId: number, keys: string[], filters: SpecFilter[], conditions: SQL[] | null): Promise<CountRow[]> {
  const selection = conditions ? sql` and m.product_id in (select products.id from products where ${sql.join(conditions, sql` and `)})` : sql``;
  // A set's values are distinct and sorted (jsonb_agg(distinct [key, num, text]), key first), so a
  // value's rows are one per product (count(*)), and a product has a key once, at the key's first
  // element (`first`). Without a distinct count the grouping is hashed instead of sorted: 40,000
  // matching sets (115,000 values) counted in 130 ms instead of 205 ms at 1,000,000 products.
  return rowsOf<CountRow>(
    await db.execute(sql`
      select v.key, v.num, v.text, grouping(v.num, v.text) = 3 as whole,
        (case when grouping(v.num, v.text) = 3 then count(*) filter (where v.first) else count(*) end)::int as count
      from (select e->>0 as key, e->>1 as num, e->>2 as text, x.n = 1 or m.vals->(x.n::int - 2)->>0 is distinct from e->>0 as first
        from spec_facet_sets m cross join lateral jsonb_array_elements(m.vals) with ordinality x(e, n)
        where m.category_id = ${categoryId} and ${specSetsCondition(filters, sql.raw("m"))}${selection}) v
      where v.key in (${sqlList(keys)})
      group by grouping sets ((v.key, v.num, v.text), (v.key))`),
  ).map(toCountRow);
}

const toCountRow = (r: CountRow): CountRow => ({ ...r, count: Number(r.count), whole: Boolean(r.whole) });

/**
 * The counts of `keys` with at most one spec filter, read from the pair counts the database keeps
 * (migration 0053): a few hundred rows, where counting from the spec rows read every row of the
 * filter's products (150,000-300,000 index entries for one broad filter at 1,000,000 products).
 * The counts of a filter's values add up; null when that would count a product twice (a product
 * carrying two of the filter's values, through its options): the caller then counts from the rows.
 */
async function keptCounts(db: Database, categoryId: number, keys: string[], filter: SpecFilter | undefined): Promise<CountRow[] | null> {
  // the pair's two sides under the column names a filter's condition reads (key, num, text)
  const pairs = sql`(select p.category_id, p.a_key as key, p.a_num as num, p.a_text as text, p.b_key, p.b_num, p.b_text, p.b_val, p.products
      from spec_facet_pairs p where p.category_id = ${categoryId}) a
    cross join lateral (select a.b_key as key, a.b_num as num, a.b_text as text) b`;
  const onA = filter ? specRowCondition(filter, sql.raw("a")) : sql`a.key = ''`;
  // a product counted under two of the filter's values (the statement reads it once)
  const doubled = filter
    ? sql`exists (select 1 from ${pairs} where ${onA} and a.b_val <> '' and ${specRowCondition(filter, sql.raw("b"))} and a.products > 0)`
    : sql`false`;
  const rows = rowsOf<CountRow & { doubled: boolean }>(
    await db.execute(sql`
      select a.b_key as key, a.b_num::text as num, a.b_text as text, a.b_val = '' as whole, sum(a.products)::int as count, ${doubled} as doubled
      from ${pairs}
      where ${onA} and a.b_key in (${sqlList(keys)})
      group by a.b_key, a.b_num, a.b_text, a.b_val
      having sum(a.products) > 0`),
  );
  if (rows.some((r) => Boolean(r.doubled))) return null;
  return rows.map((r) => ({ key: r.key, num: r.num, text: r.text, whole: Boolean(r.whole), count: Number(r.count) }));
}

function toFacet(def: CategoryAttribute, rows: CountRow[], locale: Locale): Facet | null {
  const label = attributeLabel(def, locale);
  const valueRows = rows.filter((r) => !r.whole);
  if (def.kind === "number") {
    const total = rows.find((r) => r.whole)?.count ?? 0;
    const values = valueRows
      .filter((r) => r.num !== null)
      .map((r) => ({ value: Number(r.num), count: r.count }))
      .sort((a, b) => a.value - b.value);
    if (values.length === 0) return null;
    const shown =
      values.length > FACET_VALUE_LIMIT
        ? [...values]
            .sort((a, b) => b.count - a.count)
            .slice(0, FACET_VALUE_LIMIT)
            .sort((a, b) => a.value - b.value)
        : values;
    return {
      key: def.key,
      label,
      unit: def.unit!,
      symbol: unitSymbol(def.unit!),
      kind: "number",
      min: values[0]?.value ?? null,
      max: values.at(-1)?.value ?? null,
      count: total,
      values: shown.map((v) => ({ value: v.value, label: formatSpecValue(def, v.value, locale), count: v.count })),
    };
  }
  const present = valueRows.filter((r) => r.text !== null);
  if (present.length === 0) return null;
  const order = (text: string) => {
    const at = def.options.indexOf(text);
    return at < 0 ? def.options.length : at;
  };
  const values = present
    .map((r) => {
      const value = def.kind === "boolean" ? r.text === "true" : r.text!;
      return { value, label: formatSpecValue(def, value, locale), count: r.count };
    })
    .sort((a, b) => order(String(a.value)) - order(String(b.value)) || b.count - a.count || a.label.localeCompare(b.label));
  return { key: def.key, label, unit: null, kind: def.kind as "list" | "boolean", values };
}
