import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CartError, addToCart, clearCart, getCart, mergeGuestCart, removeLine, setLineQuantity } from "@/server/cart/cart";
import { CACHE } from "./cache-control";
import type { ApiContext } from "./context";
import { requireUser } from "./current-user";

const productId = z.coerce.number().int().positive().max(2_147_483_647);
const variantId = z.string().min(1).max(300);
const quantity = z.number().int("quantity must be a whole number").min(1, "quantity must be between 1 and 999").max(999, "quantity must be between 1 and 999");
const itemId = z.coerce.number().int().positive().max(2_147_483_647);

export const cartRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db }) => {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", CACHE.none);
  });
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof CartError) return reply.code(error.status).send({ error: error.message });
    throw error;
  });

  app.get("/cart", async (request, reply) => {
    const database = await db();
    const user = await requireUser(database, request, reply);
    if (!user) return reply;
    return getCart(database, user.id);
  });

  app.post(
    "/cart",
    // a client price or attributes may come along (§7); they are ignored: the server prices every line
    { schema: { body: z.object({ productId, variantId: variantId.default("default"), quantity: quantity.default(1), price: z.unknown().optional(), variantAttributes: z.unknown().optional() }) } },
    async (request, reply) => {
      const database = await db();
      const user = await requireUser(database, request, reply);
      if (!user) return reply;
      const outcome = await addToCart(database, user.id, request.body);
      return { success: true, quantity: outcome.quantity, added: outcome.added, partialStock: outcome.partialStock, message: outcome.message };
    },
  );

  app.patch(
    "/cart",
    { schema: { body: z.object({ itemId, variantId: variantId.default("default"), quantity: z.number().int("quantity must be a whole number").min(0).max(999, "quantity must be between 0 and 999") }) } },
    async (request, reply) => {
      const database = await db();
      const user = await requireUser(database, request, reply);
      if (!user) return reply;
      const result = await setLineQuantity(database, user.id, request.body.itemId, request.body.variantId, request.body.quantity);
      return { success: true, ...result };
    },
  );

  app.delete(
    "/cart",
    { schema: { querystring: z.object({ itemId: itemId.optional(), variantId: variantId.optional() }) } },
    async (request, reply) => {
      const database = await db();
      const user = await requireUser(database, request, reply);
      if (!user) return reply;
      const { itemId: id, variantId: variant } = request.query;
      if (id === undefined) {
        await clearCart(database, user.id);
        return { success: true, message: "Cart cleared" };
      }
      await removeLine(database, user.id, id, variant ?? "default");
      return { success: true, message: "Removed" };
    },
  );

  const guestLine = z.object({
    productId,
    variants: z.array(z.object({ variantId: variantId.default("default"), quantity })).min(1).max(50),
  });
  app.post(
    "/cart/merge",
    { schema: { body: z.object({ guestCart: z.union([z.array(guestLine).max(200), z.object({ items: z.array(guestLine).max(200) })]), mergeId: z.string().min(8).max(100) }) } },
    async (request, reply) => {
      const database = await db();
      const user = await requireUser(database, request, reply);
      if (!user) return reply;
      const items = Array.isArray(request.body.guestCart) ? request.body.guestCart : request.body.guestCart.items;
      const lines = items.flatMap((item) => item.variants.map((v) => ({ productId: item.productId, variantId: v.variantId, quantity: v.quantity })));
      const result = await mergeGuestCart(database, user.id, request.body.mergeId, lines);
      return { success: true, ...result, cart: await getCart(database, user.id) };
    },
  );
};
