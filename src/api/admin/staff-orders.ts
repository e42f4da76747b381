import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import {
  recordedPaymentSchema,
  recordedPaymentsResponseSchema,
  recordPaymentRequestSchema,
  reversePaymentRequestSchema,
  staffLinkRequestSchema,
  staffLinkResponseSchema,
  staffLookupQuerySchema,
  staffLookupResponseSchema,
  staffOrderHeadersSchema,
  staffOrderParamsSchema,
  staffOrderRequestSchema,
  staffOrderResponseSchema,
  staffPromptRequestSchema,
  staffPromptResponseSchema,
} from "@/lib/contract/admin-staff-orders";
import type { Same } from "@/lib/contract/common";
import { phoneCodeRequestSchema, phoneCodeResponseSchema } from "@/lib/contract/orders";
import type { RecordedPaymentView } from "@/server/orders/staff-orders";
import { requestMeta, type ApiContext } from "../context";

/** A recorded payment as the API shows it is the service's, field for field. */
export const recordedPaymentIsServiceView: Same<z.output<typeof recordedPaymentSchema>, RecordedPaymentView> = true;

/**
 * Orders staff take for a customer (/admin/orders/new) and how they get them paid; each action is
 * in the security log under the admin who took it (src/server/orders/staff-orders.ts).
 */
export const staffOrderRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  const staffOf = (admin: { id: number; email: string }) => ({ id: admin.id, email: admin.email });

  app.get("/staff-orders/lookup", { schema: { querystring: staffLookupQuerySchema, response: { 200: staffLookupResponseSchema } } }, async (request) =>
    services.staffOrders.lookup(request.query.phone),
  );

  app.post(
    "/staff-orders",
    { schema: { headers: staffOrderHeadersSchema, body: staffOrderRequestSchema, response: { 200: staffOrderResponseSchema, 201: staffOrderResponseSchema } } },
    async (request, reply) => {
      const meta = requestMeta(request);
      const placed = await services.staffOrders.place(staffOf(request.admin), request.body, {
        idempotencyKey: request.headers["idempotency-key"],
        locale: meta.locale ?? "sw",
        meta,
      });
      return reply.code(placed.created ? 201 : 200).send({ order: placed.order });
    },
  );

  app.post("/staff-orders/phone-code", { schema: { body: phoneCodeRequestSchema, response: { 200: phoneCodeResponseSchema } } }, async (request) => {
    const meta = requestMeta(request);
    const sent = await services.staffOrders.sendCode(staffOf(request.admin), request.body.phone, { ...meta, locale: meta.locale ?? "sw" });
    return {
      sentTo: sent.masked,
      expiresInSeconds: Math.round((sent.expiresAt.getTime() - Date.now()) / 1000),
      resendAfterSeconds: sent.resendAfterSeconds,
    };
  });

  app.post(
    "/staff-orders/:number/prompt",
    { schema: { params: staffOrderParamsSchema, body: staffPromptRequestSchema, response: { 200: staffPromptResponseSchema } } },
    async (request) => services.staffOrders.sendPrompt(staffOf(request.admin), request.params.number, request.body, requestMeta(request)),
  );

  app.post(
    "/staff-orders/:number/link",
    { schema: { params: staffOrderParamsSchema, body: staffLinkRequestSchema, response: { 200: staffLinkResponseSchema } } },
    async (request) => services.staffOrders.sendLink(staffOf(request.admin), request.params.number, request.body.channel, requestMeta(request)),
  );

  app.get(
    "/staff-orders/:number/recorded-payments",
    { schema: { params: staffOrderParamsSchema, response: { 200: recordedPaymentsResponseSchema } } },
    async (request) => ({ recordedPayments: await services.staffOrders.recorded(request.params.number) }),
  );

  app.post(
    "/staff-orders/:number/recorded-payments",
    { schema: { params: staffOrderParamsSchema, body: recordPaymentRequestSchema, response: { 200: recordedPaymentsResponseSchema } } },
    async (request) => {
      await services.staffOrders.record(staffOf(request.admin), request.params.number, request.body, requestMeta(request));
      return { recordedPayments: await services.staffOrders.recorded(request.params.number) };
    },
  );

  app.post(
    "/staff-orders/:number/recorded-payments/reverse",
    { schema: { params: staffOrderParamsSchema, body: reversePaymentRequestSchema, response: { 200: recordedPaymentsResponseSchema } } },
    async (request) => {
      await services.staffOrders.reverse(staffOf(request.admin), request.params.number, request.body, requestMeta(request));
      return { recordedPayments: await services.staffOrders.recorded(request.params.number) };
    },
  );
};
