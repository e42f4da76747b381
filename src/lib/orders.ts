import { z } from "zod";
import { DELIVERY_METHODS, PAYMENT_METHODS, type DeliveryMethod, type DeliveryOption, type OrderStatus, type PaymentMethod } from "./checkout";
import type { CouponQuote } from "./coupons";
import type { InvoiceKind, ReceiptKind } from "./order-documents";
import type { VatZone } from "./tanzania-regions";
import { CONTROL_CHARACTER_MESSAGE, hasForbiddenCharacter } from "./text";
import { BACK_ORDER_PAYMENT_CHOICES } from "./back-orders";

/**
 * The shapes of orders as the API answers them and pages render them, and the checkout request.
 * Money is whole shillings (VAT-inclusive), times are ISO strings.
 */
export interface OrderLineView {
  productId: number;
  variantId: string;
  name: string;
  sku: string;
  attributes: Record<string, string>;
  quantity: number;
  unitPrice: number;
  net: number;
  vat: number;
  gross: number;
  vatRateBp: number;
  /** this line's part of the coupon discount and coins (gross is after it) */
  discount: number;
}

export type OrderActor = "shopper" | "admin" | "system" | "provider";

export interface OrderEventView {
  at: string;
  status: OrderStatus;
  actor: OrderActor;
  note: string | null;
}

export type PaymentStatus = "pending" | "paid" | "failed" | "expired" | "cancelled";

export interface PaymentView {
  reference: string;
  provider: string;
  method: PaymentMethod;
  wallet: string | null;
  phone: string | null;
  amount: number;
  currency: string;
  status: PaymentStatus;
  /** why it failed, in the provider's words (for the shopper: a code the page translates) */
  failureReason: string | null;
  createdAt: string;
}

export interface OrderView {
  number: string;
  status: OrderStatus;
  createdAt: string;
  /** null: a guest who gave no e-mail address (told by SMS) */
  email: string | null;
  fullName: string;
  phone: string;
  delivery: {
    method: DeliveryMethod;
    region: string | null;
    district: string | null;
    ward: string | null;
    street: string | null;
    landmark: string | null;
    notes: string | null;
    parcelOffice: string | null;
  };
  vatZone: VatZone;
  subtotal: number;
  /** the coupon's reduction of the goods and its code */
  discount: number;
  couponCode: string | null;
  /** loyalty coins spent and the shillings they took off the goods */
  coinsSpent: number;
  coinsValue: number;
  deliveryFee: number;
  deliveryVat: number;
  vatTotal: number;
  total: number;
  currency: string;
  paymentMethod: PaymentMethod;
  wallet: string | null;
  paymentPhone: string | null;
  buyerTin: string | null;
  holdUntil: string | null;
  paidAt: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  lines: OrderLineView[];
  events: OrderEventView[];
  /** the latest payment attempt, if any */
  payment: PaymentView | null;
  /** a test order: its payment went to the payment sandbox, so no money moved */
  test: boolean;
  /**
   * the receipt of a paid order: fiscal once a fiscal device confirmed it (then with TRA's
   * verification code); a test order's receipt says TEST and is not in the fiscal series
   */
  receipt: { number: string; issuedAt: string; fiscal: boolean; verificationCode: string | null; test: boolean } | null;
  /**
   * every receipt it has, oldest first: the sale's, or an order paid by deposit's deposit and
   * (once paid) balance receipts; each with the money it is for and its PDF address (`receipt` is
   * the one a document means by default: the sale's, else the deposit's)
   */
  receipts: OrderReceiptView[];
  /** the invoice the order has now (a pro-forma before payment, an invoice after), if any */
  invoice: InvoiceKind | null;
  /** store credit that paid part of it (the rest was paid as chosen) */
  storeCreditSpent?: number;
  /** the credit notes of its refunds (src/lib/refunds.ts), oldest first, each with its PDF address */
  creditNotes?: { number: string; issuedAt: string; gross: number; fiscal: boolean; test: boolean; pdfPath: string }[];
  canCancel: boolean;
  /** a payment taken by hand (cash, or to the shop's till) at the counter or the door, standing */
  paidInPerson: { method: "cash" | "till"; transactionId: string | null; at: string } | null;
  /** the days it was promised to arrive (pick-up: be ready), shop time, and how often that moved (src/lib/delivery-estimate.ts); null for an order from before promises */
  promise: { from: string; to: string; slips: number } | null;
}

/** One receipt of an order as its page lists it. */
export interface OrderReceiptView {
  kind: ReceiptKind;
  number: string;
  issuedAt: string;
  /** the money it is for: the order's total, or a deposit's or a balance's payment */
  amount: number;
  fiscal: boolean;
  verificationCode: string | null;
  test: boolean;
  /** its PDF for the signed-in owner (a guest's link serves it with the same query) */
  pdfPath: string;
}

export interface OrderSummary {
  number: string;
  createdAt: string;
  status: OrderStatus;
  total: number;
  itemCount: number;
  /** paid (or being paid) in the payment sandbox: no money moved */
  test: boolean;
}

/** What /tracking shows: the status and its timeline, nothing personal. */
export interface TrackingView {
  number: string;
  status: OrderStatus;
  /** a test order (paid in the payment sandbox) */
  test: boolean;
  events: { at: string; status: OrderStatus }[];
}

/** How the shopper is asked to pay after placing the order. */
export interface PaymentStart {
  reference: string;
  status: PaymentStatus;
  /** ussd-push: confirm on the phone; redirect: open `redirectUrl` (card); bank-transfer: pay against the pro-forma invoice */
  next: "ussd-push" | "redirect" | "bank-transfer";
  redirectUrl: string | null;
  /** the built-in sandbox: the page where the push is confirmed or declined */
  sandboxUrl: string | null;
}

export interface CheckoutQuote {
  options: DeliveryOption[];
  method: DeliveryMethod | null;
  subtotal: number;
  /** the coupon's discount (0 without one) */
  discount: number;
  /** each cart line (in cart order) after the coupon and coins: its part of them, and net and VAT split again from what is left */
  lines: { gross: number; net: number; vat: number; discount: number }[];
  /** the coupon asked for: applied with its discount, or why it does not apply */
  coupon: CouponQuote | null;
  /** the shopper's coins: balance, how many this order may use, how many it uses and their value */
  coins: { balance: number; usable: number; spent: number; value: number; coinValue: number; enabled: boolean };
  deliveryFee: number;
  vatTotal: number;
  vatRateBp: number;
  vatZone: VatZone;
  total: number;
}

/** Text of a checkout form: trimmed, bounded, and never a control character (refused before it reaches SQL or a log). */
const text = (max: number) =>
  z
    .string()
    .refine((value) => !hasForbiddenCharacter(value), { message: CONTROL_CHARACTER_MESSAGE, abort: true })
    .transform((value) => value.trim())
    .pipe(z.string().max(max));

/** A line of a guest's cart, as the browser sends it: what is wanted, never a price (the server prices it). */
export const requestedLineSchema = z
  .object({
    productId: z.number().int().positive(),
    variantId: text(80).pipe(z.string().min(1)).default("default"),
    quantity: z.number().int().min(1).max(999),
  })
  .strict();

/** A guest's cart lines (the cart lives in the browser until an account holds it). */
export const requestedLinesSchema = z.array(requestedLineSchema).min(1, "The cart is empty").max(100);

/**
 * A guest at checkout: the mobile number (the order's contact, told by SMS), the one-time code sent
 * to it (or none when paying by mobile money from that number, whose approval proves it), and an
 * e-mail address if they like.
 */
export const guestCheckoutSchema = z
  .object({
    phone: text(32).pipe(z.string().min(9, "Enter your mobile number")),
    code: text(12).optional(),
    email: text(200)
      .pipe(z.string().max(200))
      .optional()
      .refine((value) => !value || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), "Enter a valid e-mail address, or leave it empty"),
  })
  .strict();

export const checkoutRequestSchema = z.object({
  fullName: text(120).pipe(z.string().min(2, "Enter your full name")),
  phone: text(32).pipe(z.string().min(9, "Enter your mobile number")),
  delivery: z.object({
    method: z.enum(DELIVERY_METHODS),
    region: text(40).optional(),
    district: text(80).optional(),
    ward: text(80).optional(),
    street: text(160).optional(),
    landmark: text(200).optional(),
    notes: text(500).optional(),
    parcelOffice: text(120).optional(),
  }),
  payment: z.object({
    method: z.enum(PAYMENT_METHODS),
    wallet: text(40).optional(),
    phone: text(32).optional(),
  }),
  buyerTin: text(20).optional(),
  saveAddress: z.boolean().optional(),
  /** a coupon code (any case); one that does not apply refuses the order with `coupon-invalid` and its reason */
  couponCode: text(40).optional(),
  /** loyalty coins to spend on this order (within the balance and the rule's share) */
  coinsToSpend: z.number().int().min(0).max(10_000_000).optional(),
  /** store credit to spend on this order (a signed-in shopper's, within the balance): part of the payment, the rest is paid as chosen */
  storeCredit: z.number().int().min(0).max(1_000_000_000).optional(),
  /** the total the shopper saw; a different server total refuses the order with `price-changed` */
  expectedTotal: z.number().int().min(0).optional(),
  /** back-orders: "refund me if the waiting goods are not here by" this shop-time date (YYYY-MM-DD) */
  backOrderRefundBy: z.iso.date().optional(),
  /** back-orders, where the shop takes deposits: pay a deposit now and the balance when the waiting goods are in */
  backOrderPayment: z.enum(BACK_ORDER_PAYMENT_CHOICES).optional(),
  /** a guest's lines (a signed-in shopper's order is their cart, and sends none) */
  lines: requestedLinesSchema.optional(),
  /** a guest's number and its code (a signed-in shopper sends none) */
  guest: guestCheckoutSchema.optional(),
});

export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export interface SavedAddress {
  id: number;
  fullName: string;
  phone: string;
  region: string;
  district: string;
  ward: string;
  street: string;
  landmark: string;
  /** the bus office a parcel is collected at, "" when none was given */
  parcelOffice: string;
}

/**
 * assign-rider: a pay-on-delivery courier order goes out with one of the shop's riders (or to
 * another rider); collect: its money taken at the door or the counter, which hands it over;
 * refuse: the customer would not take it (its stock back on sale).
 */
export const ADMIN_ORDER_ACTIONS = [
  "mark-paid",
  "processing",
  "ready-for-pickup",
  "ship",
  "assign-rider",
  "deliver",
  "collect",
  "refuse",
  "cancel",
  "refund",
] as const;
export type AdminOrderAction = (typeof ADMIN_ORDER_ACTIONS)[number];
/** What a shopper may do to their own order: cancel it while nothing has been paid. */
export type ShopperOrderAction = "cancel";

/** The parts of an order that decide which actions it can take. */
export interface OrderActionState {
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  deliveryMethod: DeliveryMethod;
  /** whether money was received (a payment can arrive after the order was cancelled) */
  paid: boolean;
  /** back-orders: some units still wait for stock, so the order cannot go out whole (it ships in parts) */
  awaitingStock?: boolean;
}

/** What hands an order over whole: not offered while some of its units wait for stock. */
const WHOLE_ORDER_HANDOVER: readonly AdminOrderAction[] = ["ship", "ready-for-pickup", "assign-rider", "deliver"];

/**
 * The actions an order's state allows, for an admin and for its shopper: the server refuses any
 * other, and the pages offer only these. Only a bank transfer is marked paid by hand (the other
 * methods are confirmed by the provider); a pick-up is marked ready for pick-up (the shopper is
 * told where and when to collect it) and then handed over at the counter instead of shipped; a
 * cancelled order is refunded only if money came in. A pay-on-delivery order goes out with a rider
 * (or waits at the counter) unpaid, and is then either paid there (which hands it over) or refused;
 * its shopper may cancel it until it is being prepared.
 */
export function allowedOrderActions(order: OrderActionState): { admin: AdminOrderAction[]; shopper: ShopperOrderAction[] } {
  const shopperMayCancel = order.status === "awaiting_payment" || (order.paymentMethod === "on_delivery" && order.status === "confirmed");
  const admin = order.awaitingStock ? adminActions(order).filter((a) => !WHOLE_ORDER_HANDOVER.includes(a)) : adminActions(order);
  return { admin, shopper: shopperMayCancel ? ["cancel"] : [] };
}

/** A pay-on-delivery order not yet paid: never handed over without its money, only collected or refused. */
function onDeliveryActions(order: OrderActionState): AdminOrderAction[] {
  const next = order.deliveryMethod === "pickup" ? "ready-for-pickup" : "assign-rider";
  switch (order.status) {
    case "confirmed":
      return ["processing", next, "cancel"];
    case "processing":
      return [next, "cancel"];
    case "shipped":
      return ["collect", "refuse", "assign-rider"];
    case "ready_for_pickup":
      return ["collect", "refuse", "cancel"];
    default:
      return [];
  }
}

function adminActions(order: OrderActionState): AdminOrderAction[] {
  if (order.paymentMethod === "on_delivery" && !order.paid) return onDeliveryActions(order);
  // a pick-up is made ready at the counter first; anything else is shipped
  const next = order.deliveryMethod === "pickup" ? "ready-for-pickup" : "ship";
  switch (order.status) {
    case "awaiting_payment":
      return order.paymentMethod === "bank_transfer" ? ["mark-paid", "cancel"] : ["cancel"];
    case "paid":
      return ["processing", next, "cancel"];
    case "processing":
      return [next, "cancel"];
    case "ready_for_pickup":
      return ["deliver", "cancel"];
    case "shipped":
      return ["deliver"];
    case "cancelled":
      return order.paid ? ["refund"] : [];
    // part of the money went back: the rest can follow as one refund
    case "partly_refunded":
      return ["refund"];
    default:
      return [];
  }
}

/**
 * Whether an admin action hands the goods over: shipping, or handing a pick-up over at the
 * counter (a delivery that was not shipped first). On a test order, whose payment went to the
 * sandbox, no money was received: the admin confirms such an action explicitly.
 */
export function handsOverGoods(status: OrderStatus, action: AdminOrderAction): boolean {
  return action === "ship" || (action === "deliver" && status !== "shipped");
}
