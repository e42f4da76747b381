import { describe, expect, it } from "vitest";
import { cardBadge } from "./listing";
import { shownWasPrice, wasPriceAfterPriceChange, wasPriceForChoice } from "./was-price";

describe("shownWasPrice", () => {
  it("shows a 'was' price only above the price, with the rounded percent off", () => {
    expect(shownWasPrice(6_000, 6_500)).toEqual({ was: 6_500, percent: 8 });
    expect(shownWasPrice(9_000, 10_000)).toEqual({ was: 10_000, percent: 10 });
  });

  it("shows none at, below or barely above the price (a 0 % discount is no deal)", () => {
    expect(shownWasPrice(6_000, 6_000)).toBeNull();
    expect(shownWasPrice(11_500, 6_500)).toBeNull();
    expect(shownWasPrice(10_000, 0)).toBeNull();
    expect(shownWasPrice(100_000, 100_400)).toBeNull();
  });

  it("never makes one up: a product with no 'was' price shows none, first card or not (no '1.2 times the price')", () => {
    for (const price of [1_000, 6_500, 1_050_000]) {
      expect(shownWasPrice(price, price)).toBeNull();
      expect(cardBadge({ reviews: 10, sales_count: 0, price, original_price: price, free_delivery: false, created_at: "2020-01-01T00:00:00Z" })).toBeNull();
    }
  });
});

describe("wasPriceAfterPriceChange", () => {
  it("never raises the 'was' price with the price: a raise leaves the product without one", () => {
    // no deal (stored as the price), raised: still none, so a cut back later shows no discount
    expect(wasPriceAfterPriceChange({ price: 10_000, originalPrice: 10_000 }, 12_000)).toBe(12_000);
    expect(wasPriceAfterPriceChange({ price: 12_000, originalPrice: 12_000 }, 10_000)).toBe(10_000);
  });

  it("keeps the 'was' price in force while it stays above the new price", () => {
    expect(wasPriceAfterPriceChange({ price: 8_000, originalPrice: 10_000 }, 7_000)).toBe(10_000);
    expect(wasPriceAfterPriceChange({ price: 8_000, originalPrice: 10_000 }, 9_500)).toBe(10_000);
  });

  it("drops it once the price reaches it, so it never comes back by itself with a later cut", () => {
    expect(wasPriceAfterPriceChange({ price: 8_000, originalPrice: 10_000 }, 10_000)).toBe(10_000);
    expect(wasPriceAfterPriceChange({ price: 8_000, originalPrice: 10_000 }, 11_000)).toBe(11_000);
    const raised = wasPriceAfterPriceChange({ price: 8_000, originalPrice: 10_000 }, 11_000);
    expect(wasPriceAfterPriceChange({ price: 11_000, originalPrice: raised }, 8_000)).toBe(8_000);
  });

  it("does not resurrect a stored value that was not in force (an old row's 'was' equal to the price)", () => {
    expect(wasPriceAfterPriceChange({ price: 10_000, originalPrice: 10_000 }, 8_000)).toBe(8_000);
    expect(wasPriceAfterPriceChange({ price: 10_000, originalPrice: 9_000 }, 8_000)).toBe(8_000);
  });
});

describe("wasPriceForChoice (the product page)", () => {
  const product = { price: 6_000, originalPrice: 6_500 };

  it("shows the product's 'was' price against its own price before any option is chosen", () => {
    expect(wasPriceForChoice({ ...product, shownPrice: 6_000, chosen: false })).toEqual({ was: 6_500, percent: 8 });
  });

  it("shows none once an option is chosen, even when the choice costs more than the 'was' price", () => {
    // "Kuanzia TSh 11,500 ~~TSh 6,500~~ Punguzo 8%" must not happen
    expect(wasPriceForChoice({ ...product, shownPrice: 11_500, chosen: true })).toBeNull();
    // nor for the cheapest option itself: options carry no 'was' price of their own
    expect(wasPriceForChoice({ ...product, shownPrice: 6_000, chosen: true })).toBeNull();
  });

  it("shows none when the price shown is not the product's own", () => {
    expect(wasPriceForChoice({ ...product, shownPrice: 6_200, chosen: false })).toBeNull();
  });

  it("shows none for a product without a real discount", () => {
    expect(wasPriceForChoice({ price: 6_000, originalPrice: 6_000, shownPrice: 6_000, chosen: false })).toBeNull();
  });
});
