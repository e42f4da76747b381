import { z } from "zod";
import type { AdminBrandRow, AdminCategoryRow } from "../admin-catalog";
import type { Same } from "./common";
import { text } from "./fields";

/** Categories and brands as the admin keeps them: list, create, rename, reorder, merge. */

/** POST /api/admin/categories and PUT /api/admin/categories/{id} */
export const categoryBodySchema = z.object({
  name: text("name", 80, { min: 1, minMessage: "name is required" }).transform((v) => v.trim()),
  nameSw: text("nameSw", 80)
    .transform((v) => v.trim() || null)
    .nullable()
    .default(null),
  description: text("description", 500).default(""),
});
export type CategoryRequest = z.input<typeof categoryBodySchema>;

/** POST /api/admin/brands and PUT /api/admin/brands/{id} */
export const brandBodySchema = z.object({ name: text("name", 80, { min: 1, minMessage: "name is required" }).transform((v) => v.trim()) });
export type BrandRequest = z.input<typeof brandBodySchema>;

/** POST /api/admin/categories/order: every category's id, once, in the new order */
export const categoryOrderBodySchema = z.object({ ids: z.array(z.number().int().min(1)).min(1).max(1000) });
export type CategoryOrderRequest = z.input<typeof categoryOrderBodySchema>;

/** POST /api/admin/categories/{id}/merge and /api/admin/brands/{id}/merge: the one it goes into */
export const mergeBodySchema = z.object({ into: z.number({ error: "into must be an id" }).int().min(1) });
export type MergeRequest = z.input<typeof mergeBodySchema>;

// ---- answers ------------------------------------------------------------------------------

/** A category as stored: what a create or rename answers. */
export const adminCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** the Kiswahili name; null when none is set */
  nameSw: z.string().nullable(),
  slug: z.string(),
  description: z.string(),
  sortOrder: z.number().int(),
});
export type AdminCategory = z.input<typeof adminCategorySchema>;

/** A category as the taxonomy page lists it: with its number of products. */
export const adminCategoryRowSchema = adminCategorySchema.extend({ products: z.number().int().min(0) });
export const adminCategoryRowIsAdminCategoryRow: Same<z.output<typeof adminCategoryRowSchema>, AdminCategoryRow> = true;

/** A brand as stored: what a create or rename answers. */
export const adminBrandSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export type AdminBrand = z.input<typeof adminBrandSchema>;

export const adminBrandRowSchema = adminBrandSchema.extend({ products: z.number().int().min(0) });
export const adminBrandRowIsAdminBrandRow: Same<z.output<typeof adminBrandRowSchema>, AdminBrandRow> = true;

/** GET /api/admin/categories: the categories in the shop's order and the brands by name. */
export const taxonomyResponseSchema = z.object({ categories: z.array(adminCategoryRowSchema), brands: z.array(adminBrandRowSchema) });
export type TaxonomyResponse = z.input<typeof taxonomyResponseSchema>;

/** POST /api/admin/categories/order: the categories in their new order. */
export const categoryOrderResponseSchema = z.object({ categories: z.array(adminCategoryRowSchema) });
export type CategoryOrderResponse = z.input<typeof categoryOrderResponseSchema>;

/** A merge: how many products moved into the other one. */
export const mergeResponseSchema = z.object({ productsMoved: z.number().int().min(0) });
export type MergeResponse = z.input<typeof mergeResponseSchema>;
