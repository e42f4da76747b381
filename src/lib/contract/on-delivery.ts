import { z } from "zod";
import { DELIVERY_METHODS, ORDER_STATUSES } from "../checkout";
import { REFUSAL_FEE_RULES } from "../pay-on-delivery";
import { RECORDED_PAYMENT_METHODS } from "./admin-staff-orders";
import { idParams, text } from "./fields";
import { orderNumberParamsSchema } from "./orders";

/**
 * Pay on delivery: the rider's deliveries (GET /api/rider/deliveries), the money taken at the door
 * or the goods refused there; the admin's riders, and the day's cash per rider or counter
 * (GET /api/admin/cash) with what each handed over.
 */

/** A transaction id as a mobile-money till's SMS shows it. */
const transactionId = text("transactionId", 40).optional();

/** POST /api/rider/deliveries/{number}/collect and the admin's "collect": the whole total taken, in cash or to the shop's till. */
export const collectRequestSchema = z
  .object({
    method: z.enum(RECORDED_PAYMENT_METHODS),
    /** the till's transaction id: required for "till" */
    transactionId,
    note: text("note", 300).optional(),
  })
  .strict();
export type CollectRequest = z.input<typeof collectRequestSchema>;

/** POST /api/rider/deliveries/{number}/refuse and the admin's "refuse": why, and the refusal fee if the settings charge one and it was paid. */
export const refuseRequestSchema = z
  .object({
    reason: text("reason", 300, { min: 3, minMessage: "Say why the customer refused the order" }),
    fee: z
      .object({ method: z.enum(RECORDED_PAYMENT_METHODS), transactionId })
      .strict()
      .optional(),
  })
  .strict();
export type RefuseRequest = z.input<typeof refuseRequestSchema>;

export const deliveryParamsSchema = orderNumberParamsSchema;

/** One delivery as a rider's phone shows it: who, where, what, and how much to collect. */
export const riderDeliverySchema = z.object({
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  deliveryMethod: z.enum(DELIVERY_METHODS),
  fullName: z.string(),
  /** the customer's number in full: the rider calls it */
  phone: z.string(),
  region: z.string().nullable(),
  district: z.string().nullable(),
  ward: z.string().nullable(),
  street: z.string().nullable(),
  landmark: z.string().nullable(),
  notes: z.string().nullable(),
  total: z.number().int(),
  /** what the rider may take if the goods are refused (the settings' rule), 0 for none */
  refusalFee: z.number().int(),
  lines: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  assignedAt: z.string().nullable(),
});
export type RiderDelivery = z.input<typeof riderDeliverySchema>;

/** What a collector (a rider, or staff at the counter) took on one day. */
export const collectedSchema = z.object({
  delivered: z.number().int(),
  refused: z.number().int(),
  /** cash to hand over: the orders' totals and refusal fees paid in cash */
  cash: z.number().int(),
  /** paid to the shop's till (already the shop's: only checked against its statement) */
  till: z.number().int(),
  fees: z.number().int(),
});
export type Collected = z.input<typeof collectedSchema>;

/** GET /api/rider/deliveries: the signed-in rider's open deliveries, and what they took today */
export const riderDeliveriesResponseSchema = z.object({
  deliveries: z.array(riderDeliverySchema),
  today: collectedSchema,
  refusalFeeRule: z.enum(REFUSAL_FEE_RULES),
});
export type RiderDeliveriesResponse = z.input<typeof riderDeliveriesResponseSchema>;

/** The answer to collect and refuse: the order's number and status after it. */
export const deliveryOutcomeResponseSchema = z.object({ number: z.string(), status: z.enum(ORDER_STATUSES) });
export type DeliveryOutcomeResponse = z.input<typeof deliveryOutcomeResponseSchema>;

// ---- admin ------------------------------------------------------------------------------

/** GET /api/admin/riders: the shop's riders, with how many deliveries each holds now */
export const ridersResponseSchema = z.object({
  riders: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string(), open: z.number().int() })),
});
export type RidersResponse = z.input<typeof ridersResponseSchema>;

/** PUT /api/admin/customers/{id}/role: make an account a rider, or a shopper again (admins are made otherwise) */
export const staffRoleParamsSchema = idParams;
export const staffRoleRequestSchema = z.object({ role: z.enum(["user", "rider"]) }).strict();
export const staffRoleResponseSchema = z.object({ id: z.number().int(), role: z.enum(["user", "rider", "admin"]) });

/** GET /api/admin/cash?day=YYYY-MM-DD (shop time; today when left out) */
export const cashDayQuerySchema = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "A day is written YYYY-MM-DD")
    .optional(),
});

/** A payment taken by hand on that day, as the reconciliation lists it. */
export const cashEntrySchema = z.object({
  order: z.string(),
  kind: z.enum(["order", "refusal_fee"]),
  method: z.enum(RECORDED_PAYMENT_METHODS),
  transactionId: z.string().nullable(),
  amount: z.number().int(),
  at: z.string(),
});

/** One collector's day: what they took, and what they handed over (null until counted). */
export const cashCollectorSchema = z.object({
  staffId: z.number().int(),
  name: z.string(),
  role: z.enum(["user", "rider", "admin"]),
  collected: collectedSchema,
  entries: z.array(cashEntrySchema),
  handover: z
    .object({
      countedCash: z.number().int(),
      /** counted minus the cash taken that day as it stands now: below zero is short */
      difference: z.number().int(),
      by: z.string(),
      at: z.string(),
      note: z.string().nullable(),
    })
    .nullable(),
});
export type CashCollector = z.input<typeof cashCollectorSchema>;

export const cashDayResponseSchema = z.object({ day: z.string(), timezone: z.string(), collectors: z.array(cashCollectorSchema) });
export type CashDayResponse = z.input<typeof cashDayResponseSchema>;

/** POST /api/admin/cash/handovers: the cash a collector handed over for a day, counted; a difference needs a note */
export const cashHandoverRequestSchema = z
  .object({
    staffId: z.number().int().min(1),
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "A day is written YYYY-MM-DD"),
    countedCash: z.number().int().min(0).max(1_000_000_000),
    note: text("note", 300).optional(),
  })
  .strict();
export type CashHandoverRequest = z.input<typeof cashHandoverRequestSchema>;
export const cashHandoverResponseSchema = z.object({ collector: cashCollectorSchema });
