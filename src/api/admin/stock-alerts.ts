import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "@/lib/contract/fields";
import {
  awaitedProductsQuerySchema,
  awaitedProductsResponseSchema,
  incomingStockRequestSchema,
  incomingStockResponseSchema,
  productStockAlertsResponseSchema,
} from "@/lib/contract/stock-alerts";
import { DomainError } from "@/server/errors";
import { requestMeta, type ApiContext } from "../context";
import { adminActor } from "../scopes";

/** The admin's side of "notify me": who waits for what (an import signal), and a product's incoming stock. */
export const stockAlertAdminRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get(
    "/stock-alerts/awaited",
    { schema: { querystring: awaitedProductsQuerySchema, response: { 200: awaitedProductsResponseSchema } } },
    async (request) => ({ products: await services.stockAlerts.mostAwaited(request.query.limit ?? 20) }),
  );

  app.get("/products/:id/stock-alerts", { schema: { params: idParams, response: { 200: productStockAlertsResponseSchema } } }, async (request) => {
    const incoming = await services.stockAlerts.incoming(request.params.id);
    if (!incoming) throw new DomainError("not-found", `Product ${request.params.id} not found`);
    const waiting = (await services.stockAlerts.waitingCounts([request.params.id])).get(request.params.id) ?? 0;
    return { waiting, incoming };
  });

  app.put(
    "/products/:id/incoming",
    { schema: { params: idParams, body: incomingStockRequestSchema, response: { 200: incomingStockResponseSchema } } },
    async (request) => services.stockAlerts.setIncoming(adminActor(request), request.params.id, request.body, requestMeta(request)),
  );
};
