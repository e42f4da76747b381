import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ApiContext } from "../context";

const productParams = z.object({ productId: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The signed-in shopper's wishlist: its ids (or products), add, remove, clear. */
export const wishlistRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/wishlist", { schema: { querystring: z.object({ expand: z.enum(["products"]).optional() }) } }, async (request) => {
    if (request.query.expand === "products") {
      const items = await services.wishlist.list(request.user.id);
      return { productIds: items.map((i) => i.product.id), items };
    }
    return { productIds: await services.wishlist.ids(request.user.id) };
  });

  app.put("/wishlist/:productId", { schema: { params: productParams } }, async (request) => {
    return services.wishlist.add(request.user.id, request.params.productId);
  });

  app.delete("/wishlist/:productId", { schema: { params: productParams } }, async (request) => {
    return services.wishlist.remove(request.user.id, request.params.productId);
  });

  app.delete("/wishlist", async (request) => {
    return services.wishlist.clear(request.user.id);
  });
};
