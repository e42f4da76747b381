import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  refundHeadersSchema,
  refundListResponseSchema,
  refundOrderParamsSchema,
  refundRequestSchema,
  refundResponseSchema,
  refundTransferParamsSchema,
  refundTransferRequestSchema,
} from "@/lib/contract/refunds";
import { DomainError } from "@/server/errors";
import { requestMeta, type ApiContext } from "../context";

/**
 * The admin's refunds of an order (src/server/refunds):
 * - GET /api/admin/orders/{number}/refunds: its refunds and what is still refundable, by which methods.
 * - POST /api/admin/orders/{number}/refunds {lines | amount, method, reason, bankReference?,
 *   includeDelivery?, returnFare?, twoFactorCode} with an Idempotency-Key header: 201 with the
 *   refund (and its credit note once the money went back); the same key and body again 200 with the
 *   same refund, another body 422 idempotency-conflict. Money going out asks the admin's second
 *   factor again: a missing, wrong or used code is 403 second-factor-failed, before anything else.
 * - POST /api/admin/orders/{number}/refunds/{n}/transfer {bankReference, twoFactorCode}: records the
 *   bank transfer of a refund the shop asked for itself (a back-order's): completed, with its credit note.
 */
export const refundAdminRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.get("/orders/:number/refunds", { schema: { params: refundOrderParamsSchema, response: { 200: refundListResponseSchema } } }, async (request) => {
    const [refunds, refundable] = [await services.refunds.listForOrder(request.params.number), await services.refunds.summary(request.params.number)];
    return { refunds, refundable };
  });

  app.post(
    "/orders/:number/refunds",
    {
      schema: {
        params: refundOrderParamsSchema,
        headers: refundHeadersSchema,
        body: refundRequestSchema,
        response: { 200: refundResponseSchema, 201: refundResponseSchema },
      },
    },
    async (request, reply) => {
      const { admin } = request;
      const body = request.body;
      const code = body.twoFactorCode?.trim();
      if (!code || !(await services.auth.confirmSecondFactor(admin.id, code)))
        throw new DomainError("second-factor-failed", "Enter a current code from your authenticator app (or a recovery code) to confirm this refund");
      const key = request.headers["idempotency-key"];
      const before = await services.refunds.listForOrder(request.params.number);
      const refund = await services.refunds.create(
        {
          orderNumber: request.params.number,
          lines: body.lines,
          amount: body.amount,
          method: body.method,
          reason: body.reason,
          bankReference: body.bankReference,
          includeDelivery: body.includeDelivery,
          returnFare: body.returnFare,
          idempotencyKey: key,
          actor: { userId: admin.id, email: admin.email },
        },
        { ip: requestMeta(request).ip ?? null },
      );
      const repeated = before.some((r) => r.id === refund.id);
      return reply.code(repeated ? 200 : 201).send({ refund });
    },
  );

  app.post(
    "/orders/:number/refunds/:refund/transfer",
    { schema: { params: refundTransferParamsSchema, body: refundTransferRequestSchema, response: { 200: refundResponseSchema } } },
    async (request) => {
      const { admin } = request;
      const code = request.body.twoFactorCode?.trim();
      if (!code || !(await services.auth.confirmSecondFactor(admin.id, code)))
        throw new DomainError("second-factor-failed", "Enter a current code from your authenticator app (or a recovery code) to confirm this refund");
      const refund = await services.refunds.recordBankTransfer(
        request.params.number,
        request.params.refund,
        { bankReference: request.body.bankReference, actor: { userId: admin.id, email: admin.email } },
        { ip: requestMeta(request).ip ?? null },
      );
      return { refund };
    },
  );
};
