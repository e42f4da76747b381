import { describe, expect, it } from "vitest";
import { benchQuerySets, benchVocabulary } from "./queries";

const vocabulary = benchVocabulary(100_000, 3_000);
const sets = benchQuerySets(100_000, vocabulary);

describe("bench request sets", () => {
  it("give every scenario hundreds of distinct cold URLs and a few cached ones", () => {
    expect(sets.map((s) => s.name)).toEqual([
      "listing: plain",
      "listing: category",
      "listing: price band",
      "listing: filtered mix (category, price band, sort, page)",
      "listing: each sort",
      "listing: deep pages",
      "search: one word",
      "search: two words (~2-10% of the catalogue each)",
      "search: part numbers",
      "search: misspellings",
      "suggestions: prefixes",
      "listing: two spec filters and a sort",
      "facets: two spec filters",
      "search: specifications",
      "product page data",
    ]);
    for (const set of sets) {
      expect(new Set(set.cold).size, set.name).toBe(set.cold.length);
      expect(set.cold.length, set.name).toBeGreaterThanOrEqual(set.name.includes("two words") ? 100 : 200);
      expect(set.cached.length, set.name).toBeGreaterThan(0);
      expect(set.cached.length, set.name).toBeLessThanOrEqual(10);
      for (const url of [...set.cold, ...set.cached]) expect(url).toMatch(/^\/api\/(products|search-suggestions|facets)[/?]/);
    }
  });

  it("searches the demo catalogue's own words when the catalogue is the embedded demo", () => {
    const demo = benchQuerySets(414);
    const named = (part: string) => demo.find((s) => s.name.includes(part))!;
    expect(named("search: one word").cold.length).toBeGreaterThanOrEqual(200);
    expect(named("suggestions").cold.length).toBeGreaterThanOrEqual(200);
    expect(named("search: one word").cold).toContain("/api/products?search=arduino&enriched=true");
  });

  it("picks two-word queries that match 2–10% of the catalogue, words a shopper would type together", () => {
    expect(vocabulary.pairs.length).toBeGreaterThan(50);
    for (const { query, share } of vocabulary.pairs) {
      expect(query.split(" ")).toHaveLength(2);
      expect(share).toBeGreaterThanOrEqual(0.02);
      expect(share).toBeLessThanOrEqual(0.1);
    }
    const smd = vocabulary.pairs.find((p) => p.query === "smd resistor");
    expect(smd?.share).toBeGreaterThan(0.04);
  });

  it("searches part numbers of products the catalogue holds, and misspelt words", () => {
    const parts = sets.find((s) => s.name === "search: part numbers")!;
    const mpns = new Set(vocabulary.sample.map((p) => p.mpn.toLowerCase()));
    expect(parts.cold.filter((u) => mpns.has(decodeURIComponent(/search=([^&]+)/.exec(u)![1]!))).length).toBeGreaterThan(1000);
    const typos = sets.find((s) => s.name === "search: misspellings")!;
    const words = new Set(vocabulary.sample.flatMap((p) => p.name.toLowerCase().split(/[^a-z0-9]+/)));
    expect(typos.cold.every((u) => !words.has(decodeURIComponent(/search=([^&]+)/.exec(u)![1]!)))).toBe(true);
  });

  it("is the same on every call", () => {
    expect(benchQuerySets(100_000, benchVocabulary(100_000, 3_000))).toEqual(sets);
  });
});
