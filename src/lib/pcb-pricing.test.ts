import { describe, expect, it } from "vitest";
import { DEFAULT_PCB_SPEC, pcbPrice, quantityPercentOff, type PcbPricing } from "./pcb-pricing";
import { DEFAULT_SITE_SETTINGS, siteSettingsSchema } from "./site-settings";

/** Round numbers, so every expected figure below can be checked by hand. */
const PRICING: PcbPricing = {
  setupFee: 20_000,
  pricePerCm2: { "1": 50, "2": 100, "4": 200, "6": 400 },
  quantityBreaks: [
    { minQuantity: 10, percentOff: 5 },
    { minQuantity: 100, percentOff: 20 },
  ],
  thickness: { "0.8": 110, "1.0": 100, "1.2": 100, "1.6": 100, "2.0": 120 },
  finish: { hasl: 100, "hasl-lead-free": 110, enig: 150 },
  colour: { green: 100, black: 110, blue: 110, red: 110, white: 110, yellow: 110 },
  minimumOrder: 25_000,
};

describe("pcbPrice", () => {
  it("is the setup fee plus area × price per cm² × quantity for plain green HASL 1.6 mm boards", () => {
    // 100 × 50 mm = 50 cm²; 2 layers at 100 = 5,000 a board; 5 boards = 25,000; no discount under 10
    const price = pcbPrice(PRICING, { ...DEFAULT_PCB_SPEC, widthMm: 100, heightMm: 50, layers: 2, quantity: 5 })!;
    expect(price).toEqual({ areaCm2: 50, boards: 25_000, percentOff: 0, setupFee: 20_000, total: 45_000, minimumApplied: false });
  });

  it("follows the layer count and the quantity breaks", () => {
    const base = { ...DEFAULT_PCB_SPEC, widthMm: 100, heightMm: 100, quantity: 10 };
    // 100 cm² × 10 boards = 1,000 cm²; 5 % off from 10 boards
    expect(pcbPrice(PRICING, { ...base, layers: 1 })!.total).toBe(20_000 + 50_000 * 0.95);
    expect(pcbPrice(PRICING, { ...base, layers: 4 })!.total).toBe(20_000 + 200_000 * 0.95);
    expect(pcbPrice(PRICING, { ...base, layers: 6 })!.total).toBe(20_000 + 400_000 * 0.95);
    // 100 boards reach the 20 % break
    expect(pcbPrice(PRICING, { ...base, layers: 2, quantity: 100 })!).toMatchObject({ percentOff: 20, total: 20_000 + 1_000_000 * 0.8 });
  });

  it("multiplies the boards (not the setup fee) by thickness, finish and colour", () => {
    const spec = { ...DEFAULT_PCB_SPEC, widthMm: 100, heightMm: 100, layers: 2 as const, quantity: 1 };
    // one board: 10,000; 2.0 mm ×1.2, ENIG ×1.5, black ×1.1 → 19,800
    expect(pcbPrice(PRICING, { ...spec, thickness: "2.0", finish: "enig", colour: "black" })!.total).toBe(20_000 + 19_800);
    expect(pcbPrice(PRICING, { ...spec, finish: "hasl-lead-free" })!.total).toBe(20_000 + 11_000);
  });

  it("rounds up to a whole shilling and never goes below the minimum order", () => {
    // 12 × 13 mm = 1.56 cm² × 100 = 156 a board, ×1.1 (0.8 mm) = 171.6 → 172 with the setup fee below the minimum
    const small = pcbPrice(PRICING, { ...DEFAULT_PCB_SPEC, widthMm: 12, heightMm: 13, layers: 2, quantity: 1, thickness: "0.8" })!;
    expect(small.total).toBe(25_000);
    expect(small.minimumApplied).toBe(true);
    const odd = pcbPrice({ ...PRICING, minimumOrder: 0 }, { ...DEFAULT_PCB_SPEC, widthMm: 12, heightMm: 13, layers: 2, quantity: 1, thickness: "0.8" })!;
    expect(odd.total).toBe(20_172);
    expect(Number.isInteger(odd.total)).toBe(true);
  });

  it("refuses sizes, quantities and options outside the accepted ranges", () => {
    expect(pcbPrice(PRICING, { ...DEFAULT_PCB_SPEC, widthMm: 4 })).toBeNull();
    expect(pcbPrice(PRICING, { ...DEFAULT_PCB_SPEC, heightMm: 501 })).toBeNull();
    expect(pcbPrice(PRICING, { ...DEFAULT_PCB_SPEC, widthMm: Number.NaN })).toBeNull();
    expect(pcbPrice(PRICING, { ...DEFAULT_PCB_SPEC, quantity: 0 })).toBeNull();
    expect(pcbPrice(PRICING, { ...DEFAULT_PCB_SPEC, quantity: 2.5 })).toBeNull();
    expect(pcbPrice(PRICING, { ...DEFAULT_PCB_SPEC, layers: 3 as never })).toBeNull();
    expect(pcbPrice(PRICING, { ...DEFAULT_PCB_SPEC, finish: "osp" as never })).toBeNull();
  });

  it("takes the highest break reached", () => {
    expect(quantityPercentOff(PRICING, 9)).toBe(0);
    expect(quantityPercentOff(PRICING, 10)).toBe(5);
    expect(quantityPercentOff(PRICING, 99)).toBe(5);
    expect(quantityPercentOff(PRICING, 5000)).toBe(20);
  });

  it("works with the shop's default settings, which satisfy their schema", () => {
    expect(siteSettingsSchema.safeParse(DEFAULT_SITE_SETTINGS).success).toBe(true);
    const price = pcbPrice(DEFAULT_SITE_SETTINGS.pcbPricing, DEFAULT_PCB_SPEC)!;
    expect(price.total).toBeGreaterThanOrEqual(DEFAULT_SITE_SETTINGS.pcbPricing.minimumOrder);
    const more = pcbPrice(DEFAULT_SITE_SETTINGS.pcbPricing, { ...DEFAULT_PCB_SPEC, layers: 4, quantity: 50 })!;
    expect(more.total).toBeGreaterThan(price.total);
  });
});
