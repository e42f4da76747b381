import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { sitemapEntries, type SitemapProduct } from "@/lib/sitemap";
import { siteUrl } from "@/server/config";
import { getServices } from "@/server/services";

/**
 * sitemap.xml: every public page and every product (the newest 45,000 of a larger catalogue: one
 * file holds 50,000 addresses), both languages named as alternates. The
 * catalogue changes while the shop runs and SITE_URL is the running server's: rendered when asked
 * (`connection()`, never at build time), from the product list the pages' cache keeps until a
 * catalogue write.
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  let products: SitemapProduct[] = [];
  try {
    products = await (await getServices()).pageData.sitemapProducts();
  } catch (error) {
    // the pages are still worth listing when the catalogue cannot be read for a moment
    console.error("sitemap: products not listed:", error instanceof Error ? error.message : error);
  }
  return sitemapEntries(siteUrl(), products);
}
