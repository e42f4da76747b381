import { TZS_TO_USD, type Currency } from "./money";

/**
 * The price filter's scale: steps that grow with the price, fine where most parts cost little and
 * coarse among the dear ones, so one thumb can reach TSh 2,000 and TSh 5,000,000 alike. Each band
 * is [up to, step] in shillings.
 */
const BANDS: readonly (readonly [number, number])[] = [
  [10_000, 500],
  [50_000, 1_000],
  [200_000, 5_000],
  [1_000_000, 10_000],
  [5_000_000, 50_000],
  [Number.POSITIVE_INFINITY, 100_000],
];

/** The stops from 0 up to the first one at or above `ceiling` (the dearest price the filter must reach). */
export function priceStops(ceiling: number): number[] {
  const stops = [0];
  let price = 0;
  const top = Math.max(0, ceiling);
  while (price < top) {
    const step = BANDS.find(([upTo]) => price < upTo)![1];
    price += step;
    stops.push(price);
  }
  return stops;
}

/** The position on the scale of a price: the last stop not above it (0 for anything below the scale). */
export function stopIndex(stops: readonly number[], price: number): number {
  let index = 0;
  for (let i = 0; i < stops.length; i++) if (stops[i]! <= price) index = i;
  return index;
}

/** A shilling amount as the number a shopper types in the chosen currency (dollars with cents). */
export function amountInCurrency(tzs: number, currency: Currency): number {
  return currency === "USD" ? Math.round(tzs * TZS_TO_USD * 100) / 100 : tzs;
}

/** What a typed amount in the chosen currency is in whole shillings; null for anything not a non-negative number. */
export function shillingsFromInput(text: string, currency: Currency): number | null {
  const cleaned = text.replace(/[,\s]/g, "");
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  const amount = Number(cleaned);
  return Math.round(currency === "USD" ? amount / TZS_TO_USD : amount);
}
