import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  addToCartRequestSchema,
  addToCartResponseSchema,
  cartResponseSchema,
  guestItems,
  mergeCartRequestSchema,
  mergeCartResponseSchema,
  removeCartLineQuerySchema,
  setCartLineRequestSchema,
  setCartLineResponseSchema,
} from "@/lib/contract/cart";
import { messageResponseSchema } from "@/lib/contract/common";
import { DEFAULT_VARIANT_ID } from "@/lib/variants";
import { MAX_MERGE_REQUEST_LINES } from "@/server/cart/cart";
import type { ApiContext } from "../context";

const mergeRequestSchema = mergeCartRequestSchema(MAX_MERGE_REQUEST_LINES);

export const cartRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/cart", { schema: { response: { 200: cartResponseSchema } } }, async (request) => {
    return services.cart.get(request.user.id);
  });

  app.post(
    "/cart",
    // a client price or attributes may come along; they are ignored: the server prices every line
    { schema: { body: addToCartRequestSchema, response: { 200: addToCartResponseSchema } } },
    async (request) => {
      const { productId: id, variantId: variant, quantity: count } = request.body;
      const outcome = await services.cart.add(request.user.id, { productId: id, variantId: variant, quantity: count });
      return { success: true as const, quantity: outcome.quantity, added: outcome.added, partialStock: outcome.partialStock, message: outcome.message };
    },
  );

  app.patch("/cart", { schema: { body: setCartLineRequestSchema, response: { 200: setCartLineResponseSchema } } }, async (request) => {
    const result = await services.cart.setLine(request.user.id, request.body.itemId, request.body.variantId, request.body.quantity);
    return { success: true as const, ...result };
  });

  app.delete("/cart", { schema: { querystring: removeCartLineQuerySchema, response: { 200: messageResponseSchema } } }, async (request) => {
    const { itemId: id, variantId: variant } = request.query;
    if (id === undefined) {
      await services.cart.clear(request.user.id);
      return { success: true as const, message: "Cart cleared" };
    }
    await services.cart.removeLine(request.user.id, id, variant ?? DEFAULT_VARIANT_ID);
    return { success: true as const, message: "Removed" };
  });

  app.post("/cart/merge", { schema: { body: mergeRequestSchema, response: { 200: mergeCartResponseSchema } } }, async (request) => {
    const lines = guestItems(request.body.guestCart).flatMap((item) =>
      item.variants.map((v) => ({ productId: item.productId, variantId: v.variantId, quantity: v.quantity })),
    );
    const result = await services.cart.merge(request.user.id, request.body.mergeId, lines);
    return { success: true as const, ...result, cart: await services.cart.get(request.user.id) };
  });
};
