import { describe, expect, it } from "vitest";
import {
  DEFAULT_VARIANT_ID,
  defaultVariant,
  labelsStillUsed,
  lowestVariantPrice,
  optionText,
  optionWords,
  variantCombinationId,
  priceOfChoice,
  variantsMatching,
  type VariantConfig,
} from "./variants";

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

describe("option labels", () => {
  const config: VariantConfig = {
    type: "primary-dependent",
    primaryAttribute: "Pack",
    attributeOrder: ["Pack", "Color"],
    labels: { sw: { Pack: { name: "Pakiti", values: { "1 pc": "Kipande 1" } }, Color: { values: { Black: "Nyeusi" } } } },
  };

  it("shows a language's words where the product has them, the stored words otherwise", () => {
    const sw = optionWords(config, "sw");
    expect([sw.name("Pack"), sw.value("Pack", "1 pc"), sw.value("Pack", "2 pcs")]).toEqual(["Pakiti", "Kipande 1", "2 pcs"]);
    expect([sw.name("Color"), sw.value("Color", "Black")]).toEqual(["Color", "Nyeusi"]);
    const en = optionWords(config, "en");
    expect([en.name("Pack"), en.value("Pack", "1 pc")]).toEqual(["Pack", "1 pc"]);
    expect(optionWords(null, "sw").value("Size", "10m")).toBe("10m");
  });

  it("never changes a combination id (the cart's variantId)", () => {
    expect(variantCombinationId({ Pack: "1 pc", Color: "Black" }, config)).toBe("Pack:1 pc-Color:Black");
  });

  it("keeps the labels of the attributes and values that remain when the options are replaced", () => {
    expect(labelsStillUsed(config.labels, [{ attributes: { Pack: "2 pcs", Color: "Black" } }])).toEqual({
      sw: { Pack: { name: "Pakiti" }, Color: { values: { Black: "Nyeusi" } } },
    });
    expect(labelsStillUsed(config.labels, [{ attributes: { Size: "10m" } }])).toBeUndefined();
    expect(labelsStillUsed(undefined, [{ attributes: { Pack: "1 pc" } }])).toBeUndefined();
  });
});
