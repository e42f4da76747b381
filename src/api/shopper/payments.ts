import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isDomainError } from "@/server/errors";
import { PAYMENT_REFERENCE_PATTERN } from "@/server/payments/reference";
import { SANDBOX_DECISIONS, sandboxPath } from "@/server/payments/sandbox";
import type { ApiContext } from "../context";

const referenceParam = z.string().regex(PAYMENT_REFERENCE_PATTERN, "Not a payment reference");
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
      { schema: { params: z.object({ reference: referenceParam, decision: z.enum(SANDBOX_DECISIONS) }) } },
      async (request, reply) => {
        const { reference, decision } = request.params;
        try {
          const payment = await services.payments.sandboxDecide(reference, decision, { userId: request.user.id });
          if (isForm(request)) return reply.code(303).header("location", sandboxPath(reference)).send();
          return { payment };
        } catch (error) {
          // a second click (already answered) on the page just shows the page's current state
          if (isForm(request) && isDomainError(error) && error.code === "invalid-state")
            return reply.code(303).header("location", sandboxPath(reference)).send();
          throw error;
        }
      },
    );
  });

  app.get("/payments/:reference", { schema: { params: z.object({ reference: referenceParam }) } }, async (request) => {
    return services.payments.status(request.params.reference, { userId: request.user.id, isAdmin: request.user.role === "admin" });
  });
};
