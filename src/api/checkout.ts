import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  orderDocumentQuerySchema,
  orderDocumentResponseSchema,
  orderLinkParamsSchema,
  orderResponseSchema,
  payRequestSchema,
  receiptDocumentQuerySchema,
  payResponseSchema,
  phoneCodeRequestSchema,
  phoneCodeResponseSchema,
  placeOrderHeadersSchema,
  placeOrderResponseSchema,
  quoteRequestSchema,
  quoteResponseSchema,
} from "@/lib/contract/orders";
import { orderPartsResponseSchema, payBalanceRequestSchema } from "@/lib/contract/back-orders";
import { paymentStatusResponseSchema, sandboxDecisionRedirectSchema, sandboxDecisionResponseSchema } from "@/lib/contract/payments";
import { creditNotePdfResponseSchema, orderCreditNotesResponseSchema } from "@/lib/contract/refunds";
import { checkoutRequestSchema } from "@/lib/orders";
import { normaliseTanzanianMobile } from "@/lib/phone";
import { refusal } from "@/server/auth/texts";
import { DomainError, isDomainError } from "@/server/errors";
import { PAYMENT_REFERENCE_PATTERN } from "@/server/payments/reference";
import { SANDBOX_DECISIONS, sandboxPath } from "@/server/payments/sandbox";
import type { Buyer } from "@/server/orders/buyer";
import type { RequestedLine } from "@/server/orders/cart-lines";
import type { CheckoutBuyer } from "@/server/orders/checkout";
import { requestMeta, type ApiContext } from "./context";
import { sendPdf } from "./shopper/documents";

/** Codes one client address may ask for in an hour (many shoppers share a carrier's address; each number has its own quota too). */
const PHONE_CODES_PER_ADDRESS = { max: 10, timeWindow: 60 * 60_000 };

/** A credit note's PDF by an order's signed link (beside the link's receipt.pdf and invoice.pdf). */
const guestCreditNotePath = (token: string, creditNote: string) =>
  `/api/guest-orders/${encodeURIComponent(token)}/credit-notes/${encodeURIComponent(creditNote)}.pdf`;

/**
 * The checkout, for a signed-in shopper (their cart, as ever) and for a guest (the lines from the
 * browser and a number confirmed by a one-time SMS code), and a guest's order reached by the
 * signed link the SMS carries. Registered in the signed-in-or-guest scope: `request.visitor` is
 * the signed-in person or null.
 */
export const checkoutRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  /** Who checks out: the signed-in shopper (who sends no guest fields), or a guest's lines (401 without them, as before guests could buy). */
  function accountOrLines(visitor: { id: number } | null, body: { lines?: RequestedLine[]; guest?: unknown }) {
    if (visitor) {
      if (body.lines || body.guest) throw refusal("validation", "guestSignedIn", {}, { field: "guest" });
      return { kind: "account" as const, userId: visitor.id };
    }
    if (!body.lines) throw new DomainError("unauthenticated", "Sign in, or check out as a guest with your mobile number");
    return { kind: "lines" as const, lines: body.lines };
  }

  app.post("/checkout/quote", { schema: { body: quoteRequestSchema, response: { 200: quoteResponseSchema } } }, async (request) => {
    const { region, method, couponCode, coinsToSpend, guest } = request.body;
    const found = accountOrLines(request.visitor, request.body);
    const buyer: Buyer =
      found.kind === "account" ? found : { kind: "guest", lines: found.lines, phone: guest?.phone ? normaliseTanzanianMobile(guest.phone) : null };
    if (buyer.kind === "guest" && coinsToSpend) throw refusal("validation", "guestNoCoins", {}, { field: "coins" });
    return { quote: await services.orders.quote(buyer, { region: region ?? null, method: method ?? null, couponCode, coinsToSpend }) };
  });

  app.post(
    "/orders",
    { schema: { body: checkoutRequestSchema, headers: placeOrderHeadersSchema, response: { 200: placeOrderResponseSchema, 201: placeOrderResponseSchema } } },
    async (request, reply) => {
      const found = accountOrLines(request.visitor, request.body);
      let buyer: CheckoutBuyer;
      if (found.kind === "account") buyer = found;
      else {
        if (!request.body.guest) throw refusal("validation", "phoneCodeNeeded", {}, { field: "phone" });
        buyer = { kind: "guest", guest: request.body.guest, lines: found.lines };
      }
      const placed = await services.checkout.place(buyer, request.body, {
        idempotencyKey: request.headers["idempotency-key"],
        locale: requestMeta(request).locale ?? "sw",
      });
      const orderPath =
        buyer.kind === "account" ? `/account/orders/${encodeURIComponent(placed.order.number)}` : await services.links.orderPath(placed.orderId);
      return reply.code(placed.created ? 201 : 200).send({ order: placed.order, payment: placed.payment, paymentError: placed.paymentError, orderPath });
    },
  );

  app.post(
    "/checkout/phone-code",
    { config: { rateLimit: PHONE_CODES_PER_ADDRESS }, schema: { body: phoneCodeRequestSchema, response: { 200: phoneCodeResponseSchema } } },
    async (request) => {
      const meta = requestMeta(request);
      const sent = await services.phoneCodes.send(request.body.phone, "checkout", {
        ip: meta.ip,
        locale: meta.locale ?? "sw",
        userId: request.visitor?.id ?? null,
      });
      return {
        sentTo: sent.masked,
        expiresInSeconds: Math.round((sent.expiresAt.getTime() - Date.now()) / 1000),
        resendAfterSeconds: sent.resendAfterSeconds,
      };
    },
  );

  /** The order a signed link opens, or 404 for a token that is not the shop's. */
  async function linkedOrderId(token: string): Promise<number> {
    const orderId = await services.links.orderFromToken(token);
    if (orderId === null) throw new DomainError("not-found", "Order not found");
    return orderId;
  }

  app.get("/guest-orders/:token", { schema: { params: orderLinkParamsSchema, response: { 200: orderResponseSchema } } }, async (request) => {
    return { order: (await services.orders.byLink(await linkedOrderId(request.params.token))).order };
  });

  app.post(
    "/guest-orders/:token/pay",
    { schema: { params: orderLinkParamsSchema, body: payRequestSchema, response: { 200: payResponseSchema } } },
    async (request) => services.checkout.pay({ orderId: await linkedOrderId(request.params.token) }, request.body),
  );

  app.post(
    "/guest-orders/:token/pay-balance",
    { schema: { params: orderLinkParamsSchema, body: payBalanceRequestSchema, response: { 200: payResponseSchema } } },
    async (request) => services.checkout.payBalance({ orderId: await linkedOrderId(request.params.token) }, request.body),
  );

  const tokenAndReference = orderLinkParamsSchema.extend({ reference: z.string().regex(PAYMENT_REFERENCE_PATTERN, "Not a payment reference") });

  /** The waiting screen's status of a payment, for the holder of its order's link. */
  app.get(
    "/guest-orders/:token/payments/:reference",
    { schema: { params: tokenAndReference, response: { 200: paymentStatusResponseSchema } } },
    async (request) => services.payments.status(request.params.reference, { userId: null, orderId: await linkedOrderId(request.params.token) }),
  );

  await app.register(async (plain) => {
    const sandbox = plain.withTypeProvider<ZodTypeProvider>();
    // the sandbox page's buttons are plain HTML forms; their (empty) body is not read
    sandbox.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));
    /** The sandbox page's buttons for a guest's payment (its order's link stands for the signed-in owner). */
    sandbox.post(
      "/guest-orders/:token/sandbox/:reference/:decision",
      {
        schema: {
          params: tokenAndReference.extend({ decision: z.enum(SANDBOX_DECISIONS) }),
          response: { 200: sandboxDecisionResponseSchema, 303: sandboxDecisionRedirectSchema },
        },
      },
      async (request, reply) => {
        const { token, reference, decision } = request.params;
        const orderId = await linkedOrderId(token);
        const back = `${sandboxPath(reference)}?order=${encodeURIComponent(token)}`;
        const form = String(request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");
        try {
          const payment = await services.payments.sandboxDecide(reference, decision, { userId: null, orderId });
          if (form) return reply.redirect(back, 303);
          return { payment };
        } catch (error) {
          // a second click (already answered) on the page just shows the page's current state
          if (form && isDomainError(error) && error.code === "invalid-state") return reply.redirect(back, 303);
          throw error;
        }
      },
    );
  });

  /** The holder of the link's receipts (`?kind=` as the signed-in owner's) and invoice. */
  app.get(
    "/guest-orders/:token/receipt.pdf",
    { schema: { params: orderLinkParamsSchema, querystring: receiptDocumentQuerySchema, response: { 200: orderDocumentResponseSchema } } },
    async (request, reply) => {
      const orderId = await linkedOrderId(request.params.token);
      const { row } = await services.orders.byLink(orderId);
      const locale = request.query.lang ?? requestMeta(request).locale;
      return sendPdf(reply, await services.documents.receiptPdf(row.number, { userId: null, admin: false, orderId }, locale, request.query.kind));
    },
  );

  app.get(
    "/guest-orders/:token/invoice.pdf",
    { schema: { params: orderLinkParamsSchema, querystring: orderDocumentQuerySchema, response: { 200: orderDocumentResponseSchema } } },
    async (request, reply) => {
      const orderId = await linkedOrderId(request.params.token);
      const { row } = await services.orders.byLink(orderId);
      const locale = request.query.lang ?? requestMeta(request).locale;
      return sendPdf(reply, await services.documents.invoicePdf(row.number, { userId: null, admin: false, orderId }, locale));
    },
  );

  /** The holder of the link as the signed-in owner has it: the credit notes of its refunds (a refund by mobile money has no account to show them in). */
  app.get(
    "/guest-orders/:token/credit-notes",
    { schema: { params: orderLinkParamsSchema, response: { 200: orderCreditNotesResponseSchema } } },
    async (request, reply) => {
      const orderId = await linkedOrderId(request.params.token);
      const { row } = await services.orders.byLink(orderId);
      const notes = await services.refunds.creditNotesForOrder(row.number, { userId: null, admin: false, orderId });
      reply.header("cache-control", "private, no-store");
      // each PDF by the same link: the account's address would ask a guest to sign in
      return { creditNotes: notes.map((note) => ({ ...note, pdfPath: guestCreditNotePath(request.params.token, note.number) })) };
    },
  );

  app.get(
    "/guest-orders/:token/credit-notes/:creditNote",
    {
      schema: {
        params: orderLinkParamsSchema.extend({ creditNote: z.string().max(60) }),
        querystring: orderDocumentQuerySchema,
        response: { 200: creditNotePdfResponseSchema },
      },
    },
    async (request, reply) => {
      const orderId = await linkedOrderId(request.params.token);
      const file = request.params.creditNote;
      if (!file.endsWith(".pdf")) throw new DomainError("not-found", "Credit note not found");
      const { row } = await services.orders.byLink(orderId);
      const locale = request.query.lang ?? requestMeta(request).locale;
      const document = await services.refunds.creditNotePdf(row.number, file.slice(0, -4), { userId: null, admin: false, orderId }, locale);
      return sendPdf(reply, document);
    },
  );

  /** The order in parts (lines awaiting stock, shipments sent), as its signed-in owner sees it. */
  app.get("/guest-orders/:token/back-orders", { schema: { params: orderLinkParamsSchema, response: { 200: orderPartsResponseSchema } } }, async (request) => {
    const { row } = await services.orders.byLink(await linkedOrderId(request.params.token));
    return { parts: await services.backOrders.forOrder(row.number) };
  });

  app.post("/guest-orders/:token/cancel", { schema: { params: orderLinkParamsSchema, response: { 200: orderResponseSchema } } }, async (request) => {
    return { order: await services.orders.cancel({ orderId: await linkedOrderId(request.params.token) }) };
  });
};
