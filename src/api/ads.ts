import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AdvertisementsResponse, RotationTimeResponse } from "@/lib/api-contract";
import { CACHE } from "./cache-control";
import type { ApiContext } from "./context";
import { text } from "@/lib/contract/fields";

/** The storefront's ads by placement, and how long each shows. */
export const adRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get(
    "/advertisements",
    {
      schema: {
        querystring: z.object({
          placement: text("placement", 40)
            .regex(/^[a-z0-9-]{1,40}$/, "placement must be a short lowercase name such as products")
            .default("products"),
        }),
      },
    },
    async (request, reply): Promise<AdvertisementsResponse> => {
      reply.header("cache-control", CACHE.none);
      return services.ads.list(request.query.placement);
    },
  );

  app.get("/advertisements/rotation-time", async (_request, reply): Promise<RotationTimeResponse> => {
    reply.header("cache-control", CACHE.none);
    return { rotationTime: await services.ads.rotationSeconds() };
  });
};
