import "./zod-browser";
import { z } from "zod";
import { addDays } from "./delivery-estimate";

export { addDays };

/**
 * Back-orders: the rules the server decides with and the pages show before buying. A product the
 * admin allows may be ordered beyond its stock; the units beyond it wait on the order line until
 * stock arrives, and only where the shop knows when more comes (stock on its way, or "imported on
 * demand" with its usual weeks). Dates are shop-time calendar dates (YYYY-MM-DD).
 */

/**
 * How a back-order is paid. Only in full for now: a deposit needs a second payment of the balance
 * before the waiting part is dispatched, which the payment flow (one attempt per order total) does
 * not take yet.
 */
export const BACK_ORDER_PAYMENTS = ["full"] as const;
export type BackOrderPayment = (typeof BACK_ORDER_PAYMENTS)[number];

export const backOrderSettingsSchema = z.object({
  payment: z.enum(BACK_ORDER_PAYMENTS),
  /** the longest a shopper may choose to wait for the waiting part ("refund me if not here by …"), in days from the order */
  maxWaitDays: z.number().int().min(7).max(365),
});
export type BackOrderSettings = z.infer<typeof backOrderSettingsSchema>;
export const DEFAULT_BACK_ORDER_SETTINGS: BackOrderSettings = { payment: "full", maxWaitDays: 120 };

/** What the shop knows of a product's coming stock (H2's incoming stock on the product). */
export interface IncomingStock {
  incomingQuantity: number | null;
  /** YYYY-MM-DD */
  incomingDate: string | null;
  onDemandWeeks: number | null;
}

/**
 * When `units` more than today's stock would be in stock, given the units already waiting for the
 * same product ahead of them: the incoming delivery's date while it covers them all, else (or with
 * nothing on its way) today plus the on-demand weeks; null when the shop does not know — then no
 * back-order is taken (an honest "sold out" beats a date made up).
 */
export function expectedArrival(incoming: IncomingStock, units: number, alreadyWaiting: number, today: string, orderedOn: string = today): string | null {
  if (units <= 0) return null;
  const { incomingQuantity, incomingDate, onDemandWeeks } = incoming;
  if (incomingQuantity !== null && incomingDate !== null && incomingDate >= today && alreadyWaiting + units <= incomingQuantity) return incomingDate;
  // an import on demand starts when it is ordered: an order already placed counts from its own day
  if (onDemandWeeks !== null && onDemandWeeks > 0) return addDays(orderedOn, onDemandWeeks * 7);
  return null;
}

/** How a wanted quantity splits: the units in stock (reserved now) and the units that wait. */
export function splitQuantity(quantity: number, stock: number): { inStock: number; waiting: number } {
  const inStock = Math.max(0, Math.min(quantity, stock));
  return { inStock, waiting: quantity - inStock };
}

/** A line's units by state: waiting for stock, in stock and not yet dispatched, dispatched, cancelled. */
export interface LineParts {
  quantity: number;
  backorderedQuantity: number;
  cancelledQuantity: number;
  shippedQuantity: number;
}

export type OrderLineStatus = "awaiting_stock" | "ready" | "shipped" | "cancelled";

/** Units of a line in stock and not yet dispatched. */
export function readyUnits(line: LineParts): number {
  return line.quantity - line.backorderedQuantity - line.cancelledQuantity - line.shippedQuantity;
}

/** A line's status as the shopper reads it: awaiting stock while any unit waits, else ready, dispatched or cancelled. */
export function lineStatus(line: LineParts): OrderLineStatus {
  if (line.backorderedQuantity > 0) return "awaiting_stock";
  if (readyUnits(line) > 0) return "ready";
  if (line.shippedQuantity > 0) return "shipped";
  return "cancelled";
}

/** Whether every unit still owed has gone out (none waits, none is ready): the order is then shipped. */
export function allDispatched(lines: readonly LineParts[]): boolean {
  return lines.every((l) => l.backorderedQuantity === 0 && readyUnits(l) === 0);
}

/** Whether a refund-by date has been passed by the date the waiting part is now expected (or by today). */
export function refundDateMissed(refundBy: string | null, expected: string | null, today: string): boolean {
  if (refundBy === null) return false;
  if (today > refundBy) return true;
  return expected === null || expected > refundBy;
}

/** An order line as the back-order views show it: its units by state and when the waiting ones are expected. */
export interface BackOrderLineView {
  orderLineId: number;
  productId: number;
  variantId: string;
  name: string;
  sku: string;
  attributes: Record<string, string>;
  quantity: number;
  waiting: number;
  ready: number;
  shipped: number;
  cancelled: number;
  /** when the waiting units were expected when sold (YYYY-MM-DD), null when none waited */
  expectedOn: string | null;
  status: OrderLineStatus;
}

/** One dispatch of an order's goods. */
export interface ShipmentView {
  number: number;
  carrier: string;
  trackingNumber: string;
  dispatchedAt: string;
  lines: { orderLineId: number; name: string; quantity: number }[];
}

/** An order's parts: its lines by state, its shipments, and what may be done about the waiting part. */
export interface OrderPartsView {
  number: string;
  /** the shopper's "refund me if not here by" date, if chosen */
  refundBy: string | null;
  waitingUnits: number;
  lines: BackOrderLineView[];
  shipments: ShipmentView[];
  /** the waiting part may be cancelled (its money returned) */
  canCancelWaiting: boolean;
  /** the ready lines may be dispatched now (admin) */
  canShip: boolean;
}

/** A product's back-order offer for one more unit than it has in stock (the product page). */
export interface BackOrderOffer {
  productId: number;
  variantId: string;
  stock: number;
  /** beyond its stock it can be ordered, with this date (YYYY-MM-DD); null: not beyond its stock */
  expectedOn: string | null;
}

/** The checkout's plan: which lines wait, until about when, and the dates a refund-by limit may take. */
export interface BackOrderPlan {
  lines: {
    productId: number;
    variantId: string;
    name: string;
    quantity: number;
    inStock: number;
    waiting: number;
    expectedOn: string | null;
    sellable: boolean;
  }[];
  /** null when nothing waits */
  refundBy: { earliest: string; latest: string } | null;
  payment: BackOrderPayment;
}

/**
 * A shop-time calendar date (YYYY-MM-DD) as an instant to format: noon in Dar es Salaam (UTC+3,
 * no daylight saving), so no time zone a formatter uses moves it to another day.
 */
export function shopDay(date: string): Date {
  return new Date(`${date}T12:00:00+03:00`);
}
