import { describe, expect, it } from "vitest";
import { DEFAULT_VARIANT_ID, defaultVariant, lowestVariantPrice, optionText, variantCombinationId, priceOfChoice, variantsMatching } from "./variants";

describe("variantCombinationId", () => {
  it("orders by attributeOrder first", () => {
    const id = variantCombinationId({ Gauge: "22AWG", Length: "1m" }, { type: "multi-dependent", attributeOrder: ["Length", "Gauge"] });
    expect(id).toBe("Length:1m-Gauge:22AWG");
  });
  it("falls back to primaryAttributes, then primaryAttribute, then names sorted", () => {
    const attrs = { Color: "Red", Pack: "10 pcs" };
    expect(variantCombinationId(attrs, { type: "multi-dependent", primaryAttributes: ["Pack", "Color"] })).toBe("Pack:10 pcs-Color:Red");
    expect(variantCombinationId(attrs, { type: "primary-dependent", primaryAttribute: "Pack" })).toBe("Pack:10 pcs-Color:Red");
    expect(variantCombinationId(attrs, null)).toBe("Color:Red-Pack:10 pcs");
  });
  it("ignores _raw keys and gives the default id without attributes", () => {
    expect(variantCombinationId({}, null)).toBe(DEFAULT_VARIANT_ID);
    expect(variantCombinationId(undefined)).toBe(DEFAULT_VARIANT_ID);
    expect(variantCombinationId({ Color_raw: "x", Color: "Blue" })).toBe("Color:Blue");
  });
});

describe("lowestVariantPrice", () => {
  it("picks the lowest price, or the fallback without variants", () => {
    expect(lowestVariantPrice([{ price: 3000 }, { price: 1500 }, { price: 2000 }], 9999)).toBe(1500);
    expect(lowestVariantPrice([], 9999)).toBe(9999);
    expect(lowestVariantPrice(undefined, 42)).toBe(42);
  });
});

describe("defaultVariant", () => {
  it("picks the cheapest option in stock, the first of equal prices", () => {
    const a = { id: "a", price: 1500, stock: 0 };
    const b = { id: "b", price: 2000, stock: 4 };
    const c = { id: "c", price: 2000, stock: 9 };
    const d = { id: "d", price: 3000, stock: 1 };
    expect(defaultVariant([d, a, b, c])).toBe(b);
  });
  it("falls back to the cheapest when none is in stock, and to null without options", () => {
    expect(
      defaultVariant([
        { price: 3, stock: 0 },
        { price: 2, stock: 0 },
      ]),
    ).toEqual({ price: 2, stock: 0 });
    expect(defaultVariant([])).toBeNull();
    expect(defaultVariant(undefined)).toBeNull();
  });
});

describe("the price a partial choice decides", () => {
  const pack = (size: string, colour: string, price: number) => ({ attributes: { Pack: size, Colour: colour }, price, stock: 5 });
  const variants = [pack("1", "red", 2500), pack("1", "blue", 2500), pack("10", "red", 20000), pack("10", "blue", 20000)];

  it("is exact once the attribute that decides it is chosen, whatever the others", () => {
    expect(priceOfChoice(variantsMatching(variants, { Pack: "10" }))).toEqual({ price: 20000, exact: true });
    expect(priceOfChoice(variantsMatching(variants, { Pack: "1" }))).toEqual({ price: 2500, exact: true });
  });

  it("is a 'from' price while the choice still leaves prices open", () => {
    expect(priceOfChoice(variantsMatching(variants, {}))).toEqual({ price: 2500, exact: false });
    expect(priceOfChoice(variantsMatching(variants, { Colour: "red" }))).toEqual({ price: 2500, exact: false });
  });

  it("has no price for a combination no option has", () => {
    expect(variantsMatching([pack("1", "red", 2500)], { Pack: "1", Colour: "blue" })).toEqual([]);
    expect(priceOfChoice([])).toBeNull();
  });
});

describe("the chosen option in words", () => {
  it("names each attribute with its value, as the cart and the order show them", () => {
    expect(optionText({ Colour: "Red", Pack: "10" })).toBe("Colour: Red, Pack: 10");
  });

  it("leaves out the `_raw` attributes and empty values; a product without options has none", () => {
    expect(optionText({ Resistance: "10kΩ", Resistance_raw: "10000", Tolerance: "" })).toBe("Resistance: 10kΩ");
    expect(optionText({})).toBe("");
    expect(optionText(null)).toBe("");
  });
});
