import { z } from "zod";
import { text } from "./fields";

/** Specifications: facet counts, what a search understood, a product's spec rows. */

const specValueSchema = z.union([z.number(), z.string(), z.boolean()]);

/** What a search read as a specification ("10k" → resistance 10000); numbers in base units. */
export const understoodSpecSchema = z.object({
  key: z.string(),
  value: specValueSchema.optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  display: z.string(),
  /** the query's words it came from (dropping them from the search removes the filter) */
  words: z.array(z.string()),
});
export type UnderstoodSpecBody = z.input<typeof understoodSpecSchema>;

const facetValueSchema = z.object({ value: specValueSchema, label: z.string(), count: z.number().int() });

/** A list or yes/no facet: its values present in the selection, with how many products have each. */
export const listFacetSchema = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.null(),
  kind: z.enum(["list", "boolean"]),
  values: z.array(facetValueSchema),
});

/** A number facet: the range and the values present (base units), with counts. */
export const numberFacetSchema = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.string(),
  /** the unit's symbol ("Ω"), for a range input's label */
  symbol: z.string(),
  kind: z.literal("number"),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** products in the selection that have a value */
  count: z.number().int(),
  values: z.array(facetValueSchema),
});

export const facetSchema = z.union([numberFacetSchema, listFacetSchema]);
export type FacetBody = z.input<typeof facetSchema>;

/** GET /api/facets: the same query string as GET /api/products (search aside). */
export const facetsResponseSchema = z.object({ facets: z.array(facetSchema) });
export type FacetsResponse = z.input<typeof facetsResponseSchema>;

/** A product's specification, for its page and its API detail; `variantId` where an option carries its own value. */
export const productSpecSchema = z.object({
  key: z.string(),
  label: z.string(),
  value: specValueSchema,
  unit: z.string().nullable(),
  display: z.string(),
  variantId: z.number().int().nullable(),
});
export type ProductSpecBody = z.input<typeof productSpecSchema>;

/** GET /api/spec-attributes?category=: a category's definitions (for other clients' filter forms). */
export const specAttributesQuerySchema = z.object({ category: text("category", 100) });
