import type { MetadataRoute } from "next";
import { robotsRules } from "@/lib/sitemap";
import { siteUrl } from "@/server/config";

export const dynamic = "force-dynamic";

/** robots.txt: the shop is open to crawlers but its private and machine-only areas; the sitemap's address. */
export default function robots(): MetadataRoute.Robots {
  return robotsRules(siteUrl());
}
