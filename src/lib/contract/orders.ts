import { z } from "zod";
import { DELIVERY_METHODS, ORDER_STATUSES, PAYMENT_METHODS, type DeliveryOption } from "../checkout";
import { LOCALES } from "../locale";
import { COUPON_REASONS, type CouponQuote } from "../coupons";
import {
  checkoutRequestSchema,
  requestedLinesSchema,
  type CheckoutQuote,
  type OrderSummary,
  type OrderView,
  type PaymentStart,
  type PaymentView,
  type SavedAddress,
  type TrackingView,
} from "../orders";
import { PART_RECEIPT_KINDS, RECEIPT_KINDS } from "../order-documents";
import { REGION_CODES } from "../tanzania-regions";
import { notJson, type Same } from "./common";
import { text } from "./fields";

/**
 * Checkout and the signed-in shopper's orders: the quote, placing an order, the orders, paying
 * again, saved addresses, an order's PDFs, and /tracking for anyone with the order's number and
 * contact. Money is whole shillings (VAT-inclusive); times are the ISO text the order views hold.
 */

// ---- requests ------------------------------------------------------------------------------

/** POST /api/checkout/quote: the server's figures for a destination and delivery method (either may be unset yet). */
export const quoteRequestSchema = z
  .object({
    region: z.enum(REGION_CODES).nullish(),
    method: z.enum(DELIVERY_METHODS).nullish(),
    /** a coupon code to check against the cart: the quote says its discount or why it does not apply */
    couponCode: text("couponCode", 40).optional(),
    /** coins to use; the quote answers how many this order can use */
    coinsToSpend: z.number().int().min(0).max(10_000_000).optional(),
    /** a guest's lines (a signed-in shopper's quote is of their cart) */
    lines: requestedLinesSchema.optional(),
    /** a guest's number, once typed: a coupon's per-shopper limit counts by it */
    guest: z
      .object({ phone: text("phone", 32).optional() })
      .strict()
      .optional(),
  })
  .strict();
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

/** POST /api/orders: the checkout form (src/lib/orders.ts), with the Idempotency-Key header. */
export { checkoutRequestSchema };
export type PlaceOrderRequest = z.input<typeof checkoutRequestSchema>;

/** a UUID or any opaque token the browser made for one checkout attempt */
export const placeOrderHeadersSchema = z.object({
  "idempotency-key": z
    .string({ error: "The Idempotency-Key header is required" })
    .regex(/^[A-Za-z0-9_-]{16,80}$/, "Idempotency-Key must be 16 to 80 letters, digits, - or _"),
});

/** /api/orders/:number and its actions */
export const orderNumberParamsSchema = z.object({ number: text("number", 30, { min: 1 }) });

/** POST /api/orders/:number/pay: ask for the payment again, with another wallet or number if given. */
export const payRequestSchema = z.object({ wallet: text("wallet", 40).optional(), phone: text("phone", 32).optional() }).strict();
export type PayRequest = z.input<typeof payRequestSchema>;

/** POST /api/tracking */
export const trackingRequestSchema = z
  .object({
    number: text("number", 30, { min: 1 }),
    /** the e-mail or phone number the order was placed with */
    contact: text("contact", 200, { min: 3 }),
  })
  .strict();
export type TrackingRequest = z.input<typeof trackingRequestSchema>;

/** GET /api/orders/:number/receipt.pdf and /invoice.pdf */
export const orderDocumentParamsSchema = z.object({ number: z.string().max(40) });
export const orderDocumentQuerySchema = z.object({ lang: z.enum(LOCALES).optional() });
/** GET …/receipt.pdf: `kind` names a deposit order's deposit or balance receipt (without it, the order's sale or deposit receipt) */
export const receiptDocumentQuerySchema = orderDocumentQuerySchema.extend({ kind: z.enum(PART_RECEIPT_KINDS).optional() });

// ---- answers -------------------------------------------------------------------------------

const money = z.number().int();
const orderStatus = z.enum(ORDER_STATUSES);
const localizedText = z.object({ en: z.string(), sw: z.string() });

export const deliveryOptionSchema = z.object({
  method: z.enum(DELIVERY_METHODS),
  fee: money,
  available: z.boolean(),
  /** why an option cannot be chosen (shown to the shopper, so they know what would change it) */
  unavailable: z.enum(["region-required", "outside-courier-area", "inside-courier-area", "not-every-line", "after-cutoff", "disabled"]).optional(),
  /** same day: the cut-off time (HH:MM, shop time) */
  detail: z.string().optional(),
  /** parcel: where parcels leave from, in each language */
  departure: localizedText.optional(),
});
export const deliveryOptionIsDeliveryOption: Same<z.output<typeof deliveryOptionSchema>, DeliveryOption> = true;

export const couponQuoteSchema = z.union([
  z.object({ code: z.string(), applied: z.literal(true), discount: money }),
  z.object({ code: z.string(), applied: z.literal(false), reason: z.enum(COUPON_REASONS), missing: money.optional() }),
]);
export const couponQuoteIsCouponQuote: Same<z.output<typeof couponQuoteSchema>, CouponQuote> = true;

export const checkoutQuoteSchema = z.object({
  options: z.array(deliveryOptionSchema),
  method: z.enum(DELIVERY_METHODS).nullable(),
  subtotal: money,
  /** the coupon's discount (0 without one) */
  discount: money,
  /** each cart line (in cart order) after the coupon and coins: its part of them, and net and VAT split again from what is left */
  lines: z.array(z.object({ gross: money, net: money, vat: money, discount: money })),
  /** the coupon asked for: applied with its discount, or why it does not apply */
  coupon: couponQuoteSchema.nullable(),
  /** the shopper's coins: balance, how many this order may use, how many it uses and their value */
  coins: z.object({ balance: z.number().int(), usable: z.number().int(), spent: z.number().int(), value: money, coinValue: money, enabled: z.boolean() }),
  deliveryFee: money,
  vatTotal: money,
  vatRateBp: z.number().int(),
  vatZone: z.enum(["mainland", "zanzibar"]),
  total: money,
});
export const checkoutQuoteIsCheckoutQuote: Same<z.output<typeof checkoutQuoteSchema>, CheckoutQuote> = true;

export const paymentViewSchema = z.object({
  reference: z.string(),
  provider: z.string(),
  method: z.enum(PAYMENT_METHODS),
  wallet: z.string().nullable(),
  phone: z.string().nullable(),
  amount: money,
  currency: z.string(),
  status: z.enum(["pending", "paid", "failed", "expired", "cancelled"]),
  /** why it failed, in the provider's words (for the shopper: a code the page translates) */
  failureReason: z.string().nullable(),
  createdAt: z.string(),
});
export const paymentViewIsPaymentView: Same<z.output<typeof paymentViewSchema>, PaymentView> = true;

export const orderViewSchema = z.object({
  number: z.string(),
  status: orderStatus,
  createdAt: z.string(),
  email: z.string().nullable(),
  fullName: z.string(),
  phone: z.string(),
  delivery: z.object({
    method: z.enum(DELIVERY_METHODS),
    region: z.string().nullable(),
    district: z.string().nullable(),
    ward: z.string().nullable(),
    street: z.string().nullable(),
    landmark: z.string().nullable(),
    notes: z.string().nullable(),
    parcelOffice: z.string().nullable(),
  }),
  vatZone: z.enum(["mainland", "zanzibar"]),
  subtotal: money,
  /** the coupon's reduction of the goods and its code */
  discount: money,
  couponCode: z.string().nullable(),
  /** loyalty coins spent and the shillings they took off the goods */
  coinsSpent: z.number().int(),
  coinsValue: money,
  deliveryFee: money,
  deliveryVat: money,
  vatTotal: money,
  total: money,
  currency: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  wallet: z.string().nullable(),
  paymentPhone: z.string().nullable(),
  buyerTin: z.string().nullable(),
  holdUntil: z.string().nullable(),
  paidAt: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  lines: z.array(
    z.object({
      productId: z.number().int(),
      variantId: z.string(),
      name: z.string(),
      sku: z.string(),
      attributes: z.record(z.string(), z.string()),
      quantity: z.number().int(),
      unitPrice: money,
      net: money,
      vat: money,
      gross: money,
      vatRateBp: z.number().int(),
      /** this line's part of the coupon discount and coins (gross is after it) */
      discount: money,
    }),
  ),
  events: z.array(z.object({ at: z.string(), status: orderStatus, actor: z.enum(["shopper", "admin", "system", "provider"]), note: z.string().nullable() })),
  /** the latest payment attempt, if any */
  payment: paymentViewSchema.nullable(),
  /** a test order: its payment went to the payment sandbox, so no money moved */
  test: z.boolean(),
  /** the receipt of a paid order: fiscal once a fiscal device confirmed it; a test order's receipt says TEST */
  receipt: z.object({ number: z.string(), issuedAt: z.string(), fiscal: z.boolean(), verificationCode: z.string().nullable(), test: z.boolean() }).nullable(),
  /** every receipt it has, oldest first (a deposit order's deposit and balance receipts), each with the money it is for and its PDF address */
  receipts: z.array(
    z.object({
      kind: z.enum(RECEIPT_KINDS),
      number: z.string(),
      issuedAt: z.string(),
      amount: money,
      fiscal: z.boolean(),
      verificationCode: z.string().nullable(),
      test: z.boolean(),
      pdfPath: z.string(),
    }),
  ),
  storeCreditSpent: z.number().int().min(0).optional(),
  creditNotes: z
    .array(z.object({ number: z.string(), issuedAt: z.string(), gross: z.number(), fiscal: z.boolean(), test: z.boolean(), pdfPath: z.string() }))
    .optional(),
  /** the invoice the order has now (a pro-forma before payment, an invoice after), if any */
  invoice: z.enum(["proforma", "invoice"]).nullable(),
  canCancel: z.boolean(),
  /** a payment taken by hand (cash, or to the shop's till) at the counter or the door, standing */
  paidInPerson: z.object({ method: z.enum(["cash", "till"]), transactionId: z.string().nullable(), at: z.string() }).nullable(),
  /** the days it was promised to arrive (pick-up: be ready), shop time, and how often that moved; null for an order from before promises */
  promise: z.object({ from: z.string(), to: z.string(), slips: z.number().int() }).nullable(),
});
export const orderViewIsOrderView: Same<z.output<typeof orderViewSchema>, OrderView> = true;

export const orderSummarySchema = z.object({
  number: z.string(),
  createdAt: z.string(),
  status: orderStatus,
  total: money,
  itemCount: z.number().int(),
  /** paid (or being paid) in the payment sandbox: no money moved */
  test: z.boolean(),
});
export const orderSummaryIsOrderSummary: Same<z.output<typeof orderSummarySchema>, OrderSummary> = true;

/** How the shopper is asked to pay after placing the order. */
export const paymentStartSchema = z.object({
  reference: z.string(),
  status: z.enum(["pending", "paid", "failed", "expired", "cancelled"]),
  /** ussd-push: confirm on the phone; redirect: open `redirectUrl` (card); bank-transfer: pay against the pro-forma invoice */
  next: z.enum(["ussd-push", "redirect", "bank-transfer"]),
  redirectUrl: z.string().nullable(),
  /** the built-in sandbox: the page where the push is confirmed or declined */
  sandboxUrl: z.string().nullable(),
});
export const paymentStartIsPaymentStart: Same<z.output<typeof paymentStartSchema>, PaymentStart> = true;

export const savedAddressSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  phone: z.string(),
  region: z.string(),
  district: z.string(),
  ward: z.string(),
  street: z.string(),
  landmark: z.string(),
  /** the bus office a parcel is collected at, "" when none was given */
  parcelOffice: z.string(),
});
export const savedAddressIsSavedAddress: Same<z.output<typeof savedAddressSchema>, SavedAddress> = true;

/** What /tracking shows: the status and its timeline, nothing personal. */
export const trackingViewSchema = z.object({
  number: z.string(),
  status: orderStatus,
  /** a test order (paid in the payment sandbox) */
  test: z.boolean(),
  events: z.array(z.object({ at: z.string(), status: orderStatus })),
});
export const trackingViewIsTrackingView: Same<z.output<typeof trackingViewSchema>, TrackingView> = true;

/** POST /api/checkout/quote */
export const quoteResponseSchema = z.object({ quote: checkoutQuoteSchema });
export type QuoteResponse = z.input<typeof quoteResponseSchema>;

/** POST /api/orders (Idempotency-Key header): 201 for a new order, 200 for a repeated submit of the same one. */
export const placeOrderResponseSchema = z.object({
  order: orderViewSchema,
  /** how to pay now; null for a bank transfer, or when the provider could not be reached (then `paymentError`) */
  payment: paymentStartSchema.nullable(),
  paymentError: z.string().nullable(),
  /** the order's page: a signed link (/o/…) for a guest, the account's order page for a signed-in shopper */
  orderPath: z.string(),
});
export type PlaceOrderResponse = z.input<typeof placeOrderResponseSchema>;

/** GET /api/orders */
export const ordersResponseSchema = z.object({ orders: z.array(orderSummarySchema) });
export type OrdersResponse = z.input<typeof ordersResponseSchema>;

/** GET /api/orders/:number and POST /api/orders/:number/cancel */
export const orderResponseSchema = z.object({ order: orderViewSchema });
export type OrderResponse = z.input<typeof orderResponseSchema>;

/** POST /api/orders/:number/pay */
export const payResponseSchema = z.object({ payment: paymentStartSchema.nullable(), paymentError: z.string().nullable() });
export type PayResponse = z.input<typeof payResponseSchema>;

/** GET /api/account/addresses */
export const addressesResponseSchema = z.object({ addresses: z.array(savedAddressSchema) });
export type AddressesResponse = z.input<typeof addressesResponseSchema>;

/** POST /api/tracking */
export const trackingResponseSchema = z.object({ tracking: trackingViewSchema });
export type TrackingResponse = z.input<typeof trackingResponseSchema>;

/** GET /api/orders/:number/receipt.pdf and /invoice.pdf: the PDF itself, as a download. */
export const orderDocumentResponseSchema = notJson("an order's receipt or invoice as application/pdf (an attachment)");

/** POST /api/checkout/phone-code: send a one-time code by SMS to a guest's number. */
export const phoneCodeRequestSchema = z.object({ phone: text("phone", 32, { min: 9 }) }).strict();
export const phoneCodeResponseSchema = z.object({
  /** the number, masked as the page shows it */
  sentTo: z.string(),
  expiresInSeconds: z.number().int(),
  resendAfterSeconds: z.number().int(),
});

/** /api/guest-orders/:token… : an order reached by the signed link sent by SMS */
export const orderLinkParamsSchema = z.object({ token: text("token", 40, { min: 3 }) });

/** POST /api/account/phone: confirm the account's number with the code sent to it (claims the guest orders placed with it). */
export const confirmPhoneRequestSchema = z.object({ phone: text("phone", 32, { min: 9 }), code: text("code", 12, { min: 1 }) }).strict();
export const confirmPhoneResponseSchema = z.object({ phone: z.string(), claimedOrders: z.number().int().min(0) });
export type PhoneCodeRequest = z.input<typeof phoneCodeRequestSchema>;
export type PhoneCodeResponse = z.input<typeof phoneCodeResponseSchema>;
export type ConfirmPhoneRequest = z.input<typeof confirmPhoneRequestSchema>;
export type ConfirmPhoneResponse = z.input<typeof confirmPhoneResponseSchema>;
