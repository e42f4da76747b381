import { z } from "zod";
import { REFUND_METHODS, REFUND_STATUSES } from "../refunds";
import { text } from "./fields";
import { notJson } from "./common";

/** Refunds: the admin's routes under /api/admin/orders/{number}/refunds, the shopper's store credit and credit note PDFs. */

/** POST /api/admin/orders/{number}/refunds: by lines or by an amount, with the admin's second factor and an Idempotency-Key header. */
export const refundRequestSchema = z
  .object({
    lines: z
      .array(z.object({ orderLineId: z.number().int().min(1).max(2_147_483_647), quantity: z.number().int().min(1).max(1_000_000) }).strict())
      .min(1)
      .max(200)
      .optional(),
    amount: z.number().int().min(1).max(1_000_000_000).optional(),
    method: z.enum(REFUND_METHODS),
    reason: text("reason", 500, { min: 1, minMessage: "Say why the money is refunded" }),
    bankReference: text("bankReference", 80).optional(),
    includeDelivery: z.boolean().optional(),
    /** the return fare the shop pays for faulty items, added to the refund */
    returnFare: z.number().int().min(0).max(10_000_000).optional(),
    /** the admin's authenticator code (or a recovery code), asked again for money going out */
    twoFactorCode: text("twoFactorCode", 40).optional(),
  })
  .strict();
export type RefundRequest = z.input<typeof refundRequestSchema>;

export const refundHeadersSchema = z.object({
  "idempotency-key": z
    .string({ error: "The Idempotency-Key header is required" })
    .regex(/^[A-Za-z0-9_-]{16,80}$/, "Idempotency-Key must be 16 to 80 letters, digits, - or _"),
});

export const refundOrderParamsSchema = z.object({ number: text("number", 30, { min: 1 }) });

/** POST /api/admin/orders/{number}/refunds/{n}/transfer: the bank transfer of a refund the shop asked for, made and recorded. */
export const refundTransferParamsSchema = refundOrderParamsSchema.extend({ refund: z.coerce.number<number | string>().int().min(1).max(100_000) });
export const refundTransferRequestSchema = z
  .object({
    bankReference: text("bankReference", 80, { min: 1, minMessage: "Enter the bank's reference of the transfer" }),
    twoFactorCode: text("twoFactorCode", 40).optional(),
  })
  .strict();
export type RefundTransferRequest = z.input<typeof refundTransferRequestSchema>;

const refundLineSchema = z.object({
  kind: z.enum(["line", "amount", "delivery"]),
  orderLineId: z.number(),
  name: z.string(),
  sku: z.string(),
  quantity: z.number(),
  vatRateBp: z.number(),
  gross: z.number(),
  vat: z.number(),
  net: z.number(),
});

export const creditNoteSchema = z.object({
  number: z.string(),
  receiptNumber: z.string().nullable(),
  issuedAt: z.string(),
  fiscal: z.boolean(),
  test: z.boolean(),
  gross: z.number(),
  vat: z.number(),
  net: z.number(),
  rates: z.array(z.object({ rateBp: z.number(), net: z.number(), vat: z.number() })),
  pdfPath: z.string(),
});

export const refundViewSchema = z.object({
  id: z.number(),
  orderId: z.number(),
  orderNumber: z.string(),
  number: z.number(),
  amount: z.number(),
  method: z.enum(REFUND_METHODS),
  status: z.enum(REFUND_STATUSES),
  reason: z.string(),
  lines: z.array(refundLineSchema),
  delivery: z.number(),
  returnFare: z.number(),
  coinsReturned: z.number(),
  coinsReversed: z.number(),
  bankReference: z.string().nullable(),
  providerReference: z.string().nullable(),
  returnId: z.number().nullable(),
  actorEmail: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  failureReason: z.string().nullable(),
  creditNote: creditNoteSchema.nullable(),
  test: z.boolean(),
});

/** 201 (a new refund) or 200 (the same Idempotency-Key again): the refund and its credit note (null until the money went back). */
export const refundResponseSchema = z.object({ refund: refundViewSchema });
export type RefundResponse = z.output<typeof refundResponseSchema>;

/** GET /api/admin/orders/{number}/refunds: the order's refunds and what is still refundable. */
export const refundListResponseSchema = z.object({
  refunds: z.array(refundViewSchema),
  refundable: z.object({
    paid: z.number(),
    refunded: z.number(),
    remaining: z.number(),
    deliveryRemaining: z.number(),
    lines: z.array(
      z.object({ orderLineId: z.number(), name: z.string(), quantity: z.number(), refundedQuantity: z.number(), gross: z.number(), refundedGross: z.number() }),
    ),
    methods: z.array(z.enum(REFUND_METHODS)),
  }),
});

export type RefundListResponse = z.output<typeof refundListResponseSchema>;

/** GET /api/account/store-credit: the balance and its history. */
export const storeCreditResponseSchema = z.object({
  balance: z.number(),
  entries: z.array(
    z.object({
      id: z.number(),
      delta: z.number(),
      reason: z.enum(["refund", "spent", "returned"]),
      orderNumber: z.string().nullable(),
      balanceAfter: z.number(),
      createdAt: z.string(),
    }),
  ),
});

export type StoreCreditResponse = z.output<typeof storeCreditResponseSchema>;

/** GET /api/orders/{number}/credit-notes: the order's credit notes (the shopper's documents). */
export const orderCreditNotesResponseSchema = z.object({ creditNotes: z.array(creditNoteSchema) });

export const creditNotePdfParamsSchema = z.object({ number: z.string().max(40), creditNote: z.string().max(60) });
export const creditNotePdfResponseSchema = notJson("a credit note as application/pdf (an attachment)");

/** A payout (refund) callback's answer. */
export const payoutWebhookResponseSchema = z.object({ received: z.literal(true), outcome: z.string() });
