import { z } from "zod";
import {
  BACK_ORDER_PAYMENTS,
  DEPOSIT_PAYMENT_METHODS,
  type BackOrderLineView,
  type BackOrderOffer,
  type BackOrderPlan,
  type OrderPartsView,
  type ShipmentView,
} from "../back-orders";
import { requestedLinesSchema } from "../orders";
import { REFUND_METHODS, REFUND_STATUSES } from "../refunds";
import type { Same } from "./common";
import { text } from "./fields";

/**
 * Back-orders: a product's offer beyond its stock, the checkout's plan of which lines wait, an
 * order's parts (lines by state, shipments) for its shopper and the admin, shipping ready lines,
 * cancelling the waiting part (its money returned), and the admin's switch per product.
 */

// ---- requests ------------------------------------------------------------------------------

/** GET /api/back-orders/offer?productId&variantId */
export const backOrderOfferQuerySchema = z.object({
  productId: z.coerce.number().int().positive(),
  variantId: text("variantId", 80, { min: 1 }).optional(),
});
export type BackOrderOfferQuery = z.input<typeof backOrderOfferQuerySchema>;

/** POST /api/checkout/back-orders: a guest sends their lines; a signed-in shopper's plan is of their cart */
export const backOrderPlanRequestSchema = z.object({ lines: requestedLinesSchema.optional() });
export type BackOrderPlanRequest = z.input<typeof backOrderPlanRequestSchema>;

/** POST /api/admin/orders/{number}/shipments: the lines and units to dispatch (all that is ready when left out) */
export const shipRequestSchema = z.object({
  lines: z
    .array(z.object({ orderLineId: z.number().int().positive(), quantity: z.number().int().min(1).max(100_000) }))
    .min(1)
    .max(100)
    .optional(),
  carrier: text("carrier", 80, { min: 1 }),
  trackingNumber: text("trackingNumber", 80, { min: 1 }),
  /** a test order (paid in the sandbox) is shipped only when this says so */
  confirmTestOrder: z.boolean().optional(),
});
export type ShipRequest = z.input<typeof shipRequestSchema>;

/** POST /api/orders/{number}/back-orders/cancel (shopper) */
export const cancelWaitingRequestSchema = z.object({
  /** the waiting lines to cancel; all of them when left out */
  orderLineIds: z.array(z.number().int().positive()).min(1).max(100).optional(),
});
export type CancelWaitingRequest = z.input<typeof cancelWaitingRequestSchema>;

/** POST /api/admin/orders/{number}/back-orders/cancel: also how the money goes back, and why */
export const adminCancelWaitingRequestSchema = cancelWaitingRequestSchema.extend({
  method: z.enum(REFUND_METHODS).optional(),
  bankReference: text("bankReference", 80).optional(),
  reason: text("reason", 300).optional(),
});
export type AdminCancelWaitingRequest = z.input<typeof adminCancelWaitingRequestSchema>;

/**
 * POST /api/orders/{number}/pay-balance (and /api/guest-orders/{token}/pay-balance): the balance of
 * an order paid by deposit, by mobile money (the order's wallet and number unless others are given)
 * or card; answered like /pay.
 */
export const payBalanceRequestSchema = z
  .object({
    method: z.enum(DEPOSIT_PAYMENT_METHODS).optional(),
    wallet: text("wallet", 40).optional(),
    phone: text("phone", 32).optional(),
  })
  .strict();
export type PayBalanceRequest = z.input<typeof payBalanceRequestSchema>;

/** PUT /api/admin/products/{id}/back-orders */
export const productBackOrdersParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const productBackOrdersRequestSchema = z.object({ allowBackorder: z.boolean({ error: "allowBackorder must be true or false" }) });
export type ProductBackOrdersRequest = z.input<typeof productBackOrdersRequestSchema>;

// ---- answers ------------------------------------------------------------------------------

const day = z.iso.date();

export const backOrderOfferResponseSchema = z.object({
  productId: z.number().int(),
  variantId: z.string(),
  stock: z.number().int(),
  expectedOn: day.nullable(),
});
export const backOrderOfferIsOffer: Same<z.input<typeof backOrderOfferResponseSchema>, BackOrderOffer> = true;

export const backOrderPlanResponseSchema = z.object({
  lines: z.array(
    z.object({
      productId: z.number().int(),
      variantId: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      inStock: z.number().int(),
      waiting: z.number().int(),
      expectedOn: day.nullable(),
      sellable: z.boolean(),
    }),
  ),
  refundBy: z.object({ earliest: day, latest: day }).nullable(),
  payment: z.enum(BACK_ORDER_PAYMENTS),
  depositPercent: z.number().int(),
});
export const backOrderPlanIsPlan: Same<z.input<typeof backOrderPlanResponseSchema>, BackOrderPlan> = true;

const lineSchema = z.object({
  orderLineId: z.number().int(),
  productId: z.number().int(),
  variantId: z.string(),
  name: z.string(),
  sku: z.string(),
  attributes: z.record(z.string(), z.string()),
  quantity: z.number().int(),
  waiting: z.number().int(),
  ready: z.number().int(),
  heldForBalance: z.number().int(),
  shipped: z.number().int(),
  cancelled: z.number().int(),
  expectedOn: day.nullable(),
  status: z.enum(["awaiting_stock", "ready", "shipped", "cancelled"]),
});
export const lineIsView: Same<z.input<typeof lineSchema>, BackOrderLineView> = true;

const shipmentSchema = z.object({
  number: z.number().int(),
  carrier: z.string(),
  trackingNumber: z.string(),
  dispatchedAt: z.iso.datetime({ offset: true }),
  lines: z.array(z.object({ orderLineId: z.number().int(), name: z.string(), quantity: z.number().int() })),
});
export const shipmentIsView: Same<z.input<typeof shipmentSchema>, ShipmentView> = true;

export const orderPartsSchema = z.object({
  number: z.string(),
  refundBy: day.nullable(),
  waitingUnits: z.number().int(),
  lines: z.array(lineSchema),
  shipments: z.array(shipmentSchema),
  canCancelWaiting: z.boolean(),
  canShip: z.boolean(),
  deposit: z
    .object({
      amount: z.number().int(),
      balanceDue: z.number().int(),
      balancePaid: z.number().int(),
      balanceRequestedAt: z.iso.datetime({ offset: true }).nullable(),
      balanceDueBy: day.nullable(),
    })
    .nullable(),
  canPayBalance: z.boolean(),
});
export const orderPartsIsView: Same<z.input<typeof orderPartsSchema>, OrderPartsView> = true;

/** GET (shopper, admin) an order's parts; POST .../shipments answers 201 with them */
export const orderPartsResponseSchema = z.object({ parts: orderPartsSchema });
export type OrderPartsResponse = z.input<typeof orderPartsResponseSchema>;

/** a waiting part cancelled: the order's parts now, and the refund made (null while it is owed: `refundPending`) */
export const cancelWaitingResponseSchema = z.object({
  parts: orderPartsSchema,
  refund: z.object({ id: z.number().int(), amount: z.number().int(), method: z.enum(REFUND_METHODS), status: z.enum(REFUND_STATUSES) }).nullable(),
  refundPending: z.boolean(),
});
export type CancelWaitingResponse = z.input<typeof cancelWaitingResponseSchema>;

export const productBackOrdersResponseSchema = z.object({ productId: z.number().int(), allowBackorder: z.boolean() });
export type ProductBackOrdersResponse = z.input<typeof productBackOrdersResponseSchema>;
