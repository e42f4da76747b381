import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { orderNumberParamsSchema } from "@/lib/contract/orders";
import { messagePreferencesRequestSchema, messagePreferencesResponseSchema, orderTextMessagesResponseSchema } from "@/lib/contract/text-messages";
import type { ApiContext } from "../context";

/** The signed-in shopper's text messages: an own order's messages, and the choices for the account's phone number. */
export const textMessageRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/orders/:number/messages", { schema: { params: orderNumberParamsSchema, response: { 200: orderTextMessagesResponseSchema } } }, async (request) => ({
    messages: await services.textMessages.forShopperOrder(request.user.id, request.params.number),
  }));

  app.get("/account/message-preferences", { schema: { response: { 200: messagePreferencesResponseSchema } } }, async (request) =>
    services.textMessages.choices(request.user.profile.phone),
  );

  app.put(
    "/account/message-preferences",
    { schema: { body: messagePreferencesRequestSchema, response: { 200: messagePreferencesResponseSchema } } },
    async (request) => services.textMessages.setChoices(request.user.profile.phone, request.body),
  );
};
