import { z } from "zod";
import { STOCK_ALERT_CHANNELS, STOCK_ALERT_STATUSES } from "../stock-alerts";
import { text } from "./fields";

/** "Notify me" (/api/stock-alerts): subscribe, confirm a guest's alert, cancel by the link. */

const id = z.number().int().min(1).max(2_147_483_647);

/** POST /api/stock-alerts: the option by its row id or its combination id (none: the product as a whole). */
export const stockAlertRequestSchema = z
  .object({
    productId: id,
    variantId: z.union([id, text("variantId", 200, { min: 1 })]).optional(),
    channel: z.enum(STOCK_ALERT_CHANNELS),
    contact: text("contact", 254, { min: 3 }),
  })
  .strict();
export type StockAlertRequest = z.input<typeof stockAlertRequestSchema>;

export const stockAlertSchema = z.object({
  id: z.number().int(),
  status: z.enum(STOCK_ALERT_STATUSES),
  channel: z.enum(STOCK_ALERT_CHANNELS),
  /** the contact as a page may show it (a phone masked) */
  contact: z.string(),
  productId: z.number().int(),
  variantId: z.string().nullable(),
  createdAt: z.string(),
});

/** 201 (or 200 when the same live alert existed): `status` is "waiting", or "pending-confirmation" with `code` for a guest's phone. */
export const stockAlertResponseSchema = z.object({
  status: z.enum(STOCK_ALERT_STATUSES),
  alert: stockAlertSchema,
  /** a guest's phone: where the confirmation code went (null: a code sent a moment ago still works, or an e-mail link was sent) */
  code: z.object({ sentTo: z.string(), expiresInSeconds: z.number().int(), resendAfterSeconds: z.number().int() }).nullable(),
});
export type StockAlertResponse = z.input<typeof stockAlertResponseSchema>;

/** POST /api/stock-alerts/confirm: the alert and the SMS code, or the e-mailed link's token. */
export const stockAlertConfirmRequestSchema = z.union([
  z.object({ alertId: id, code: text("code", 12, { min: 1 }) }).strict(),
  z.object({ token: text("token", 64, { min: 10 }) }).strict(),
]);
export type StockAlertConfirmRequest = z.input<typeof stockAlertConfirmRequestSchema>;

/** POST /api/stock-alerts/cancel: the token of the alert's link. */
export const stockAlertCancelRequestSchema = z.object({ token: text("token", 64, { min: 10 }) }).strict();
export type StockAlertCancelRequest = z.input<typeof stockAlertCancelRequestSchema>;

export const stockAlertStateResponseSchema = z.object({ status: z.enum(STOCK_ALERT_STATUSES), alert: stockAlertSchema });
export type StockAlertStateResponse = z.input<typeof stockAlertStateResponseSchema>;

/** GET /api/admin/stock-alerts/awaited: the sold-out products most waited for (an import signal). */
export const awaitedProductsResponseSchema = z.object({
  products: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      slug: z.string(),
      sku: z.string(),
      stock: z.number().int(),
      waiting: z.number().int(),
      /** when the longest-waiting shopper asked */
      oldest: z.string(),
    }),
  ),
});
export type AwaitedProductsResponse = z.input<typeof awaitedProductsResponseSchema>;

const incomingSchema = z.object({
  incomingQuantity: z.number().int().nullable(),
  /** YYYY-MM-DD, the expected arrival */
  incomingDate: z.string().nullable(),
  onDemandWeeks: z.number().int().nullable(),
});

/** GET /api/admin/products/:id/stock-alerts: how many wait for it, and its incoming stock. */
export const productStockAlertsResponseSchema = z.object({ waiting: z.number().int(), incoming: incomingSchema });
export type ProductStockAlertsResponse = z.input<typeof productStockAlertsResponseSchema>;

/** PUT /api/admin/products/:id/incoming: the incoming stock (quantity and date both or neither; weeks 1 to 104) and why. */
export const incomingStockRequestSchema = z
  .object({
    incomingQuantity: z.number().int().min(1).max(1_000_000).nullable(),
    incomingDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "incomingDate must be a date (YYYY-MM-DD)")
      .nullable(),
    onDemandWeeks: z.number().int().min(1).max(104).nullable(),
    reason: text("reason", 500, { min: 1, minMessage: "Say why the incoming stock changes" }),
  })
  .strict();
export type IncomingStockRequest = z.input<typeof incomingStockRequestSchema>;
export const incomingStockResponseSchema = z.object({ incoming: incomingSchema, changed: z.boolean() });
export type IncomingStockResponse = z.input<typeof incomingStockResponseSchema>;

/** GET /api/admin/stock-alerts/awaited?limit */
export const awaitedProductsQuerySchema = z.object({ limit: z.coerce.number<number | string>().int().min(1).max(100).optional() });
