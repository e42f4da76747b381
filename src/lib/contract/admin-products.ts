import { z } from "zod";
import {
  ADMIN_PRODUCT_DESCRIPTION_MAX,
  ADMIN_PRODUCT_NAME_MAX,
  ADMIN_PRODUCT_REASON_MAX,
  ADMIN_PRODUCTS_PAGE_MAX,
  isProductImage,
  PRODUCT_SKU_PATTERN,
  type AdminProductChangeRequest,
  type AdminProductChangeResponse,
  type AdminProductCreateRequest,
  type AdminProductDetails,
  type AdminProductRow,
  type AdminVariantRow,
  type ProductChangeEntry,
} from "../admin-catalog";
import {
  VARIANT_AXES_MAX,
  VARIANT_COMBINATIONS_MAX,
  VARIANT_PLAN_TYPES,
  VARIANT_VALUE_MAX,
  VARIANT_VALUES_MAX,
  type PlannedVariant,
  type VariantPlanInput,
} from "../variant-plan";
import { droppedSpecSchema, productSpecInputSchema } from "./admin-specs";
import { variantConfigSchema } from "./catalog";
import type { Same } from "./common";
import { text } from "./fields";

/**
 * The catalogue as the admin keeps it: the product list, a product with its audit trail, a price or
 * stock change, creating a product and changing its details, options and archive state, its
 * picture, and the catalogue as CSV. Money in whole shillings.
 */

const shillings = (field: string) =>
  z
    .number({ error: `${field} must be a whole number of shillings` })
    .int(`${field} must be a whole number of shillings`)
    .min(0, `${field} must not be negative`)
    .max(2_000_000_000, `${field} is too large`);

const reason = text("reason", ADMIN_PRODUCT_REASON_MAX, { min: 1, minMessage: "reason is required" });

/** GET /api/admin/products: words of the name, the SKU or the number; a category's slug; low or out of stock. */
export const adminProductsQuerySchema = z.object({
  q: text("q", 100).optional(),
  category: text("category", 100).optional(),
  stock: z.enum(["low", "out"], { message: "stock must be low or out" }).optional(),
  limit: z.coerce.number<number | string>().int().min(1).max(ADMIN_PRODUCTS_PAGE_MAX).default(25),
  offset: z.coerce.number<number | string>().int().min(0).max(100_000).default(0),
});
export type AdminProductsQuery = z.input<typeof adminProductsQuerySchema>;

/** PATCH /api/admin/products/{id}: the new values (any of them) and why. */
export const productChangeBodySchema = z.object({
  price: shillings("price").optional(),
  originalPrice: shillings("originalPrice").optional(),
  stockQuantity: z
    .number({ error: "stockQuantity must be a whole number" })
    .int("stockQuantity must be a whole number")
    .min(0, "stockQuantity must not be negative")
    .max(10_000_000, "stockQuantity is too large")
    .optional(),
  reason,
});
export const productChangeBodyIsRequest: Same<z.input<typeof productChangeBodySchema>, AdminProductChangeRequest> = true;

/** PUT /api/admin/products/{id}/details */
export const productDetailsBodySchema = z.object({
  name: text("name", ADMIN_PRODUCT_NAME_MAX, { min: 1, minMessage: "name is required" }).transform((v) => v.trim()),
  description: text("description", ADMIN_PRODUCT_DESCRIPTION_MAX).default(""),
  category: text("category", 100, { min: 1, minMessage: "category is required" }),
  brand: text("brand", 80, { min: 1, minMessage: "brand is required" }),
  sku: text("sku", 64, { min: 1, minMessage: "sku is required" })
    .transform((v) => v.trim())
    .refine((v) => PRODUCT_SKU_PATTERN.test(v), "sku takes letters, digits, dots, dashes and underscores"),
  image: text("image", 200).refine(isProductImage, "image must be a picture uploaded for products"),
  freeDelivery: z.boolean({ error: "freeDelivery must be true or false" }).default(false),
  sameDayDelivery: z.boolean({ error: "sameDayDelivery must be true or false" }).default(false),
  specs: productSpecInputSchema.optional(),
});
export type ProductDetailsRequest = z.input<typeof productDetailsBodySchema>;
/** The details the service receives, every default filled in. */
export const productDetailsAreAdminProductDetails: Same<z.output<typeof productDetailsBodySchema>, AdminProductDetails> = true;

/** POST /api/admin/products: the details with the first price and stock (its "was" price can only be 0 or its price). */
export const productCreateBodySchema = productDetailsBodySchema.extend({
  price: shillings("price"),
  originalPrice: shillings("originalPrice").default(0),
  stockQuantity: z.number({ error: "stockQuantity must be a whole number" }).int("stockQuantity must be a whole number").min(0).max(10_000_000),
});
export type ProductCreateRequest = z.input<typeof productCreateBodySchema>;
/** The form's request names every field but may leave out the "was" price (0) and the spec values. */
export const productCreateBodyIsRequest: Same<
  z.output<typeof productCreateBodySchema>,
  Required<Omit<AdminProductCreateRequest, "specs">> & Pick<AdminProductCreateRequest, "specs">
> = true;

const axisLabel = (field: string) => text(field, VARIANT_VALUE_MAX);

/** PUT /api/admin/products/{id}/variants: the options' plan and why its prices or stock change. */
export const variantPlanBodySchema = z.object({
  type: z.enum(VARIANT_PLAN_TYPES, { message: `type must be one of ${VARIANT_PLAN_TYPES.join(", ")}` }),
  axes: z.array(z.object({ name: axisLabel("name"), values: z.array(axisLabel("value")).max(VARIANT_VALUES_MAX) })).max(VARIANT_AXES_MAX),
  variants: z
    .array(
      z.object({
        attributes: z.record(axisLabel("attribute"), axisLabel("value")),
        sku: text("sku", 64),
        price: shillings("price"),
        stock: z.number({ error: "stock must be a whole number" }).int("stock must be a whole number").min(0).max(10_000_000),
      }),
    )
    .max(VARIANT_COMBINATIONS_MAX),
  reason,
});
export type VariantPlanRequest = z.input<typeof variantPlanBodySchema>;
export const variantPlanBodyIsPlanInput: Same<z.input<typeof variantPlanBodySchema>, VariantPlanInput & { reason: string }> = true;

/** POST /api/admin/products/{id}/archive: off sale (true) or back on sale (false), and why. */
export const archiveBodySchema = z.object({ archived: z.boolean({ error: "archived must be true or false" }), reason });
export type ArchiveRequest = z.input<typeof archiveBodySchema>;

// ---- answers ------------------------------------------------------------------------------

const moment = z.iso.datetime({ offset: true });

export const adminProductRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  sku: z.string(),
  brand: z.string(),
  category: z.string(),
  image: z.string(),
  price: z.number().int(),
  originalPrice: z.number().int(),
  stockQuantity: z.number().int(),
  salesCount: z.number().int(),
  updatedAt: moment,
  /** when an admin took it off sale; null while it is on sale */
  archivedAt: moment.nullable(),
});
export const adminProductRowIsRow: Same<z.input<typeof adminProductRowSchema>, AdminProductRow> = true;

export const productChangeEntrySchema = z.object({
  id: z.number().int(),
  at: moment,
  adminEmail: z.string().nullable(),
  changes: z.record(z.string(), z.object({ before: z.number().int(), after: z.number().int() })),
  reason: z.string(),
});
export const productChangeEntryIsEntry: Same<z.input<typeof productChangeEntrySchema>, ProductChangeEntry> = true;

/** GET /api/admin/products */
export const adminProductsResponseSchema = z.object({
  products: z.array(adminProductRowSchema),
  total: z.number().int().min(0),
  /** more matches than counted: the page says "more than total" */
  totalIsLowerBound: z.boolean(),
});
export type AdminProductsResponse = z.input<typeof adminProductsResponseSchema>;

const adminProductDetailsSchema = z.object({
  name: z.string(),
  description: z.string(),
  category: z.string(),
  brand: z.string(),
  sku: z.string(),
  image: z.string(),
  freeDelivery: z.boolean(),
  sameDayDelivery: z.boolean(),
  /** the product's own specification values by key: numbers in base units, list values, yes/no */
  specs: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});
export const adminProductDetailsIsDetails: Same<z.input<typeof adminProductDetailsSchema>, AdminProductDetails> = true;

const adminVariantRowSchema = z.object({
  combinationId: z.string(),
  attributes: z.record(z.string(), z.string()),
  sku: z.string(),
  price: z.number().int(),
  stock: z.number().int(),
});
export const adminVariantRowIsRow: Same<z.input<typeof adminVariantRowSchema>, AdminVariantRow> = true;

/** GET /api/admin/products/{id}: the product, its details, its options, its latest changes and every price it has had. */
export const adminProductResponseSchema = z.object({
  product: adminProductRowSchema,
  details: adminProductDetailsSchema,
  options: z.object({ config: variantConfigSchema.nullable(), variants: z.array(adminVariantRowSchema) }),
  history: z.array(productChangeEntrySchema),
  /** every price the product has had and its price of today, dearest first: what its "was" price may be */
  pastPrices: z.array(z.number().int()),
});
export type AdminProductResponse = z.input<typeof adminProductResponseSchema>;

/** PATCH /api/admin/products/{id}: the product after the change, and the change as the audit trail keeps it. */
export const productChangeResponseSchema = z.object({ product: adminProductRowSchema, change: productChangeEntrySchema });
export const productChangeResponseIsResponse: Same<z.input<typeof productChangeResponseSchema>, AdminProductChangeResponse> = true;

/** POST /api/admin/products (201) */
export const productCreateResponseSchema = z.object({ id: z.number().int(), slug: z.string() });
export type ProductCreateResponse = z.input<typeof productCreateResponseSchema>;

/**
 * PUT /api/admin/products/{id}/details: the details that moved, before and after (a spec value as
 * `specs.<key>`, as the shop shows it, "" for none), and the attributes whose values went because
 * the new category does not define them.
 */
export const productDetailsResponseSchema = z.object({
  changes: z.record(z.string(), z.object({ before: z.union([z.string(), z.boolean()]), after: z.union([z.string(), z.boolean()]) })),
  droppedSpecs: z.array(droppedSpecSchema),
});
export type ProductDetailsResponse = z.input<typeof productDetailsResponseSchema>;

const plannedVariantSchema = z.object({
  combinationId: z.string(),
  attributes: z.record(z.string(), z.string()),
  sku: z.string(),
  price: z.number().int(),
  stock: z.number().int(),
  multiValues: z.record(z.string(), z.array(z.string())),
  primaryValues: z.array(z.object({ attribute: z.string(), value: z.string(), price: z.number().int() })),
  sortOrder: z.number().int(),
});
export const plannedVariantIsPlanned: Same<z.input<typeof plannedVariantSchema>, PlannedVariant> = true;

/** PUT /api/admin/products/{id}/variants: the options as stored, which combinations came and went, and the prices and stock that moved. */
export const variantPlanResponseSchema = z.object({
  config: variantConfigSchema.nullable(),
  variants: z.array(plannedVariantSchema),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changes: z.record(z.string(), z.object({ before: z.number().int(), after: z.number().int() })),
});
export type VariantPlanResponse = z.input<typeof variantPlanResponseSchema>;

/** POST /api/admin/products/{id}/archive */
export const archiveResponseSchema = z.object({ archivedAt: moment.nullable() });
export type ArchiveResponse = z.input<typeof archiveResponseSchema>;

/** POST /api/admin/products/image (201): the stored picture's address */
export const productImageResponseSchema = z.object({ image: z.string() });
export type ProductImageResponse = z.input<typeof productImageResponseSchema>;
