import { z } from "zod";
import { ORDER_STATUSES } from "../checkout";
import { checkoutRequestSchema, requestedLinesSchema } from "../orders";
import { text } from "./fields";
import { orderNumberParamsSchema, orderViewSchema, payRequestSchema, payResponseSchema, placeOrderHeadersSchema } from "./orders";

/**
 * Orders taken by staff for a customer (/admin/orders/new), and how staff get them paid: the
 * mobile-money prompt, a payment link by SMS or WhatsApp, or a payment taken by hand (cash, or the
 * shop's own till with its transaction id), which an admin may reverse with a reason.
 */

export const RECORDED_PAYMENT_METHODS = ["cash", "till"] as const;
export type RecordedPaymentMethod = (typeof RECORDED_PAYMENT_METHODS)[number];

/** GET /api/admin/staff-orders/lookup?phone= */
export const staffLookupQuerySchema = z.object({ phone: text("phone", 32, { min: 9 }) });
export const staffLookupResponseSchema = z.object({
  phone: z.string(),
  /** accounts whose profile names this number (unconfirmed: the order is not attached to them); e-mails masked */
  accounts: z.array(z.object({ name: z.string(), email: z.string() })),
  /** the number's latest orders */
  orders: z.array(z.object({ number: z.string(), createdAt: z.string(), status: z.enum(ORDER_STATUSES), total: z.number().int(), fullName: z.string() })),
});
export type StaffLookupResponse = z.input<typeof staffLookupResponseSchema>;

/** POST /api/admin/staff-orders (Idempotency-Key header, like POST /api/orders) */
export const staffOrderHeadersSchema = placeOrderHeadersSchema;
export const staffOrderRequestSchema = checkoutRequestSchema
  .omit({ guest: true, coinsToSpend: true, storeCredit: true, lines: true, saveAddress: true })
  .extend({
    lines: requestedLinesSchema,
    /** the customer's e-mail address, if they gave one */
    email: z.email("Enter a valid e-mail address").max(254).optional(),
    /** the code sent to the customer's number (POST /api/admin/staff-orders/phone-code), read out by them: confirms the number (pay on delivery needs it) */
    code: text("code", 12).optional(),
  })
  .strict();
export type StaffOrderRequest = z.input<typeof staffOrderRequestSchema>;
export const staffOrderResponseSchema = z.object({ order: orderViewSchema });
export type StaffOrderResponse = z.input<typeof staffOrderResponseSchema>;

export const staffOrderParamsSchema = orderNumberParamsSchema;

/** POST /api/admin/staff-orders/{number}/prompt: the mobile-money prompt to the order's number (or another) */
export const staffPromptRequestSchema = payRequestSchema;
export const staffPromptResponseSchema = payResponseSchema;

/** POST /api/admin/staff-orders/{number}/link: the order's link to pay, by SMS or (when the number chose it) WhatsApp */
export const staffLinkRequestSchema = z.object({ channel: z.enum(["sms", "whatsapp"]) }).strict();
export const staffLinkResponseSchema = z.object({ queued: z.boolean(), reason: z.string().nullable() });
export type StaffLinkResponse = z.input<typeof staffLinkResponseSchema>;

/** POST /api/admin/staff-orders/{number}/recorded-payments: a payment taken by hand (a till's needs its transaction id) */
export const recordPaymentRequestSchema = z
  .object({
    method: z.enum(RECORDED_PAYMENT_METHODS),
    transactionId: text("transactionId", 40).optional(),
    note: text("note", 300).optional(),
  })
  .strict();
export type RecordPaymentRequest = z.input<typeof recordPaymentRequestSchema>;

/** POST /api/admin/staff-orders/{number}/recorded-payments/reverse */
export const reversePaymentRequestSchema = z.object({ reason: text("reason", 300, { min: 3, minMessage: "Say why the payment is reversed" }) }).strict();
export type ReversePaymentRequest = z.input<typeof reversePaymentRequestSchema>;

export const recordedPaymentSchema = z.object({
  method: z.enum(RECORDED_PAYMENT_METHODS),
  transactionId: z.string().nullable(),
  amount: z.number().int(),
  /** the staff member who took it (their name) */
  staff: z.string(),
  recordedAt: z.string(),
  note: z.string().nullable(),
  reversedAt: z.string().nullable(),
  reversedBy: z.string().nullable(),
  reversalReason: z.string().nullable(),
});
export type RecordedPayment = z.input<typeof recordedPaymentSchema>;

/** GET /api/admin/staff-orders/{number}/recorded-payments, and the answer of recording or reversing one */
export const recordedPaymentsResponseSchema = z.object({ recordedPayments: z.array(recordedPaymentSchema) });
export type RecordedPaymentsResponse = z.input<typeof recordedPaymentsResponseSchema>;
