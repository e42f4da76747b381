/** Cache-Control values, named once: product lists fresh 30 s (stale 180 s), searches 1 s, the rest 60 s (stale 300 s). */
export const CACHE = {
  productList: "public, max-age=30, stale-while-revalidate=180",
  search: "public, max-age=1",
  default: "public, max-age=60, stale-while-revalidate=300",
  none: "no-store",
  immutable: "public, max-age=31536000, immutable",
} as const;
