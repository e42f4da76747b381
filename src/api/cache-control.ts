/** Cache-Control values of §7 and §9, named once. */
export const CACHE = {
  productList: "public, max-age=30, stale-while-revalidate=180",
  search: "public, max-age=1",
  default: "public, max-age=60, stale-while-revalidate=300",
  none: "no-store",
  immutable: "public, max-age=31536000, immutable",
} as const;
