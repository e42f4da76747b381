import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { deliveryEstimateQuerySchema, deliveryEstimateResponseSchema } from "@/lib/contract/delivery-estimate";
import type { ApiContext } from "./context";

/**
 * GET /api/delivery-estimate: when an order placed now would arrive, as shop-time dates. The answer
 * changes with the day, the clock (the cut-off) and the stock, so it is the browser's alone and
 * short-lived: pages fetch it after they load and never bake it into cached HTML.
 */
export const deliveryEstimateRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get(
    "/delivery-estimate",
    { schema: { querystring: deliveryEstimateQuerySchema, response: { 200: deliveryEstimateResponseSchema } } },
    async (request, reply) => {
      const { method, region, productId, productIds } = request.query;
      const ids = [...new Set([...(productId ? [productId] : []), ...productIds])];
      const answer = await services.deliveryEstimates.estimate({ method, region: region || null, productIds: ids });
      reply.header("cache-control", "private, max-age=60");
      return answer;
    },
  );
};
