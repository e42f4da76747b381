import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX, THREAD_STATUSES, WALLET_LABEL_MAX } from "@/lib/account";
import { PAYMENT_METHODS } from "@/lib/checkout";
import { CACHE } from "./cache-control";
import { requestMeta, type ApiContext } from "./context";
import { requireAdmin, requireUser } from "./current-user";
import { text } from "./schemas";

const productParams = z.object({ productId: z.coerce.number().int().min(1).max(2_147_483_647) });
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
/**
 * A message body may hold line breaks (paragraphs); the service refuses every other control
 * character and normalises the breaks (normaliseMessageBody), so the schema only bounds its size.
 */
const messageBody = z.string({ error: "body must be text" }).max(MESSAGE_BODY_MAX + 200, `body must be at most ${MESSAGE_BODY_MAX} characters`);

/**
 * The signed-in shopper's wishlist, payment choices, notification choices and message centre, and
 * the admins' side of the message centre. Thin: validate, call the service, shape the answer.
 */
export const accountExtraRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", CACHE.none);
  });

  // --- wishlist ---
  app.get("/wishlist", { schema: { querystring: z.object({ expand: z.enum(["products"]).optional() }) } }, async (request) => {
    const user = await requireUser(services, request);
    if (request.query.expand === "products") {
      const items = await services.wishlist.list(user.id);
      return { productIds: items.map((i) => i.product.id), items };
    }
    return { productIds: await services.wishlist.ids(user.id) };
  });

  app.put("/wishlist/:productId", { schema: { params: productParams } }, async (request) => {
    const user = await requireUser(services, request);
    return services.wishlist.add(user.id, request.params.productId);
  });

  app.delete("/wishlist/:productId", { schema: { params: productParams } }, async (request) => {
    const user = await requireUser(services, request);
    return services.wishlist.remove(user.id, request.params.productId);
  });

  app.delete("/wishlist", async (request) => {
    const user = await requireUser(services, request);
    return services.wishlist.clear(user.id);
  });

  // --- payment choices ---
  app.get("/account/payment", async (request) => {
    const user = await requireUser(services, request);
    return services.preferences.payment(user.id);
  });

  app.post(
    "/account/payment/wallets",
    {
      schema: {
        body: z
          .object({ wallet: text("wallet", 40, { min: 1 }), phone: text("phone", 32, { min: 1 }), label: text("label", WALLET_LABEL_MAX).nullish() })
          .strict(),
      },
    },
    async (request, reply) => {
      const user = await requireUser(services, request);
      const wallet = await services.preferences.addWallet(user.id, request.body);
      return reply.code(201).send({ wallet });
    },
  );

  app.delete("/account/payment/wallets/:id", { schema: { params: idParams } }, async (request) => {
    const user = await requireUser(services, request);
    await services.preferences.removeWallet(user.id, request.params.id);
    return { success: true };
  });

  app.put("/account/payment/preferred", { schema: { body: z.object({ method: z.enum(PAYMENT_METHODS).nullable() }).strict() } }, async (request) => {
    const user = await requireUser(services, request);
    return { preferredMethod: await services.preferences.setPreferredMethod(user.id, request.body.method) };
  });

  // --- notification choices ---
  app.get("/account/notifications", async (request) => {
    const user = await requireUser(services, request);
    return services.preferences.notifications(user.id, user.email);
  });

  app.put(
    "/account/notifications",
    { schema: { body: z.object({ newsletter: z.boolean().optional(), marketing: z.boolean().optional() }).strict() } },
    async (request) => {
      const user = await requireUser(services, request);
      return services.preferences.setNotifications(user.id, user.email, request.body, requestMeta(request));
    },
  );

  // --- message centre ---
  app.get("/messages", async (request) => {
    const user = await requireUser(services, request);
    return services.messages.inbox(user.id);
  });

  app.post(
    "/messages",
    {
      schema: {
        body: z
          .object({ subject: text("subject", MESSAGE_SUBJECT_MAX, { min: 1 }), orderNumber: text("orderNumber", 30).nullish(), body: messageBody })
          .strict(),
      },
    },
    async (request, reply) => {
      const user = await requireUser(services, request);
      return reply.code(201).send(await services.messages.create(user.id, request.body));
    },
  );

  app.get("/messages/:id", { schema: { params: idParams } }, async (request) => {
    const user = await requireUser(services, request);
    return services.messages.thread(user.id, request.params.id);
  });

  app.post("/messages/:id", { schema: { params: idParams, body: z.object({ body: messageBody }).strict() } }, async (request, reply) => {
    const user = await requireUser(services, request);
    return reply.code(201).send(await services.messages.reply(user.id, request.params.id, request.body.body));
  });

  app.post("/messages/order-updates/seen", async (request) => {
    const user = await requireUser(services, request);
    await services.messages.markOrderUpdatesSeen(user.id);
    return { success: true };
  });

  app.get(
    "/admin/messages",
    {
      schema: {
        querystring: z.object({
          status: z.enum(THREAD_STATUSES).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(50),
          offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
        }),
      },
    },
    async (request) => {
      await requireAdmin(services, request);
      return services.messages.adminList(request.query);
    },
  );

  app.get("/admin/messages/:id", { schema: { params: idParams } }, async (request) => {
    await requireAdmin(services, request);
    return services.messages.adminThread(request.params.id);
  });

  app.post("/admin/messages/:id", { schema: { params: idParams, body: z.object({ body: messageBody }).strict() } }, async (request, reply) => {
    const admin = await requireAdmin(services, request);
    return reply.code(201).send(await services.messages.adminReply(admin.id, request.params.id, request.body.body));
  });

  app.post("/admin/messages/:id/status", { schema: { params: idParams, body: z.object({ status: z.enum(["open", "closed"]) }).strict() } }, async (request) => {
    await requireAdmin(services, request);
    return services.messages.adminSetStatus(request.params.id, request.body.status);
  });
};
