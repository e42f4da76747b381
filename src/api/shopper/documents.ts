import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ORDER_NUMBER_PATTERN } from "@/lib/checkout";
import {
  orderDocumentParamsSchema as params,
  orderDocumentQuerySchema as query,
  orderDocumentResponseSchema,
  receiptDocumentQuerySchema as receiptQuery,
} from "@/lib/contract/orders";
import type { DocumentsService, DocumentViewer, PdfDocument } from "@/server/documents/documents";
import { DomainError } from "@/server/errors";
import type { Services } from "@/server/services";
import { requestMeta } from "../context";

/** What the document routes use of the services (the composition root's set has all of it). */
export interface DocumentRoutesContext {
  services: Pick<Services, "auth" | "siteUrl"> & { documents: DocumentsService };
}

/** A file name any browser and any disk accept: the document's number, nothing a header could misread. */
function safeFilename(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, "-");
}

/** A document as a download: never cached on the way (it carries personal and tax data). */
export function sendPdf(reply: FastifyReply, document: PdfDocument) {
  return reply
    .header("content-type", "application/pdf")
    .header("content-disposition", `attachment; filename="${safeFilename(document.filename)}"`)
    .header("cache-control", "private, no-store")
    .send(document.pdf);
}

/**
 * An order's PDFs, for its owner or an admin. Anyone else signed in gets 404, as for an order that
 * does not exist, so order numbers (which are sequential) reveal nothing; signed out, 401 (the
 * signed-in scope). Documents carry personal and tax data: never cached on the way.
 */
export const documentRoutes: FastifyPluginAsyncZod<DocumentRoutesContext> = async (app, { services }) => {
  async function viewerOf(request: FastifyRequest): Promise<DocumentViewer> {
    const { user } = request;
    // an admin who has yet to set up a required two-step sign-in has no admin powers here either
    const admin = user.role === "admin" && !(await services.auth.mustEnrolTwoFactor(user));
    return { userId: user.id, admin };
  }

  /** The order number of the path, or not-found for anything that cannot be one. */
  function orderNumber(value: string): string {
    if (!ORDER_NUMBER_PATTERN.test(value)) throw new DomainError("not-found", "Order not found");
    return value;
  }

  app.get(
    "/orders/:number/receipt.pdf",
    { schema: { params, querystring: receiptQuery, response: { 200: orderDocumentResponseSchema } } },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const locale = request.query.lang ?? requestMeta(request).locale;
      return sendPdf(reply, await services.documents.receiptPdf(orderNumber(request.params.number), viewer, locale, request.query.kind));
    },
  );

  app.get("/orders/:number/invoice.pdf", { schema: { params, querystring: query, response: { 200: orderDocumentResponseSchema } } }, async (request, reply) => {
    const viewer = await viewerOf(request);
    const locale = request.query.lang ?? requestMeta(request).locale;
    return sendPdf(reply, await services.documents.invoicePdf(orderNumber(request.params.number), viewer, locale));
  });
};
