import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { payoutWebhookResponseSchema } from "@/lib/contract/refunds";
import { CACHE } from "./cache-control";
import type { ApiContext } from "./context";
import { parseCallback, WEBHOOK_BODY_LIMIT } from "./payments";

/**
 * Payment providers' payout callbacks (refunds sent to mobile money): POST
 * /api/payments/clickpesa/payout-webhook (ClickPesa's PAYOUT INITIATED, REFUNDED and REVERSED
 * events; set as the payout webhook address in ClickPesa's dashboard) and
 * /api/payments/sandbox/payout-webhook. Server to server, authenticated by their signature as the
 * payment webhooks are (`csrf: "signature"`); the body kept as the exact text sent. A forged one is
 * 401 invalid-signature and logged; every one is kept in payment_callbacks. A refund completes only
 * when the callback and the provider's status query agree.
 */
export const payoutWebhookRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("cache-control", CACHE.none);
  });
  await app.register(async (webhooks) => {
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser("*", { parseAs: "string", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => {
      done(null, typeof body === "string" ? body : body.toString("utf8"));
    });
    for (const provider of ["clickpesa", "sandbox"] as const) {
      webhooks.post(
        `/payments/${provider}/payout-webhook`,
        { bodyLimit: WEBHOOK_BODY_LIMIT, config: { csrf: "signature" }, schema: { response: { 200: payoutWebhookResponseSchema } } },
        async (request) => {
          const raw = typeof request.body === "string" ? request.body : "";
          const result = await services.refunds.handlePayoutCallback(provider, parseCallback(raw), raw, request.headers, request.ip);
          return { received: true as const, outcome: result.outcome };
        },
      );
    }
  });
};
