import type { ProductQuery } from "@/lib/product-query";
import type { AdsService } from "../ads/ads";
import type { DiscoveryService } from "../catalog/discovery";
import type { CatalogService } from "../catalog/products";
import { createTaggedCache, type TaggedCacheOptions } from "./tagged-cache";

/**
 * What the storefront's pages read on every render, from a cache a write clears: catalogue data
 * (`catalog` tag), the advertisements (`ads`), the settings have their own short cache
 * (src/server/settings). A page an anonymous shopper opens twice is then rendered the second time
 * without one database query. Nothing per-user is kept here: the session, the cart count and the
 * signed-in shopper's own data are read per request.
 *
 * The values are shared by every request: pages must not change them.
 */
export function createPageDataService(deps: { catalog: CatalogService; ads: AdsService; discovery: DiscoveryService }, options: TaggedCacheOptions) {
  const { catalog, ads, discovery } = deps;
  const cache = createTaggedCache(options);
  return {
    // the listing, single products, the categories, the price ceiling and the home shelves are
    // already kept by the catalogue's own cache (src/server/catalog/catalog-cache.ts), cleared by
    // the same `catalog` tag
    /** a page of the listing, exactly as `catalog.list` answers it */
    list: (query: ProductQuery) => catalog.list(query),
    /** one product (null when there is none with this id) */
    product: (id: number) => catalog.get(id),
    /** the "more in this category" shelf of a product page */
    related: (product: Parameters<CatalogService["related"]>[0]) =>
      cache.get(`related:${product.id}:${product.category_slug}`, ["catalog"], () => catalog.related(product)),
    /** every category with its product count (the header's panel, the listing's strip) */
    categories: () => catalog.categories(),
    /** the dearest price: where the listing's price filter reaches */
    priceCeiling: () => catalog.priceCeiling(),
    /** the "Popular" badge's threshold (the catalogue's own cache keeps it five minutes) */
    popularThreshold: (popular: Parameters<CatalogService["popularThreshold"]>[0]) => catalog.popularThreshold(popular),
    /** the home page's shelves */
    discovery: () => discovery.load(),
    /** the active ads of a placement */
    ads: (placement: string) => cache.get(`ads:${placement}`, ["ads"], () => ads.list(placement)),
    /** every product's address and last change, for sitemap.xml */
    sitemapProducts: () => cache.get("sitemap", ["catalog"], () => catalog.sitemapProducts()),
    /** entries held (tests) */
    size: () => cache.size(),
  };
}

export type PageDataService = ReturnType<typeof createPageDataService>;
