import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  stockAlertCancelRequestSchema,
  stockAlertConfirmRequestSchema,
  stockAlertRequestSchema,
  stockAlertResponseSchema,
  stockAlertStateResponseSchema,
} from "@/lib/contract/stock-alerts";
import { requestMeta, type ApiContext } from "./context";

/**
 * Sign-ups an address may make in an hour (a guest's costs an SMS code; many shoppers share a
 * carrier's address, and each contact has its own limit in the service, and each number the
 * outbox's quota).
 */
const ALERTS_PER_ADDRESS = { max: 20, timeWindow: 60 * 60_000 };
/** Code and link confirmations an address may try in an hour (each wrong code also spends a try of the code). */
const CONFIRMS_PER_ADDRESS = { max: 30, timeWindow: 60 * 60_000 };

/**
 * "Notify me" on a sold-out product or option, for a signed-in shopper or a guest (registered in
 * the signed-in-or-guest scope: `request.visitor` is the signed-in person or null).
 */
export const stockAlertRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.post(
    "/stock-alerts",
    {
      config: { rateLimit: ALERTS_PER_ADDRESS },
      schema: { body: stockAlertRequestSchema, response: { 200: stockAlertResponseSchema, 201: stockAlertResponseSchema } },
    },
    async (request, reply) => {
      const meta = requestMeta(request);
      const result = await services.stockAlerts.subscribe(request.body, {
        userId: request.visitor?.id ?? null,
        ip: meta.ip ?? null,
        locale: meta.locale ?? "sw",
      });
      return reply.code(result.created ? 201 : 200).send({ status: result.alert.status, alert: result.alert, code: result.code });
    },
  );

  app.post(
    "/stock-alerts/confirm",
    { config: { rateLimit: CONFIRMS_PER_ADDRESS }, schema: { body: stockAlertConfirmRequestSchema, response: { 200: stockAlertStateResponseSchema } } },
    async (request) => {
      const alert = await services.stockAlerts.confirm(request.body);
      return { status: alert.status, alert };
    },
  );

  app.post(
    "/stock-alerts/cancel",
    { config: { rateLimit: CONFIRMS_PER_ADDRESS }, schema: { body: stockAlertCancelRequestSchema, response: { 200: stockAlertStateResponseSchema } } },
    async (request) => {
      const alert = await services.stockAlerts.cancel(request.body.token);
      return { status: alert.status, alert };
    },
  );
};
