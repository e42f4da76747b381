import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { trackingRequestSchema, trackingResponseSchema } from "@/lib/contract/orders";
import { requestMeta, type ApiContext } from "./context";

/** An order's progress for anyone who knows its number and the e-mail or phone it was placed with (no account needed). */
export const trackingRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.post(
    "/tracking",
    {
      // a flood guard per address here; the service limits failed lookups per client and slows a guessed order
      config: { rateLimit: { max: 30, timeWindow: 15 * 60_000 } },
      schema: { body: trackingRequestSchema, response: { 200: trackingResponseSchema } },
    },
    async (request) => ({ tracking: await services.orders.track(request.body.number, request.body.contact, requestMeta(request)) }),
  );
};
