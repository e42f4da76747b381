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
 * How a back-order may be paid: "full" (everything at checkout) or "deposit" (the shopper may pay
 * the in-stock goods, the delivery and a share of the waiting goods now, and the rest of the
 * waiting goods, the balance, once they are in stock; they are sent only after it is paid).
 */
export const BACK_ORDER_PAYMENTS = ["full", "deposit"] as const;
export type BackOrderPayment = (typeof BACK_ORDER_PAYMENTS)[number];

/** The choice a shopper makes at checkout where the shop takes deposits. */
export const BACK_ORDER_PAYMENT_CHOICES = ["full", "deposit"] as const;
export type BackOrderPaymentChoice = (typeof BACK_ORDER_PAYMENT_CHOICES)[number];

/** Payment methods a deposit can be paid with: those the provider confirms by itself (a bank transfer or cash at the door cannot carry a second payment). */
export const DEPOSIT_PAYMENT_METHODS = ["mobile_money", "card"] as const;

export const backOrderSettingsSchema = z.object({
  payment: z.enum(BACK_ORDER_PAYMENTS),
  /** the share of the waiting goods paid at checkout when the shopper chooses a deposit, in percent */
  depositPercent: z.number().int().min(10).max(90),
  /** days the shopper has to pay the balance once the waiting goods are in; after them the goods go back on sale and the deposit is refunded */
  balanceDays: z.number().int().min(1).max(60),
  /** the longest a shopper may choose to wait for the waiting part ("refund me if not here by …"), in days from the order */
  maxWaitDays: z.number().int().min(7).max(365),
});
export type BackOrderSettings = z.infer<typeof backOrderSettingsSchema>;
export const DEFAULT_BACK_ORDER_SETTINGS: BackOrderSettings = { payment: "full", depositPercent: 30, balanceDays: 7, maxWaitDays: 120 };

/**
 * An order paid by deposit, split in whole shillings. `waitingGoodsValue` is what the waiting units
 * cost within the order's total (their share of it, so a coupon or coins lower it as they lower the
 * rest); the balance is the part of it not paid now; the deposit is everything else (the goods in
 * stock, the delivery and the waiting goods' first share). Nothing waits: no deposit.
 */
export interface DepositSplit {
  deposit: number;
  balance: number;
  waitingGoodsValue: number;
}

export function depositSplit(input: {
  /** the order's total, VAT included, after coupon and coins */
  total: number;
  /** the lines' gross before order-level discounts, and each line's waiting units */
  lines: readonly { gross: number; quantity: number; waiting: number }[];
  deliveryFee: number;
  percent: number;
}): DepositSplit | null {
  const { total, lines, deliveryFee, percent } = input;
  const grossAll = lines.reduce((sum, l) => sum + l.gross, 0) + deliveryFee;
  const waitingGross = lines.reduce((sum, l) => sum + (l.quantity > 0 ? (l.gross * l.waiting) / l.quantity : 0), 0);
  if (waitingGross <= 0 || grossAll <= 0 || total <= 0) return null;
  const waitingGoodsValue = Math.min(total, Math.round((total * waitingGross) / grossAll));
  const balance = waitingGoodsValue - Math.ceil((waitingGoodsValue * percent) / 100);
  if (balance <= 0) return null;
  return { deposit: total - balance, balance, waitingGoodsValue };
}

/**
 * What cancelling part of the goods bought on deposit does to the money: `cancelledValue` of the
 * order's `waitingGoodsValue` goes, the balance owed falls by the same share, and the rest of the
 * cancelled value (what the deposit paid for them) is refunded. Cancelling all of it refunds
 * exactly the deposit paid for the waiting goods and leaves no balance.
 */
export function depositCancellation(input: {
  waitingGoodsValue: number;
  balanceDue: number;
  /** the cancelled units' gross and the gross of every unit still bought on deposit, before cancelling */
  cancelledGross: number;
  depositGross: number;
}): { cancelledValue: number; balanceReduction: number; refund: number } {
  const { waitingGoodsValue, balanceDue, cancelledGross, depositGross } = input;
  if (depositGross <= 0 || cancelledGross <= 0) return { cancelledValue: 0, balanceReduction: 0, refund: 0 };
  const all = cancelledGross >= depositGross;
  const cancelledValue = all ? waitingGoodsValue : Math.round((waitingGoodsValue * cancelledGross) / depositGross);
  const balanceReduction = all ? balanceDue : Math.min(balanceDue, Math.round((balanceDue * cancelledGross) / depositGross));
  return { cancelledValue, balanceReduction, refund: Math.max(0, cancelledValue - balanceReduction) };
}

/** What an order's first payment asks: its deposit, or its whole total. */
export function firstPaymentOf(order: { total: number; depositAmount: number | null }): number {
  return order.depositAmount ?? order.total;
}

/** What came in for a paid order: its total, or its deposit and what balance payments brought. */
export function amountPaidOf(order: { total: number; depositAmount: number | null; balancePaid: number; paidAt: Date | string | null }): number {
  if (!order.paidAt) return 0;
  return order.depositAmount === null ? order.total : order.depositAmount + order.balancePaid;
}

/**
 * Units of a line in stock but held until the balance is paid: units bought on deposit that are no
 * longer waiting for stock. While a balance is owed they are neither shipped nor counted as ready.
 */
export function heldForBalance(line: { depositUnits: number; backorderedQuantity: number }, balanceDue: number): number {
  return balanceDue > 0 ? Math.max(0, line.depositUnits - line.backorderedQuantity) : 0;
}

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
  /** in stock, bought on deposit: sent once the balance is paid */
  heldForBalance: number;
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
  /** a deposit order: what was paid at checkout, the balance still owed (0 once paid), and since when it is asked */
  deposit: {
    amount: number;
    balanceDue: number;
    balancePaid: number;
    balanceRequestedAt: string | null;
    /** the last day to pay the balance before the goods go back on sale and the deposit is refunded */
    balanceDueBy: string | null;
  } | null;
  /** the shopper may pay the balance now */
  canPayBalance: boolean;
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
  /** where the shop takes deposits: the share of the waiting goods paid now, in percent */
  depositPercent: number;
}

/**
 * A shop-time calendar date (YYYY-MM-DD) as an instant to format: noon in Dar es Salaam (UTC+3,
 * no daylight saving), so no time zone a formatter uses moves it to another day.
 */
export function shopDay(date: string): Date {
  return new Date(`${date}T12:00:00+03:00`);
}
