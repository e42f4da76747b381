import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cancelWaitingRequestSchema, cancelWaitingResponseSchema, orderPartsResponseSchema } from "@/lib/contract/back-orders";
import { orderNumberParamsSchema } from "@/lib/contract/orders";
import type { ApiContext } from "../context";
import { refundSummary } from "../admin/back-orders";

/** The signed-in shopper's order in parts: its lines by state and its shipments, and cancelling the part still awaiting stock. */
export const backOrderShopperRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/orders/:number/back-orders", { schema: { params: orderNumberParamsSchema, response: { 200: orderPartsResponseSchema } } }, async (request) => ({
    parts: await services.backOrders.forShopper(request.user.id, request.params.number),
  }));

  app.post(
    "/orders/:number/back-orders/cancel",
    { schema: { params: orderNumberParamsSchema, body: cancelWaitingRequestSchema, response: { 200: cancelWaitingResponseSchema } } },
    async (request) => {
      const done = await services.backOrders.cancelWaiting(request.params.number, { kind: "shopper", userId: request.user.id }, request.body);
      return { parts: done.parts, refund: refundSummary(done.refund), refundPending: done.refundPending };
    },
  );
};
