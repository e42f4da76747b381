import { describe, expect, it } from "vitest";
import { ROBOTS_DISALLOW, SITEMAP_PATHS, robotsRules, sitemapEntries } from "./sitemap";

const site = new URL("https://shop.example.tz");
const products = [
  { id: 7, slug: "esp32-devkit", name: "ESP32 DevKit", updatedAt: new Date("2026-11-01T00:00:00Z") },
  { id: 12, slug: null, name: "Resistor 10k ¼W", updatedAt: new Date("2026-10-01T00:00:00Z") },
];

describe("sitemap", () => {
  const entries = sitemapEntries(site, products);

  it("lists every public page and every product, absolute, once", () => {
    const urls = entries.map((e) => e.url);
    expect(urls).toContain("https://shop.example.tz/");
    expect(urls).toContain("https://shop.example.tz/help");
    expect(urls).toContain("https://shop.example.tz/products/7-esp32-devkit");
    expect(urls).toContain("https://shop.example.tz/products/12-resistor-10k-1-4w");
    expect(new Set(urls).size).toBe(urls.length);
    expect(entries).toHaveLength(SITEMAP_PATHS.length + products.length);
  });

  it("names both languages of each address", () => {
    const help = entries.find((e) => e.url.endsWith("/help"))!;
    expect(help.alternates.languages).toEqual({
      sw: "https://shop.example.tz/help?lang=sw",
      en: "https://shop.example.tz/help?lang=en",
      "x-default": "https://shop.example.tz/help",
    });
    expect(entries.find((e) => e.url.includes("/products/7-"))!.lastModified).toEqual(products[0]!.updatedAt);
  });

  it("leaves out copies, redirects and private areas", () => {
    const paths = entries.map((e) => new URL(e.url).pathname);
    for (const hidden of ["/privacy", "/terms", "/profile", "/offline", "/cart", "/checkout", "/account"]) expect(paths).not.toContain(hidden);
    expect(paths.some((p) => p.startsWith("/social/"))).toBe(false);
  });
});

describe("robots", () => {
  it("closes the private areas and points to the sitemap", () => {
    const robots = robotsRules(site);
    expect(robots.sitemap).toBe("https://shop.example.tz/sitemap.xml");
    for (const path of ["/api/", "/account", "/admin", "/checkout", "/cart"]) expect(robots.rules[0]!.disallow).toContain(path);
    // nothing listed in the sitemap is closed to crawlers
    for (const path of SITEMAP_PATHS) expect(ROBOTS_DISALLOW.some((closed) => path.startsWith(closed))).toBe(false);
  });
});
