import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import {
  adminOrderActionBodySchema,
  adminOrderActionParamsSchema,
  adminOrderParamsSchema,
  adminOrderResponseSchema,
  adminOrdersQuerySchema,
  adminOrdersResponseSchema,
  adminOrderSummarySchema,
} from "@/lib/contract/admin-orders";
import type { Same } from "@/lib/contract/common";
import type { AdminOrderSummary } from "@/server/orders/views";
import { requestMeta, type ApiContext } from "../context";

/** A row of the admin's list is the service's, field for field (checked by the compiler, both ways). */
export const adminOrderSummaryIsServiceSummary: Same<z.output<typeof adminOrderSummarySchema>, AdminOrderSummary> = true;

/** The admin's orders: a list by status or search, one order with the actions its state allows, and those actions. */
export const orderAdminRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/orders", { schema: { querystring: adminOrdersQuerySchema, response: { 200: adminOrdersResponseSchema } } }, async (request) =>
    services.orders.adminList(request.query),
  );

  app.get("/orders/:number", { schema: { params: adminOrderParamsSchema, response: { 200: adminOrderResponseSchema } } }, async (request) => ({
    order: await services.orders.adminGet(request.params.number),
  }));

  app.post(
    "/orders/:number/:action",
    { schema: { params: adminOrderActionParamsSchema, body: adminOrderActionBodySchema, response: { 200: adminOrderResponseSchema } } },
    async (request) => {
      const { admin } = request;
      const { number, action } = request.params;
      return {
        order: await services.orders.adminAct(number, action, { adminId: admin.id, adminEmail: admin.email, ...request.body, meta: requestMeta(request) }),
      };
    },
  );
};
