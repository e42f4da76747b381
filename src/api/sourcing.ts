import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { BomMatchResponse } from "@/lib/api-contract";
import { BOM_MAX_LINES, BOM_QUANTITY_MAX, BOM_TEXT_MAX } from "@/lib/bom";
import { CACHE } from "./cache-control";
import type { ApiContext } from "./context";
import { text } from "@/lib/contract/fields";

/** 200 lines of 200 characters and a quantity, as JSON, with room to spare. */
const BODY_LIMIT = 96 * 1024;

const bomMatchSchema = z.object({
  lines: z
    .array(
      z.object({
        text: text("text", BOM_TEXT_MAX, { min: 1 }).trim(),
        quantity: z.number().int().min(1).max(BOM_QUANTITY_MAX),
      }),
    )
    .min(1, "lines must hold at least one line")
    .max(BOM_MAX_LINES, `lines must hold at most ${BOM_MAX_LINES} lines`),
});

/**
 * POST /api/bom/match {lines: [{text, quantity}]}: every line of a bill of materials matched to
 * catalogue products in one call. A line is `matched` only when a product's key tokens agree (part
 * number, or value, kind and package), with the best product and up to three alternatives; an
 * `unmatched` line carries the nearest products as alternatives. Limited per client address.
 */
export const sourcingRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.post("/bom/match", { bodyLimit: BODY_LIMIT, schema: { body: bomMatchSchema } }, async (request, reply): Promise<BomMatchResponse> => {
    reply.header("cache-control", CACHE.none);
    const lines = await services.sourcing.match(request.body.lines, { ip: request.ip });
    return { lines };
  });
};
