import { looksLikeEmail } from "./auth-rules";
import { normaliseTanzanianMobile } from "./phone";

/**
 * "Notify me" and incoming stock: the rules the product page, the API and the admin's form share.
 * A stock alert goes by SMS or WhatsApp to a Tanzanian mobile number, or by e-mail; the incoming
 * stock a product carries is an expected quantity with its date, or "imported on demand" in weeks.
 */

export const STOCK_ALERT_CHANNELS = ["sms", "whatsapp", "email"] as const;
export type StockAlertChannel = (typeof STOCK_ALERT_CHANNELS)[number];

export const STOCK_ALERT_STATUSES = ["pending-confirmation", "waiting", "notified", "held", "expired", "cancelled"] as const;
export type StockAlertStatus = (typeof STOCK_ALERT_STATUSES)[number];

/** The bounds the database's CHECK (products_incoming) holds too. */
export const INCOMING_QUANTITY_MAX = 1_000_000;
export const ON_DEMAND_WEEKS_MAX = 104;

/** The contact an alert goes to, as stored: E.164 for a phone channel, a lower-case address for e-mail; null when it is not one. */
export function alertContact(channel: StockAlertChannel, raw: string): string | null {
  const value = raw.trim();
  if (channel === "email") return looksLikeEmail(value) ? value.toLowerCase() : null;
  return normaliseTanzanianMobile(value);
}

export interface IncomingStock {
  incomingQuantity: number | null;
  /** YYYY-MM-DD */
  incomingDate: string | null;
  onDemandWeeks: number | null;
}

/** What the admin may store: quantity and date both or neither, within bounds; the first problem's field, or null. */
export function incomingStockProblem(value: IncomingStock): keyof IncomingStock | null {
  const { incomingQuantity: quantity, incomingDate: date, onDemandWeeks: weeks } = value;
  if (quantity !== null && (!Number.isInteger(quantity) || quantity < 1 || quantity > INCOMING_QUANTITY_MAX)) return "incomingQuantity";
  if (date !== null && !isIsoDate(date)) return "incomingDate";
  if ((quantity === null) !== (date === null)) return quantity === null ? "incomingQuantity" : "incomingDate";
  if (weeks !== null && (!Number.isInteger(weeks) || weeks < 1 || weeks > ON_DEMAND_WEEKS_MAX)) return "onDemandWeeks";
  return null;
}

function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The product page's availability line, as facts the page words in its language. */
export interface AvailabilityLine {
  /** units a shopper can buy now (0: sold out) */
  inStock: number;
  /** stock on its way; `date` is null once the expected day has passed (it is not shown as a future date) */
  incoming: { quantity: number; date: string | null } | null;
  /** "imported on demand: about N weeks", said only when nothing is in stock or on its way */
  onDemandWeeks: number | null;
}

/** The availability line of a product (or option) on `today` (the shop's date, YYYY-MM-DD). */
export function availabilityLine(inStock: number, incoming: IncomingStock, today: string): AvailabilityLine {
  const stock = Math.max(0, inStock);
  const arriving =
    incoming.incomingQuantity !== null && incoming.incomingQuantity > 0
      ? { quantity: incoming.incomingQuantity, date: incoming.incomingDate !== null && incoming.incomingDate >= today ? incoming.incomingDate : null }
      : null;
  return { inStock: stock, incoming: arriving, onDemandWeeks: stock === 0 && !arriving ? incoming.onDemandWeeks : null };
}
