import { z } from "zod";
import { PACK_SIZE_MAX, PRICE_BREAKS_MAX, type PriceLadder } from "../price-breaks";
import type { Same } from "./common";
import { text } from "./fields";

/**
 * Prices by quantity: the ladder a cart line follows, a product detail's breaks, and the admin's
 * form for a product's ladders and pack size. Money in whole VAT-inclusive shillings per unit sold.
 */

const step = z.object({ minQuantity: z.number().int(), price: z.number().int() });

/** A cart line's prices by quantity: whose they are and the steps from 1 unit (see src/lib/price-breaks.ts). */
export const priceLadderSchema = z.object({ source: z.enum(["product", "shop", "none"]), steps: z.array(step) });
export const ladderSchemaIsLadder: Same<z.output<typeof priceLadderSchema>, PriceLadder> = true;

/**
 * A product detail's prices by quantity: each ladder with its one-unit step first (1+), only the
 * breaks that lower today's price; `variantId` null is the product's own ladder (every option
 * without one of its own), a number an option's (its variant id). Empty: no breaks of its own.
 */
export const productPriceBreakSchema = step.extend({ variantId: z.number().int().nullable() });
export type ProductPriceBreakBody = z.input<typeof productPriceBreakSchema>;

/** What a product's detail adds for prices by quantity: its breaks and the pieces one unit sold holds. */
export const productPricingSchema = z.object({ priceBreaks: z.array(productPriceBreakSchema), packSize: z.number().int() });
export type ProductPricingBody = z.input<typeof productPricingSchema>;

// the shapes an admin sends are checked here; the ladder's rule (increasing, each price below the
// last and below the price of one) is the domain's, answered as `validation` naming the break
const breakInput = z.object({
  minQuantity: z.number({ error: "minQuantity must be a whole number" }).int("minQuantity must be a whole number"),
  price: z.number({ error: "price must be a whole number of shillings" }).int("price must be a whole number of shillings"),
});

/** PUT /api/admin/products/{id}/pricing: the pack size and every ladder the product has (one not sent is removed). */
export const productPricingBodySchema = z.object({
  packSize: z.number().int("packSize must be a whole number").min(1, "packSize must be at least 1").max(PACK_SIZE_MAX, "packSize is too large"),
  ladders: z
    .array(
      z.object({
        /** an option's combination id; null: the product's own ladder */
        option: text("option", 300, { min: 1 }).nullable(),
        breaks: z.array(breakInput).max(PRICE_BREAKS_MAX, `a ladder has at most ${PRICE_BREAKS_MAX} breaks`),
      }),
    )
    .max(200, "too many ladders"),
});
export type ProductPricingRequest = z.input<typeof productPricingBodySchema>;

/** The answer: what the product has now, in the form it was sent. */
export const productPricingResponseSchema = z.object({
  packSize: z.number().int(),
  ladders: z.array(z.object({ option: z.string().nullable(), breaks: z.array(step) })),
});
export type ProductPricingResponse = z.input<typeof productPricingResponseSchema>;
