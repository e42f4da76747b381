import { z } from "zod";
import { SPEC_NAME_MAX, SPEC_OPTION_MAX, SPEC_OPTIONS_MAX, SPEC_ATTRIBUTES_MAX, type AdminSpecAttribute, type SpecAttributeInput } from "../spec-admin";
import { SPEC_KEY_PATTERN } from "../specs/params";
import { SPEC_UNIT_NAMES, type SpecUnit } from "../specs/units";
import type { SpecKind } from "../specs/values";
import type { Same } from "./common";
import { text } from "./fields";

/**
 * A category's attribute definitions as the admin keeps them (list, create, change, reorder,
 * delete), and a product's values as its form sends them. The rules a definition keeps across its
 * fields (a number's unit, a list's options, the standard keys) are the domain's
 * (src/lib/spec-admin.ts), answered as 400 naming the field.
 */

const kinds = ["number", "list", "boolean"] as const satisfies readonly SpecKind[];
export const specKindsAreSpecKinds: Same<(typeof kinds)[number], SpecKind> = true;

// the key's form and the names' lengths are the domain's rules (checkSpecAttribute), which name the field refused
const name = (field: string) => text(field, SPEC_NAME_MAX * 2).transform((v) => v.trim());

/** POST /api/admin/categories/{id}/attributes and PUT /api/admin/categories/{id}/attributes/{attributeId} */
export const specAttributeBodySchema = z.object({
  key: text("key", 100).transform((v) => v.trim()),
  nameEn: name("nameEn"),
  nameSw: name("nameSw"),
  kind: z.enum(kinds, { message: `kind must be one of ${kinds.join(", ")}` }),
  unit: z
    .enum(SPEC_UNIT_NAMES as [SpecUnit, ...SpecUnit[]], { message: "unit must be one of the shop's units" })
    .nullable()
    .default(null),
  options: z
    .array(text("option", SPEC_OPTION_MAX).transform((v) => v.trim()))
    .max(SPEC_OPTIONS_MAX, `at most ${SPEC_OPTIONS_MAX} options`)
    .default([]),
  isFilter: z.boolean({ error: "isFilter must be true or false" }).default(true),
  isKey: z.boolean({ error: "isKey must be true or false" }).default(false),
});
export type SpecAttributeRequest = z.input<typeof specAttributeBodySchema>;
export const specAttributeBodyIsInput: Same<z.output<typeof specAttributeBodySchema>, SpecAttributeInput> = true;

/** The attribute routes' path: the category, and one of its attributes. */
export const categoryParams = z.object({ id: z.coerce.number<number | string>().int().min(1).max(2_147_483_647) });
export const attributeParams = categoryParams.extend({ attributeId: z.coerce.number<number | string>().int().min(1).max(2_147_483_647) });

/** POST /api/admin/categories/{id}/attributes/order: every attribute's id, once, in the new order */
export const attributeOrderBodySchema = z.object({ ids: z.array(z.number().int().min(1)).min(1).max(SPEC_ATTRIBUTES_MAX) });
export type AttributeOrderRequest = z.input<typeof attributeOrderBodySchema>;

/** DELETE /api/admin/categories/{id}/attributes/{attributeId}?force=true: `force` deletes the products' values with it */
export const attributeDeleteQuerySchema = z.object({ force: z.enum(["true", "false"], { message: "force must be true or false" }).default("false") });
export type AttributeDeleteQuery = z.input<typeof attributeDeleteQuerySchema>;

/**
 * A product's own values on the product form (PUT …/details and POST /api/admin/products carry
 * them as `specs`): by attribute key, the text as typed ("4k7", "100nF", "0805", "yes"), a JSON
 * number in base units or a boolean; null or "" for none. Sent, they replace the product's own
 * values; left out, the values stay (those of keys a new category lacks go, and the answer says so).
 */
export const productSpecInputSchema = z
  .record(
    text("spec key", 40).refine((v) => SPEC_KEY_PATTERN.test(v), "a spec key is lower-case letters, digits and _"),
    z.union([text("spec value", 100), z.number({ error: "a spec value is text, a number or true/false" }), z.boolean(), z.null()]),
  )
  .refine((v) => Object.keys(v).length <= SPEC_ATTRIBUTES_MAX, `at most ${SPEC_ATTRIBUTES_MAX} spec values`);
export type ProductSpecRequest = z.input<typeof productSpecInputSchema>;

// ---- answers ------------------------------------------------------------------------------

export const adminSpecAttributeSchema = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  key: z.string(),
  nameEn: z.string(),
  nameSw: z.string(),
  kind: z.enum(kinds),
  /** the base unit of a number ("ohm"); null for lists and yes/no */
  unit: z.enum(SPEC_UNIT_NAMES as [SpecUnit, ...SpecUnit[]]).nullable(),
  /** a list's values in display order; none: any short text */
  options: z.array(z.string()),
  isFilter: z.boolean(),
  isKey: z.boolean(),
  sortOrder: z.number().int(),
  /** values products carry for it, and on how many products */
  values: z.number().int().min(0),
  products: z.number().int().min(0),
});
export const adminSpecAttributeIsAttribute: Same<z.input<typeof adminSpecAttributeSchema>, AdminSpecAttribute> = true;
export type AdminSpecAttributeBody = z.input<typeof adminSpecAttributeSchema>;

/** GET /api/admin/categories/{id}/attributes */
export const categoryAttributesResponseSchema = z.object({
  category: z.object({ id: z.number().int(), name: z.string(), nameSw: z.string().nullable(), slug: z.string() }),
  attributes: z.array(adminSpecAttributeSchema),
});
export type CategoryAttributesResponse = z.input<typeof categoryAttributesResponseSchema>;

/** POST …/attributes/order: the attributes in their new order. */
export const attributeOrderResponseSchema = z.object({ attributes: z.array(adminSpecAttributeSchema) });
export type AttributeOrderResponse = z.input<typeof attributeOrderResponseSchema>;

/** DELETE …/attributes/{attributeId}: what went with it. */
export const attributeDeleteResponseSchema = z.object({
  removed: z.literal(true),
  valuesRemoved: z.number().int().min(0),
  productsTouched: z.number().int().min(0),
});
export type AttributeDeleteResponse = z.input<typeof attributeDeleteResponseSchema>;

/** An attribute a product lost when its category changed (its values went). */
export const droppedSpecSchema = z.object({ key: z.string(), nameEn: z.string(), nameSw: z.string() });
export type DroppedSpecBody = z.input<typeof droppedSpecSchema>;
