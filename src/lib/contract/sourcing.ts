import { z } from "zod";
import { BOM_MAX_LINES, BOM_QUANTITY_MAX, BOM_TEXT_MAX } from "../bom";
import { productSchema, productVariantSchema } from "./catalog";
import { priceLadderSchema } from "./price-breaks";
import { text } from "./fields";

/** BOM matching (/ai-agent): every line of a bill of materials matched to catalogue products in one call. */

/** POST /api/bom/match: the BOM's lines as the page read them. */
export const bomMatchRequestSchema = z.object({
  lines: z
    .array(
      z.object({
        text: text("text", BOM_TEXT_MAX, { min: 1 }).trim(),
        quantity: z.number().int().min(1).max(BOM_QUANTITY_MAX),
      }),
    )
    .min(1, "lines must hold at least one line")
    .max(BOM_MAX_LINES, `lines must hold at most ${BOM_MAX_LINES} lines`),
});
export type BomMatchRequest = z.input<typeof bomMatchRequestSchema>;

/** A catalogue product for a BOM line: the option and units to buy, and why it was chosen. */
export const bomMatchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  image: z.string(),
  /** of the chosen option, whole TZS per unit, at the step of its prices by quantity that `units` reach */
  price: z.number().int(),
  stock: z.number().int(),
  /** the cart line's variantId ("default" for a product without options) */
  variantId: z.string(),
  options: z.array(z.object({ name: z.string(), value: z.string() })),
  /** pieces in one unit (a pack of 100 is 100) */
  packSize: z.number().int(),
  /** units that cover the line's quantity */
  units: z.number().int(),
  /** 0–100: how fully the line's key tokens agree (0 for a mere similar product) */
  score: z.number(),
  /** part-number, value or description: the key that agreed; similar: a search hit that does not agree */
  reason: z.enum(["part-number", "value", "description", "similar"]),
  /** the product for the cart (no description) and the chosen option */
  product: productSchema,
  variant: productVariantSchema.nullable(),
  /** the option's prices by quantity (its own breaks or the shop's tiers): the price of another unit count */
  pricing: priceLadderSchema.optional(),
});
export type BomMatch = z.input<typeof bomMatchSchema>;

export const bomMatchLineSchema = z.object({
  index: z.number().int(),
  text: z.string(),
  quantity: z.number().int(),
  status: z.enum(["matched", "unmatched"]),
  best: bomMatchSchema.nullable(),
  alternatives: z.array(bomMatchSchema),
});
export type BomMatchLine = z.input<typeof bomMatchLineSchema>;

/** POST /api/bom/match */
export const bomMatchResponseSchema = z.object({ lines: z.array(bomMatchLineSchema) });
export type BomMatchResponse = z.input<typeof bomMatchResponseSchema>;
