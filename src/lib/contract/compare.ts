import { z } from "zod";
import { COMPARE_MAX, parseCompareIds, type CompareRow } from "../compare";
import { productSchema } from "./catalog";
import type { Same } from "./common";
import { text } from "./fields";

/** GET /api/compare?ids=1,2,3: up to four products side by side, with the rows of their specifications. */
export const compareQuerySchema = z.object({
  ids: text("ids", 100).transform((value, context) => {
    const ids = parseCompareIds(value);
    if (ids === null || ids.length === 0) {
      context.addIssue({ code: "custom", message: `ids must be 1 to ${COMPARE_MAX} product ids separated by commas` });
      return z.NEVER;
    }
    return ids;
  }),
});
export type CompareQuery = z.input<typeof compareQuerySchema>;

export const compareRowSchema = z.object({
  key: z.string(),
  /** the attribute's name in the reader's language */
  label: z.string(),
  /** one value per product, in the products' order; null where a product has none */
  values: z.array(z.string().nullable()),
  /** the values are not all the same (a missing value counts as different) */
  differs: z.boolean(),
});
export const compareRowIsCompareRow: Same<z.output<typeof compareRowSchema>, CompareRow> = true;

export const compareResponseSchema = z.object({
  products: z.array(productSchema),
  rows: z.array(compareRowSchema),
  /** ids asked for that name no product on sale */
  missing: z.array(z.number().int()),
});
export type CompareResponse = z.input<typeof compareResponseSchema>;
