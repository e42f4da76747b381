import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { orderNumberParamsSchema } from "@/lib/contract/orders";
import { adminOrderTextMessagesResponseSchema, adminTextMessagesQuerySchema, adminTextMessagesResponseSchema } from "@/lib/contract/text-messages";
import type { ApiContext } from "../context";

/** The admin's view of the text-message outbox: every message (newest first, filtered, paged), and one order's. */
export const textMessageAdminRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/text-messages", { schema: { querystring: adminTextMessagesQuerySchema, response: { 200: adminTextMessagesResponseSchema } } }, async (request) =>
    services.textMessages.adminList(request.query),
  );

  app.get(
    "/orders/:number/messages",
    { schema: { params: orderNumberParamsSchema, response: { 200: adminOrderTextMessagesResponseSchema } } },
    async (request) => ({ messages: await services.textMessages.forAdminOrder(request.params.number) }),
  );
};
