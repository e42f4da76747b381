import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "@/lib/contract/fields";
import {
  inboxResponseSchema,
  newSupportThreadRequestSchema,
  orderUpdatesSeenResponseSchema,
  supportReplyRequestSchema,
  supportThreadResponseSchema,
} from "@/lib/contract/messages";
import type { ApiContext } from "../context";

/** (the admin's reply route reads the same body rule) */
export { messageBody } from "@/lib/contract/messages";

/** The signed-in shopper's message centre: the inbox, a new thread, a thread, a reply, order updates seen. */
export const messageRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/messages", { schema: { response: { 200: inboxResponseSchema } } }, async (request) => {
    return services.messages.inbox(request.user.id);
  });

  app.post("/messages", { schema: { body: newSupportThreadRequestSchema, response: { 201: supportThreadResponseSchema } } }, async (request, reply) => {
    return reply.code(201).send(await services.messages.create(request.user.id, request.body));
  });

  app.get("/messages/:id", { schema: { params: idParams, response: { 200: supportThreadResponseSchema } } }, async (request) => {
    return services.messages.thread(request.user.id, request.params.id);
  });

  app.post(
    "/messages/:id",
    { schema: { params: idParams, body: supportReplyRequestSchema, response: { 201: supportThreadResponseSchema } } },
    async (request, reply) => {
      return reply.code(201).send(await services.messages.reply(request.user.id, request.params.id, request.body.body));
    },
  );

  app.post("/messages/order-updates/seen", { schema: { response: { 200: orderUpdatesSeenResponseSchema } } }, async (request) => {
    await services.messages.markOrderUpdatesSeen(request.user.id);
    return { success: true as const };
  });
};
