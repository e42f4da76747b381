import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bomMatchRequestSchema, bomMatchResponseSchema } from "@/lib/contract/sourcing";
import { CACHE } from "./cache-control";
import type { ApiContext } from "./context";

/** 200 lines of 200 characters and a quantity, as JSON, with room to spare. */
const BODY_LIMIT = 96 * 1024;

/**
 * POST /api/bom/match {lines: [{text, quantity}]}: every line of a bill of materials matched to
 * catalogue products in one call. A line is `matched` only when a product's key tokens agree (part
 * number, or value, kind and package), with the best product and up to three alternatives; an
 * `unmatched` line carries the nearest products as alternatives. Limited per client address.
 */
export const sourcingRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.post(
    "/bom/match",
    { bodyLimit: BODY_LIMIT, schema: { body: bomMatchRequestSchema, response: { 200: bomMatchResponseSchema } } },
    async (request, reply) => {
      reply.header("cache-control", CACHE.none);
      const lines = await services.sourcing.match(request.body.lines, { ip: request.ip });
      return { lines };
    },
  );
};
