import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adRotationSeconds, listAdvertisements } from "@/server/ads/ads";
import { CACHE } from "./cache-control";
import type { ApiContext } from "./context";

export const adRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db }) => {
  app.get(
    "/advertisements",
    {
      schema: {
        querystring: z.object({
          placement: z
            .string()
            .regex(/^[a-z0-9-]{1,40}$/, "placement must be a short lowercase name such as products")
            .default("products"),
        }),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", CACHE.none);
      return listAdvertisements(await db(), request.query.placement);
    },
  );

  app.get("/advertisements/rotation-time", async (_request, reply) => {
    reply.header("cache-control", CACHE.none);
    return { rotationTime: await adRotationSeconds(await db()) };
  });
};
