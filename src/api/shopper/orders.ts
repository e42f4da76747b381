import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  addressesResponseSchema,
  checkoutRequestSchema,
  orderNumberParamsSchema,
  orderResponseSchema,
  ordersResponseSchema,
  payRequestSchema,
  payResponseSchema,
  placeOrderHeadersSchema,
  placeOrderResponseSchema,
  quoteRequestSchema,
  quoteResponseSchema,
} from "@/lib/contract/orders";
import { requestMeta, type ApiContext } from "../context";

/**
 * Checkout and the signed-in shopper's orders (the admin's are in ../admin/orders.ts, /tracking in
 * ../tracking.ts). Thin: each route validates,
 * calls the orders service (src/server/orders) and shapes the answer.
 */
export const orderRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.post("/checkout/quote", { schema: { body: quoteRequestSchema, response: { 200: quoteResponseSchema } } }, async (request) => {
    const { region, method, couponCode, coinsToSpend } = request.body;
    return { quote: await services.orders.quote(request.user.id, { region: region ?? null, method: method ?? null, couponCode, coinsToSpend }) };
  });

  app.post(
    "/orders",
    { schema: { body: checkoutRequestSchema, headers: placeOrderHeadersSchema, response: { 200: placeOrderResponseSchema, 201: placeOrderResponseSchema } } },
    async (request, reply) => {
      const placed = await services.checkout.place(request.user.id, request.body, {
        idempotencyKey: request.headers["idempotency-key"],
        locale: requestMeta(request).locale ?? "sw",
      });
      return reply.code(placed.created ? 201 : 200).send({ order: placed.order, payment: placed.payment, paymentError: placed.paymentError });
    },
  );

  app.get("/orders", { schema: { response: { 200: ordersResponseSchema } } }, async (request) => {
    return { orders: await services.orders.list(request.user.id) };
  });

  app.get("/orders/:number", { schema: { params: orderNumberParamsSchema, response: { 200: orderResponseSchema } } }, async (request) => {
    return { order: await services.orders.get(request.user.id, request.params.number) };
  });

  app.post("/orders/:number/cancel", { schema: { params: orderNumberParamsSchema, response: { 200: orderResponseSchema } } }, async (request) => {
    return { order: await services.orders.cancel(request.user.id, request.params.number) };
  });

  app.post(
    "/orders/:number/pay",
    { schema: { params: orderNumberParamsSchema, body: payRequestSchema, response: { 200: payResponseSchema } } },
    async (request) => {
      return services.checkout.pay(request.user.id, request.params.number, request.body);
    },
  );

  app.get("/account/addresses", { schema: { response: { 200: addressesResponseSchema } } }, async (request) => {
    return { addresses: await services.orders.addresses(request.user.id) };
  });
};
