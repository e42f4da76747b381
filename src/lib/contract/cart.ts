import { z } from "zod";
import type { Cart } from "../guest-cart";
import { DEFAULT_VARIANT_ID } from "../variants";
import { priceLadderSchema } from "./price-breaks";
import type { Same } from "./common";
import { text } from "./fields";

/** The signed-in shopper's cart (/api/cart): read, add, set a line, remove, clear, merge the guest cart. */

const productId = z.coerce.number<number | string>().int().positive().max(2_147_483_647);
const variantId = text("variantId", 300, { min: 1 });
const quantity = z.number().int("quantity must be a whole number").min(1, "quantity must be between 1 and 999").max(999, "quantity must be between 1 and 999");
const itemId = z.coerce.number<number | string>().int().positive().max(2_147_483_647);

// ---- requests ------------------------------------------------------------------------------

/** POST /api/cart: a client price or attributes may come along; they are ignored (the server prices every line). */
export const addToCartRequestSchema = z.object({
  productId,
  variantId: variantId.default(DEFAULT_VARIANT_ID),
  quantity: quantity.default(1),
  price: z.unknown().optional(),
  variantAttributes: z.unknown().optional(),
});
export type AddToCartRequest = z.input<typeof addToCartRequestSchema>;

/** PATCH /api/cart: a line's new quantity (0 removes it). */
export const setCartLineRequestSchema = z.object({
  itemId,
  variantId: variantId.default(DEFAULT_VARIANT_ID),
  quantity: z.number().int("quantity must be a whole number").min(0).max(999, "quantity must be between 0 and 999"),
});
export type SetCartLineRequest = z.input<typeof setCartLineRequestSchema>;

/** DELETE /api/cart?itemId=&variantId=: one line; without itemId, the whole cart. */
export const removeCartLineQuerySchema = z.object({ itemId: itemId.optional(), variantId: variantId.optional() });
export type RemoveCartLineQuery = z.input<typeof removeCartLineQuerySchema>;

const guestMergeItemSchema = z.object({
  productId,
  variants: z
    .array(z.object({ variantId: variantId.default(DEFAULT_VARIANT_ID), quantity }))
    .min(1)
    .max(50),
});
export type GuestMergeItem = z.input<typeof guestMergeItemSchema>;

/** The guest cart's items, as an array or as the stored cart's {items}. */
export const guestItems = <T>(cart: T[] | { items: T[] }): T[] => (Array.isArray(cart) ? cart : cart.items);

/**
 * POST /api/cart/merge: the guest cart at sign-in, once per `mergeId` (a repeat answers the first
 * result). The cap on its lines in all is the cart service's (`mergeCartRequestSchema(max)`).
 */
export const mergeCartRequestSchema = (maxLines: number) =>
  z
    .object({
      guestCart: z.union([z.array(guestMergeItemSchema).max(200), z.object({ items: z.array(guestMergeItemSchema).max(200) })]),
      mergeId: text("mergeId", 100, { min: 8 }),
    })
    .refine((body) => guestItems(body.guestCart).reduce((n, item) => n + item.variants.length, 0) <= maxLines, {
      message: `a guest cart merge takes at most ${maxLines} lines`,
      path: ["guestCart"],
    });
export type MergeCartRequest = z.input<ReturnType<typeof mergeCartRequestSchema>>;

// ---- answers -------------------------------------------------------------------------------

export const cartVariantLineSchema = z.object({
  variantId: z.string(),
  attributes: z.record(z.string(), z.string()),
  quantity: z.number().int(),
  /** each unit's price at the line's quantity */
  price: z.number().int(),
  sku: z.string(),
  image: z.string(),
  /** the prices by quantity the line follows: the product's own breaks ("product") or the shop's tiers ("shop") */
  pricing: priceLadderSchema.optional(),
});

export const cartProductSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  price: z.number().int(),
  original_price: z.number().int(),
  in_stock: z.boolean(),
  stock_quantity: z.number().int(),
  sku: z.string(),
  /** delivery is free for this product (decides the cart's shipping) */
  free_delivery: z.boolean().optional(),
  /** this product may go out the same day (same-day delivery needs every line to allow it) */
  same_day_delivery: z.boolean().optional(),
});

export const cartItemSchema = z.object({
  id: z.string(),
  productId: z.number().int(),
  variants: z.array(cartVariantLineSchema),
  totalQuantity: z.number().int(),
  totalPrice: z.number().int(),
  currency: z.literal("TZS"),
  appliedDiscount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  product: cartProductSummarySchema,
});

/** GET /api/cart: the signed-in shopper's cart as the server prices it; the browser's guest cart has the same shape. */
export const cartResponseSchema = z.object({
  items: z.array(cartItemSchema),
  totals: z.object({ subtotal: z.number().int(), total_items: z.number().int() }),
});
export type CartResponse = z.input<typeof cartResponseSchema>;
export const cartSchemaIsCart: Same<z.output<typeof cartResponseSchema>, Cart> = true;

/** POST /api/cart */
export const addToCartResponseSchema = z.object({
  success: z.literal(true),
  /** the line's quantity after the add */
  quantity: z.number().int(),
  /** how many this add put in (less than asked when stock ran short) */
  added: z.number().int(),
  partialStock: z.boolean(),
  message: z.string().nullable(),
});
export type AddToCartResponse = z.input<typeof addToCartResponseSchema>;

/** PATCH /api/cart */
export const setCartLineResponseSchema = z.object({ success: z.literal(true), quantity: z.number().int(), message: z.string().nullable() });
export type SetCartLineResponse = z.input<typeof setCartLineResponseSchema>;

/** POST /api/cart/merge: what was merged, what was dropped and why, and the cart after it. */
export const mergeCartResponseSchema = z.object({
  success: z.literal(true),
  merged: z.array(z.object({ productId: z.number().int(), variantId: z.string(), quantity: z.number().int(), partialStock: z.boolean() })),
  dropped: z.array(
    z.object({ productId: z.number().int(), variantId: z.string(), reason: z.enum(["not-found", "invalid-variant", "out-of-stock", "too-many-lines"]) }),
  ),
  /** this mergeId was merged before: the first merge's result */
  repeated: z.boolean(),
  cart: cartResponseSchema,
});
export type MergeCartResponse = z.input<typeof mergeCartResponseSchema>;
