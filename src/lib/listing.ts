import { productQueryParams, type ProductQuery } from "./product-query";
import { MAX_SPEC_PARAMS, SPEC_KEY_PATTERN, readSpecParams, writeSpecParams, type RawSpecFilters } from "./specs/params";
import { mulberry32 } from "./random";
import { isPopular, type PopularBasis } from "./reviews";

/** The listing page's rules (URL parameters, batches, page cap, sorts, price range, badges), shared by the server render and the browser. */
export const LISTING_BATCH_SIZE = 20;
export const LISTING_PAGE_CAP = 120;
/** The highest price a URL may ask for (a typo of many zeros must not reach the database as a number it cannot hold). */
export const PRICE_LIMIT = 1_000_000_000;
export const SHUFFLE_WINDOW_MS = 20 * 60 * 1000;
export const NEW_PRODUCT_DAYS = 30;

/** The listing's sorts, in the order the select offers them (their words are the catalogue's: catalog.filters.sortOptions). */
export const SORT_OPTIONS = ["featured", "price-low", "price-high", "newest", "best-selling"] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export function isSortOption(value: unknown): value is SortOption {
  return SORT_OPTIONS.some((o) => o === value);
}

/** The API's sortBy/sortOrder for a sort choice; newest and best-selling run newest/most sold first. */
export function sortToApi(sort: SortOption): { sortBy?: "price" | "created_at" | "sales"; sortOrder?: "asc" | "desc" } {
  switch (sort) {
    case "price-low":
      return { sortBy: "price", sortOrder: "asc" };
    case "price-high":
      return { sortBy: "price", sortOrder: "desc" };
    case "newest":
      return { sortBy: "created_at", sortOrder: "desc" };
    case "best-selling":
      return { sortBy: "sales", sortOrder: "desc" };
    default:
      return {};
  }
}

export interface ListingFilters {
  search: string;
  category: string;
  brand: string;
  categories: string[];
  sort: SortOption;
  minPrice: number;
  /** null: no upper bound (the whole catalogue, whatever its dearest product costs) */
  maxPrice: number | null;
  /** `spec.<key>` filters as written in the address (key → value text) */
  specs: RawSpecFilters;
}

export const DEFAULT_FILTERS: ListingFilters = {
  search: "",
  category: "",
  brand: "",
  categories: [],
  sort: "featured",
  minPrice: 0,
  maxPrice: null,
  specs: {},
};

/** page counts only when it parses to a positive integer; otherwise 1. */
export function parsePage(value: string | string[] | undefined | null): number {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text || !/^\d+$/.test(text.trim())) return 1;
  const page = Number(text.trim());
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

/** The first request of page n starts at (n − 1) × 120. */
export function pageOffset(page: number): number {
  return (page - 1) * LISTING_PAGE_CAP;
}

/** The query of the 'Next Page' link: only what differs from the defaults. */
export function nextPageParams(page: number, filters: ListingFilters): URLSearchParams {
  const params = new URLSearchParams();
  params.set("page", String(page + 1));
  if (filters.category) params.set("category", filters.category);
  if (filters.brand) params.set("brand", filters.brand);
  if (filters.search.trim()) params.set("search", filters.search.trim());
  if (filters.sort !== "featured") params.set("sort", filters.sort);
  if (filters.minPrice > 0) params.set("minPrice", String(filters.minPrice));
  if (filters.maxPrice !== null) params.set("maxPrice", String(filters.maxPrice));
  if (filters.categories.length) params.set("categories", filters.categories.join(","));
  writeSpecParams(params, filters.specs);
  return params;
}

/** The filters a listing URL carries (the parameters the next-page link writes, plus search). */
export function filtersFromParams(params: Record<string, string | string[] | undefined>): ListingFilters {
  const one = (key: string) => {
    const v = params[key];
    return (Array.isArray(v) ? v[0] : v)?.trim() ?? "";
  };
  const price = (key: string) => {
    const text = one(key);
    if (!/^\d{1,10}$/.test(text)) return null;
    return Math.min(PRICE_LIMIT, Number(text));
  };
  const sort = one("sort");
  const minPrice = price("minPrice") ?? 0;
  const upper = price("maxPrice");
  const maxPrice = upper === null ? null : Math.max(minPrice, upper);
  return {
    search: one("search").slice(0, 200),
    category: one("category").slice(0, 100),
    brand: one("brand").slice(0, 100),
    categories: one("categories")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .slice(0, 50),
    sort: isSortOption(sort) ? sort : "featured",
    minPrice,
    maxPrice,
    specs: limitSpecParams(readSpecParams(params)),
  };
}

/**
 * The address's spec filters a listing sends: well-formed keys, short values, at most
 * MAX_SPEC_PARAMS (the server still refuses an unknown key or a value that does not parse, and
 * the page then says which).
 */
function limitSpecParams(specs: RawSpecFilters): RawSpecFilters {
  const kept = Object.entries(specs)
    .filter(([key, value]) => SPEC_KEY_PATTERN.test(key) && value.length <= 400)
    .slice(0, MAX_SPEC_PARAMS);
  return Object.fromEntries(kept);
}

/** The spec facets' identity: what they count (the listing's selection, not its sort or page). */
export function facetKey(filters: ListingFilters): string {
  return JSON.stringify([filters.category, filters.brand, filters.categories, filters.minPrice, filters.maxPrice, filters.specs]);
}

/** A search's text without some of its words (a removed chip's), the other words kept as typed. */
export function withoutWords(search: string, words: readonly string[]): string {
  const drop = new Set(words.map((w) => w.toLowerCase()));
  return search
    .split(/\s+/)
    .filter((w) => w && !drop.has(w.toLowerCase()))
    .join(" ");
}

/** A search is sent only when its trimmed text is empty or at least 2 characters. */
export function searchIsSendable(text: string): boolean {
  const length = text.trim().length;
  return length === 0 || length >= 2;
}

export function discountPercent(price: number, originalPrice: number): number {
  if (!(originalPrice > price) || !(price >= 0)) return 0;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}

/** Which badge a card shows (the card puts it in words: catalog.card.badge.*). */
export type CardBadge = { kind: "popular" } | { kind: "new" } | { kind: "off"; percent: number } | { kind: "free-shipping" };

/**
 * The "Popular" rule as the server worked it out (src/server/catalog/popular.ts): what it counts
 * (reviews or sales, the setting `reviews.popular.basis`) and the catalogue's threshold for the
 * top share (null: no product is popular).
 */
export interface PopularRule {
  basis: PopularBasis;
  threshold: number | null;
}

/**
 * The card's top-right badge, made honest: 'Popular' for the catalogue's most reviewed or best
 * selling share (the setting; the spec's "above 1,000 reviews" would never show with real review
 * counts); 'New' only for a product listed in the last 30 days (the spec's "id above 10" would
 * call nearly everything new); the real percent off; 'Free Shipping' only when delivery really is
 * free; otherwise none.
 */
export function cardBadge(
  product: { reviews: number; sales_count: number; price: number; original_price: number; free_delivery: boolean; created_at: string },
  popular: PopularRule | null = null,
  now: number = Date.now(),
): CardBadge | null {
  if (popular && isPopular(popular.basis === "sales" ? product.sales_count : product.reviews, popular.threshold)) return { kind: "popular" };
  const listed = Date.parse(product.created_at);
  if (Number.isFinite(listed) && now - listed <= NEW_PRODUCT_DAYS * 86_400_000) return { kind: "new" };
  const off = discountPercent(product.price, product.original_price);
  if (off > 0) return { kind: "off", percent: off };
  if (product.free_delivery) return { kind: "free-shipping" };
  return null;
}

/** The display-order seed: it changes every 20 minutes. */
export function shuffleSeed(now: number = Date.now()): number {
  return Math.floor(now / SHUFFLE_WINDOW_MS);
}

/**
 * The featured order, shuffled by the seed: the same seed always gives the same order, so a
 * shopper scrolling within the window sees a stable grid. Other sorts are never shuffled.
 */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const out = items.slice();
  const next = mulberry32(seed ^ 0x9e3779b9);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The /products URL for a set of filters (page 1 unless given); defaults are left out. */
export function listingHref(filters: ListingFilters, page = 1): string {
  const params = nextPageParams(page - 1, filters);
  if (page === 1) params.delete("page");
  const query = params.toString();
  return query ? `/products?${query}` : "/products";
}

/**
 * The catalogue query for one batch of a listing: the one mapping from the listing's filters, used
 * by the server-rendered first batch and by the browser's later batches alike. Defaults are left out
 * (no price bound at 0 or at the slider's top), and a one-character search is never sent.
 */
export function listingQuery(filters: ListingFilters, offset: number): ProductQuery {
  const search = filters.search.trim();
  return {
    limit: LISTING_BATCH_SIZE,
    offset,
    enriched: true,
    search: search && searchIsSendable(search) ? search : undefined,
    category: filters.category || undefined,
    brand: filters.brand || undefined,
    categories: filters.categories.length ? filters.categories : undefined,
    minPrice: filters.minPrice > 0 ? filters.minPrice : undefined,
    maxPrice: filters.maxPrice ?? undefined,
    ...sortToApi(filters.sort),
    ...(Object.keys(filters.specs).length ? { specs: filters.specs } : {}),
  };
}

/** The GET /api/products query string for one batch of a listing. */
export function listingApiQuery(filters: ListingFilters, offset: number): URLSearchParams {
  return productQueryParams(listingQuery(filters, offset));
}

/** A stable identity of what a listing shows, to tell when the URL asks for a different list. */
export function listingKey(filters: ListingFilters, page: number): string {
  return listingHref(filters, page);
}

/** `size` items from `start`, wrapping around: the phone category strip's rotating window. */
export function categoryWindow<T>(items: readonly T[], start: number, size = 4): T[] {
  if (items.length <= size) return items.slice();
  return Array.from({ length: size }, (_, i) => items[(start + i) % items.length]!);
}

/**
 * What a card needs of a product: everything but the description, which no card shows and which
 * would otherwise ride along in every server-rendered page's payload.
 */
export function forCard<T extends { description: string }>(product: T): T {
  return { ...product, description: "" };
}
