import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { advertisementsQuerySchema, advertisementsResponseSchema, rotationTimeResponseSchema } from "@/lib/contract/ads";
import { CACHE } from "./cache-control";
import type { ApiContext } from "./context";

/** The storefront's ads by placement, and how long each shows. */
export const adRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get(
    "/advertisements",
    { schema: { querystring: advertisementsQuerySchema, response: { 200: advertisementsResponseSchema } } },
    async (request, reply) => {
      reply.header("cache-control", CACHE.none);
      return services.ads.list(request.query.placement);
    },
  );

  app.get("/advertisements/rotation-time", { schema: { response: { 200: rotationTimeResponseSchema } } }, async (_request, reply) => {
    reply.header("cache-control", CACHE.none);
    return { rotationTime: await services.ads.rotationSeconds() };
  });
};
