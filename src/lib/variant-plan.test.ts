import { describe, expect, it } from "vitest";
import { combinationsOf, planVariants, type VariantAxis } from "./variant-plan";

const rows = (axes: VariantAxis[], price: (attributes: Record<string, string>) => number = () => 1000) =>
  combinationsOf(axes).map((attributes, i) => ({ attributes, sku: `SKU-${i}`, price: price(attributes), stock: 3 }));

describe("variant plans", () => {
  it("gives every combination once, in the axes' order, with the combination id the cart uses", () => {
    const axes = [
      { name: "Length", values: ["1m", "2m"] },
      { name: "Gauge", values: ["22AWG", "24AWG"] },
    ];
    const plan = planVariants({ type: "multi-dependent", axes, variants: rows(axes) });
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.config).toEqual({ type: "multi-dependent", primaryAttributes: ["Length", "Gauge"], attributeOrder: ["Length", "Gauge"] });
    expect(plan.variants.map((v) => v.combinationId)).toEqual([
      "Length:1m-Gauge:22AWG",
      "Length:1m-Gauge:24AWG",
      "Length:2m-Gauge:22AWG",
      "Length:2m-Gauge:24AWG",
    ]);
  });

  it("prices primary-dependent options by the first attribute and lists the others as choices", () => {
    const axes = [
      { name: "Pack", values: ["10 pcs", "100 pcs"] },
      { name: "Colour", values: ["Red", "Blue"] },
    ];
    const priced = (a: Record<string, string>) => (a.Pack === "10 pcs" ? 500 : 4000);
    const plan = planVariants({ type: "primary-dependent", axes, variants: rows(axes, priced) });
    expect(plan.ok && plan.variants[0]).toMatchObject({
      combinationId: "Pack:10 pcs-Colour:Red",
      multiValues: { Colour: ["Red", "Blue"] },
      primaryValues: [
        { attribute: "Pack", value: "10 pcs", price: 500 },
        { attribute: "Pack", value: "100 pcs", price: 4000 },
      ],
    });
    // two prices for one pack size is not primary-dependent
    const mixed = rows(axes, priced);
    mixed[1]!.price = 600;
    expect(planVariants({ type: "primary-dependent", axes, variants: mixed })).toEqual({
      ok: false,
      problems: [{ path: "axes.0.values", problem: "primaryPrice" }],
    });
  });

  it("names every problem by where it is", () => {
    const axes = [{ name: "Size", values: ["S", "M"] }];
    const bad = rows(axes);
    bad[0]!.sku = "has space";
    bad[1]!.price = -1;
    expect(planVariants({ type: "simple", axes, variants: bad })).toEqual({
      ok: false,
      problems: [
        { path: "variants.0.sku", problem: "sku" },
        { path: "variants.1.price", problem: "price" },
      ],
    });
    expect(planVariants({ type: "simple", axes, variants: bad.slice(0, 1).map((r) => ({ ...r, sku: "A" })) })).toEqual({
      ok: false,
      problems: [{ path: "variants", problem: "missingCombination" }],
    });
    expect(planVariants({ type: "simple", axes: [...axes, { name: "size", values: ["x"] }], variants: [] }).ok).toBe(false);
    expect(planVariants({ type: "simple", axes: [{ name: "Si:ze", values: ["S"] }], variants: [] })).toEqual({
      ok: false,
      problems: [{ path: "axes.0.name", problem: "name" }],
    });
    const dup = rows(axes).map((r) => ({ ...r, sku: "SAME" }));
    expect(planVariants({ type: "simple", axes, variants: dup })).toEqual({ ok: false, problems: [{ path: "variants.1.sku", problem: "duplicateSku" }] });
    expect(planVariants({ type: "simple", axes, variants: [...rows(axes), { attributes: { Size: "XL" }, sku: "X", price: 1, stock: 1 }] })).toEqual({
      ok: false,
      problems: [{ path: "variants.2", problem: "unknownCombination" }],
    });
  });

  it("caps the combinations and takes no options for a product without them", () => {
    const many = [
      { name: "A", values: Array.from({ length: 20 }, (_, i) => `a${i}`) },
      { name: "B", values: Array.from({ length: 11 }, (_, i) => `b${i}`) },
    ];
    expect(planVariants({ type: "multi-dependent", axes: many, variants: [] })).toEqual({
      ok: false,
      problems: [{ path: "axes", problem: "tooManyCombinations" }],
    });
    expect(planVariants({ type: "none", axes: many, variants: [] })).toEqual({ ok: true, config: null, variants: [] });
  });
});
