import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { rowsOf, type Database } from "../db";
import { brands, categories, productVariants, products } from "../db/schema";
import { resolveQueryWords } from "../search/resolve";
import { toTsQueryText } from "../search/terms";
import { PRODUCT_PAGE_SIZE, type ProductQuery, type SortField } from "@/lib/product-query";
import { cachedCount, cachedList, cachedSearchPage } from "./catalog-cache";
import { listCategories } from "./categories";
import { toProduct, type Product, type ProductRow, type VariantRow } from "./to-product";

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
  limit: number;
  offset: number;
  hasMore: boolean;
}

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

function categoryMatch(value: string): SQL {
  return sql`(${categories.slug} = ${value.toLowerCase()} or lower(${categories.name}) = ${value.toLowerCase()})`;
}

/** GET /api/products: filters, search, sort and exact pagination over the catalogue. */
export async function listProducts(db: Database, query: ProductQuery): Promise<ProductPage> {
  if (query.search) return cachedSearchPage(JSON.stringify(query), () => findProducts(db, query));
  return findProducts(db, query);
}

async function findProducts(db: Database, query: ProductQuery): Promise<ProductPage> {
  const limit = query.limit ?? PRODUCT_PAGE_SIZE;
  const offset = query.offset ?? 0;
  const empty: ProductPage = { products: [], total: 0, limit, offset, hasMore: false };

  const where: SQL[] = [];
  let tsQuery: SQL | null = null;
  let tsQueryText = "";
  let searchWords: string[] = [];
  if (query.search) {
    searchWords = await resolveQueryWords(db, query.search);
    if (searchWords.length === 0) return empty;
    tsQueryText = await pickTsQueryText(db, searchWords);
    tsQuery = sql`to_tsquery('english', ${tsQueryText})`;
    where.push(sql`${products.searchVector} @@ ${tsQuery}`);
  }
  if (query.category) {
    where.push(sql`${products.categoryId} in (select ${categories.id} from ${categories} where ${categoryMatch(query.category)})`);
  }
  if (query.categories?.length) {
    where.push(sql`${products.categoryId} in (select ${categories.id} from ${categories} where ${or(...query.categories.map(categoryMatch))})`);
  }
  if (query.brand) {
    const brand = query.brand.toLowerCase();
    where.push(sql`${products.brandId} in (select ${brands.id} from ${brands} where ${brands.slug} = ${brand} or lower(${brands.name}) = ${brand})`);
  }
  if (query.minPrice !== undefined) where.push(gte(products.price, query.minPrice));
  if (query.maxPrice !== undefined) where.push(lte(products.price, query.maxPrice));
  if (query.inStock !== undefined) where.push(query.inStock ? sql`${products.stockQuantity} > 0` : sql`${products.stockQuantity} <= 0`);
  const condition = where.length ? and(...where) : undefined;

  const order: SQL[] = [];
  const sortBy = query.sortBy ?? "featured";
  if (sortBy === "featured") {
    if (tsQuery) {
      // Relevance a shopper recognises, cheap enough for thousands of matches: the words as a
      // phrase in the name, then every word in the name, then (for an any-word query) the
      // weighted text rank, then popularity.
      const phrase = searchWords.join(" ");
      order.push(
        desc(sql`(lower(${products.name}) like ${`%${phrase}%`})`),
        desc(sql`(${products.searchVector} @@ to_tsquery('english', ${toTsQueryText(searchWords, "&", "A")}))`),
      );
      if (tsQueryText.includes("|")) order.push(desc(sql`ts_rank_cd(${products.searchVector}, ${tsQuery}, 1)`));
    }
    order.push(desc(products.salesCount), desc(products.id));
  } else {
    // The id breaks ties in the sort's own direction, so one index serves the whole ORDER BY.
    const direction = query.sortOrder ?? DEFAULT_ORDER[sortBy];
    const by = direction === "asc" ? asc : desc;
    order.push(by(SORT_COLUMNS[sortBy]), by(products.id));
  }

  const [rows, counted] = await Promise.all([
    db
      .select(productColumns)
      .from(products)
      .where(condition)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    cachedCount(countKey(query, tsQueryText), () =>
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(products)
        .where(condition),
    ),
  ]);
  const total = counted;
  const variants =
    query.enriched && rows.length
      ? await variantsByProduct(
          db,
          rows.map((r) => r.id),
        )
      : null;
  return {
    products: rows.map((row) => toProduct(row as ProductRow, variants ? (variants.get(row.id) ?? []) : undefined)),
    total,
    limit,
    offset,
    hasMore: offset + rows.length < total,
  };
}

/**
 * All words must match when any product has them all ("arduino uno"); otherwise any word may,
 * ranked by how many match, so a long query still finds the nearest products.
 */
async function pickTsQueryText(db: Database, words: string[]): Promise<string> {
  const all = toTsQueryText(words, "&");
  if (words.length === 1) return all;
  const matches = await cachedCount(`probe:${all}`, () =>
    db
      .select({ total: sql<number>`1` })
      .from(products)
      .where(sql`${products.searchVector} @@ to_tsquery('english', ${all})`)
      .limit(1),
  );
  return matches > 0 ? all : toTsQueryText(words, "|");
}

function countKey(query: ProductQuery, tsQueryText: string): string {
  return JSON.stringify([tsQueryText, query.category, query.categories, query.brand, query.minPrice, query.maxPrice, query.inStock]);
}

async function variantsByProduct(db: Database, ids: number[]): Promise<Map<number, VariantRow[]>> {
  const rows = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      combinationId: productVariants.combinationId,
      sku: productVariants.sku,
      price: productVariants.price,
      stock: productVariants.stock,
      attributes: productVariants.attributes,
      multiValues: productVariants.multiValues,
      primaryValues: productVariants.primaryValues,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, ids))
    .orderBy(asc(productVariants.productId), asc(productVariants.sortOrder), asc(productVariants.id));
  const byProduct = new Map<number, VariantRow[]>();
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(row);
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

/** One product with its variants and variant config; null when there is none with that id. */
export async function getProduct(db: Database, id: number): Promise<Product | null> {
  const [row] = await db.select(productColumns).from(products).where(eq(products.id, id)).limit(1);
  if (!row) return null;
  const variants = await variantsByProduct(db, [id]);
  return toProduct(row as ProductRow, variants.get(id) ?? []);
}

/** Products of the same category, most popular first (the product page's related list). */
export async function relatedProducts(db: Database, product: Pick<Product, "id" | "category_slug">, limit = 8): Promise<Product[]> {
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(and(sql`${products.categoryId} = (select c.id from categories c where c.slug = ${product.category_slug})`, sql`${products.id} <> ${product.id}`))
    .orderBy(desc(products.salesCount), desc(products.id))
    .limit(limit);
  return rows.map((row) => toProduct(row as ProductRow));
}

/**
 * The products showing any of `images`, in the order of `images` (best match first); among
 * products sharing one image file (pack sizes and lots of one part) the most popular few, so one
 * photo cannot fill the whole answer.
 */
export async function productsByImages(db: Database, images: string[], limit: number, perImage = 6): Promise<Product[]> {
  if (images.length === 0) return [];
  const list = sql.join(
    images.map((i) => sql`${i}`),
    sql`, `,
  );
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`
      select p.id from unnest(array[${list}]::text[]) with ordinality as wanted(image, rank)
      cross join lateral (
        select id, sales_count from products where image = wanted.image order by sales_count desc, id limit ${perImage}
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
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
