import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  adminCancelWaitingRequestSchema,
  cancelWaitingResponseSchema,
  orderPartsResponseSchema,
  productBackOrdersParamsSchema,
  productBackOrdersRequestSchema,
  productBackOrdersResponseSchema,
  shipRequestSchema,
} from "@/lib/contract/back-orders";
import { orderNumberParamsSchema } from "@/lib/contract/orders";
import type { RefundView } from "@/lib/refunds";
import { requestMeta, type ApiContext } from "../context";

/** What a cancellation's answer says of its refund. */
export const refundSummary = (refund: RefundView | null) =>
  refund ? { id: refund.id, amount: refund.amount, method: refund.method, status: refund.status } : null;

/** The admin's side of back-orders: an order's parts, shipping its ready lines, cancelling its waiting part, and the switch per product. */
export const backOrderAdminRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/orders/:number/shipments", { schema: { params: orderNumberParamsSchema, response: { 200: orderPartsResponseSchema } } }, async (request) => ({
    parts: await services.backOrders.forOrder(request.params.number),
  }));

  app.post(
    "/orders/:number/shipments",
    { schema: { params: orderNumberParamsSchema, body: shipRequestSchema, response: { 201: orderPartsResponseSchema } } },
    async (request, reply) => {
      const { admin } = request;
      const parts = await services.backOrders.ship(request.params.number, request.body, { id: admin.id, email: admin.email }, requestMeta(request));
      return reply.code(201).send({ parts });
    },
  );

  app.post(
    "/orders/:number/back-orders/cancel",
    { schema: { params: orderNumberParamsSchema, body: adminCancelWaitingRequestSchema, response: { 200: cancelWaitingResponseSchema } } },
    async (request) => {
      const { admin } = request;
      const { method, bankReference, ...input } = request.body;
      const done = await services.backOrders.cancelWaiting(
        request.params.number,
        { kind: "admin", id: admin.id, email: admin.email, method, bankReference },
        input,
        requestMeta(request),
      );
      return { parts: done.parts, refund: refundSummary(done.refund), refundPending: done.refundPending };
    },
  );

  app.put(
    "/products/:id/back-orders",
    { schema: { params: productBackOrdersParamsSchema, body: productBackOrdersRequestSchema, response: { 200: productBackOrdersResponseSchema } } },
    async (request) => {
      const { admin } = request;
      return services.backOrders.setAllowed(request.params.id, request.body.allowBackorder, { id: admin.id, email: admin.email }, requestMeta(request));
    },
  );
};
