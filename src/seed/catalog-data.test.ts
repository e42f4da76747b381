import { describe, expect, it } from "vitest";
import { slugify } from "@/lib/slug";
import { variantCombinationId } from "@/lib/variants";
import { SEED_CATEGORIES, buildSeedProducts } from "./catalog";

const products = buildSeedProducts();
const variantProducts = products.filter((p) => p.variants?.length);

describe("SEED_CATEGORIES", () => {
  it("has at least 14 categories with unique, slugified slugs and descriptions", () => {
    expect(SEED_CATEGORIES.length).toBeGreaterThanOrEqual(14);
    const slugs = SEED_CATEGORIES.map((c) => c.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const category of SEED_CATEGORIES) {
      expect(category.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(category.slug).toBe(slugify(category.name));
      expect(category.description.length).toBeGreaterThan(20);
    }
  });
});

describe("buildSeedProducts", () => {
  it("returns at least 320 products, every one in a known category, at least 15 per category", () => {
    expect(products.length).toBeGreaterThanOrEqual(320);
    const slugs = new Set(SEED_CATEGORIES.map((c) => c.slug));
    for (const p of products) expect(slugs.has(p.categorySlug)).toBe(true);
    for (const category of SEED_CATEGORIES) {
      expect(products.filter((p) => p.categorySlug === category.slug).length).toBeGreaterThanOrEqual(15);
    }
  });

  it("is deterministic", () => {
    expect(buildSeedProducts()).toEqual(products);
  });

  it("has unique names, name slugs and skus across products and variants", () => {
    const names = products.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(names.map(slugify)).size).toBe(names.length);
    const skus = [...products.map((p) => p.sku), ...products.flatMap((p) => (p.variants ?? []).map((v) => v.sku))];
    expect(new Set(skus).size).toBe(skus.length);
    for (const p of products) expect(p.sku).toMatch(/^KE-[A-Z0-9]{3}-\d{4}$/);
  });

  it("has whole positive prices with originalPrice >= price", () => {
    for (const p of products) {
      expect(Number.isInteger(p.price) && p.price > 0).toBe(true);
      expect(Number.isInteger(p.originalPrice)).toBe(true);
      expect(p.originalPrice).toBeGreaterThanOrEqual(p.price);
      expect(p.price % 500).toBe(0);
      for (const v of p.variants ?? []) expect(Number.isInteger(v.price) && v.price > 0).toBe(true);
    }
  });

  it("discounts roughly 30% of products by 5–30%", () => {
    const discounted = products.filter((p) => p.originalPrice > p.price);
    const share = discounted.length / products.length;
    expect(share).toBeGreaterThanOrEqual(0.2);
    expect(share).toBeLessThanOrEqual(0.4);
    for (const p of discounted) {
      expect(p.originalPrice / p.price).toBeGreaterThanOrEqual(1.05 - 1e-9);
      expect(p.originalPrice / p.price).toBeLessThanOrEqual(1.3 + 1e-9);
    }
  });

  it("spreads prices around the 0–100,000 TZS filter range", () => {
    const under = products.filter((p) => p.price < 100_000);
    const share = under.length / products.length;
    expect(share).toBeGreaterThanOrEqual(0.45);
    expect(share).toBeLessThanOrEqual(0.75);
    for (const [low, high] of [
      [0, 10_000],
      [10_000, 25_000],
      [25_000, 50_000],
      [50_000, 100_000],
    ] as const) {
      expect(under.filter((p) => p.price >= low && p.price < high).length).toBeGreaterThanOrEqual(20);
    }
  });

  it("has out-of-stock and low-stock products, and plausible stats", () => {
    expect(products.some((p) => p.stock === 0)).toBe(true);
    expect(products.some((p) => p.stock >= 1 && p.stock <= 4)).toBe(true);
    expect(products.filter((p) => p.listedDaysAgo <= 14).length).toBeGreaterThanOrEqual(20);
    for (const p of products) {
      expect(Number.isInteger(p.stock) && p.stock >= 0).toBe(true);
      expect(p.salesCount).toBeGreaterThanOrEqual(0);
      expect(p.salesCount).toBeLessThanOrEqual(5000);
      expect(p.listedDaysAgo).toBeGreaterThanOrEqual(0);
      expect(p.listedDaysAgo).toBeLessThanOrEqual(720);
    }
  });

  it("writes 2–4 sentence descriptions", () => {
    for (const p of products) {
      const sentences = p.description.split(/(?<=[.!?])\s+(?=[A-Z0-9'"(])/);
      expect(sentences.length, p.name).toBeGreaterThanOrEqual(2);
      expect(sentences.length, p.name).toBeLessThanOrEqual(4);
      expect(p.description.trim().endsWith(".")).toBe(true);
    }
  });

  it("keeps image labels short and mostly distinct", () => {
    for (const p of products) {
      expect(p.imageLabel.length).toBeGreaterThan(0);
      expect(p.imageLabel.length, p.name).toBeLessThanOrEqual(10);
    }
    expect(new Set(products.map((p) => p.imageLabel)).size).toBeGreaterThanOrEqual(250);
  });

  it("has at least 6 products of each variant type", () => {
    for (const type of ["simple", "primary-dependent", "multi-dependent"] as const) {
      expect(variantProducts.filter((p) => p.variantConfig?.type === type).length).toBeGreaterThanOrEqual(6);
    }
  });

  it("prices variant products at their cheapest variant and sums their stock", () => {
    for (const p of variantProducts) {
      const variants = p.variants ?? [];
      expect(p.price).toBe(Math.min(...variants.map((v) => v.price)));
      expect(p.stock).toBe(variants.reduce((sum, v) => sum + v.stock, 0));
      for (const v of variants) expect(v.sku.startsWith(`${p.sku}-`)).toBe(true);
    }
  });

  it("gives every variant of a product a distinct combination id covering the configured attributes", () => {
    for (const p of variantProducts) {
      const config = p.variantConfig!;
      const ids = (p.variants ?? []).map((v) => variantCombinationId(v.attributes, config));
      expect(new Set(ids).size, p.name).toBe(ids.length);
      for (const v of p.variants ?? []) {
        expect(Object.keys(v.attributes).sort()).toEqual([...(config.attributeOrder ?? [])].sort());
      }
    }
  });

  it("follows the primary-dependent shape: price from primaryValues, multiValues for the rest", () => {
    for (const p of variantProducts.filter((x) => x.variantConfig?.type === "primary-dependent")) {
      const primary = p.variantConfig!.primaryAttribute!;
      for (const v of p.variants ?? []) {
        const pv = v.primaryValues?.find((x) => x.attribute === primary && x.value === v.attributes[primary]);
        expect(pv, p.name).toBeDefined();
        expect(v.price).toBe(pv!.price);
        for (const [name, values] of Object.entries(v.multiValues ?? {})) {
          expect(values).toContain(v.attributes[name]);
        }
      }
      const values = new Set((p.variants ?? []).map((v) => v.attributes[primary]));
      expect(p.variants![0]!.primaryValues!.map((x) => x.value).sort()).toEqual([...values].sort());
    }
  });

  it("has obvious matches for the demo search queries", () => {
    const named = (...words: string[]) => products.filter((p) => words.every((w) => p.name.toLowerCase().includes(w.toLowerCase())));
    expect(named("arduino", "uno").length).toBeGreaterThanOrEqual(4);
    expect(named("esp32", "wifi").length).toBeGreaterThanOrEqual(4);
    expect(named("10k ohm").length).toBeGreaterThanOrEqual(3);
    expect(named("soldering iron").length).toBeGreaterThanOrEqual(4);
  });
});

describe("the options' Kiswahili labels", () => {
  const withOptions = buildSeedProducts().filter((p) => p.variants?.length);

  it("name colours, packs and kinds in Kiswahili, and leave sizes and part numbers as they are", () => {
    const sw = (sku: string) => withOptions.find((p) => p.sku === sku)?.variantConfig?.labels?.sw;
    const pla = withOptions.find((p) => p.name.startsWith("PLA Filament"))!;
    expect(pla.variantConfig?.labels?.sw?.Color).toMatchObject({ name: "Rangi", values: { Black: "Nyeusi", White: "Nyeupe" } });
    const battery = withOptions.find((p) => p.name.startsWith("18650"))!;
    expect(sw(battery.sku)).toMatchObject({ Capacity: { name: "Uwezo" }, Pack: { name: "Pakiti", values: { "1 pc": "Kipande 1", "2 pcs": "Vipande 2" } } });
    // a value like 2000mAh reads the same in both languages
    expect(sw(battery.sku)?.Capacity?.values).toBeUndefined();
    const pi = withOptions.find((p) => p.name.startsWith("Raspberry Pi 5 Starter Kit"))!;
    expect(sw(pi.sku)).toBeUndefined();
  });

  it("label only attributes and values the product has, so ids stay the catalogue's words", () => {
    for (const p of withOptions) {
      for (const [attribute, label] of Object.entries(p.variantConfig?.labels?.sw ?? {})) {
        const used = new Set(p.variants!.map((v) => v.attributes[attribute]));
        expect(used.size, `${p.sku} ${attribute}`).toBeGreaterThan(0);
        for (const value of Object.keys(label.values ?? {})) expect(used.has(value), `${p.sku} ${attribute}:${value}`).toBe(true);
      }
      for (const v of p.variants!)
        expect(variantCombinationId(v.attributes, p.variantConfig)).toBe(variantCombinationId(v.attributes, { ...p.variantConfig!, labels: null }));
    }
    expect(withOptions.filter((p) => p.variantConfig?.labels?.sw).length).toBeGreaterThan(withOptions.length / 2);
  });
});
