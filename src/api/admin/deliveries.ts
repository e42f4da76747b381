import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  cashDayQuerySchema,
  cashDayResponseSchema,
  cashHandoverRequestSchema,
  cashHandoverResponseSchema,
  ridersResponseSchema,
  staffRoleParamsSchema,
  staffRoleRequestSchema,
  staffRoleResponseSchema,
} from "@/lib/contract/on-delivery";
import { requestMeta, type ApiContext } from "../context";
import { adminActor } from "../scopes";

/**
 * The admin's side of pay on delivery: the shop's riders and who is one, and the day's money per
 * collector with the cash each handed over (src/server/orders/deliveries.ts).
 */
export const deliveryAdminRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/riders", { schema: { response: { 200: ridersResponseSchema } } }, async () => ({ riders: await services.deliveries.riders() }));

  app.put(
    "/customers/:id/role",
    { schema: { params: staffRoleParamsSchema, body: staffRoleRequestSchema, response: { 200: staffRoleResponseSchema } } },
    async (request) => services.deliveries.setRole(adminActor(request), request.params.id, request.body.role, requestMeta(request)),
  );

  app.get("/cash", { schema: { querystring: cashDayQuerySchema, response: { 200: cashDayResponseSchema } } }, async (request) =>
    services.deliveries.cashDay(request.query.day),
  );

  app.post("/cash/handovers", { schema: { body: cashHandoverRequestSchema, response: { 200: cashHandoverResponseSchema } } }, async (request) => ({
    collector: await services.deliveries.handover(adminActor(request), request.body, requestMeta(request)),
  }));
};
