import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { confirmPhoneRequestSchema, confirmPhoneResponseSchema, phoneCodeRequestSchema, phoneCodeResponseSchema } from "@/lib/contract/orders";
import { requestMeta, type ApiContext } from "../context";

/** Codes one client address may ask for in an hour (each number has its own quota in the outbox too). */
const PHONE_CODES_PER_ADDRESS = { max: 10, timeWindow: 60 * 60_000 };

/**
 * The account's mobile number confirmed by a one-time SMS code: it becomes the account's number,
 * and orders placed as a guest with it move into the account.
 */
export const phoneRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.post(
    "/account/phone-code",
    { config: { rateLimit: PHONE_CODES_PER_ADDRESS }, schema: { body: phoneCodeRequestSchema, response: { 200: phoneCodeResponseSchema } } },
    async (request) => {
      const meta = requestMeta(request);
      const sent = await services.phoneCodes.send(request.body.phone, "claim", { ip: meta.ip, locale: meta.locale ?? "sw", userId: request.user.id });
      return {
        sentTo: sent.masked,
        expiresInSeconds: Math.round((sent.expiresAt.getTime() - Date.now()) / 1000),
        resendAfterSeconds: sent.resendAfterSeconds,
      };
    },
  );

  app.post("/account/phone", { schema: { body: confirmPhoneRequestSchema, response: { 200: confirmPhoneResponseSchema } } }, async (request) => {
    return services.phoneClaim.confirm(request.user.id, request.body.phone, request.body.code);
  });
};
