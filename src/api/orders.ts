import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DELIVERY_METHODS, ORDER_STATUSES } from "@/lib/checkout";
import { ADMIN_ORDER_ACTIONS, checkoutRequestSchema } from "@/lib/orders";
import { REGION_CODES } from "@/lib/tanzania-regions";
import { CACHE } from "./cache-control";
import { requestMeta, type ApiContext } from "./context";
import { requireAdmin, requireUser } from "./current-user";
import { text } from "./schemas";

const orderNumber = z.object({ number: text("number", 30, { min: 1 }) });
/** a UUID or any opaque token the browser made for one checkout attempt */
const idempotencyKey = z
  .string({ error: "The Idempotency-Key header is required" })
  .regex(/^[A-Za-z0-9_-]{16,80}$/, "Idempotency-Key must be 16 to 80 letters, digits, - or _");

/**
 * Checkout, a shopper's orders, /tracking and the admin's orders. Thin: each route validates,
 * calls the orders service (src/server/orders) and shapes the answer.
 */
export const orderRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", CACHE.none);
  });

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
      const user = await requireUser(services, request);
      const { region, method, couponCode, coinsToSpend } = request.body;
      return { quote: await services.orders.quote(user.id, { region: region ?? null, method: method ?? null, couponCode, coinsToSpend }) };
    },
  );

  app.post("/orders", { schema: { body: checkoutRequestSchema, headers: z.object({ "idempotency-key": idempotencyKey }) } }, async (request, reply) => {
    const user = await requireUser(services, request);
    const placed = await services.checkout.place(user.id, request.body, {
      idempotencyKey: request.headers["idempotency-key"],
      locale: requestMeta(request).locale ?? "sw",
    });
    return reply.code(placed.created ? 201 : 200).send({ order: placed.order, payment: placed.payment, paymentError: placed.paymentError });
  });

  app.get("/orders", async (request) => {
    const user = await requireUser(services, request);
    return { orders: await services.orders.list(user.id) };
  });

  app.get("/orders/:number", { schema: { params: orderNumber } }, async (request) => {
    const user = await requireUser(services, request);
    return { order: await services.orders.get(user.id, request.params.number) };
  });

  app.post("/orders/:number/cancel", { schema: { params: orderNumber } }, async (request) => {
    const user = await requireUser(services, request);
    return { order: await services.orders.cancel(user.id, request.params.number) };
  });

  app.post(
    "/orders/:number/pay",
    { schema: { params: orderNumber, body: z.object({ wallet: text("wallet", 40).optional(), phone: text("phone", 32).optional() }).strict() } },
    async (request) => {
      const user = await requireUser(services, request);
      return services.checkout.pay(user.id, request.params.number, request.body);
    },
  );

  app.get("/account/addresses", async (request) => {
    const user = await requireUser(services, request);
    return { addresses: await services.orders.addresses(user.id) };
  });

  app.post(
    "/tracking",
    {
      // a flood guard per address here; the service limits failed lookups per client and slows a guessed order
      config: { rateLimit: { max: 30, timeWindow: 15 * 60_000 } },
      schema: { body: z.object({ number: text("number", 30, { min: 1 }), contact: text("contact", 200, { min: 3 }) }).strict() },
    },
    async (request) => ({ tracking: await services.orders.track(request.body.number, request.body.contact, requestMeta(request)) }),
  );

  app.get(
    "/admin/orders",
    {
      schema: {
        querystring: z.object({
          status: z.enum(ORDER_STATUSES).optional(),
          q: text("q", 100).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(25),
          offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
        }),
      },
    },
    async (request) => {
      await requireAdmin(services, request);
      return services.orders.adminList(request.query);
    },
  );

  app.get("/admin/orders/:number", { schema: { params: orderNumber } }, async (request) => {
    await requireAdmin(services, request);
    return { order: await services.orders.adminGet(request.params.number) };
  });

  app.post(
    "/admin/orders/:number/:action",
    {
      schema: {
        params: orderNumber.extend({ action: z.enum(ADMIN_ORDER_ACTIONS) }),
        body: z
          .object({
            carrier: text("carrier", 80).optional(),
            trackingNumber: text("trackingNumber", 80).optional(),
            note: text("note", 500).optional(),
            confirmTestOrder: z.boolean().optional(),
          })
          .strict()
          .default({}),
      },
    },
    async (request) => {
      const admin = await requireAdmin(services, request);
      const { number, action } = request.params;
      return {
        order: await services.orders.adminAct(number, action, { adminId: admin.id, adminEmail: admin.email, ...request.body, meta: requestMeta(request) }),
      };
    },
  );
};
