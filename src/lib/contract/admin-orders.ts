import { z } from "zod";
import { ORDER_STATUSES, PAYMENT_METHODS } from "../checkout";
import { ADMIN_ORDER_ACTIONS } from "../orders";
import { RECORDED_PAYMENT_METHODS } from "./admin-staff-orders";
import { text } from "./fields";
import { orderNumberParamsSchema, orderSummarySchema, orderViewSchema } from "./orders";

/** The admin's orders: a list by status or search, one order with the actions its state allows, and those actions. */

/** GET /api/admin/orders: by status, and by (part of) the number, name or e-mail */
export const adminOrdersQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  q: text("q", 100).optional(),
  /** only orders past their promised last day and still owed to the shopper */
  late: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true"),
  limit: z.coerce.number<number | string>().int().min(1).max(100).default(25),
  offset: z.coerce.number<number | string>().int().min(0).max(1_000_000).default(0),
});
export type AdminOrdersQuery = z.input<typeof adminOrdersQuerySchema>;

/** GET /api/admin/orders/{number} */
export const adminOrderParamsSchema = orderNumberParamsSchema;

/** POST /api/admin/orders/{number}/{action} */
export const adminOrderActionParamsSchema = orderNumberParamsSchema.extend({ action: z.enum(ADMIN_ORDER_ACTIONS) });
export const adminOrderActionBodySchema = z
  .object({
    carrier: text("carrier", 80).optional(),
    trackingNumber: text("trackingNumber", 80).optional(),
    note: text("note", 500).optional(),
    /** assign-rider: the rider (an account with the rider role) taking a pay-on-delivery order out */
    riderId: z.number().int().min(1).optional(),
    /** collect: how the money was taken, and the till's transaction id */
    method: z.enum(RECORDED_PAYMENT_METHODS).optional(),
    transactionId: text("transactionId", 40).optional(),
    /** refuse: why (required), and the refusal fee if the settings charge one and it was paid */
    reason: text("reason", 300).optional(),
    fee: z
      .object({ method: z.enum(RECORDED_PAYMENT_METHODS), transactionId: text("transactionId", 40).optional() })
      .strict()
      .optional(),
    /** shipping (or handing over) a test order, whose payment went to the sandbox: required, or the answer is 409 confirmation-required */
    confirmTestOrder: z.boolean().optional(),
  })
  .strict()
  .default({});
/** the body may be left out (no fields) */
export type AdminOrderActionRequest = NonNullable<z.input<typeof adminOrderActionBodySchema>>;

// ---- answers ------------------------------------------------------------------------------

/** An order as the admin's list shows it: with who placed it and how they pay. */
export const adminOrderSummarySchema = orderSummarySchema.extend({
  fullName: z.string(),
  email: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** the promised last day (shop time); late: it has passed and the order is still owed */
  promisedTo: z.string().nullable(),
  late: z.boolean(),
});
export type AdminOrderSummary = z.input<typeof adminOrderSummarySchema>;

/** GET /api/admin/orders: newest first, with the count of every match */
export const adminOrdersResponseSchema = z.object({ orders: z.array(adminOrderSummarySchema), total: z.number().int().min(0) });
export type AdminOrdersResponse = z.input<typeof adminOrdersResponseSchema>;

/** An order as the admin sees it: with the actions its state allows. */
export const adminOrderViewSchema = orderViewSchema.extend({
  actions: z.array(z.enum(ADMIN_ORDER_ACTIONS)),
  /** pay on delivery: the rider the order is given to */
  rider: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type AdminOrderView = z.input<typeof adminOrderViewSchema>;

/** GET /api/admin/orders/{number} and an action's answer: the order after it */
export const adminOrderResponseSchema = z.object({ order: adminOrderViewSchema });
export type AdminOrderResponse = z.input<typeof adminOrderResponseSchema>;
