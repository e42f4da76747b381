import type { MetadataRoute } from "next";
import { sitemapEntries, type SitemapProduct } from "@/lib/sitemap";
import { siteUrl } from "@/server/config";
import { getServices } from "@/server/services";

// the catalogue changes while the shop runs: built per request, never at build time
export const dynamic = "force-dynamic";

/** sitemap.xml: every public page and every product, both languages named as alternates. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  let products: SitemapProduct[] = [];
  try {
    products = await (await getServices()).catalog.sitemapProducts();
  } catch (error) {
    // the pages are still worth listing when the catalogue cannot be read for a moment
    console.error("sitemap: products not listed:", error instanceof Error ? error.message : error);
  }
  return sitemapEntries(siteUrl(), products);
}
