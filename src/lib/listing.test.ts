import { describe, expect, it } from "vitest";
import {
  DEFAULT_FILTERS,
  withoutWords,
  cardBadge,
  forCard,
  categoryWindow,
  discountPercent,
  filtersFromParams,
  nextPageParams,
  listingApiQuery,
  listingHref,
  listingQuery,
  pageOffset,
  parsePage,
  searchIsSendable,
  seededShuffle,
  shuffleSeed,
  sortToApi,
} from "./listing";

describe("page parameter", () => {
  it("counts only positive integers", () => {
    expect(parsePage("3")).toBe(3);
    for (const bad of [undefined, "", "0", "-2", "1.5", "abc", "2x"]) expect(parsePage(bad)).toBe(1);
    expect(pageOffset(1)).toBe(0);
    expect(pageOffset(3)).toBe(240);
  });
});

describe("nextPageParams", () => {
  it("writes only what differs from the defaults", () => {
    expect(nextPageParams(1, DEFAULT_FILTERS).toString()).toBe("page=2");
    const params = nextPageParams(2, {
      search: " esp32 ",
      category: "sensors-modules",
      brand: "Espressif",
      categories: ["displays", "motors-drivers"],
      sort: "price-low",
      minPrice: 5000,
      maxPrice: 50000,
      specs: { resistance: "1000..10000", package: "0805,0603" },
    });
    expect(Object.fromEntries(params)).toEqual({
      page: "3",
      category: "sensors-modules",
      brand: "Espressif",
      search: "esp32",
      sort: "price-low",
      minPrice: "5000",
      maxPrice: "50000",
      categories: "displays,motors-drivers",
      "spec.package": "0805,0603",
      "spec.resistance": "1000..10000",
    });
  });
  it("round-trips through filtersFromParams", () => {
    const filters = { ...DEFAULT_FILTERS, search: "uno", sort: "newest" as const, minPrice: 1000, categories: ["a", "b"], specs: { voltage: "3.3" } };
    expect(filtersFromParams(Object.fromEntries(nextPageParams(1, filters)))).toEqual(filters);
  });
  it("ignores malformed values", () => {
    expect(filtersFromParams({ sort: "cheapest", minPrice: "-5", maxPrice: "x" })).toEqual(DEFAULT_FILTERS);
    // a key that is no lower-case word never reaches the server (an unknown word is refused there)
    expect(filtersFromParams({ "spec.Bad Key": "1", "spec.ok": " " }).specs).toEqual({});
  });
  it("drops a removed chip's words from the search", () => {
    expect(withoutWords("3.3v LDO 1a", ["3.3v"])).toBe("LDO 1a");
    expect(withoutWords("100 nF 50V", ["100", "nf"])).toBe("50V");
  });
});

describe("sortToApi", () => {
  it("runs newest and best-selling newest/most sold first", () => {
    expect(sortToApi("newest")).toEqual({ sortBy: "created_at", sortOrder: "desc" });
    expect(sortToApi("best-selling")).toEqual({ sortBy: "sales", sortOrder: "desc" });
    expect(sortToApi("price-high")).toEqual({ sortBy: "price", sortOrder: "desc" });
    expect(sortToApi("featured")).toEqual({});
  });
});

describe("cardBadge", () => {
  const now = Date.parse("2026-11-23T12:00:00Z");
  const base = { reviews: 10, sales_count: 40, price: 9000, original_price: 9000, free_delivery: false, created_at: "2025-01-01T00:00:00Z" };
  const byReviews = { basis: "reviews", threshold: 25 } as const;
  it("follows Popular, New, percent off, Free Shipping, none", () => {
    expect(cardBadge({ ...base, reviews: 30 }, byReviews, now)).toEqual({ kind: "popular" });
    expect(cardBadge({ ...base, created_at: "2026-11-10T00:00:00Z" }, byReviews, now)).toEqual({ kind: "new" });
    expect(cardBadge({ ...base, original_price: 10000 }, byReviews, now)).toEqual({ kind: "off", percent: 10 });
    expect(cardBadge({ ...base, free_delivery: true }, byReviews, now)).toEqual({ kind: "free-shipping" });
    expect(cardBadge(base, byReviews, now)).toBeNull();
  });
  it("calls Popular the catalogue's top share by the rule's basis, at or above the server's threshold", () => {
    expect(cardBadge({ ...base, reviews: 25 }, byReviews, now)).toEqual({ kind: "popular" });
    expect(cardBadge({ ...base, reviews: 24 }, byReviews, now)).toBeNull();
    // by sales: the review count no longer matters
    expect(cardBadge({ ...base, reviews: 500, sales_count: 99 }, { basis: "sales", threshold: 100 }, now)).toBeNull();
    expect(cardBadge({ ...base, reviews: 0, sales_count: 100 }, { basis: "sales", threshold: 100 }, now)).toEqual({ kind: "popular" });
    // the spec's old "above 1,000 reviews" is gone: without the server's rule nothing is popular
    expect(cardBadge({ ...base, reviews: 5000 }, null, now)).toBeNull();
    // no threshold (an empty catalogue), or a catalogue without reviews (threshold 0): nothing is popular
    expect(cardBadge({ ...base, reviews: 3 }, { basis: "reviews", threshold: null }, now)).toBeNull();
    expect(cardBadge({ ...base, reviews: 0 }, { basis: "reviews", threshold: 0 }, now)).toBeNull();
  });
  it("never shows a discount that is not real", () => {
    expect(discountPercent(9000, 9000)).toBe(0);
    expect(discountPercent(9000, 8000)).toBe(0);
    expect(discountPercent(7500, 10000)).toBe(25);
  });
});

describe("shuffle", () => {
  it("changes the seed every 20 minutes", () => {
    const t = Date.parse("2026-11-23T12:00:00Z");
    expect(shuffleSeed(t)).toBe(shuffleSeed(t + 19 * 60_000));
    expect(shuffleSeed(t + 20 * 60_000)).toBe(shuffleSeed(t) + 1);
  });
  it("is a stable permutation for one seed", () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const a = seededShuffle(items, 42);
    expect(seededShuffle(items, 42)).toEqual(a);
    expect([...a].sort((x, y) => x - y)).toEqual(items);
    expect(a).not.toEqual(items);
    expect(seededShuffle(items, 43)).not.toEqual(a);
  });
});

describe("searchIsSendable", () => {
  it("holds back a one-character search", () => {
    expect(searchIsSendable("")).toBe(true);
    expect(searchIsSendable(" a ")).toBe(false);
    expect(searchIsSendable("ab")).toBe(true);
  });
});

describe("listingHref and listingApiQuery", () => {
  it("writes only what differs from the defaults, page 1 without a page parameter", () => {
    expect(listingHref(DEFAULT_FILTERS)).toBe("/products");
    expect(listingHref({ ...DEFAULT_FILTERS, search: " arduino " })).toBe("/products?search=arduino");
    expect(listingHref({ ...DEFAULT_FILTERS, sort: "price-low", minPrice: 2000 }, 3)).toBe("/products?page=3&sort=price-low&minPrice=2000");
  });

  it("round-trips through filtersFromParams", () => {
    const filters = { ...DEFAULT_FILTERS, category: "sensors", categories: ["tools", "cables"], maxPrice: 50_000, sort: "newest" as const };
    const href = listingHref(filters);
    const parsed = filtersFromParams(Object.fromEntries(new URL(href, "http://x").searchParams));
    expect(parsed).toEqual(filters);
  });

  it("asks the API for 20 from the offset with the sort and price bounds", () => {
    const q = listingApiQuery({ ...DEFAULT_FILTERS, sort: "price-high", minPrice: 1000, categories: ["a", "b"] }, 40);
    expect(Object.fromEntries(q)).toEqual({
      limit: "20",
      offset: "40",
      enriched: "true",
      categories: "a,b",
      minPrice: "1000",
      sortBy: "price",
      sortOrder: "desc",
    });
    expect(listingApiQuery(DEFAULT_FILTERS, 0).has("maxPrice")).toBe(false);
  });
});

describe("categoryWindow", () => {
  it("shows 4 from the start and wraps around the end", () => {
    const all = ["a", "b", "c", "d", "e", "f"];
    expect(categoryWindow(all, 0)).toEqual(["a", "b", "c", "d"]);
    expect(categoryWindow(all, 4)).toEqual(["e", "f", "a", "b"]);
    expect(categoryWindow(["a", "b"], 2)).toEqual(["a", "b"]);
  });
});

describe("forCard", () => {
  it("drops the description and keeps what a card and the cart use", () => {
    const card = forCard({ id: 1, description: "long text", price: 5, stock_quantity: 3 });
    expect(card).toEqual({ id: 1, description: "", price: 5, stock_quantity: 3 });
  });
});

describe("listingQuery: one mapping from the listing's filters to the catalogue query", () => {
  it("leaves the defaults out and never sends a one-character search", () => {
    expect(listingQuery(DEFAULT_FILTERS, 0)).toEqual({ limit: 20, offset: 0, enriched: true });
    expect(listingQuery({ ...DEFAULT_FILTERS, search: " a " }, 0).search).toBeUndefined();
    expect(listingQuery({ ...DEFAULT_FILTERS, search: " ab " }, 0).search).toBe("ab");
  });

  it("carries every filter, and the API query string is the same query", () => {
    const filters = {
      ...DEFAULT_FILTERS,
      category: "sensors",
      brand: "Bosch",
      categories: ["a", "b"],
      minPrice: 1000,
      maxPrice: 50_000,
      sort: "newest" as const,
    };
    const query = listingQuery(filters, 120);
    expect(query).toEqual({
      limit: 20,
      offset: 120,
      enriched: true,
      category: "sensors",
      brand: "Bosch",
      categories: ["a", "b"],
      minPrice: 1000,
      maxPrice: 50_000,
      sortBy: "created_at",
      sortOrder: "desc",
    });
    const params = Object.fromEntries(listingApiQuery(filters, 120));
    expect(params).toEqual({
      limit: "20",
      offset: "120",
      enriched: "true",
      category: "sensors",
      brand: "Bosch",
      categories: "a,b",
      minPrice: "1000",
      maxPrice: "50000",
      sortBy: "created_at",
      sortOrder: "desc",
    });
  });
});

describe("the price filter reaches the whole catalogue", () => {
  it("keeps an upper bound above TSh 100,000 and has none when the URL names none", () => {
    expect(filtersFromParams({ maxPrice: "5200000" }).maxPrice).toBe(5_200_000);
    expect(filtersFromParams({}).maxPrice).toBeNull();
    expect(listingApiQuery(DEFAULT_FILTERS, 0).has("maxPrice")).toBe(false);
    expect(listingApiQuery({ ...DEFAULT_FILTERS, minPrice: 150_000, maxPrice: 2_000_000 }, 0).toString()).toContain("maxPrice=2000000");
  });

  it("refuses absurd amounts rather than passing them on", () => {
    expect(filtersFromParams({ maxPrice: "99999999999999999999" }).maxPrice).toBeNull();
    expect(filtersFromParams({ minPrice: "300000", maxPrice: "1000" }).maxPrice).toBe(300_000);
  });
});
