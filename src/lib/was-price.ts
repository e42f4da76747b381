import { discountPercent } from "./listing";

/**
 * The "was" price of a product: an earlier price an admin chose to show struck through beside
 * the price. It is stored as `original_price`; a value equal to the price means there is none.
 * Shared by the server (what a change stores) and the pages (what a shopper sees).
 */

/** What a shopper sees beside a price: the "was" price and the percent off, or null when there is no real discount. */
export function shownWasPrice(price: number, originalPrice: number): { was: number; percent: number } | null {
  const percent = discountPercent(price, originalPrice);
  // a "was" price at or below the price, or one so close that the discount rounds to 0 %, is no deal
  return percent > 0 ? { was: originalPrice, percent } : null;
}

/** The "was" price in force for a stored pair: the value when it is above the price, else 0 (none). The history records this. */
export function wasPriceInForce(price: number, originalPrice: number): number {
  return originalPrice > price ? originalPrice : 0;
}

/**
 * The stored "was" price after a price change that does not name one. A price change never
 * makes a "was" price: the one in force (above the old price) stays while it is still above the
 * new price; otherwise the product has none (stored as the new price). So a raise never lifts
 * it, and a later cut back to the old price shows no discount that nobody set; and a "was"
 * price the price has caught up with is gone for good, rather than coming back unasked, stale,
 * with some later cut.
 */
export function wasPriceAfterPriceChange(before: { price: number; originalPrice: number }, newPrice: number): number {
  const inForce = before.originalPrice > before.price;
  return inForce && before.originalPrice > newPrice ? before.originalPrice : newPrice;
}

/**
 * The "was" price the product page shows for the shopper's choice of options. A product's "was"
 * price belongs to its own price, which for a product with options is the lowest of them (the
 * "from" price): so it is shown only before any option is chosen, and only against that same
 * price. Options carry no "was" price of their own: a choice (which shows that choice's price)
 * never shows another price's "was".
 */
export function wasPriceForChoice(options: {
  /** the price the page shows for the choice */
  shownPrice: number;
  /** the product's own price and "was" price */
  price: number;
  originalPrice: number;
  /** whether any option has been chosen */
  chosen: boolean;
}): { was: number; percent: number } | null {
  if (options.chosen || options.shownPrice !== options.price) return null;
  return shownWasPrice(options.shownPrice, options.originalPrice);
}
