import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DELIVERY_METHODS } from "@/lib/checkout";
import { checkoutRequestSchema } from "@/lib/orders";
import { REGION_CODES } from "@/lib/tanzania-regions";
import { requestMeta, type ApiContext } from "../context";
import { text } from "@/lib/contract/fields";

const orderNumber = z.object({ number: text("number", 30, { min: 1 }) });
/** a UUID or any opaque token the browser made for one checkout attempt */
const idempotencyKey = z
  .string({ error: "The Idempotency-Key header is required" })
  .regex(/^[A-Za-z0-9_-]{16,80}$/, "Idempotency-Key must be 16 to 80 letters, digits, - or _");

/**
 * Checkout and the signed-in shopper's orders (the admin's are in ../admin/orders.ts, /tracking in
 * ../tracking.ts). Thin: each route validates,
 * calls the orders service (src/server/orders) and shapes the answer.
 */
export const orderRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.post(
    "/checkout/quote",
    {
      schema: {
        body: z
          .object({
            region: z.enum(REGION_CODES).nullish(),
            method: z.enum(DELIVERY_METHODS).nullish(),
            couponCode: text("couponCode", 40).optional(),
            coinsToSpend: z.number().int().min(0).max(10_000_000).optional(),
          })
          .strict(),
      },
    },
    async (request) => {
      const { region, method, couponCode, coinsToSpend } = request.body;
      return { quote: await services.orders.quote(request.user.id, { region: region ?? null, method: method ?? null, couponCode, coinsToSpend }) };
    },
  );

  app.post("/orders", { schema: { body: checkoutRequestSchema, headers: z.object({ "idempotency-key": idempotencyKey }) } }, async (request, reply) => {
    const placed = await services.checkout.place(request.user.id, request.body, {
      idempotencyKey: request.headers["idempotency-key"],
      locale: requestMeta(request).locale ?? "sw",
    });
    return reply.code(placed.created ? 201 : 200).send({ order: placed.order, payment: placed.payment, paymentError: placed.paymentError });
  });

  app.get("/orders", async (request) => {
    return { orders: await services.orders.list(request.user.id) };
  });

  app.get("/orders/:number", { schema: { params: orderNumber } }, async (request) => {
    return { order: await services.orders.get(request.user.id, request.params.number) };
  });

  app.post("/orders/:number/cancel", { schema: { params: orderNumber } }, async (request) => {
    return { order: await services.orders.cancel(request.user.id, request.params.number) };
  });

  app.post(
    "/orders/:number/pay",
    { schema: { params: orderNumber, body: z.object({ wallet: text("wallet", 40).optional(), phone: text("phone", 32).optional() }).strict() } },
    async (request) => {
      return services.checkout.pay(request.user.id, request.params.number, request.body);
    },
  );

  app.get("/account/addresses", async (request) => {
    return { addresses: await services.orders.addresses(request.user.id) };
  });
};
