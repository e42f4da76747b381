import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { maskPhone } from "@/lib/sms/mask";
import { stopMessagesRequestSchema, stopMessagesResponseSchema } from "@/lib/contract/text-messages";
import { DomainError } from "@/server/errors";
import type { ApiContext } from "./context";

/**
 * The opt-out link of a text message (/stop/<token>): its page's button posts the token here, and
 * every message to the number stops at once (both channels, offers too; messages already queued are
 * not sent). Anyone holding the link may: the token is the shop's signature over the number. The
 * page itself (a GET, which link previewers fetch) changes nothing. Pressing it twice is the same
 * as once.
 */
export const textMessageStopRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.post(
    "/messages/stop",
    {
      // a guessing guard per client address: a forged token is refused by its signature whatever the count
      config: { rateLimit: { max: 20, timeWindow: 15 * 60_000 } },
      schema: { body: stopMessagesRequestSchema, response: { 200: stopMessagesResponseSchema } },
    },
    async (request) => {
      const phone = await services.links.phoneFromOptOutToken(request.body.token);
      if (!phone) throw new DomainError("invalid-token", "This link is not valid. Use the link in the message as it came.");
      await services.notify.stopEverything(phone);
      return { success: true as const, phone: maskPhone(phone) };
    },
  );
};
