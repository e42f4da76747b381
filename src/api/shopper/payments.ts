import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import {
  paymentReferenceParamsSchema,
  paymentStatusResponseSchema,
  sandboxDecisionParamsSchema,
  sandboxDecisionRedirectSchema,
  sandboxDecisionResponseSchema,
} from "@/lib/contract/payments";
import { isDomainError } from "@/server/errors";
import { PAYMENT_REFERENCE_PATTERN } from "@/server/payments/reference";
import { SANDBOX_DECISIONS, sandboxPath } from "@/server/payments/sandbox";
import type { ApiContext } from "../context";

const isForm = (request: FastifyRequest) => String(request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");

/**
 * A payment as its order's owner sees it.
 * - POST /api/payments/sandbox/:reference/:decision (confirm | decline | expire): the sandbox page's
 *   buttons. A plain form post (the page works without script) is answered with a redirect back to
 *   the page; a JSON call with `{payment}`.
 * - GET /api/payments/:reference: the waiting screen's status (`{payment, orderNumber, orderStatus}`;
 *   someone else's reference answers 404).
 */
export const paymentStatusRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  await app.register(async (plain) => {
    const sandbox = plain.withTypeProvider<ZodTypeProvider>();
    // the sandbox page's buttons are plain HTML forms; their (empty) body is not read
    sandbox.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

    sandbox.post(
      "/payments/sandbox/:reference/:decision",
      {
        schema: {
          params: sandboxDecisionParamsSchema(PAYMENT_REFERENCE_PATTERN, SANDBOX_DECISIONS),
          response: { 200: sandboxDecisionResponseSchema, 303: sandboxDecisionRedirectSchema },
        },
      },
      async (request, reply) => {
        const { reference, decision } = request.params;
        try {
          const payment = await services.payments.sandboxDecide(reference, decision, { userId: request.user.id });
          if (isForm(request)) return reply.redirect(sandboxPath(reference), 303);
          return { payment };
        } catch (error) {
          // a second click (already answered) on the page just shows the page's current state
          if (isForm(request) && isDomainError(error) && error.code === "invalid-state") return reply.redirect(sandboxPath(reference), 303);
          throw error;
        }
      },
    );
  });

  app.get(
    "/payments/:reference",
    { schema: { params: paymentReferenceParamsSchema(PAYMENT_REFERENCE_PATTERN), response: { 200: paymentStatusResponseSchema } } },
    async (request) => {
      return services.payments.status(request.params.reference, { userId: request.user.id, isAdmin: request.user.role === "admin" });
    },
  );
};
