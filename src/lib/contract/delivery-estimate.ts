import { z } from "zod";
import { DELIVERY_METHODS } from "../checkout";
import { text } from "./fields";

const MAX_PRODUCTS = 50;

/**
 * GET /api/delivery-estimate?method=courier|same_day|parcel|pickup&region=…&productId=…: when an
 * order placed now would arrive. `region` is the region's code (not needed for pick-up);
 * `productId` (one product page) or `productIds` (a cart, comma-separated) start the dates at the
 * day a product that is not in stock is expected.
 */
export const deliveryEstimateQuerySchema = z
  .object({
    method: z.enum(DELIVERY_METHODS, { error: `method must be one of ${DELIVERY_METHODS.join(", ")}` }),
    region: text("region", 40).optional(),
    productId: z.coerce.number<number | string>({ error: "productId must be a product id" }).int().min(1).max(2_147_483_647).optional(),
    productIds: text("productIds", 600)
      .optional()
      .transform((value, context) => {
        if (value === undefined || value === "") return [];
        const ids = value.split(",").map((part) => Number(part.trim()));
        if (ids.length > MAX_PRODUCTS || ids.some((id) => !Number.isInteger(id) || id < 1 || id > 2_147_483_647)) {
          context.addIssue({ code: "custom", message: `productIds must be up to ${MAX_PRODUCTS} product ids separated by commas` });
          return z.NEVER;
        }
        return ids;
      }),
  })
  .strict();
export type DeliveryEstimateQuery = z.input<typeof deliveryEstimateQuerySchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const deliveryEstimateResponseSchema = z.object({
  method: z.enum(DELIVERY_METHODS),
  region: z.string().nullable(),
  /** the earliest and latest day it arrives (pick-up: is ready to collect), shop time */
  from: isoDate,
  to: isoDate,
  /** the day it leaves the shop */
  dispatchDate: isoDate,
  /** a public holiday whose date is not announced yet (Eid) moved these dates */
  approximate: z.boolean(),
  /** the day the goods are at the shop, when a product is not in stock now */
  availableFrom: isoDate.nullable(),
});
export type DeliveryEstimateResponse = z.infer<typeof deliveryEstimateResponseSchema>;
