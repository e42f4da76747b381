import { z } from "zod";
import type { Product } from "../product";
import { PRODUCT_OFFSET_MAX, PRODUCT_PAGE_MAX, SORT_FIELDS, type ProductQuery } from "../product-query";
import type { ProductVariant, VariantConfig } from "../variants";
import type { Same } from "./common";
import { text } from "./fields";
import { MAX_SPEC_PARAMS, SPEC_KEY_PATTERN, SPEC_PARAM_PREFIX, readSpecParams } from "../specs/params";
import { productSpecSchema, understoodSpecSchema } from "./specs";
import { datasheetSchema } from "./datasheets";

/** The catalogue's endpoints: the product list, a product, the categories, search suggestions. */

const booleanParam = z.enum(["true", "false", "1", "0"], { message: "must be true or false" }).transform((v) => v === "true" || v === "1");

const wholeNumber = (name: string, max: number) =>
  text(name, 1000)
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().max(max, `${name} must be at most ${max}`));

const trimmed = (name: string, max: number) =>
  text(name, max)
    .transform((v) => v.trim())
    .optional();

/**
 * The `spec.<key>=<value>` parameters gathered into `specs` (key → value text) before the object
 * is checked: their keys are the shop's data, checked by the server against its definitions.
 */
const gatherSpecParams = (raw: unknown): unknown => {
  if (!raw || typeof raw !== "object") return raw;
  const source = raw as Record<string, string | string[] | undefined>;
  const specs = readSpecParams(source);
  const rest = Object.fromEntries(Object.entries(source).filter(([name]) => !name.startsWith(SPEC_PARAM_PREFIX)));
  return Object.keys(specs).length ? { ...rest, specs } : rest;
};

export const specParamsSchema = z
  .record(z.string().regex(SPEC_KEY_PATTERN, "a spec filter's key is a lower-case word"), text("spec", 400))
  .refine((specs) => Object.keys(specs).length <= MAX_SPEC_PARAMS, { message: `at most ${MAX_SPEC_PARAMS} spec filters` });

/** The query string of GET /api/products, validated in one place; errors name the parameter. */
const productQueryObject = z
  .object({
    category: trimmed("category", 100),
    brand: trimmed("brand", 100),
    search: trimmed("search", 200),
    limit: wholeNumber("limit", PRODUCT_PAGE_MAX).pipe(z.number().min(1, "limit must be at least 1")).optional(),
    offset: wholeNumber("offset", PRODUCT_OFFSET_MAX).optional(),
    sortBy: z.enum(SORT_FIELDS, { message: `sortBy must be one of ${SORT_FIELDS.join(", ")}` }).optional(),
    sortOrder: z.enum(["asc", "desc"], { message: "sortOrder must be asc or desc" }).optional(),
    minPrice: wholeNumber("minPrice", 1_000_000_000).optional(),
    maxPrice: wholeNumber("maxPrice", 1_000_000_000).optional(),
    categories: text("categories", 2000)
      .transform((v) =>
        v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().max(100)).max(50, "categories may name at most 50 categories"))
      .optional(),
    inStock: booleanParam.optional(),
    enriched: booleanParam.optional(),
    specs: specParamsSchema.optional(),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: "minPrice must not be above maxPrice",
  });
export const productQuerySchema = z.preprocess(gatherSpecParams, productQueryObject);

// The parsed query is exactly the catalogue's ProductQuery (checked by the compiler, both ways).
type Parsed = z.output<typeof productQuerySchema>;
export const parsedIsProductQuery: Same<Parsed, ProductQuery> = true;

/** GET /api/products/:id */
export const productParamsSchema = z.object({
  id: text("id", 20)
    .regex(/^\d{1,9}$/, "id must be a positive whole number")
    .transform(Number)
    .pipe(z.number().min(1, "id must be a positive whole number")),
});
export const productDetailQuerySchema = z.object({ minimal: z.enum(["true", "false"], { message: "minimal must be true or false" }).optional() });

/** GET /api/search-suggestions */
export const suggestionsQuerySchema = z.object({ q: text("q", 100).optional() });

// ---- answers ------------------------------------------------------------------------------

const optionLabelsSchema = z.record(z.string(), z.object({ name: z.string().optional(), values: z.record(z.string(), z.string()).optional() }));
export const variantConfigSchema = z.object({
  type: z.enum(["simple", "primary-dependent", "multi-dependent"]),
  primaryAttribute: z.string().nullish(),
  primaryAttributes: z.array(z.string()).nullish(),
  attributeOrder: z.array(z.string()).nullish(),
  labels: z.object({ en: optionLabelsSchema.optional(), sw: optionLabelsSchema.optional() }).nullish(),
});
export const variantConfigIsVariantConfig: Same<z.output<typeof variantConfigSchema>, VariantConfig> = true;

export const productVariantSchema = z.object({
  id: z.string(),
  combinationId: z.string(),
  sku: z.string(),
  price: z.number().int(),
  stock: z.number().int(),
  attributes: z.record(z.string(), z.string()),
  multiValues: z.record(z.string(), z.array(z.string())),
  primaryValues: z.array(z.object({ attribute: z.string(), value: z.string(), price: z.number().int() })),
});
export const productVariantIsProductVariant: Same<z.output<typeof productVariantSchema>, ProductVariant> = true;

/** A product as lists and pages show it; prices in whole shillings. */
export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  image: z.string(),
  category: z.string(),
  category_slug: z.string(),
  brand: z.string(),
  sku: z.string(),
  price: z.number().int().min(0),
  original_price: z.number().int().min(0),
  stock_quantity: z.number().int(),
  in_stock: z.boolean(),
  free_delivery: z.boolean(),
  same_day_delivery: z.boolean(),
  rating: z.number(),
  reviews: z.number().int(),
  sales_count: z.number().int(),
  /** a single product's answer only: the real (non-demo) reviews' average and count, what structured data says */
  real_rating: z.number().optional(),
  real_reviews: z.number().int().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  variant_config: variantConfigSchema.nullable(),
  product_variants: z.array(productVariantSchema).optional(),
});
export const productSchemaIsProduct: Same<z.output<typeof productSchema>, Product> = true;

export const paginationSchema = z.object({
  total: z.number().int(),
  /** true when `total` is an estimate (a large result, shown as "about N"); exact otherwise */
  totalIsEstimate: z.boolean(),
  hasMore: z.boolean(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type Pagination = z.input<typeof paginationSchema>;

/** GET /api/products */
export const productsResponseSchema = z.object({
  products: z.array(productSchema),
  pagination: paginationSchema,
  /** a search's specifications read as filters, and the words searched as text (searches only) */
  understood: z.array(understoodSpecSchema).optional(),
  remaining: z.string().optional(),
});
export type ProductsResponse = z.input<typeof productsResponseSchema>;

/** GET /api/products/{id}: the product with its variants under both spellings. */
export const productResponseSchema = productSchema.extend({
  product_variants: z.array(productVariantSchema),
  variants: z.array(productVariantSchema),
  variantConfig: variantConfigSchema.nullable(),
  /** the specification table, in the reader's language */
  specs: z.array(productSpecSchema),
  datasheet: datasheetSchema.nullable(),
  /** prices by quantity, each ladder's one-unit step first; `variantId` null: the product's own ladder */
  priceBreaks: z.array(z.object({ minQuantity: z.number().int().min(1), price: z.number().int().min(0), variantId: z.number().int().nullable() })),
  /** pieces one unit sold holds (a pack of 100 is one unit at one price) */
  packSize: z.number().int().min(1),
  /** products of the same category, in stock, whose key specifications match: cheapest first */
  alternatives: z.array(productSchema),
});
export type ProductResponse = z.input<typeof productResponseSchema>;

/** GET /api/products/{id}?minimal=true: what the cart needs to add a product. */
export const minimalProductResponseSchema = productSchema
  .pick({ id: true, name: true, image: true, price: true, original_price: true, in_stock: true, stock_quantity: true, sku: true })
  .extend({ variants: z.array(productVariantSchema), variantConfig: variantConfigSchema.nullable() });
export type MinimalProductResponse = z.input<typeof minimalProductResponseSchema>;

export const categoryWithCountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** the Kiswahili name; null when none is set (the name is shown) */
  nameSw: z.string().nullable(),
  slug: z.string(),
  productCount: z.number().int(),
});
export type CategoryWithCount = z.input<typeof categoryWithCountSchema>;

/** GET /api/categories */
export const categoriesResponseSchema = z.object({ categories: z.array(categoryWithCountSchema) });
export type CategoriesResponse = z.input<typeof categoriesResponseSchema>;

/** GET /api/search-suggestions */
export const suggestionsResponseSchema = z.object({ suggestions: z.array(z.string()) });
export type SuggestionsResponse = z.input<typeof suggestionsResponseSchema>;
