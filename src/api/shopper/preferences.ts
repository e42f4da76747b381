import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "@/lib/contract/fields";
import {
  notificationChoicesRequestSchema,
  notificationChoicesResponseSchema,
  paymentPreferencesResponseSchema,
  preferredMethodRequestSchema,
  preferredMethodResponseSchema,
  removeWalletResponseSchema,
  saveWalletRequestSchema,
  saveWalletResponseSchema,
} from "@/lib/contract/preferences";
import { requestMeta, type ApiContext } from "../context";

/** The signed-in shopper's payment choices (preferred method, saved mobile-money numbers) and notification choices. */
export const preferenceRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  // --- payment choices ---
  app.get("/account/payment", { schema: { response: { 200: paymentPreferencesResponseSchema } } }, async (request) => {
    return services.preferences.payment(request.user.id);
  });

  app.post("/account/payment/wallets", { schema: { body: saveWalletRequestSchema, response: { 201: saveWalletResponseSchema } } }, async (request, reply) => {
    const wallet = await services.preferences.addWallet(request.user.id, request.body);
    return reply.code(201).send({ wallet });
  });

  app.delete("/account/payment/wallets/:id", { schema: { params: idParams, response: { 200: removeWalletResponseSchema } } }, async (request) => {
    await services.preferences.removeWallet(request.user.id, request.params.id);
    return { success: true as const };
  });

  app.put(
    "/account/payment/preferred",
    { schema: { body: preferredMethodRequestSchema, response: { 200: preferredMethodResponseSchema } } },
    async (request) => {
      return { preferredMethod: await services.preferences.setPreferredMethod(request.user.id, request.body.method) };
    },
  );

  // --- notification choices ---
  app.get("/account/notifications", { schema: { response: { 200: notificationChoicesResponseSchema } } }, async (request) => {
    return services.preferences.notifications(request.user.id, request.user.email);
  });

  app.put(
    "/account/notifications",
    { schema: { body: notificationChoicesRequestSchema, response: { 200: notificationChoicesResponseSchema } } },
    async (request) => {
      return services.preferences.setNotifications(request.user.id, request.user.email, request.body, requestMeta(request));
    },
  );
};
