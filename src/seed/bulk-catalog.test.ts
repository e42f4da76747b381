import { describe, expect, it } from "vitest";
import { slugify } from "@/lib/slug";
import { variantCombinationId } from "@/lib/variants";
import { BULK_FAMILIES, BULK_SKU_PREFIX, bulkContext, bulkProduct, bulkSku, categoryShares, roundTzs, uniqueCode } from "./bulk-catalog";
import { SEED_CATEGORIES, buildSeedProducts } from "./catalog";

const demo = buildSeedProducts().map((p) => ({ categorySlug: p.categorySlug, name: p.name, image: `/media/products/${p.sku}-640.webp` }));
const demoImages = new Set(demo.map((d) => d.image));
const NOW = Date.UTC(2026, 10, 24, 12);
const ctx = bulkContext(demo, NOW);
const N = 10_000;
const products = Array.from({ length: N }, (_, i) => bulkProduct(i + 1, ctx));

describe("bulk catalogue generator", () => {
  it("gives the same product for the same number, whatever was generated before", () => {
    const again = bulkContext(demo, NOW);
    for (const k of [1, 2, 777, 9_999]) expect(bulkProduct(k, again)).toEqual(products[k - 1]);
    expect(bulkProduct(123_456, ctx)).toEqual(bulkProduct(123_456, bulkContext(demo, NOW)));
  });

  it("makes distinct names, slugs, SKUs and part numbers", () => {
    for (const key of ["name", "slug", "sku", "mpn"] as const) expect(new Set(products.map((p) => p[key])).size).toBe(N);
    expect(new Set(products.flatMap((p) => p.variants.map((v) => v.sku))).size).toBe(products.reduce((n, p) => n + p.variants.length, 0));
  });

  it("keeps the unique code unique over the whole range a seed can ask for", () => {
    const codes = new Set<string>();
    for (let k = 1; k <= 2_000_000; k += 1) codes.add(uniqueCode(k));
    expect(codes.size).toBe(2_000_000);
  });

  it("names real-looking parts: the brand (unless generic), a part number and the part's words", () => {
    for (const p of products.slice(0, 500)) {
      expect(p.name).toContain(p.mpn);
      if (p.brand !== "Generic") expect(p.name.startsWith(`${p.brand} `)).toBe(true);
      expect(p.slug).toBe(slugify(p.name));
      expect(p.description).toContain(p.mpn);
      expect(p.name).not.toMatch(/\b(\w+) \1\b/); // no doubled words ("Module Module")
    }
    const words = new Set(products.flatMap((p) => p.name.toLowerCase().split(/[^a-z0-9]+/)));
    expect(words.size).toBeGreaterThan(N / 2); // part numbers make most words rare
  });

  it("writes valid rows: known categories, demo images, whole-shilling prices, real deals only", () => {
    const slugs = new Set(SEED_CATEGORIES.map((c) => c.slug));
    for (const p of products) {
      expect(slugs.has(p.categorySlug)).toBe(true);
      expect(demoImages.has(p.image)).toBe(true);
      expect(p.sku).toBe(bulkSku(p.k));
      expect(p.sku.startsWith(BULK_SKU_PREFIX)).toBe(true);
      expect(Number.isInteger(p.price) && p.price >= 500).toBe(true);
      expect(p.price % 500).toBe(0);
      expect(p.originalPrice).toBeGreaterThanOrEqual(p.price);
      if (p.originalPrice > p.price) expect(p.originalPrice).toBeGreaterThanOrEqual(p.price * 1.05);
      expect(p.stock).toBeGreaterThanOrEqual(0);
      expect(p.createdAt.getTime()).toBeLessThanOrEqual(NOW);
      expect(p.name.length).toBeLessThan(200);
    }
  });

  it("gives products with pack variants the variants' lowest price and total stock", () => {
    const withVariants = products.filter((p) => p.variants.length);
    expect(withVariants.length).toBeGreaterThan(N * 0.02);
    for (const p of withVariants) {
      expect(p.variantConfig).toEqual({
        type: "simple",
        attributeOrder: ["Pack"],
        labels: { sw: { Pack: { name: "Pakiti", values: { "10 pcs": "Vipande 10", "100 pcs": "Vipande 100", "1000 pcs": "Vipande 1000" } } } },
      });
      expect(p.price).toBe(Math.min(...p.variants.map((v) => v.price)));
      expect(p.stock).toBe(p.variants.reduce((n, v) => n + v.stock, 0));
      for (const v of p.variants) expect(v.combinationId).toBe(variantCombinationId(v.attributes, p.variantConfig));
    }
    expect(products.filter((p) => !p.variants.length).every((p) => p.variantConfig === null)).toBe(true);
  });

  it("spreads products over every category with a skew, and spreads prices, stock and popularity", () => {
    const shares = categoryShares();
    expect(new Set(shares.keys())).toEqual(new Set(SEED_CATEGORIES.map((c) => c.slug)));
    const byCategory = new Map<string, number>();
    for (const p of products) byCategory.set(p.categorySlug, (byCategory.get(p.categorySlug) ?? 0) + 1);
    const counts = [...byCategory.values()].sort((a, b) => b - a);
    expect(counts.length).toBe(SEED_CATEGORIES.length);
    expect(counts[0]! / counts.at(-1)!).toBeGreaterThan(20);
    for (const [slug, share] of shares) expect(Math.abs((byCategory.get(slug) ?? 0) / N - share)).toBeLessThan(0.01);

    const prices = products.map((p) => p.price).sort((a, b) => a - b);
    expect(prices[Math.floor(N * 0.5)]).toBeLessThan(20_000);
    expect(prices[Math.floor(N * 0.99)]).toBeGreaterThan(200_000);
    const deals = products.filter((p) => p.originalPrice > p.price).length / N;
    expect(deals).toBeGreaterThan(0.15);
    expect(deals).toBeLessThan(0.35);
    expect(products.filter((p) => p.stock === 0).length / N).toBeGreaterThan(0.03);
    const sales = products.map((p) => p.salesCount).sort((a, b) => a - b);
    expect(sales[Math.floor(N * 0.5)]).toBeLessThan(20);
    expect(sales.at(-1)).toBeGreaterThan(500);
  });

  it("gives every family a demo image of its own category when it has one", () => {
    for (const family of BULK_FAMILIES) {
      const images = ctx.imagesByFamily.get(family.key)!;
      expect(images.length).toBeGreaterThan(0);
      const categoryImages = new Set(demo.filter((d) => d.categorySlug === family.category).map((d) => d.image));
      expect(images.every((i) => categoryImages.has(i))).toBe(true);
    }
  });

  it("rounds prices like the demo catalogue", () => {
    expect(roundTzs(1234)).toBe(1000);
    expect(roundTzs(1300)).toBe(1500);
    expect(roundTzs(123_456)).toBe(123_000);
    expect(roundTzs(10)).toBe(500);
  });
});
