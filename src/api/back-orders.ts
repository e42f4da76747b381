import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { backOrderOfferQuerySchema, backOrderOfferResponseSchema, backOrderPlanRequestSchema, backOrderPlanResponseSchema } from "@/lib/contract/back-orders";
import { DomainError } from "@/server/errors";
import type { ApiContext } from "./context";

/** Anyone: a product's offer beyond its stock (the product page asks once it is shown; no page is cached with a date in it). */
export const backOrderRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/back-orders/offer", { schema: { querystring: backOrderOfferQuerySchema, response: { 200: backOrderOfferResponseSchema } } }, async (request) =>
    services.backOrders.offer(request.query.productId, request.query.variantId),
  );
};

/**
 * The signed-in-or-guest scope: the checkout's plan of which lines wait for stock and until about
 * when (a signed-in shopper's cart, or a guest's lines), and the dates a refund-by limit may take.
 */
export const backOrderCheckoutRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.post("/checkout/back-orders", { schema: { body: backOrderPlanRequestSchema, response: { 200: backOrderPlanResponseSchema } } }, async (request) => {
    if (request.visitor) return services.backOrders.plan({ userId: request.visitor.id });
    if (!request.body.lines) throw new DomainError("unauthenticated", "Sign in, or send the cart's lines");
    return services.backOrders.plan({ lines: request.body.lines });
  });
};
