import { z } from "zod";
import { REFUND_METHODS } from "../refunds";
import {
  RETURN_CONDITIONS,
  RETURN_DECISIONS,
  RETURN_KINDS,
  RETURN_METHODS,
  RETURN_REASON_MAX,
  RETURN_REFUSAL_MAX,
  RETURN_STATUSES,
  RETURN_STOCK_OUTCOMES,
} from "../returns";
import { text } from "./fields";

/**
 * Returns and warranty claims: the shopper's request (POST /api/orders/{number}/returns, multipart)
 * and the admin's workflow (GET /api/admin/returns, GET and POST /api/admin/returns/{number}/…).
 */

const positive = z.number().int().min(1).max(100_000);

/** The `lines` field of the request (JSON text in the multipart body): which order lines and how many. */
export const returnLinesSchema = z
  .array(z.object({ orderLineId: z.number().int().min(1).max(2_147_483_647), quantity: positive }).strict())
  .min(1, "Choose at least one line to return")
  .max(100);

/** The fields of POST /api/orders/{number}/returns after the multipart body is read (photos apart). */
export const returnRequestSchema = z
  .object({
    lines: returnLinesSchema,
    reason: text("reason", RETURN_REASON_MAX, { min: 3, minMessage: "Say what is wrong, or why it goes back" }),
    returnMethod: z.enum(RETURN_METHODS),
    checklist: z.object(Object.fromEntries(RETURN_CONDITIONS.map((c) => [c, z.boolean()])) as Record<(typeof RETURN_CONDITIONS)[number], z.ZodBoolean>),
    /** a guest's order: the token of the order's signed link (/o/<token>) stands for the signed-in owner */
    orderLink: text("orderLink", 40).optional(),
  })
  .strict();
export type ReturnRequest = z.input<typeof returnRequestSchema>;

export const returnEventSchema = z.object({
  at: z.string(),
  status: z.enum(RETURN_STATUSES),
  actor: z.enum(["shopper", "admin", "system"]),
  note: z.string().nullable(),
});

export const returnLineViewSchema = z.object({
  id: z.number().int(),
  orderLineId: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  decision: z.enum(RETURN_DECISIONS).nullable(),
  outcomeStock: z.enum(RETURN_STOCK_OUTCOMES).nullable(),
  refundId: z.number().int().nullable(),
});
export type ReturnLineView = z.infer<typeof returnLineViewSchema>;

export const returnViewSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  orderNumber: z.string(),
  status: z.enum(RETURN_STATUSES),
  kind: z.enum(RETURN_KINDS),
  reason: z.string(),
  returnMethod: z.enum(RETURN_METHODS),
  checklist: z.record(z.string(), z.boolean()),
  refusalReason: z.string().nullable(),
  lines: z.array(returnLineViewSchema),
  /** the photos' addresses (/media/returns/…) */
  photos: z.array(z.string()),
  events: z.array(returnEventSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReturnView = z.infer<typeof returnViewSchema>;

export const returnResponseSchema = z.object({ return: returnViewSchema });
export type ReturnResponse = z.infer<typeof returnResponseSchema>;

/** What an order's page offers: whether lines may be sent back now, as what, until when, and how many of each. */
export const returnOptionsSchema = z.object({
  open: z.boolean(),
  kind: z.enum(RETURN_KINDS).nullable(),
  /** the return window's end (ISO), or null before delivery */
  windowUntil: z.string().nullable(),
  /** the last moment any line may be claimed (the longest warranty), or null */
  lastClaimUntil: z.string().nullable(),
  lines: z.array(
    z.object({
      orderLineId: z.number().int(),
      name: z.string(),
      quantity: z.number().int(),
      returnable: z.number().int(),
      /** the product's warranty end (ISO), or null when it has none beyond the window */
      warrantyUntil: z.string().nullable(),
      /** whether this line may be claimed now (within the window, or its warranty) */
      claimable: z.boolean(),
    }),
  ),
  methods: z.array(z.enum(RETURN_METHODS)),
  returns: z.array(returnViewSchema),
});
export type ReturnOptions = z.infer<typeof returnOptionsSchema>;

export const returnNumberParamsSchema = z.object({ number: text("number", 30, { min: 1 }) });

/** GET /api/admin/returns */
export const adminReturnsQuerySchema = z.object({
  status: z.enum(RETURN_STATUSES).optional(),
  limit: z.coerce.number<number | string>().int().min(1).max(100).default(50),
  offset: z.coerce.number<number | string>().int().min(0).max(100_000).default(0),
});

export const adminReturnSummarySchema = z.object({
  number: z.string(),
  orderNumber: z.string(),
  status: z.enum(RETURN_STATUSES),
  kind: z.enum(RETURN_KINDS),
  customer: z.string(),
  units: z.number().int(),
  createdAt: z.string(),
  test: z.boolean(),
});
export type AdminReturnSummary = z.infer<typeof adminReturnSummarySchema>;

export const adminReturnsResponseSchema = z.object({ returns: z.array(adminReturnSummarySchema), total: z.number().int() });

export const adminReturnViewSchema = returnViewSchema.extend({
  customer: z.object({ name: z.string(), phone: z.string(), email: z.string().nullable() }),
  test: z.boolean(),
  actions: z.array(z.enum(["approve", "refuse", "receive", "inspect", "decide"])),
  /** how the order was paid: the refund decision's default route back */
  paymentMethod: z.string(),
  guest: z.boolean(),
});
export type AdminReturnView = z.infer<typeof adminReturnViewSchema>;
export const adminReturnResponseSchema = z.object({ return: adminReturnViewSchema });

/** POST /api/admin/returns/{number}/refuse */
export const refuseReturnRequestSchema = z
  .object({ reason: text("reason", RETURN_REFUSAL_MAX, { min: 3, minMessage: "Say why the return is refused" }) })
  .strict();
/** POST /api/admin/returns/{number}/approve, /receive, /inspect: an optional note for the timeline */
export const returnStepRequestSchema = z.object({ note: text("note", 500).optional() }).strict();

/**
 * POST /api/admin/returns/{number}/decide: a decision and where the stock goes for each line; a
 * refund or store credit goes through the refund service (the admin's second factor again, the
 * route back for "refund", the return fare the shop pays for faulty items).
 */
export const decideReturnRequestSchema = z
  .object({
    lines: z
      .array(
        z
          .object({
            returnLineId: z.number().int().min(1),
            decision: z.enum(RETURN_DECISIONS),
            stock: z.enum(RETURN_STOCK_OUTCOMES),
          })
          .strict(),
      )
      .min(1)
      .max(100),
    /** how a "refund" decision's money goes back (store credit lines go to store credit) */
    refundMethod: z.enum(REFUND_METHODS).optional(),
    bankReference: text("bankReference", 80).optional(),
    /** the fare the shopper paid to send faulty items back, refunded with them (whole shillings) */
    returnFare: z.number().int().min(0).max(1_000_000).optional(),
    /** the admin's second factor (TOTP or recovery code), needed when money goes back */
    twoFactorCode: text("twoFactorCode", 20).optional(),
  })
  .strict();
export type DecideReturnRequest = z.input<typeof decideReturnRequestSchema>;

/** PUT /api/admin/products/{id}/warranty: days after delivery a claim is taken (null: the shop's return window only) */
export const productWarrantyRequestSchema = z.object({ warrantyDays: z.number().int().min(1).max(3650).nullable() }).strict();
export type ProductWarrantyRequest = z.input<typeof productWarrantyRequestSchema>;
export const productWarrantyResponseSchema = z.object({ warrantyDays: z.number().int().nullable(), faultyQuantity: z.number().int() });
export type ProductWarrantyResponse = z.infer<typeof productWarrantyResponseSchema>;
