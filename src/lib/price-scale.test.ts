import { describe, expect, it } from "vitest";
import { amountInCurrency, priceStops, shillingsFromInput, stopIndex } from "./price-scale";

describe("the price filter's scale", () => {
  it("reaches the dearest product with steps that grow with the price", () => {
    const stops = priceStops(5_200_000);
    expect(stops[0]).toBe(0);
    expect(stops.at(-1)).toBe(5_200_000);
    expect(stops.slice(0, 4)).toEqual([0, 500, 1_000, 1_500]);
    expect(stops).toContain(10_000);
    expect(stops).toContain(49_000);
    expect(stops).toContain(55_000);
    expect(stops).toContain(210_000);
    expect(stops).toContain(1_050_000);
    // a slider a thumb can use: a few hundred positions, not ten thousand
    expect(stops.length).toBeLessThan(300);
    for (let i = 1; i < stops.length; i++) expect(stops[i]! - stops[i - 1]!).toBeGreaterThanOrEqual(stops[i - 1]! >= 10_000 ? 1_000 : 500);
  });

  it("ends at the first stop at or above the ceiling", () => {
    expect(priceStops(99_999).at(-1)).toBe(100_000);
    expect(priceStops(0)).toEqual([0]);
  });

  it("places a price on its stop", () => {
    const stops = priceStops(100_000);
    expect(stops[stopIndex(stops, 0)]).toBe(0);
    expect(stops[stopIndex(stops, 12_345)]).toBe(12_000);
    expect(stops[stopIndex(stops, 10_000_000)]).toBe(100_000);
  });

  it("shows and reads amounts in the chosen currency", () => {
    expect(amountInCurrency(25_000, "TZS")).toBe(25_000);
    expect(amountInCurrency(25_000, "USD")).toBe(10);
    expect(shillingsFromInput("10", "USD")).toBe(25_000);
    expect(shillingsFromInput("12.50", "USD")).toBe(31_250);
    expect(shillingsFromInput("1,500,000", "TZS")).toBe(1_500_000);
    expect(shillingsFromInput("-5", "TZS")).toBeNull();
    expect(shillingsFromInput("abc", "TZS")).toBeNull();
  });
});
