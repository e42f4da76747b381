import type { SiteSettings } from "./site-settings";

export type PcbPricing = SiteSettings["pcbPricing"];

export const PCB_LAYERS = [1, 2, 4, 6] as const;
export type PcbLayers = (typeof PCB_LAYERS)[number];
export const PCB_THICKNESSES = ["0.8", "1.0", "1.2", "1.6", "2.0"] as const;
export type PcbThickness = (typeof PCB_THICKNESSES)[number];
export const PCB_FINISHES = ["hasl", "hasl-lead-free", "enig"] as const;
export type PcbFinish = (typeof PCB_FINISHES)[number];
export const PCB_COLOURS = ["green", "black", "blue", "red", "white", "yellow"] as const;
export type PcbColour = (typeof PCB_COLOURS)[number];

/** The board sizes and quantities the form and the price accept. */
export const PCB_LIMITS = { minMm: 5, maxMm: 500, minQuantity: 1, maxQuantity: 10_000 } as const;

/** What the price depends on: one board's size in millimetres, and the order's options. */
export interface PcbSpec {
  widthMm: number;
  heightMm: number;
  layers: PcbLayers;
  quantity: number;
  thickness: PcbThickness;
  finish: PcbFinish;
  colour: PcbColour;
}

export const DEFAULT_PCB_SPEC: PcbSpec = { widthMm: 50, heightMm: 50, layers: 2, quantity: 10, thickness: "1.6", finish: "hasl", colour: "green" };

export interface PcbPrice {
  /** one board's area, cm², to two decimals */
  areaCm2: number;
  /** the boards before options and discount: area × price per cm² for the layers × quantity */
  boards: number;
  /** the quantity discount reached, percent */
  percentOff: number;
  setupFee: number;
  /** the whole order, whole shillings, VAT included; at least the minimum order */
  total: number;
  /** true when the minimum order raised the total */
  minimumApplied: boolean;
}

/** Whether a spec is one the price and the shop accept (sizes and quantity in range, known options). */
export function isValidPcbSpec(spec: PcbSpec): boolean {
  const { minMm, maxMm, minQuantity, maxQuantity } = PCB_LIMITS;
  const size = (n: number) => Number.isFinite(n) && n >= minMm && n <= maxMm;
  return (
    size(spec.widthMm) &&
    size(spec.heightMm) &&
    Number.isInteger(spec.quantity) &&
    spec.quantity >= minQuantity &&
    spec.quantity <= maxQuantity &&
    (PCB_LAYERS as readonly number[]).includes(spec.layers) &&
    (PCB_THICKNESSES as readonly string[]).includes(spec.thickness) &&
    (PCB_FINISHES as readonly string[]).includes(spec.finish) &&
    (PCB_COLOURS as readonly string[]).includes(spec.colour)
  );
}

/** The highest quantity break the quantity reaches, percent off (0 below the first). */
export function quantityPercentOff(pricing: PcbPricing, quantity: number): number {
  let best = 0;
  for (const step of pricing.quantityBreaks) if (quantity >= step.minQuantity && step.percentOff > best) best = step.percentOff;
  return best;
}

/**
 * The indicative price of a PCB order, the one formula the page (as the shopper types) and the
 * server (stored with the request) both use:
 *
 *   boards = width × height / 100 (cm²) × pricePerCm2[layers] × quantity
 *   total  = setupFee + boards × thickness% × finish% × colour% × (100 − quantity discount)%
 *
 * rounded up to a whole shilling and never below `minimumOrder`. Prices are VAT-inclusive like every
 * price of the shop. Null for a spec outside the accepted ranges. It is indicative: the shop's
 * final quote follows a review of the files.
 */
export function pcbPrice(pricing: PcbPricing, spec: PcbSpec): PcbPrice | null {
  if (!isValidPcbSpec(spec)) return null;
  const areaCm2 = (spec.widthMm * spec.heightMm) / 100;
  const boards = areaCm2 * pricing.pricePerCm2[String(spec.layers) as keyof PcbPricing["pricePerCm2"]] * spec.quantity;
  const percentOff = quantityPercentOff(pricing, spec.quantity);
  const factor = (pricing.thickness[spec.thickness] / 100) * (pricing.finish[spec.finish] / 100) * (pricing.colour[spec.colour] / 100);
  // integer arithmetic would lose nothing here, but floating error could push x.000001 up a shilling
  const raw = pricing.setupFee + boards * factor * ((100 - percentOff) / 100);
  const rounded = Math.ceil(Math.round(raw * 1000) / 1000);
  const total = Math.max(pricing.minimumOrder, rounded);
  return {
    areaCm2: Math.round(areaCm2 * 100) / 100,
    boards: Math.ceil(Math.round(boards * 1000) / 1000),
    percentOff,
    setupFee: pricing.setupFee,
    total,
    minimumApplied: total > rounded,
  };
}
