import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { compareQuerySchema, compareResponseSchema } from "@/lib/contract/compare";
import { DEFAULT_LOCALE } from "@/lib/locale";
import { CACHE } from "./cache-control";
import { requestMeta, type ApiContext } from "./context";

/**
 * GET /api/compare?ids=1,2,3: up to four products side by side with their specifications' rows
 * (labels in the language of the `locale` cookie, else Accept-Language's); ids that do not parse, or more
 * than four, are 400; ids of products not on sale come back in `missing`.
 */
export const compareRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/compare", { schema: { querystring: compareQuerySchema, response: { 200: compareResponseSchema } } }, async (request, reply) => {
    reply.header("cache-control", CACHE.default).header("vary", "Cookie, Accept-Language");
    return services.comparison.compare(request.query.ids, requestMeta(request).locale ?? DEFAULT_LOCALE);
  });
};
