import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AddToCartResponse, CartResponse, MergeCartResponse, MessageResponse, SetCartLineResponse } from "@/lib/api-contract";
import { DEFAULT_VARIANT_ID } from "@/lib/variants";
import { MAX_MERGE_REQUEST_LINES } from "@/server/cart/cart";
import type { ApiContext } from "../context";
import { text } from "@/lib/contract/fields";

const productId = z.coerce.number().int().positive().max(2_147_483_647);
const variantId = text("variantId", 300, { min: 1 });
const quantity = z.number().int("quantity must be a whole number").min(1, "quantity must be between 1 and 999").max(999, "quantity must be between 1 and 999");
const itemId = z.coerce.number().int().positive().max(2_147_483_647);

export const cartRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/cart", async (request): Promise<CartResponse> => {
    return services.cart.get(request.user.id);
  });

  app.post(
    "/cart",
    // a client price or attributes may come along; they are ignored: the server prices every line
    {
      schema: {
        body: z.object({
          productId,
          variantId: variantId.default(DEFAULT_VARIANT_ID),
          quantity: quantity.default(1),
          price: z.unknown().optional(),
          variantAttributes: z.unknown().optional(),
        }),
      },
    },
    async (request): Promise<AddToCartResponse> => {
      const { productId: id, variantId: variant, quantity: count } = request.body;
      const outcome = await services.cart.add(request.user.id, { productId: id, variantId: variant, quantity: count });
      return { success: true, quantity: outcome.quantity, added: outcome.added, partialStock: outcome.partialStock, message: outcome.message };
    },
  );

  app.patch(
    "/cart",
    {
      schema: {
        body: z.object({
          itemId,
          variantId: variantId.default(DEFAULT_VARIANT_ID),
          quantity: z.number().int("quantity must be a whole number").min(0).max(999, "quantity must be between 0 and 999"),
        }),
      },
    },
    async (request): Promise<SetCartLineResponse> => {
      const result = await services.cart.setLine(request.user.id, request.body.itemId, request.body.variantId, request.body.quantity);
      return { success: true, ...result };
    },
  );

  app.delete(
    "/cart",
    { schema: { querystring: z.object({ itemId: itemId.optional(), variantId: variantId.optional() }) } },
    async (request): Promise<MessageResponse> => {
      const { itemId: id, variantId: variant } = request.query;
      if (id === undefined) {
        await services.cart.clear(request.user.id);
        return { success: true, message: "Cart cleared" };
      }
      await services.cart.removeLine(request.user.id, id, variant ?? DEFAULT_VARIANT_ID);
      return { success: true, message: "Removed" };
    },
  );

  const guestItems = <T>(cart: T[] | { items: T[] }): T[] => (Array.isArray(cart) ? cart : cart.items);
  const guestLine = z.object({
    productId,
    variants: z
      .array(z.object({ variantId: variantId.default(DEFAULT_VARIANT_ID), quantity }))
      .min(1)
      .max(50),
  });
  app.post(
    "/cart/merge",
    {
      schema: {
        body: z
          .object({
            guestCart: z.union([z.array(guestLine).max(200), z.object({ items: z.array(guestLine).max(200) })]),
            mergeId: text("mergeId", 100, { min: 8 }),
          })
          .refine((body) => guestItems(body.guestCart).reduce((n, item) => n + item.variants.length, 0) <= MAX_MERGE_REQUEST_LINES, {
            message: `a guest cart merge takes at most ${MAX_MERGE_REQUEST_LINES} lines`,
            path: ["guestCart"],
          }),
      },
    },
    async (request): Promise<MergeCartResponse> => {
      const lines = guestItems(request.body.guestCart).flatMap((item) =>
        item.variants.map((v) => ({ productId: item.productId, variantId: v.variantId, quantity: v.quantity })),
      );
      const result = await services.cart.merge(request.user.id, request.body.mergeId, lines);
      return { success: true, ...result, cart: await services.cart.get(request.user.id) };
    },
  );
};
