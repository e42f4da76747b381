/**
 * Refunds: the shapes the admin's refund panel, the API and the server share, and the pure rules
 * that decide how much of an order can still be given back and how a refund splits into lines,
 * VAT rates, delivery, coins and coupon. Money is whole shillings, VAT-inclusive.
 */
import type { OrderStatus, PaymentMethod } from "./checkout";

export const REFUND_METHODS = ["mobile_money", "bank_transfer", "store_credit", "cash"] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** requested: recorded, nothing sent yet; pending: asked of the provider; completed: money back; failed: the provider refused */
export const REFUND_STATUSES = ["requested", "pending", "completed", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Who asked for a refund: an admin (their account), or the shop itself (e.g. a back-order deposit refunded automatically). */
export type RefundActor = { userId: number; email: string } | { system: true };

export interface RefundLineInput {
  orderLineId: number;
  quantity: number;
}

/** What `refunds.create` takes: by lines or by amount (whole shillings), never both. */
export interface RefundInput {
  orderNumber: string;
  lines?: RefundLineInput[];
  amount?: number;
  method: RefundMethod;
  reason: string;
  /** the same key on the same order finds the first refund instead of making a second */
  idempotencyKey: string;
  actor: RefundActor;
  /** bank_transfer: the bank's reference of the transfer the admin made (required) */
  bankReference?: string;
  /** refund the delivery fee too (where the policy says) */
  includeDelivery?: boolean;
  /** the return fare the shop pays for faulty items, added to the refund */
  returnFare?: number;
  /** the return this refund settles (returns' admin "decide: refund" step) */
  returnId?: number;
}

/** Where a request came from, for the order's timeline. */
export interface RefundMeta {
  ip?: string | null;
  requestId?: string | null;
}

/** One refunded line: what it gives back, VAT-inclusive, with the VAT it reverses. */
export interface RefundLineView {
  /** an order line's units, a share of the goods at one VAT rate (a refund by amount), or the delivery */
  kind: "line" | "amount" | "delivery";
  /** 0 for a share by amount or the delivery */
  orderLineId: number;
  name: string;
  sku: string;
  quantity: number;
  vatRateBp: number;
  gross: number;
  vat: number;
  net: number;
}

export interface CreditNoteView {
  number: string;
  /** the original receipt's number this credit note corrects (null: the order had no receipt) */
  receiptNumber: string | null;
  issuedAt: string;
  /** confirmed by a fiscal device: only then is it a fiscal credit note */
  fiscal: boolean;
  /** an order paid in the payment sandbox */
  test: boolean;
  gross: number;
  vat: number;
  net: number;
  rates: { rateBp: number; net: number; vat: number }[];
  /** where its PDF is (the shopper's documents route) */
  pdfPath: string;
}

export interface RefundView {
  id: number;
  orderId: number;
  orderNumber: string;
  /** per order, 1, 2, ... */
  number: number;
  amount: number;
  method: RefundMethod;
  status: RefundStatus;
  reason: string;
  lines: RefundLineView[];
  /** the delivery fee refunded (with its VAT) */
  delivery: number;
  returnFare: number;
  /** shillings-worth of coins given back, and coins taken back for what was earned on the refunded part */
  coinsReturned: number;
  coinsReversed: number;
  bankReference: string | null;
  providerReference: string | null;
  returnId: number | null;
  actorEmail: string | null;
  createdAt: string;
  completedAt: string | null;
  failureReason: string | null;
  creditNote: CreditNoteView | null;
  test: boolean;
}

/** What is still refundable on an order (the admin panel shows it). */
export interface RefundableSummary {
  paid: number;
  refunded: number;
  remaining: number;
  deliveryRemaining: number;
  lines: { orderLineId: number; name: string; quantity: number; refundedQuantity: number; gross: number; refundedGross: number }[];
  methods: RefundMethod[];
}

/** Why a refund is refused (the `refund-refused` answer's `reason`). */
export type RefundRefusalReason =
  | "not-paid"
  | "exceeds-paid"
  | "exceeds-quantity"
  | "unknown-line"
  | "lines-or-amount"
  | "nothing-to-refund"
  | "delivery-refunded"
  | "method-not-allowed"
  | "card-not-refundable"
  | "bank-reference-required"
  /** a test order (paid in the sandbox: no money came in) cannot become store credit, which buys real goods */
  | "test-order";

/** A rule a refund breaks: the server turns it into a `refund-refused` answer. */
export class RefundRefusal extends Error {
  constructor(
    readonly reason: RefundRefusalReason,
    message: string,
    readonly details: { remaining?: number; field?: string } = {},
  ) {
    super(message);
    this.name = "RefundRefusal";
  }
}

export interface Money {
  gross: number;
  vat: number;
  net: number;
}

/** The VAT inside a VAT-inclusive amount at a rate in basis points, to the shilling. */
export function vatInGross(gross: number, rateBp: number): number {
  if (rateBp <= 0 || gross === 0) return 0;
  return Math.round((gross * rateBp) / (10_000 + rateBp));
}

/**
 * The part of a line (or of the delivery) that `quantity` more units give back, after `already`
 * units were: the cumulative share less what was already given, so a line refunded unit by unit
 * adds up to its gross and VAT to the shilling. Gross is the line's after its share of the coupon
 * and coins, so the coupon is reversed in proportion.
 */
export function lineShare(line: { quantity: number; gross: number; vat: number }, already: number, quantity: number): Money {
  const upTo = (units: number) => ({
    gross: Math.round((line.gross * units) / line.quantity),
    vat: Math.round((line.vat * units) / line.quantity),
  });
  const before = upTo(already);
  const after = upTo(already + quantity);
  const gross = after.gross - before.gross;
  const vat = after.vat - before.vat;
  return { gross, vat, net: gross - vat };
}

/**
 * An amount split over VAT rates in proportion to what is left at each rate (largest remainders,
 * so the parts add up to the amount), with the VAT inside each part.
 */
export function splitOverRates(amount: number, rates: readonly { rateBp: number; gross: number }[]): (Money & { rateBp: number })[] {
  const open = rates.filter((r) => r.gross > 0);
  const whole = open.reduce((sum, r) => sum + r.gross, 0);
  if (amount <= 0 || whole <= 0) return [];
  const exact = open.map((r) => (amount * r.gross) / whole);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]!++;
    left--;
  }
  return open
    .map((r, i) => {
      const gross = parts[i]!;
      const vat = vatInGross(gross, r.rateBp);
      return { rateBp: r.rateBp, gross, vat, net: gross - vat };
    })
    .filter((p) => p.gross > 0);
}

/** `part` of `whole` of a count (coins), rounded down: a share never exceeds its proportion. */
export function proportionalShare(count: number, part: number, whole: number): number {
  if (count <= 0 || part <= 0 || whole <= 0) return 0;
  return Math.floor((count * Math.min(part, whole)) / whole);
}

/** The order line as the refund rules see it, with what earlier refunds (not failed) took of it. */
export interface RefundableLine {
  id: number;
  name: string;
  sku: string;
  quantity: number;
  gross: number;
  vat: number;
  vatRateBp: number;
  refundedQuantity: number;
  refundedGross: number;
  refundedVat: number;
}

/** An order as the refund rules see it, with what earlier refunds (not failed) gave back. */
export interface RefundableOrder {
  /** what the shopper paid (0: nothing yet) */
  paid: number;
  /** the part of it paid with store credit: it goes back only as store credit */
  paidWithStoreCredit: number;
  deliveryFee: number;
  deliveryVat: number;
  coinsSpent: number;
  coinsEarned: number;
  lines: RefundableLine[];
  /** goods and delivery given back so far (return fares not counted) */
  refunded: number;
  /** of which by other routes than store credit */
  refundedOutsideStoreCredit: number;
  deliveryRefunded: number;
  deliveryVatRefunded: number;
  /** goods given back by amount, per VAT rate */
  amountRefundedByRate: Record<number, number>;
  coinsReturned: number;
  coinsReversed: number;
}

export interface PlannedLine extends Money {
  kind: "line" | "amount" | "delivery";
  orderLineId: number | null;
  name: string;
  sku: string;
  quantity: number;
  vatRateBp: number;
}

export interface RefundPlan {
  lines: PlannedLine[];
  goods: number;
  delivery: number;
  returnFare: number;
  amount: number;
  coinsReturned: number;
  coinsReversed: number;
  /** the VAT reversed per rate (goods and delivery), as the credit note lists it */
  rates: { rateBp: number; net: number; vat: number }[];
}

/** What an order can still give back: the paid money less what was refunded, and per line. */
export function refundable(order: RefundableOrder): RefundableSummaryCore {
  return {
    paid: order.paid,
    refunded: order.refunded,
    remaining: Math.max(0, order.paid - order.refunded),
    deliveryRemaining: Math.max(0, order.deliveryFee - order.deliveryRefunded),
    lines: order.lines.map((l) => ({
      orderLineId: l.id,
      name: l.name,
      quantity: l.quantity,
      refundedQuantity: l.refundedQuantity,
      gross: l.gross,
      refundedGross: l.refundedGross,
    })),
  };
}
export type RefundableSummaryCore = Omit<RefundableSummary, "methods">;

/**
 * Plans a refund: by lines (units of order lines, each at its gross after its coupon and coins
 * share) or by an amount (split over the VAT rates in proportion to what is left at each), the
 * delivery only when asked, the return fare on top. Coins spent on the order come back and coins
 * it earned are taken back in proportion to the goods refunded (cumulatively, so a refund of
 * everything settles all of them). Refuses anything beyond what was paid (RefundRefusal).
 */
export function planRefund(
  order: RefundableOrder,
  input: { lines?: readonly RefundLineInput[]; amount?: number; includeDelivery?: boolean; returnFare?: number; storeCredit: boolean; settleCoins: boolean },
): RefundPlan {
  if (order.paid <= 0) throw new RefundRefusal("not-paid", "This order has not been paid: there is nothing to refund");
  const byLines = input.lines !== undefined && input.lines.length > 0;
  const byAmount = input.amount !== undefined;
  if (byLines && byAmount) throw new RefundRefusal("lines-or-amount", "Refund by lines or by an amount, not both", { field: "amount" });
  const planned: PlannedLine[] = [];

  if (byLines) {
    const seen = new Set<number>();
    for (const wanted of input.lines!) {
      const line = order.lines.find((l) => l.id === wanted.orderLineId);
      if (!line || seen.has(line.id))
        throw new RefundRefusal("unknown-line", `Line ${wanted.orderLineId} is not a line of this order (or is named twice)`, { field: "lines" });
      seen.add(line.id);
      if (!Number.isInteger(wanted.quantity) || wanted.quantity <= 0)
        throw new RefundRefusal("exceeds-quantity", `Refund at least one unit of ${line.name}`, { field: "lines" });
      const left = line.quantity - line.refundedQuantity;
      if (wanted.quantity > left)
        throw new RefundRefusal("exceeds-quantity", `Only ${left} of ${line.name} can still be refunded`, { field: "lines", remaining: left });
      const share = lineShare(line, line.refundedQuantity, wanted.quantity);
      planned.push({ kind: "line", orderLineId: line.id, name: line.name, sku: line.sku, quantity: wanted.quantity, vatRateBp: line.vatRateBp, ...share });
    }
  } else if (byAmount) {
    const amount = input.amount!;
    if (!Number.isInteger(amount) || amount <= 0) throw new RefundRefusal("nothing-to-refund", "Enter an amount in whole shillings", { field: "amount" });
    const byRate = new Map<number, number>();
    for (const l of order.lines) byRate.set(l.vatRateBp, (byRate.get(l.vatRateBp) ?? 0) + l.gross - l.refundedGross);
    for (const [rate, gross] of Object.entries(order.amountRefundedByRate)) byRate.set(Number(rate), (byRate.get(Number(rate)) ?? 0) - gross);
    const rates = [...byRate.entries()].map(([rateBp, gross]) => ({ rateBp, gross: Math.max(0, gross) })).sort((a, b) => b.rateBp - a.rateBp);
    const goodsLeft = rates.reduce((sum, r) => sum + r.gross, 0);
    if (amount > goodsLeft)
      throw new RefundRefusal("exceeds-paid", `At most ${goodsLeft} of the goods can still be refunded`, { field: "amount", remaining: goodsLeft });
    for (const part of splitOverRates(amount, rates))
      planned.push({
        kind: "amount",
        orderLineId: null,
        name: "",
        sku: "",
        quantity: 0,
        vatRateBp: part.rateBp,
        gross: part.gross,
        vat: part.vat,
        net: part.net,
      });
  }

  if (input.includeDelivery) {
    const left = order.deliveryFee - order.deliveryRefunded;
    if (left <= 0 && !byLines && !byAmount) throw new RefundRefusal("delivery-refunded", "The delivery fee was refunded already", { field: "includeDelivery" });
    if (left > 0) {
      const vat = order.deliveryVat - order.deliveryVatRefunded;
      planned.push({
        kind: "delivery",
        orderLineId: null,
        name: "",
        sku: "",
        quantity: 0,
        vatRateBp: order.lines[0]?.vatRateBp ?? 0,
        gross: left,
        vat,
        net: left - vat,
      });
    }
  }
  if (!planned.length) throw new RefundRefusal("nothing-to-refund", "Choose lines, an amount or the delivery to refund", { field: "lines" });

  const goods = planned.filter((p) => p.kind !== "delivery").reduce((sum, p) => sum + p.gross, 0);
  const delivery = planned.filter((p) => p.kind === "delivery").reduce((sum, p) => sum + p.gross, 0);
  const remaining = order.paid - order.refunded;
  if (goods + delivery > remaining)
    throw new RefundRefusal("exceeds-paid", `At most ${Math.max(0, remaining)} can still be refunded`, { remaining: Math.max(0, remaining), field: "amount" });
  // money paid with store credit goes back only as store credit
  if (!input.storeCredit) {
    const outside = order.paid - order.paidWithStoreCredit - order.refundedOutsideStoreCredit;
    if (goods + delivery > outside)
      throw new RefundRefusal("exceeds-paid", `At most ${Math.max(0, outside)} can go back this way; the rest was paid with store credit`, {
        remaining: Math.max(0, outside),
        field: "method",
      });
  }

  const goodsWhole = order.lines.reduce((sum, l) => sum + l.gross, 0);
  const goodsBefore = order.lines.reduce((sum, l) => sum + l.refundedGross, 0) + Object.values(order.amountRefundedByRate).reduce((a, b) => a + b, 0);
  const coinsReturned = input.settleCoins ? proportionalShare(order.coinsSpent, goodsBefore + goods, goodsWhole) - order.coinsReturned : 0;
  const coinsReversed = input.settleCoins ? proportionalShare(order.coinsEarned, goodsBefore + goods, goodsWhole) - order.coinsReversed : 0;

  const byRate = new Map<number, { rateBp: number; net: number; vat: number }>();
  for (const p of planned) {
    const entry = byRate.get(p.vatRateBp) ?? { rateBp: p.vatRateBp, net: 0, vat: 0 };
    entry.net += p.net;
    entry.vat += p.vat;
    byRate.set(p.vatRateBp, entry);
  }
  const returnFare = Math.max(0, Math.trunc(input.returnFare ?? 0));
  return {
    lines: planned,
    goods,
    delivery,
    returnFare,
    amount: goods + delivery + returnFare,
    coinsReturned: Math.max(0, coinsReturned),
    coinsReversed: Math.max(0, coinsReversed),
    rates: [...byRate.values()].sort((a, b) => b.rateBp - a.rateBp),
  };
}

/**
 * The order's status after its refunds: `refunded` once everything paid went back; `partly_refunded`
 * for an order whose handling is over (delivered, cancelled, refused) and got part back; an order
 * still being prepared or on its way keeps its status (its timeline records the refund). With no
 * refund standing (all failed), the status it had before them.
 */
export function orderStatusAfterRefunds(current: OrderStatus, before: OrderStatus, paid: number, refunded: number): OrderStatus {
  if (refunded <= 0) return current === "refunded" || current === "partly_refunded" ? before : current;
  if (refunded >= paid) return "refunded";
  const over: OrderStatus[] = ["delivered", "cancelled", "refused", "partly_refunded", "refunded"];
  return over.includes(current) ? "partly_refunded" : current;
}

/**
 * The ways an order's money can go back: by the route that took it (mobile money through the
 * provider; a bank transfer recorded with its reference; money paid at the door as cash or mobile
 * money recorded by staff), or as store credit for an order with an account. A card payment has no
 * refund route here (the provider's card refunds are not available): store credit only.
 */
export function refundMethodsFor(order: { paymentMethod: PaymentMethod; hasAccount: boolean }): RefundMethod[] {
  const own: Record<PaymentMethod, RefundMethod[]> = {
    mobile_money: ["mobile_money"],
    bank_transfer: ["bank_transfer"],
    on_delivery: ["cash", "mobile_money"],
    card: [],
  };
  return [...own[order.paymentMethod], ...(order.hasAccount ? (["store_credit"] as const) : [])];
}

/** A credit note's number in the shop's own series (`CN-000001`), or a test order's apart from it. */
export function creditNoteNumber(counter: number): string {
  return `CN-${String(counter).padStart(6, "0")}`;
}
export function testCreditNoteNumber(orderNumber: string, refundNumber: number): string {
  return `TEST-CN-${orderNumber}-${refundNumber}`;
}
