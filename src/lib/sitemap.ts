import { LOCALES, localisedPath } from "./locale";
import { productPath } from "./slug";

/**
 * The public pages search engines should know, besides the products. Left out on purpose:
 * /privacy and /terms (their canonical documents are the /services/ pages listed here), the
 * /social/ redirects, /profile (a redirect to the account), /offline (for the service worker),
 * and everything robots.txt closes.
 */
export const SITEMAP_PATHS = [
  "/",
  "/products",
  "/discover",
  "/ai-agent",
  "/services/electronics",
  "/services/prototyping",
  "/services/pcb",
  "/services/ai",
  "/services/logistics",
  "/become-supplier",
  "/buyer-central",
  "/about",
  "/story",
  "/careers",
  "/press",
  "/contact",
  "/help",
  "/support",
  "/tracking",
  "/returns",
  "/shipping",
  "/services/privacy-policy",
  "/services/terms-of-service",
  "/cookies",
  "/gdpr",
  "/data-protection",
] as const;

/** Areas that are private to a shopper or an admin, or that only answer machines: closed to crawlers. */
export const ROBOTS_DISALLOW = ["/api/", "/account", "/admin", "/siem-dashboard", "/checkout", "/cart", "/profile", "/auth/", "/payments/"] as const;

/** One sitemap entry, the shape Next's MetadataRoute.Sitemap takes. */
export interface SitemapEntry {
  url: string;
  lastModified?: Date;
  changeFrequency?: "daily" | "weekly" | "monthly";
  priority?: number;
  alternates: { languages: Record<string, string> };
}

/** The sitemap's product, as the catalogue lists it. */
export interface SitemapProduct {
  id: number;
  slug: string | null;
  name: string;
  updatedAt: Date;
}

/** An absolute address and its language alternates (`?lang=`), the way each page declares them in its head. */
function entry(site: URL, path: string): Pick<SitemapEntry, "url" | "alternates"> {
  const languages = Object.fromEntries(LOCALES.map((locale) => [locale, new URL(localisedPath(path, locale), site).href]));
  return { url: new URL(path, site).href, alternates: { languages: { ...languages, "x-default": new URL(path, site).href } } };
}

/** Every public page and every product, absolute on the shop's own address. */
export function sitemapEntries(site: URL, products: readonly SitemapProduct[]): SitemapEntry[] {
  const pages: SitemapEntry[] = SITEMAP_PATHS.map((path) => ({
    ...entry(site, path),
    changeFrequency: path === "/" || path === "/products" || path === "/discover" ? "daily" : "monthly",
    priority: path === "/" ? 1 : path === "/products" ? 0.9 : 0.5,
  }));
  const items: SitemapEntry[] = products.map((p) => ({ ...entry(site, productPath(p)), lastModified: p.updatedAt, changeFrequency: "weekly", priority: 0.7 }));
  return [...pages, ...items];
}

/** robots.txt: everything open but the private areas, and where the sitemap is. */
export function robotsRules(site: URL) {
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: [...ROBOTS_DISALLOW] }],
    sitemap: new URL("/sitemap.xml", site).href,
    host: site.origin,
  };
}
