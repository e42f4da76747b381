import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ORDER_STATUSES } from "@/lib/checkout";
import { ADMIN_ORDER_ACTIONS } from "@/lib/orders";
import { requestMeta, type ApiContext } from "../context";
import { text } from "@/lib/contract/fields";

const orderNumber = z.object({ number: text("number", 30, { min: 1 }) });

/** The admin's orders: a list by status or search, one order with the actions its state allows, and those actions. */
export const orderAdminRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get(
    "/orders",
    {
      schema: {
        querystring: z.object({
          status: z.enum(ORDER_STATUSES).optional(),
          q: text("q", 100).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(25),
          offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
        }),
      },
    },
    async (request) => services.orders.adminList(request.query),
  );

  app.get("/orders/:number", { schema: { params: orderNumber } }, async (request) => ({ order: await services.orders.adminGet(request.params.number) }));

  app.post(
    "/orders/:number/:action",
    {
      schema: {
        params: orderNumber.extend({ action: z.enum(ADMIN_ORDER_ACTIONS) }),
        body: z
          .object({
            carrier: text("carrier", 80).optional(),
            trackingNumber: text("trackingNumber", 80).optional(),
            note: text("note", 500).optional(),
            confirmTestOrder: z.boolean().optional(),
          })
          .strict()
          .default({}),
      },
    },
    async (request) => {
      const { admin } = request;
      const { number, action } = request.params;
      return {
        order: await services.orders.adminAct(number, action, { adminId: admin.id, adminEmail: admin.email, ...request.body, meta: requestMeta(request) }),
      };
    },
  );
};
