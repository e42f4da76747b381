import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  wishlistAddResponseSchema,
  wishlistClearResponseSchema,
  wishlistIdsResponseSchema,
  wishlistItemsResponseSchema,
  wishlistProductParamsSchema,
  wishlistQuerySchema,
  wishlistRemoveResponseSchema,
} from "@/lib/contract/wishlist";
import type { ApiContext } from "../context";

/** The signed-in shopper's wishlist: its ids (or products), add, remove, clear. */
export const wishlistRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get(
    "/wishlist",
    { schema: { querystring: wishlistQuerySchema, response: { 200: z.union([wishlistItemsResponseSchema, wishlistIdsResponseSchema]) } } },
    async (request) => {
      if (request.query.expand === "products") {
        const items = await services.wishlist.list(request.user.id);
        return { productIds: items.map((i) => i.product.id), items };
      }
      return { productIds: await services.wishlist.ids(request.user.id) };
    },
  );

  app.put("/wishlist/:productId", { schema: { params: wishlistProductParamsSchema, response: { 200: wishlistAddResponseSchema } } }, async (request) => {
    return services.wishlist.add(request.user.id, request.params.productId);
  });

  app.delete("/wishlist/:productId", { schema: { params: wishlistProductParamsSchema, response: { 200: wishlistRemoveResponseSchema } } }, async (request) => {
    return services.wishlist.remove(request.user.id, request.params.productId);
  });

  app.delete("/wishlist", { schema: { response: { 200: wishlistClearResponseSchema } } }, async (request) => {
    return services.wishlist.clear(request.user.id);
  });
};
