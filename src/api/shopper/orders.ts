import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  addressesResponseSchema,
  orderNumberParamsSchema,
  orderResponseSchema,
  ordersResponseSchema,
  payRequestSchema,
  payResponseSchema,
} from "@/lib/contract/orders";
import { payBalanceRequestSchema } from "@/lib/contract/back-orders";
import type { ApiContext } from "../context";

/**
 * The signed-in shopper's orders (placing one, for a guest too, is in ../checkout.ts; the admin's
 * are in ../admin/orders.ts, /tracking in ../tracking.ts). Thin: each route validates,
 * calls the orders service (src/server/orders) and shapes the answer.
 */
export const orderRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
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
      return services.checkout.pay({ userId: request.user.id, number: request.params.number }, request.body);
    },
  );

  app.post(
    "/orders/:number/pay-balance",
    { schema: { params: orderNumberParamsSchema, body: payBalanceRequestSchema, response: { 200: payResponseSchema } } },
    async (request) => services.checkout.payBalance({ userId: request.user.id, number: request.params.number }, request.body),
  );

  app.get("/account/addresses", { schema: { response: { 200: addressesResponseSchema } } }, async (request) => {
    return { addresses: await services.orders.addresses(request.user.id) };
  });
};
