import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { WALLET_LABEL_MAX } from "@/lib/account";
import { PAYMENT_METHODS } from "@/lib/checkout";
import { requestMeta, type ApiContext } from "../context";
import { idParams, text } from "@/lib/contract/fields";

/** The signed-in shopper's payment choices (preferred method, saved mobile-money numbers) and notification choices. */
export const preferenceRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  // --- payment choices ---
  app.get("/account/payment", async (request) => {
    return services.preferences.payment(request.user.id);
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
      const wallet = await services.preferences.addWallet(request.user.id, request.body);
      return reply.code(201).send({ wallet });
    },
  );

  app.delete("/account/payment/wallets/:id", { schema: { params: idParams } }, async (request) => {
    await services.preferences.removeWallet(request.user.id, request.params.id);
    return { success: true };
  });

  app.put("/account/payment/preferred", { schema: { body: z.object({ method: z.enum(PAYMENT_METHODS).nullable() }).strict() } }, async (request) => {
    return { preferredMethod: await services.preferences.setPreferredMethod(request.user.id, request.body.method) };
  });

  // --- notification choices ---
  app.get("/account/notifications", async (request) => {
    return services.preferences.notifications(request.user.id, request.user.email);
  });

  app.put(
    "/account/notifications",
    { schema: { body: z.object({ newsletter: z.boolean().optional(), marketing: z.boolean().optional() }).strict() } },
    async (request) => {
      return services.preferences.setNotifications(request.user.id, request.user.email, request.body, requestMeta(request));
    },
  );
};
