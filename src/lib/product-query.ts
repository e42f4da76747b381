/**
 * The catalogue's list query: what GET /api/products accepts (parsed from the query string in
 * src/api) and what the catalogue module answers. The listing page builds it with `listingQuery`
 * (src/lib/listing.ts), on the server and in the browser alike.
 */
import { writeSpecParams } from "./specs/params";

export const PRODUCT_PAGE_SIZE = 20;
export const PRODUCT_PAGE_MAX = 100;
export const PRODUCT_OFFSET_MAX = 1_000_000;
export const SORT_FIELDS = ["featured", "price", "created_at", "name", "rating", "sales"] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortOrder = "asc" | "desc";

export interface ProductQuery {
  category?: string;
  brand?: string;
  search?: string;
  limit?: number;
  offset?: number;
  sortBy?: SortField;
  sortOrder?: SortOrder;
  minPrice?: number;
  maxPrice?: number;
  /** category slugs or names; a product in any of them matches */
  categories?: string[];
  inStock?: boolean;
  /** each product comes with its variants */
  enriched?: boolean;
  /** `spec.<key>` filters as written (key → value text); the server checks them against the shop's definitions */
  specs?: Record<string, string>;
}

/** The query string of a ProductQuery, in a stable order; unset fields are left out. */
export function productQueryParams(query: ProductQuery): URLSearchParams {
  const params = new URLSearchParams();
  const order: (keyof ProductQuery)[] = [
    "limit",
    "offset",
    "enriched",
    "search",
    "category",
    "brand",
    "categories",
    "minPrice",
    "maxPrice",
    "inStock",
    "sortBy",
    "sortOrder",
  ];
  for (const key of order) {
    const value = query[key];
    if (value === undefined || value === "") continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(","));
    } else params.set(key, String(value));
  }
  if (query.specs) writeSpecParams(params, query.specs);
  return params;
}
