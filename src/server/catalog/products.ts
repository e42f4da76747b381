import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { rowsOf, type Database } from "../db";
import { brands, categories, productVariants, products, searchRank, slugRedirects, specFacetSets } from "../db/schema";
import { resolveQuery } from "../search/resolve";
import { answeredQuestionProductIds } from "../reviews/questions";
import { toTsQueryText } from "../search/terms";
import { PRODUCT_PAGE_SIZE, type ProductQuery, type SortField } from "@/lib/product-query";
import { isPlaceholderImage } from "@/lib/product-image";
import { cachedList, cachedListingPage, cachedProduct, cachedSearchPage, cachedValue, catalogGeneration, rememberCount } from "./catalog-cache";
import { listCategories } from "./categories";
import { popularThreshold } from "./popular";
import type { PopularBasis } from "@/lib/reviews";
import { toProduct, type Product, type ProductRow, type VariantRow } from "./to-product";
import type { UnderstoodSpec } from "@/lib/specs/understand";
import { resolveSpecFilters, specFiltersKey, specSetsCondition, specsCondition, type SpecFilter } from "../specs/filters";
import { understandSearch } from "../specs/understanding";

/** A product shoppers may see: not archived by an admin. */
export const onSale = sql`${products.archivedAt} is null`;

export const productColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  description: products.description,
  image: products.image,
  category: products.category,
  // A scalar subquery rather than a join: the planner then walks the sort index and stops at the limit.
  categorySlug: sql<string>`(select c.slug from categories c where c.id = ${products.categoryId})`,
  brand: products.brand,
  sku: products.sku,
  price: products.price,
  originalPrice: products.originalPrice,
  stockQuantity: products.stockQuantity,
  inStock: products.inStock,
  freeDelivery: products.freeDelivery,
  sameDayDelivery: products.sameDayDelivery,
  rating: products.rating,
  reviews: products.reviews,
  salesCount: products.salesCount,
  variantConfig: products.variantConfig,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

export interface ProductPage {
  products: Product[];
  total: number;
  /** true when `total` is the planner's estimate (more matches than are counted exactly): "about N" */
  totalIsEstimate: boolean;
  limit: number;
  offset: number;
  hasMore: boolean;
  /** a search's specifications read as filters, and the words searched as text */
  understood?: UnderstoodSpec[];
  remaining?: string;
}

/** Totals are exact up to this many matches; above it the answer carries an estimate, labelled as one. */
export const EXACT_TOTAL_LIMIT = 1_000;

/**
 * A search ranks by relevance only its most popular matches (and the most popular of those with
 * every word in the name): this many, or as many as the page asked for reaches.
 */
export const SEARCH_CANDIDATES = 200;

/** A search reads at most this many matches (most popular first); with more, its total is an estimate. */
export const SEARCH_SCAN = 500;
/** At most how many of the products a search's spec filters select are looked up for its words, to estimate its total past the scan. */
const SPEC_SEARCH_SAMPLE = 800;

/** How many of the most popular products a search of common words reads in order before it turns to the text index. */
export const SEARCH_WINDOW = 25_000;

/** A word used this often in the catalogue's text is common: the text index would read that many entries for it. */
export const COMMON_WORD = 20_000;

const DEFAULT_ORDER: Record<Exclude<SortField, "featured">, "asc" | "desc"> = {
  price: "asc",
  name: "asc",
  created_at: "desc",
  rating: "desc",
  sales: "desc",
};

const SORT_COLUMNS = {
  price: products.price,
  name: products.name,
  created_at: products.createdAt,
  rating: products.rating,
  sales: products.salesCount,
} as const;

/** The columns the listing's filters read, on `products` and on the narrow `search_rank`. */
interface FilterColumns {
  productId: AnyPgColumn;
  categoryId: AnyPgColumn;
  brandId: AnyPgColumn;
  price: AnyPgColumn;
  stockQuantity: AnyPgColumn;
}

const PRODUCT_FILTER_COLUMNS: FilterColumns = { ...products, productId: products.id };
const RANK_FILTER_COLUMNS: FilterColumns = searchRank;
const SET_FILTER_COLUMNS: FilterColumns = specFacetSets;

/** The sort columns' copies on the counted value sets (a listing with spec filters sorts there). */
const SET_SORT_COLUMNS = {
  price: specFacetSets.price,
  name: specFacetSets.name,
  created_at: specFacetSets.createdAt,
  rating: specFacetSets.rating,
  sales: specFacetSets.salesCount,
} as const;

/** The categories' ids by slug and lower-case name, so a filter is `category_id = any(...)` (which the planner can estimate). */
async function categoryIds(db: Database): Promise<Map<string, number[]>> {
  const { byKey } = await cachedList("category-ids", async () => {
    const rows = await db.select({ id: categories.id, slug: categories.slug, name: categories.name }).from(categories);
    const byKey: Record<string, number[]> = {};
    for (const row of rows) for (const key of new Set([row.slug.toLowerCase(), row.name.toLowerCase()])) (byKey[key] ??= []).push(row.id);
    // a slug a category had before a rename or a merge still finds the category it leads to
    const redirects = await db.select({ from: slugRedirects.oldSlug, to: slugRedirects.newSlug }).from(slugRedirects).where(eq(slugRedirects.kind, "category"));
    for (const r of redirects) if (!byKey[r.from]) byKey[r.from] = byKey[r.to] ?? [];
    return { byKey };
  });
  return new Map(Object.entries(byKey));
}

/** The one category a query names (its id), or null when it names none or several. */
export async function chosenCategory(db: Database, query: ProductQuery): Promise<number | null> {
  if (!query.category) return null;
  const ids = (await categoryIds(db)).get(query.category.toLowerCase()) ?? [];
  return ids.length === 1 ? ids[0]! : null;
}

/**
 * The query's filters as conditions on `columns`; null when they can match nothing (an unknown
 * category). `specs` are the query's spec filters, checked (see `querySpecFilters`).
 */
async function filterConditions(db: Database, query: ProductQuery, columns: FilterColumns, specs: readonly SpecFilter[]): Promise<SQL[] | null> {
  const where: SQL[] = [];
  if (query.category || query.categories?.length) {
    const ids = await categoryIds(db);
    const of = (value: string) => ids.get(value.toLowerCase()) ?? [];
    if (query.category && of(query.category).length === 0) return null;
    if (query.category) where.push(inArray(columns.categoryId, of(query.category)));
    if (query.categories?.length) {
      const any = [...new Set(query.categories.flatMap(of))];
      if (any.length === 0) return null;
      where.push(inArray(columns.categoryId, any));
    }
  }
  if (query.brand) {
    const brand = query.brand.toLowerCase();
    where.push(sql`${columns.brandId} in (select ${brands.id} from ${brands} where ${brands.slug} = ${brand} or lower(${brands.name}) = ${brand})`);
  }
  if (query.minPrice !== undefined) where.push(gte(columns.price, query.minPrice));
  if (query.maxPrice !== undefined) where.push(lte(columns.price, query.maxPrice));
  if (query.inStock !== undefined) where.push(query.inStock ? sql`${columns.stockQuantity} > 0` : sql`${columns.stockQuantity} <= 0`);
  if (specs.length) where.push(specsCondition(columns.productId, specs));
  return where;
}

/**
 * The conditions on `products` a listing applies (category, brand, price, stock, spec filters, on
 * sale), for other reads of the same selection (the facet counts); null when nothing can match.
 */
export async function listingConditions(db: Database, query: ProductQuery, specs: readonly SpecFilter[]): Promise<SQL[] | null> {
  const where = await filterConditions(db, query, PRODUCT_FILTER_COLUMNS, specs);
  return where === null ? null : [...where, onSale];
}

/** The query's `spec.<key>` filters, checked against the chosen category's definitions (every category's without one). */
export async function querySpecFilters(db: Database, query: ProductQuery): Promise<SpecFilter[]> {
  if (!query.specs || Object.keys(query.specs).length === 0) return [];
  return resolveSpecFilters(db, query.specs, await chosenCategory(db, query));
}

/** GET /api/products: filters, search, sort and pagination over the catalogue. */
export async function listProducts(db: Database, query: ProductQuery): Promise<ProductPage> {
  const key = JSON.stringify(query);
  // checked before the caches: a refused filter answers 400 at once, and is never cached
  const specs = await querySpecFilters(db, query);
  if (query.search) return cachedSearchPage(key, () => searchWithSpecs(db, query, query.search!, specs));
  return cachedListingPage(key, () => browseProducts(db, query, specs));
}

/**
 * A search whose specifications are read as filters ("10k 0805" → resistance 10 kΩ and package
 * 0805), the other words searched as text; only specifications, no words, is a filtered listing.
 * When the filters find nothing the query is searched as plain words instead (a "1m" meant as a
 * cable's length is not a resistor's value), and the answer says nothing was understood.
 */
async function searchWithSpecs(db: Database, query: ProductQuery, text: string, specs: SpecFilter[]): Promise<ProductPage> {
  const categoryId = await chosenCategory(db, query);
  const understanding = await understandSearch(
    db,
    text,
    categoryId,
    specs.map((f) => f.key),
  );
  if (understanding.filters.length === 0) return { ...(await searchProducts(db, query, text, specs)), understood: [], remaining: text };
  const filters = [...specs, ...understanding.filters];
  const page = understanding.remaining.trim() ? await searchProducts(db, query, understanding.remaining, filters) : await browseProducts(db, query, filters);
  if (page.total > 0) return { ...page, understood: understanding.understood, remaining: understanding.remaining };
  return { ...(await searchProducts(db, query, text, specs)), understood: [], remaining: text };
}

function emptyPage(query: ProductQuery): ProductPage {
  return { products: [], total: 0, totalIsEstimate: false, limit: query.limit ?? PRODUCT_PAGE_SIZE, offset: query.offset ?? 0, hasMore: false };
}

/** The order a listing asks for: its sort (featured: the best sellers first) and direction. */
function listingOrder(query: ProductQuery) {
  const sortBy = query.sortBy ?? "featured";
  // The id breaks ties in the sort's own direction, so one index serves the whole ORDER BY.
  const direction = sortBy === "featured" ? "desc" : (query.sortOrder ?? DEFAULT_ORDER[sortBy]);
  const key: Exclude<SortField, "featured"> = sortBy === "featured" ? "sales" : sortBy;
  return { key, by: direction === "asc" ? asc : desc, dir: direction === "asc" ? sql`asc` : sql`desc` };
}

/** The page of a listing from its rows (one more than the page when another follows). */
function pageOf(query: ProductQuery, fetched: (ProductRow & { variants?: VariantRow[] })[], total: number, estimate: boolean): ProductPage {
  const limit = query.limit ?? PRODUCT_PAGE_SIZE;
  const offset = query.offset ?? 0;
  const hasMore = fetched.length > limit;
  const rows = hasMore ? fetched.slice(0, limit) : fetched;
  return {
    products: rows.map((row) => toProduct(row, row.variants)),
    total: estimate ? Math.max(total, offset + rows.length + (hasMore ? 1 : 0)) : total,
    totalIsEstimate: estimate,
    limit,
    offset,
    hasMore,
  };
}

/**
 * A listing without search, in one statement planned by how many products match. It counts the
 * matches as far as EXACT_TOTAL_LIMIT + 1, through the filters' own index, then takes the page:
 * - from those matches, sorted in memory, when there are at most EXACT_TOTAL_LIMIT. Walking the
 *   sort's index instead would read every product of the catalogue whenever the filters match
 *   few (a price band a category does not reach reads all of that category);
 * - by walking the sort's index, which stops after the page, when there are more (the total is
 *   then the planner's estimate, a second statement, cached per filters).
 * Only the branch taken runs (each is an InitPlan, run on first use). The page's ids are found
 * reading the indexes alone, and its rows are fetched for those ids: a deep page skips index
 * entries, not whole rows. One statement rather than a count and a page: each costs about a
 * millisecond on the embedded database however small, and a round trip on PostgreSQL.
 * Spec filters are answered from the counted value sets instead (`browseSpecMatches`).
 */
async function browseProducts(db: Database, query: ProductQuery, specs: readonly SpecFilter[]): Promise<ProductPage> {
  if (specs.length) return browseSpecMatches(db, query, specs);
  const limit = query.limit ?? PRODUCT_PAGE_SIZE;
  const offset = query.offset ?? 0;
  const where = await filterConditions(db, query, PRODUCT_FILTER_COLUMNS, []);
  if (where === null) return emptyPage(query);
  // (a search reads search_rank, which holds no archived product)
  where.push(onSale);
  const whereSql = and(...where)!;
  // spec filters never come this way (above)
  const countKey = `total:${filtersKey(query, [])}`;
  const { key, by, dir } = listingOrder(query);
  const column = SORT_COLUMNS[key];

  const since = catalogGeneration();
  const capped = sql`select ${products.id} as id, ${column} as sort_key from ${products} where ${whereSql} limit ${EXACT_TOTAL_LIMIT + 1}`;
  // One row more than the page says whether another page follows.
  const fromFew = sql`array(select id from capped order by sort_key ${dir}, id ${dir} limit ${limit + 1} offset ${offset})`;
  const byWalking = sql`array(select ${products.id} from ${products} where ${whereSql} order by ${column} ${dir}, ${products.id} ${dir} limit ${limit + 1} offset ${offset})`;
  // the capped matches are kept (materialized) for both the count and a page taken from them
  const counted = sql`(with capped as materialized (${capped}) select (select count(*)::int from capped) as matched,
    case when (select count(*) from capped) <= ${EXACT_TOTAL_LIMIT} then ${fromFew} else ${byWalking} end as ids) counted`;
  // the count is the statement's one row, joined to the page's rows (none past the last page)
  const joined = await db
    .select({ ...productSelection(query.enriched), matched: sql<number>`counted.matched` })
    .from(counted)
    .leftJoin(products, sql`${products.id} = any(counted.ids)`)
    .orderBy(by(column), by(products.id));
  // a left join types every product column as possibly null; a row with an id is a whole product
  const fetched = joined.filter((row) => row.id !== null).map((row) => row as ProductRow & { variants?: VariantRow[] });
  const matched = Number(joined[0]?.matched ?? 0);
  const hasMore = fetched.length > limit;
  const shown = Math.min(fetched.length, limit);
  if (matched <= EXACT_TOTAL_LIMIT) {
    rememberCount(countKey, { total: matched, estimate: false }, since);
    return pageOf(query, fetched, matched, false);
  }
  // a short page is the end of the list: what came before it and it are every match, exactly
  if (shown > 0 && !hasMore) return pageOf(query, fetched, offset + shown, false);
  const { total, estimate } = await estimateMatches(db, whereSql, countKey);
  return pageOf(query, fetched, total, estimate);
}

/**
 * A listing with spec filters, from the counted value sets alone (spec_facet_sets, one row per
 * product on sale with specifications, carrying the listing's filter and sort columns, migration
 * 0056): the tokens' GIN index intersects the spec filters, the other filters and the sort read the
 * same rows, so the count is exact however many match (a bitmap of the sets, 7-11 ms for two broad
 * filters at 1,000,000 products, where reading each match's row of products took 60-220 ms) and
 * only the page's products are read.
 */
async function browseSpecMatches(db: Database, query: ProductQuery, specs: readonly SpecFilter[]): Promise<ProductPage> {
  const limit = query.limit ?? PRODUCT_PAGE_SIZE;
  const offset = query.offset ?? 0;
  const where = await specSetConditions(db, query, specs);
  if (where === null) return emptyPage(query);
  const since = catalogGeneration();
  const { key, dir } = listingOrder(query);
  const column = SET_SORT_COLUMNS[key];
  const matches = sql`select ${specFacetSets.productId} as id, ${column} as sort_key from ${specFacetSets} where ${and(...where)}`;
  // One row more than the page says whether another page follows.
  const counted = sql`(with matches as materialized (${matches}) select (select count(*)::int from matches) as matched,
    array(select id from matches order by sort_key ${dir}, id ${dir} limit ${limit + 1} offset ${offset}) as ids) counted`;
  // the count is the statement's one row, joined to the page's rows (none past the last page), in the page's order
  const joined = await db
    .select({ ...productSelection(query.enriched), matched: sql<number>`counted.matched` })
    .from(counted)
    .leftJoin(products, sql`${products.id} = any(counted.ids)`)
    .orderBy(sql`array_position(counted.ids, ${products.id})`);
  const fetched = joined.filter((row) => row.id !== null).map((row) => row as ProductRow & { variants?: VariantRow[] });
  const matched = Number(joined[0]?.matched ?? 0);
  rememberCount(`total:${filtersKey(query, specs)}`, { total: matched, estimate: false }, since);
  return pageOf(query, fetched, matched, false);
}

/** The conditions on the counted value sets that select the products of a query with spec filters; null when nothing can match. */
async function specSetConditions(db: Database, query: ProductQuery, specs: readonly SpecFilter[]): Promise<SQL[] | null> {
  const where = await filterConditions(db, query, SET_FILTER_COLUMNS, []);
  return where === null ? null : [...where, specSetsCondition(specs, sql`${specFacetSets}`)];
}

/**
 * About how many products a search with spec filters matches, once more than the scan do. The
 * planner cannot see how the value sets narrow the text matches: at 1,000,000 products it guessed
 * 1,300 where 13,327 products matched "10k resistor". Nor can the words' share of the whole
 * catalogue stand in (every 10 kΩ part is a resistor; a tenth of the catalogue is). So the products
 * the filters select are counted exactly from the sets, as a listing counts them, and a sample of
 * them is looked up for the words: the total is the count times the share of the sample that has
 * them. The sample is taken in the same pass as the count, by a hash of the id: one product in 2,
 * 16, 128 or 1,024, the first of those fractions that gives at most SPEC_SEARCH_SAMPLE (so at least
 * an eighth of that where more match), without sorting the selection.
 */
async function specSearchTotal(db: Database, query: ProductQuery, specs: readonly SpecFilter[], tsQueryText: string): Promise<number> {
  const where = await specSetConditions(db, query, specs);
  if (where === null) return 0;
  const id = specFacetSets.productId;
  const [row] = rowsOf<{ selected: number; sampled: number; hits: number }>(
    await db.execute(sql`
      with counted as (select count(*)::int as selected,
          array_agg(${id}) filter (where hashint4(${id}) & 1 = 0) as half,
          array_agg(${id}) filter (where hashint4(${id}) & 15 = 0) as sixteenth,
          array_agg(${id}) filter (where hashint4(${id}) & 127 = 0) as hundred_twenty_eighth,
          array_agg(${id}) filter (where hashint4(${id}) & 1023 = 0) as thousandth
        from ${specFacetSets} where ${and(...where)}),
        sample as (select selected, case when coalesce(cardinality(half), 0) <= ${SPEC_SEARCH_SAMPLE} then half
            when cardinality(sixteenth) <= ${SPEC_SEARCH_SAMPLE} then sixteenth
            when cardinality(hundred_twenty_eighth) <= ${SPEC_SEARCH_SAMPLE} then hundred_twenty_eighth else thousandth end as ids
          from counted)
      select selected, coalesce(cardinality(ids), 0) as sampled,
        (select count(*)::int from ${searchRank} where ${searchRank.productId} = any(ids)
          and ${searchRank.vector} @@ to_tsquery('english', ${tsQueryText})) as hits
      from sample`),
  );
  const sampled = Number(row?.sampled ?? 0);
  return sampled > 0 ? Math.round((Number(row?.selected ?? 0) * Number(row?.hits ?? 0)) / sampled) : 0;
}

/** More than EXACT_TOTAL_LIMIT products match: the planner's estimate of how many, rounded to two significant figures; cached like the counts. */
async function estimateMatches(db: Database, whereSql: SQL, key: string): Promise<{ total: number; estimate: boolean }> {
  return cachedValue(key, async () => {
    const planned = await plannedRows(db, sql`select 1 from ${products} where ${whereSql}`);
    return { total: roundEstimate(Math.max(planned, EXACT_TOTAL_LIMIT + 1)), estimate: true };
  });
}

/** The planner's estimate of how many rows a query returns (EXPLAIN, no execution). */
async function plannedRows(db: Database, query: SQL): Promise<number> {
  const [row] = rowsOf<{ "QUERY PLAN": unknown }>(await db.execute(sql`explain (format json) ${query}`));
  const raw = row?.["QUERY PLAN"];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan?: { "Plan Rows"?: number } }[] | undefined;
  return Number(plan?.[0]?.Plan?.["Plan Rows"] ?? 0);
}

/** An estimate shown as "about N": two significant figures (12,345 → 12,000). */
export function roundEstimate(n: number): number {
  if (n < 100) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

function filtersKey(query: ProductQuery, specs: readonly SpecFilter[]): string {
  return JSON.stringify([query.category, query.categories, query.brand, query.minPrice, query.maxPrice, query.inStock, specFiltersKey(specs)]);
}

interface Candidates {
  /** how many products match; exact when `estimate` is false */
  total: number;
  estimate: boolean;
  ids: number[];
}

/**
 * The matches of a search on the narrow search_rank table, which is laid out most popular first:
 * at most `scan` of them, taken in that order, and of those the `cap` most popular plus the `cap`
 * most popular with every word in the name. The total is exact when fewer than `scan` match,
 * otherwise an estimate: `estimate`'s where given (spec filters), the planner's otherwise.
 *
 * Two ways to find them, chosen by how common the words are. Rare words: the text index (its cost
 * follows how many products have the words). Common words (every word in more than
 * COMMON_WORD products): reading the most popular SEARCH_WINDOW products in order and stopping at
 * `cap` matches, which costs the same however large the catalogue; only if that window holds too
 * few does the text index answer.
 */
async function searchCandidates(
  db: Database,
  tsQueryText: string,
  where: SQL[],
  cap: number,
  common: boolean,
  estimate: (() => Promise<number>) | null,
): Promise<Candidates> {
  const scan = Math.max(SEARCH_SCAN, cap);
  const tsQuery = sql`to_tsquery('english', ${tsQueryText})`;
  const filters = where.length ? sql` and ${and(...where)}` : sql``;
  const pick = async (source: SQL) => {
    const [row] = rowsOf<{ scanned: number; popular: number[] | null; named: number[] | null }>(
      await db.execute(sql`
        with m as materialized (${source})
        select (select count(*)::int from m) as scanned,
          array(select product_id from m order by popularity desc, product_id desc limit ${cap}) as popular,
          array(select product_id from m where named order by popularity desc, product_id desc limit ${cap}) as named`),
    );
    const ids = new Set<number>();
    for (const id of [...(row?.named ?? []), ...(row?.popular ?? [])]) ids.add(Number(id));
    return { scanned: Number(row?.scanned ?? 0), ids: [...ids] };
  };
  const columns = sql`product_id, popularity, name_vector @@ ${tsQuery} as named`;
  // common words: the most popular SEARCH_WINDOW products hold enough matches for the page (and
  // the rest of the catalogue then more), so the total is an estimate, and reading past the first
  // `cap` matches would only cost time: the rows are read most popular first
  const popular = common
    ? await pick(
        sql`select ${columns} from (select * from ${searchRank} where true${filters} limit ${SEARCH_WINDOW}) w where vector @@ ${tsQuery} limit ${cap}`,
      )
    : null;
  const enough = popular !== null && popular.scanned >= cap;
  const found = enough ? popular : await pick(sql`select ${columns} from ${searchRank} where ${searchRank.vector} @@ ${tsQuery}${filters} limit ${scan}`);
  if (!enough && found.scanned < scan) return { total: found.scanned, estimate: false, ids: found.ids };
  const planned = estimate ? await estimate() : await plannedRows(db, sql`select 1 from ${searchRank} where ${searchRank.vector} @@ ${tsQuery}${filters}`);
  return { total: roundEstimate(Math.max(planned, found.scanned)), estimate: true, ids: found.ids };
}

/**
 * The products (on sale, within the search's filters) holding an answered, published question
 * whose text or one of whose answers has every word typed: two look-ups in the questions' small
 * text indexes, which cost next to nothing when nothing matches, so a search that matches no
 * question runs as fast as before.
 */
async function answeredQuestionMatches(db: Database, text: string, where: SQL[], cap: number): Promise<{ ids: number[] }> {
  const filters = where.length ? sql` and ${and(...where)}` : sql``;
  const rows = rowsOf<{ product_id: number }>(
    await db.execute(
      sql`select ${searchRank.productId} as product_id from ${searchRank} where ${searchRank.productId} in ${answeredQuestionProductIds(text)}${filters} limit ${cap}`,
    ),
  );
  return { ids: rows.map((r) => Number(r.product_id)) };
}

/**
 * Whether any published question has a published answer: until one has, a search skips looking
 * in the questions (a statement, about a millisecond on the embedded database). Kept like the
 * small lists, which publishing an answer drops with the rest of the catalogue's caches.
 */
async function anyAnsweredQuestion(db: Database): Promise<boolean> {
  const { any } = await cachedList("any-answered-question", async () => {
    const [row] = rowsOf<{ any: boolean }>(
      await db.execute(sql`select exists (select 1 from product_questions q where q.status = 'published' and q.answered_at is not null) as any`),
    );
    return { any: Boolean(row?.any) };
  });
  return any;
}

/** The text matches with the question matches added (each product once; the total counts the added ones). */
function withAnswered(found: Candidates, asked: number[]): Candidates {
  const known = new Set(found.ids);
  const added = asked.filter((id) => !known.has(id));
  return added.length ? { ...found, total: found.total + added.length, ids: [...found.ids, ...added] } : found;
}

/**
 * A text search. All words must match when any product has them all ("arduino uno"); otherwise
 * any word may, ranked by how many match, so a long query still finds the nearest products.
 * The candidates (the most popular matches) are ranked as a shopper expects: the words as a phrase
 * in the name, then (for a part number) the name starting with it, then every word in the name,
 * then (for an any-word query) the weighted text rank, then popularity. The total is exact up to SEARCH_SCAN matches, an estimate above.
 */
async function searchProducts(db: Database, query: ProductQuery, text: string, specs: readonly SpecFilter[]): Promise<ProductPage> {
  const limit = query.limit ?? PRODUCT_PAGE_SIZE;
  const offset = query.offset ?? 0;
  const terms = await resolveQuery(db, text);
  const where = await filterConditions(db, query, RANK_FILTER_COLUMNS, specs);
  if (where === null) return emptyPage(query);
  const cap = Math.max(SEARCH_CANDIDATES, offset + limit);
  const filters = filtersKey(query, specs);
  // products whose answered questions have the words as typed (the catalogue's lexicon may not know them)
  const asked = (await anyAnsweredQuestion(db))
    ? await cachedValue(`asked:${text}:${filters}:${cap}`, () => answeredQuestionMatches(db, text, where, cap))
    : { ids: [] };
  if (terms.length === 0 && asked.ids.length === 0) return emptyPage(query);

  const common = terms.map((t) => t.frequency > COMMON_WORD);
  let tsQueryText = toTsQueryText(terms, "&");
  let anyTerm = false;
  const noMatch: Candidates = { total: 0, estimate: false, ids: [] };
  // past the scan, the total of a search with spec filters comes from the value sets (specSearchTotal)
  const estimate = (words: string) => (specs.length ? () => specSearchTotal(db, query, specs, words) : null);
  let found = terms.length
    ? await cachedValue(`search:${tsQueryText}:${filters}:${cap}`, () =>
        searchCandidates(db, tsQueryText, where, cap, common.every(Boolean), estimate(tsQueryText)),
      )
    : noMatch;
  if (found.total === 0 && terms.length > 1 && asked.ids.length === 0) {
    anyTerm = true;
    tsQueryText = toTsQueryText(terms, "|");
    found = await cachedValue(`search:${tsQueryText}:${filters}:${cap}`, () =>
      searchCandidates(db, tsQueryText, where, cap, common.some(Boolean), estimate(tsQueryText)),
    );
  }
  found = withAnswered(found, asked.ids);
  if (found.total === 0) return emptyPage(query);

  const sortBy = query.sortBy ?? "featured";
  const order: SQL[] = [];
  if (sortBy === "featured" && terms.length === 0) order.push(desc(products.salesCount), desc(products.id));
  else if (sortBy === "featured") {
    const phrase = terms.map((t) => t.text).join(" ");
    order.push(desc(sql`(lower(${products.name}) like ${`%${phrase}%`})`));
    // a name that starts with the part number typed is the part itself, not a kit with it ("hc05":
    // the HC-05 module before a car kit with an HC-05), hyphens and spaces aside
    if (/\d/.test(phrase))
      order.push(desc(sql`(regexp_replace(lower(${products.name}), '[^a-z0-9]+', '', 'g') like ${`${phrase.replace(/[^a-z0-9]+/g, "")}%`})`));
    order.push(desc(sql`(${products.searchVector} @@ to_tsquery('english', ${toTsQueryText(terms, "&", "A")}))`));
    if (anyTerm) order.push(desc(sql`ts_rank_cd(${products.searchVector}, to_tsquery('english', ${tsQueryText}), 1)`));
    order.push(desc(products.salesCount), desc(products.id));
  } else {
    const direction = query.sortOrder ?? DEFAULT_ORDER[sortBy];
    const by = direction === "asc" ? asc : desc;
    order.push(by(SORT_COLUMNS[sortBy]), by(products.id));
  }
  const rows = await db
    .select(productSelection(query.enriched))
    .from(products)
    .where(inArray(products.id, found.ids))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return {
    products: rows.map((row) => toProduct(row as ProductRow, "variants" in row ? row.variants : undefined)),
    total: found.estimate ? Math.max(found.total, offset + rows.length + 1) : found.total,
    totalIsEstimate: found.estimate,
    limit,
    offset,
    // the candidates reach past this page whenever more matches exist (cap >= offset + limit)
    hasMore: rows.length === limit && offset + rows.length < found.total,
  };
}

/**
 * A product's variants as one JSON column of its own row (in their shop order), so a product with
 * its variants is one query, not a second round trip per page or product. The outer id is spelled
 * out: drizzle renders a column inside a select's sql unqualified, which here would name v.id.
 */
const variantsColumn = sql<VariantRow[]>`(
  select coalesce(json_agg(json_build_object(
    'id', v.id, 'productId', v.product_id, 'combinationId', v.combination_id, 'sku', v.sku, 'price', v.price,
    'stock', v.stock, 'attributes', v.attributes, 'multiValues', v.multi_values, 'primaryValues', v.primary_values
  ) order by v.sort_order, v.id), '[]'::json)
  from ${productVariants} v where v.product_id = "products"."id")`;

/** The product columns, with the variants when the caller asked for the enriched form. */
function productSelection(enriched: boolean | undefined) {
  return enriched ? { ...productColumns, variants: variantsColumn } : productColumns;
}

/** One product with its variants and variant config; null when there is none with that id. */
/**
 * The one-product read as a named prepared statement (per database handle): PostgreSQL parses and
 * plans it once per connection instead of on every product page that misses the cache.
 */
const productById = new WeakMap<Database, ReturnType<typeof prepareProductById>>();
function prepareProductById(db: Database) {
  return db
    .select({ ...productColumns, realRating: products.realRating, realReviews: products.realReviews, variants: variantsColumn })
    .from(products)
    .where(and(eq(products.id, sql.placeholder("id")), onSale))
    .limit(1)
    .prepare("product_by_id");
}

export async function getProduct(db: Database, id: number): Promise<Product | null> {
  const { product } = await cachedProduct(String(id), async () => {
    let statement = productById.get(db);
    if (!statement) productById.set(db, (statement = prepareProductById(db)));
    const [row] = await statement.execute({ id });
    if (!row) return { product: null };
    return { product: toProduct(row as ProductRow, row.variants) };
  });
  return product;
}

/** Products of the same category, most popular first (the product page's related list). */
export async function relatedProducts(db: Database, product: Pick<Product, "id" | "category_slug">, limit = 8): Promise<Product[]> {
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(
      and(sql`${products.categoryId} = (select c.id from categories c where c.slug = ${product.category_slug})`, sql`${products.id} <> ${product.id}`, onSale),
    )
    .orderBy(desc(products.salesCount), desc(products.id))
    .limit(limit);
  return rows.map((row) => toProduct(row as ProductRow));
}

/**
 * The products showing any of `images`, in the order of `images` (best match first); among
 * products sharing one image file (pack sizes and lots of one part) the most popular few, so one
 * photo cannot fill the whole answer.
 */
export async function productsByImages(db: Database, found: string[], limit: number, perImage = 6): Promise<Product[]> {
  // products still showing the "no picture yet" placeholder are never a match
  const images = found.filter((image) => !isPlaceholderImage(image));
  if (images.length === 0) return [];
  const list = sql.join(
    images.map((i) => sql`${i}`),
    sql`, `,
  );
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`
      select p.id from unnest(array[${list}]::text[]) with ordinality as wanted(image, rank)
      cross join lateral (
        select id, sales_count from products where image = wanted.image and archived_at is null order by sales_count desc, id limit ${perImage}
      ) p
      order by wanted.rank, p.sales_count desc, p.id
      limit ${limit}`),
  ).map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const rows = await db.select(productColumns).from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toProduct(row as ProductRow)] : [];
  });
}

/**
 * One sitemap file holds at most this many addresses (the sitemap protocol's limit); a larger
 * catalogue lists its newest products (read backwards along the primary key), so the file stays a
 * bounded read and a bounded answer however large the catalogue grows.
 */
export const SITEMAP_PRODUCT_LIMIT = 45_000;

/** The products' address parts and last change, for the sitemap (narrow rows, at most SITEMAP_PRODUCT_LIMIT). */
export async function sitemapProducts(db: Database, limit = SITEMAP_PRODUCT_LIMIT): Promise<{ id: number; slug: string; name: string; updatedAt: Date }[]> {
  const latest = await db
    .select({ id: products.id, slug: products.slug, name: products.name, updatedAt: products.updatedAt })
    .from(products)
    .where(onSale)
    .orderBy(desc(products.id))
    .limit(limit);
  return latest.sort((a, b) => a.id - b.id);
}

/** The catalogue for pages and the API: product lists, single products, related products, categories. */
/** The dearest product's price: where the listing's price filter must reach (an index-only read, cached like the counts). */
async function priceCeiling(db: Database): Promise<number> {
  const { max } = await cachedList("price-ceiling", async () => {
    const [row] = await db.select({ max: sql<number>`coalesce(max(${products.price}), 0)::int` }).from(products);
    return { max: Number(row?.max ?? 0) };
  });
  return max;
}

export function createCatalogService(db: Database) {
  return {
    list: (query: ProductQuery) => listProducts(db, query),
    get: (id: number) => getProduct(db, id),
    related: (product: Pick<Product, "id" | "category_slug">, limit?: number) => relatedProducts(db, product, limit),
    categories: () => listCategories(db),
    priceCeiling: () => priceCeiling(db),
    /** the "Popular" badge's threshold for the shop's rule (reviews.popular): see popularThreshold */
    popularThreshold: (popular: { basis: PopularBasis; topPercent: number }) => popularThreshold(db, popular),
    sitemapProducts: (limit?: number) => sitemapProducts(db, limit),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
