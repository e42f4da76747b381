import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { robotsRules } from "@/lib/sitemap";
import { siteUrl } from "@/server/config";

/**
 * robots.txt: the shop is open to crawlers but its private and machine-only areas; the sitemap's
 * address. It names SITE_URL, which is the running server's setting, not the build's: rendered
 * when asked (`connection()`), which costs nothing worth caching.
 */
export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection();
  return robotsRules(siteUrl());
}
