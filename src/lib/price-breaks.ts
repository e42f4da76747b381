/**
 * Prices by quantity. A product (or one of its options) may have price breaks: from `minQuantity`
 * units on, each unit costs `price` (VAT-inclusive whole shillings; a unit is a pack where the
 * product is sold in packs). The one-unit price stays the product's (or option's) own price.
 *
 * The shop also has quantity discounts for everything (`bulkPricingTiers` in the settings: from a
 * quantity, a percent off). The two never stack: a line whose product (or option) has breaks of
 * its own is priced by them, any other line by the shop's tiers, and the cart says which.
 *
 * One rule for the server (cart, checkout, orders, BOM matching) and the pages (the ladder on the
 * product page, "add 3 more for TSh 2,600 each" in the cart).
 */

export interface PriceBreak {
  minQuantity: number;
  price: number;
}

/** A shop-wide quantity discount, as the settings hold it. */
export interface ShopTier {
  minQuantity: number;
  percentOff: number;
}

/** Whose quantity prices a line follows: its product's own breaks, the shop's tiers, or none (the one-unit price). */
export type PriceSource = "product" | "shop" | "none";

/** The prices by quantity that apply to a line: the first step is always 1 unit at the one-unit price. */
export interface PriceLadder {
  source: PriceSource;
  steps: PriceBreak[];
}

/** A price break row as stored: `variantId` null applies to every option without breaks of its own. */
export interface StoredPriceBreak extends PriceBreak {
  variantId: number | null;
}

/** The most breaks one ladder may have (beside its one-unit price). */
export const PRICE_BREAKS_MAX = 10;
/** The largest quantity a break may start at. */
export const PRICE_BREAK_QUANTITY_MAX = 1_000_000;
/** The largest price a break may have (the products' own limit). */
export const PRICE_BREAK_PRICE_MAX = 2_000_000_000;
/** The largest number of pieces one unit sold may hold. */
export const PACK_SIZE_MAX = 1_000_000;

const byQuantity = (a: PriceBreak, b: PriceBreak) => a.minQuantity - b.minQuantity;

/**
 * The breaks that can apply at a one-unit price, by quantity: each cheaper than the one-unit price
 * and than every smaller break. A stored ladder is checked when it is written, but the one-unit
 * price may change after it (or, for breaks shared by options, differ per option): a break that
 * would not lower the price is skipped, so a break never raises a price.
 */
export function usableBreaks(unitPrice: number, breaks: readonly PriceBreak[]): PriceBreak[] {
  const out: PriceBreak[] = [];
  let floor = unitPrice;
  for (const b of [...breaks].sort(byQuantity)) {
    if (b.minQuantity < 2 || b.price >= floor) continue;
    if (out.length && out[out.length - 1]!.minQuantity === b.minQuantity) continue;
    out.push({ minQuantity: b.minQuantity, price: b.price });
    floor = b.price;
  }
  return out;
}

/** A percentage off a price, in whole shillings (half a shilling rounds up, like every price here). */
export function percentOffPrice(unitPrice: number, percentOff: number): number {
  // percents are kept to two decimals (7.5 %): in basis points the arithmetic stays exact
  const bp = Math.round(percentOff * 100);
  return Math.round((unitPrice * (10_000 - bp)) / 10_000);
}

/** The shop's tiers as prices for a one-unit price (tiers that round to no saving are left out). */
export function tierBreaks(unitPrice: number, tiers: readonly ShopTier[]): PriceBreak[] {
  return usableBreaks(
    unitPrice,
    tiers.filter((t) => t.percentOff > 0).map((t) => ({ minQuantity: t.minQuantity, price: percentOffPrice(unitPrice, t.percentOff) })),
  );
}

/**
 * The ladder a line follows: the product's (or option's) own breaks where it has any, otherwise
 * the shop's tiers, never both. `own` are the breaks that apply to this option (see `breaksFor`).
 */
export function priceLadder(unitPrice: number, own: readonly PriceBreak[], tiers: readonly ShopTier[]): PriceLadder {
  const first = { minQuantity: 1, price: unitPrice };
  if (own.length) return { source: "product", steps: [first, ...usableBreaks(unitPrice, own)] };
  const shop = tierBreaks(unitPrice, tiers);
  return shop.length ? { source: "shop", steps: [first, ...shop] } : { source: "none", steps: [first] };
}

/** The price of each unit when `quantity` units are bought. */
export function unitPriceAt(ladder: PriceLadder, quantity: number): number {
  let price = ladder.steps[0]?.price ?? 0;
  for (const step of ladder.steps) if (quantity >= step.minQuantity) price = step.price;
  return price;
}

/** The step `quantity` units are priced at (its index in the ladder's steps). */
export function stepAt(ladder: PriceLadder, quantity: number): number {
  let index = 0;
  ladder.steps.forEach((step, i) => {
    if (quantity >= step.minQuantity) index = i;
  });
  return index;
}

/** The next cheaper step above `quantity`: how many more units reach it, and its price ("add 3 more for TSh 2,600 each"). */
export function nextBreak(ladder: PriceLadder, quantity: number): { more: number; minQuantity: number; price: number } | null {
  const next = ladder.steps.find((step) => step.minQuantity > quantity);
  return next ? { more: next.minQuantity - quantity, minQuantity: next.minQuantity, price: next.price } : null;
}

/**
 * The breaks of one option among a product's stored rows: the option's own when it has any,
 * otherwise the product's shared ones (variantId null). `variantId` null asks for the shared ones.
 */
export function breaksFor(rows: readonly StoredPriceBreak[], variantId: number | null): PriceBreak[] {
  const own = variantId === null ? [] : rows.filter((r) => r.variantId === variantId);
  const chosen = own.length ? own : rows.filter((r) => r.variantId === null);
  return chosen.map((r) => ({ minQuantity: r.minQuantity, price: r.price })).sort(byQuantity);
}

export type LadderProblem =
  /** a quantity that is not a whole number from 2 to PRICE_BREAK_QUANTITY_MAX */
  | "quantity"
  /** the same quantity twice */
  | "duplicate"
  /** a price that is not a whole number of shillings above 0 */
  | "price"
  /** a price at or above the one-unit price */
  | "notBelowUnitPrice"
  /** a price not below the price of a smaller quantity */
  | "notDecreasing"
  /** more than PRICE_BREAKS_MAX breaks */
  | "tooMany";

export type LadderCheck = { ok: true; breaks: PriceBreak[] } | { ok: false; problem: LadderProblem; index: number };

/**
 * Checks a ladder an admin enters (the product form, the CSV): whole-number quantities from 2,
 * each once; whole-shilling prices below the one-unit price, each lower than the one for a smaller
 * quantity. The breaks may come in any order; the answer has them by quantity. A problem names the
 * break (its index as given) it was found at.
 */
export function checkLadder(unitPrice: number, breaks: readonly PriceBreak[]): LadderCheck {
  if (breaks.length > PRICE_BREAKS_MAX) return { ok: false, problem: "tooMany", index: PRICE_BREAKS_MAX };
  for (const [index, b] of breaks.entries()) {
    if (!Number.isInteger(b.minQuantity) || b.minQuantity < 2 || b.minQuantity > PRICE_BREAK_QUANTITY_MAX) return { ok: false, problem: "quantity", index };
    if (!Number.isInteger(b.price) || b.price < 1 || b.price > PRICE_BREAK_PRICE_MAX) return { ok: false, problem: "price", index };
    if (b.price >= unitPrice) return { ok: false, problem: "notBelowUnitPrice", index };
  }
  const order = breaks.map((b, index) => ({ ...b, index })).sort(byQuantity);
  for (let i = 1; i < order.length; i++) {
    const [before, at] = [order[i - 1]!, order[i]!];
    if (at.minQuantity === before.minQuantity) return { ok: false, problem: "duplicate", index: at.index };
    if (at.price >= before.price) return { ok: false, problem: "notDecreasing", index: at.index };
  }
  return { ok: true, breaks: order.map((b) => ({ minQuantity: b.minQuantity, price: b.price })) };
}

/** The ladder as one CSV cell: "10:2600;100:2200" (empty for none). */
export function formatLadder(breaks: readonly PriceBreak[]): string {
  return [...breaks]
    .sort(byQuantity)
    .map((b) => `${b.minQuantity}:${b.price}`)
    .join(";");
}

/**
 * Reads a CSV cell written as "10:2600;100:2200" (spaces and a trailing ";" are fine, and so are
 * thousands separators in a price: "10:2,600"); empty is no breaks. Null when it cannot be read;
 * the values are checked by `checkLadder`.
 */
export function parseLadder(text: string): PriceBreak[] | null {
  const parts = text
    .split(";")
    .map((p) => p.trim())
    .filter(Boolean);
  const out: PriceBreak[] = [];
  for (const part of parts) {
    const match = /^(\d+)\s*\+?\s*[:=]\s*(\d{1,3}(?:[,\s]\d{3})+|\d+)$/.exec(part);
    if (!match) return null;
    out.push({ minQuantity: Number(match[1]), price: Number(match[2]!.replace(/[,\s]/g, "")) });
  }
  return out;
}

/** The pack size a product's name states ("Pack of 100", "100pcs", "Set of 10", "Pair"), or 1 (a kit's pieces are not a pack). */
export function packSizeFromName(name: string): number {
  const of = /\b(?:pack|set|bag|reel|box) of (\d{1,7})\b/i.exec(name);
  if (of) return Math.max(1, Number(of[1]));
  const pcs = /\b(\d{1,7})\s*(?:pcs|pieces|pc)\b/i.exec(name);
  if (pcs && !/assortment|kit/i.test(name)) return Math.max(1, Number(pcs[1]));
  if (/\bpair\b/i.test(name)) return 2;
  return 1;
}
