import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ORDER_NUMBER_PATTERN } from "@/lib/checkout";
import { orderDocumentQuerySchema } from "@/lib/contract/orders";
import { creditNotePdfParamsSchema, creditNotePdfResponseSchema, orderCreditNotesResponseSchema, storeCreditResponseSchema } from "@/lib/contract/refunds";
import type { DocumentViewer } from "@/server/documents/documents";
import { DomainError } from "@/server/errors";
import { requestMeta, type ApiContext } from "../context";
import { sendPdf } from "./documents";

/**
 * The shopper's side of refunds (signed in):
 * - GET /api/account/store-credit: the balance and its history.
 * - GET /api/orders/{number}/credit-notes: the order's credit notes with their PDF addresses.
 * - GET /api/orders/{number}/credit-notes/{CN-000001}.pdf: one as a PDF (?lang=sw|en).
 * Documents are the order's owner's or an admin's; anyone else gets 404, as for an order that does
 * not exist. Never cached on the way (personal and tax data).
 */
export const refundShopperRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  async function viewerOf(request: FastifyRequest): Promise<DocumentViewer> {
    const { user } = request;
    // an admin who has yet to set up a required two-step sign-in has no admin powers here either
    const admin = user.role === "admin" && !(await services.auth.mustEnrolTwoFactor(user));
    return { userId: user.id, admin };
  }
  const orderNumber = (value: string) => {
    if (!ORDER_NUMBER_PATTERN.test(value)) throw new DomainError("not-found", "Order not found");
    return value;
  };

  app.get("/account/store-credit", { schema: { response: { 200: storeCreditResponseSchema } } }, async (request, reply) => {
    reply.header("cache-control", "private, no-store");
    return services.refunds.storeCredit(request.user.id);
  });

  app.get(
    "/orders/:number/credit-notes",
    { schema: { params: z.object({ number: z.string().max(40) }), response: { 200: orderCreditNotesResponseSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return { creditNotes: await services.refunds.creditNotesForOrder(orderNumber(request.params.number), await viewerOf(request)) };
    },
  );

  app.get(
    "/orders/:number/credit-notes/:creditNote",
    { schema: { params: creditNotePdfParamsSchema, querystring: orderDocumentQuerySchema, response: { 200: creditNotePdfResponseSchema } } },
    async (request, reply) => {
      const file = request.params.creditNote;
      if (!file.endsWith(".pdf")) throw new DomainError("not-found", "Credit note not found");
      const locale = request.query.lang ?? requestMeta(request).locale;
      const document = await services.refunds.creditNotePdf(orderNumber(request.params.number), file.slice(0, -4), await viewerOf(request), locale);
      return sendPdf(reply, document);
    },
  );
};
