/**
 * Turns a catalogue row into a SeedProduct: expands its variant definition and fills in the shop
 * statistics (discounts, stock, sales, listing age) from a PRNG seeded by the product
 * name, so the same row always gives the same product.
 */
import type { PrimaryValue, VariantConfig } from "@/lib/variants";
import { fnv1a, mulberry32 } from "@/lib/random";
import type { SeedProduct, SeedVariant } from "../types";
import type { Option, Row, VariantDef } from "./rows";
import { swahiliOptionLabels } from "../option-labels";

// ---------------------------------------------------------------------------------------------------
// Deterministic helpers
// ---------------------------------------------------------------------------------------------------

const SEED_SALT = 0x4b1c2025;

/** Rounds to 500 shillings below 100,000 and to 1,000 from there up (never below 500). */
function roundPrice(amount: number): number {
  const step = amount >= 100_000 ? 1000 : 500;
  return Math.max(500, Math.round(amount / step) * step);
}

const randInt = (rng: () => number, min: number, max: number): number => min + Math.floor(rng() * (max - min + 1));

function cartesian(lists: readonly (readonly string[])[]): string[][] {
  return lists.reduce<string[][]>((acc, list) => acc.flatMap((prefix) => list.map((v) => [...prefix, v])), [[]]);
}

/**
 * SKU fragment of one attribute value: "10k Ohm" → "10KR", "0.5m" → "0P5M", "Warm White" → "WW",
 * "Male-Female" → "MF" (multi-word names become initials; values starting with a digit are kept).
 */
function skuFragment(value: string): string {
  const text = value
    .replace(/\s*Ohm\b/gi, "R")
    .replace(/µ/g, "U")
    .replace(/²/g, "")
    .replace(/(\d)\.(\d)/g, "$1P$2");
  const words = text.split(/[\s-]+/).filter(Boolean);
  const code = words.length > 1 && !/^\d/.test(text) ? words.map((w) => w[0]).join("") : text;
  return (
    code
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, "")
      .slice(0, 8) || "X"
  );
}

// ---------------------------------------------------------------------------------------------------
// Variants
// ---------------------------------------------------------------------------------------------------

interface VariantDraft {
  attributes: Record<string, string>;
  price: number;
  multiValues?: Record<string, string[]>;
  primaryValues?: PrimaryValue[];
}

function expandVariants(def: VariantDef, base: number): { config: VariantConfig; drafts: VariantDraft[] } {
  switch (def.kind) {
    case "simple":
      return {
        config: { type: "simple", attributeOrder: [def.attribute] },
        drafts: def.options.map(([value, delta]) => ({
          attributes: { [def.attribute]: value },
          price: roundPrice(base + delta),
        })),
      };
    case "primary": {
      const primaryValues: PrimaryValue[] = def.options.map(([value, delta]) => ({
        attribute: def.attribute,
        value,
        price: roundPrice(base + delta),
      }));
      const multiNames = Object.keys(def.multi);
      const combos = cartesian(multiNames.map((name) => def.multi[name] ?? []));
      const drafts: VariantDraft[] = [];
      for (const pv of primaryValues) {
        for (const combo of combos) {
          const attributes: Record<string, string> = { [def.attribute]: pv.value };
          multiNames.forEach((name, i) => {
            attributes[name] = combo[i] ?? "";
          });
          drafts.push({
            attributes,
            price: pv.price,
            multiValues: Object.fromEntries(multiNames.map((name) => [name, [...(def.multi[name] ?? [])]])),
            primaryValues: primaryValues.map((p) => ({ ...p })),
          });
        }
      }
      return {
        config: { type: "primary-dependent", primaryAttribute: def.attribute, attributeOrder: [def.attribute, ...multiNames] },
        drafts,
      };
    }
    case "multi": {
      const names = def.axes.map((axis) => axis.attribute);
      let combos: Option[][] = [[]];
      for (const axis of def.axes) combos = combos.flatMap((prefix) => axis.options.map((opt) => [...prefix, opt]));
      const drafts = combos.map((combo) => {
        const price =
          def.combine === "add" ? base + combo.reduce((sum, [, delta]) => sum + delta, 0) : base * combo.reduce((product, [, factor]) => product * factor, 1);
        return {
          attributes: Object.fromEntries(combo.map(([value], i) => [names[i] ?? `Option ${i + 1}`, value])),
          price: roundPrice(price),
        };
      });
      return { config: { type: "multi-dependent", primaryAttributes: names, attributeOrder: names }, drafts };
    }
  }
}

/** The shop's long-running bestsellers: the most sales, and the most demo reviews. */
const BESTSELLERS = new Set([
  "Arduino Uno R3 Compatible Board (ATmega328P + CH340G) with USB Cable",
  "ESP32-WROOM-32 DevKit V1 WiFi + Bluetooth Board",
  "HC-SR04 Ultrasonic Distance Sensor",
  "Dupont Jumper Wires 40pcs M-M 20cm",
  "Breadboard 830 Points",
  "10k Ohm Carbon Film Resistor 1/4W (Pack of 100)",
  "SG90 Micro Servo 9g",
  "L298N Dual H-Bridge Motor Driver",
]);

type StockBand = "out" | "low" | "normal";

/** Typical shelf quantity: many cheap parts, few expensive machines. */
function stockCap(price: number): number {
  if (price < 10_000) return 400;
  if (price < 50_000) return 200;
  if (price < 200_000) return 80;
  if (price < 1_000_000) return 30;
  return 12;
}

function productStock(rng: () => number, band: StockBand, price: number): number {
  if (band === "out") return 0;
  if (band === "low") return randInt(rng, 1, 4);
  return Math.max(5, Math.round(5 + Math.pow(rng(), 1.6) * (stockCap(price) - 5)));
}

function variantStocks(rng: () => number, band: StockBand, count: number, price: number): number[] {
  const stocks = new Array<number>(count).fill(0);
  if (band === "out" || count === 0) return stocks;
  if (band === "low") {
    const total = randInt(rng, 1, 4);
    for (let i = 0; i < total; i++) {
      const idx = randInt(rng, 0, count - 1);
      stocks[idx] = (stocks[idx] ?? 0) + 1;
    }
    return stocks;
  }
  const perVariant = Math.max(6, Math.floor(stockCap(price) / count));
  for (let i = 0; i < count; i++) stocks[i] = rng() < 0.1 ? 0 : randInt(rng, 2, perVariant);
  const total = stocks.reduce((a, b) => a + b, 0);
  if (total < 5) stocks[0] = (stocks[0] ?? 0) + (5 - total);
  return stocks;
}

// ---------------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------------

/** The product of one row, listed in `categorySlug` under `sku`; identical on every call. */
export function buildProduct(row: Row, categorySlug: string, sku: string): SeedProduct {
  const [name, brand, basePrice, imageLabel, spec, variantDef] = row;
  const rng = mulberry32(fnv1a(name) ^ SEED_SALT);

  const description = spec.trim();

  const stockRoll = rng();
  const bestseller = BESTSELLERS.has(name);
  const band: StockBand = bestseller ? "normal" : stockRoll < 0.08 ? "out" : stockRoll < 0.18 ? "low" : "normal";

  let price = roundPrice(basePrice);
  let stock: number;
  let variantConfig: VariantConfig | undefined;
  let variants: SeedVariant[] | undefined;
  if (variantDef) {
    const { config, drafts } = expandVariants(variantDef, basePrice);
    const stocks = variantStocks(rng, band, drafts.length, basePrice);
    const used = new Set<string>();
    variants = drafts.map((draft, i) => {
      const order = config.attributeOrder ?? Object.keys(draft.attributes);
      let suffix = order.map((attr) => skuFragment(draft.attributes[attr] ?? "")).join("-");
      if (used.has(suffix)) suffix = `${suffix}-${i + 1}`;
      used.add(suffix);
      const variant: SeedVariant = {
        sku: `${sku}-${suffix}`,
        price: draft.price,
        stock: stocks[i] ?? 0,
        attributes: draft.attributes,
      };
      if (draft.multiValues) variant.multiValues = draft.multiValues;
      if (draft.primaryValues) variant.primaryValues = draft.primaryValues;
      return variant;
    });
    // the options' names and values as a Kiswahili page shows them (the ids keep the catalogue's words)
    const sw = swahiliOptionLabels(variants);
    variantConfig = sw ? { ...config, labels: { sw } } : config;
    price = Math.min(...variants.map((v) => v.price));
    stock = variants.reduce((sum, v) => sum + v.stock, 0);
  } else {
    stock = productStock(rng, band, price);
  }

  // About 30% carry a real 5–30% discount; the list price is rounded like every other price.
  let originalPrice = price;
  if (rng() < 0.3) {
    const step = price >= 100_000 ? 1000 : 500;
    let candidate = roundPrice(price * (1.05 + rng() * 0.25));
    if (candidate < price * 1.05) candidate += step;
    if (candidate <= price * 1.3 && candidate > price) originalPrice = candidate;
  }

  const freeDelivery = rng() < (price >= 200_000 ? 0.5 : 0.2);
  const sameDayDelivery = rng() < 0.4;

  // Two draws once made a made-up rating (ratings now come from review rows, src/seed/demo-reviews.ts);
  // they stay so every later number of the demo catalogue (listing age, sales) is what it was.
  if (rng() < 0.06) randInt(rng, 0, 4);
  else rng();

  const newRoll = rng();
  const listedDaysAgo = bestseller ? randInt(rng, 400, 720) : newRoll < 0.07 ? randInt(rng, 0, 14) : randInt(rng, 15, 720);

  // Sales: bestsellers a few thousand; new listings and a few others a handful; the rest spread
  // log-uniform (a popularity once drawn as a review count, times a sales factor).
  const popularityRoll = rng();
  let popularity: number;
  if (bestseller) popularity = randInt(rng, 1000, 2500);
  else if (listedDaysAgo <= 14 || popularityRoll < 0.05) popularity = randInt(rng, 1, 10);
  else popularity = Math.round(Math.exp(Math.log(11) + rng() * (Math.log(1000) - Math.log(11))));

  const salesFactor = popularity > 1000 ? 1.3 + rng() * 0.7 : 1.5 + rng() * 2.5;
  const salesCount = Math.min(5000, Math.round(popularity * salesFactor) + randInt(rng, 0, 15));

  const product: SeedProduct = {
    name,
    categorySlug,
    brand,
    sku,
    description,
    price,
    originalPrice,
    stock,
    freeDelivery,
    sameDayDelivery,
    salesCount,
    listedDaysAgo,
    imageLabel,
  };
  if (variantConfig && variants) {
    product.variantConfig = variantConfig;
    product.variants = variants;
  }
  return product;
}
