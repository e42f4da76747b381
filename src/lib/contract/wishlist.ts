import { z } from "zod";
import { productSchema } from "./catalog";

/** The signed-in shopper's wishlist (/api/wishlist): its ids (or products), add, remove, clear. */

/** PUT and DELETE /api/wishlist/:productId */
export const wishlistProductParamsSchema = z.object({ productId: z.coerce.number<number | string>().int().min(1).max(2_147_483_647) });

/** GET /api/wishlist?expand=products */
export const wishlistQuerySchema = z.object({ expand: z.enum(["products"]).optional() });
export type WishlistQuery = z.input<typeof wishlistQuerySchema>;

/** GET /api/wishlist: the ids, newest first (what the hearts of a page need). */
export const wishlistIdsResponseSchema = z.object({ productIds: z.array(z.number().int()) });
export type WishlistIdsResponse = z.input<typeof wishlistIdsResponseSchema>;

/** GET /api/wishlist?expand=products: the ids and each product as the catalogue has it now. */
export const wishlistItemsResponseSchema = wishlistIdsResponseSchema.extend({
  items: z.array(z.object({ product: productSchema, addedAt: z.string() })),
});
export type WishlistItemsResponse = z.input<typeof wishlistItemsResponseSchema>;

/** PUT /api/wishlist/:productId: false when it was on the list already. */
export const wishlistAddResponseSchema = z.object({ added: z.boolean() });
export type WishlistAddResponse = z.input<typeof wishlistAddResponseSchema>;

/** DELETE /api/wishlist/:productId: false when it was not on the list. */
export const wishlistRemoveResponseSchema = z.object({ removed: z.boolean() });
export type WishlistRemoveResponse = z.input<typeof wishlistRemoveResponseSchema>;

/** DELETE /api/wishlist: how many products left the list. */
export const wishlistClearResponseSchema = z.object({ removed: z.number().int() });
export type WishlistClearResponse = z.input<typeof wishlistClearResponseSchema>;
