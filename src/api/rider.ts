import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  collectRequestSchema,
  deliveryOutcomeResponseSchema,
  deliveryParamsSchema,
  refuseRequestSchema,
  riderDeliveriesResponseSchema,
} from "@/lib/contract/on-delivery";
import type { Collector } from "@/server/orders/on-delivery";
import { requestMeta, type ApiContext } from "./context";

/**
 * A rider's deliveries (pay on delivery): the ones given to them, the money taken at the door, or
 * the goods refused there. Registered in the rider scope (a rider or an administrator); a rider acts
 * only on their own deliveries, an administrator on any (as the counter).
 */
export const riderRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  const collectorOf = (user: { id: number; email: string; role: string }): Collector => ({
    id: user.id,
    email: user.email,
    role: user.role === "admin" ? "admin" : "rider",
  });

  app.get("/rider/deliveries", { schema: { response: { 200: riderDeliveriesResponseSchema } } }, async (request) =>
    services.deliveries.riderView(request.user.id),
  );

  app.post(
    "/rider/deliveries/:number/collect",
    { schema: { params: deliveryParamsSchema, body: collectRequestSchema, response: { 200: deliveryOutcomeResponseSchema } } },
    async (request) =>
      services.orders.deliveryOutcome(collectorOf(request.user), request.params.number, { action: "collect", input: request.body }, requestMeta(request)),
  );

  app.post(
    "/rider/deliveries/:number/refuse",
    { schema: { params: deliveryParamsSchema, body: refuseRequestSchema, response: { 200: deliveryOutcomeResponseSchema } } },
    async (request) =>
      services.orders.deliveryOutcome(collectorOf(request.user), request.params.number, { action: "refuse", input: request.body }, requestMeta(request)),
  );
};
