import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isDomainError } from "@/server/errors";
import { PAYMENT_REFERENCE_PATTERN } from "@/server/payments/reference";
import { SANDBOX_DECISIONS, sandboxPath } from "@/server/payments/sandbox";
import { CACHE } from "./cache-control";
import type { ApiContext } from "./context";
import { requireUser } from "./current-user";

/** A provider's callback is a few kilobytes; anything far larger is not one. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

const referenceParam = z.string().regex(PAYMENT_REFERENCE_PATTERN, "Not a payment reference");

/** A callback's JSON, or null when its text is not JSON (the payments service refuses it then). */
function parseCallback(raw: string): unknown {
  try {
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

const isForm = (request: FastifyRequest) => String(request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");

/**
 * Payments.
 * - POST /api/payments/clickpesa/webhook and POST /api/payments/sandbox/webhook: the providers'
 *   callbacks. Server to server: they carry no session and are authenticated by their signature
 *   (ClickPesa's payload checksum; the sandbox's HMAC header), so the browser-origin check of the
 *   CSRF guard does not apply to them (route config `csrf: "signature"`). A forged or tampered one
 *   answers 401 invalid-signature, one sent as another type than application/json 415
 *   unsupported-media-type, one whose text is not JSON 400 invalid-input; each refusal is recorded
 *   in the security log, and every callback is kept in payment_callbacks. `{received: true, outcome}`
 *   otherwise.
 * - POST /api/payments/sandbox/:reference/:decision (confirm | decline | expire): the sandbox page's
 *   buttons, for the order's owner. A plain form post (the page works without script) is answered
 *   with a redirect back to the page; a JSON call with `{payment}`.
 * - GET /api/payments/:reference: the waiting screen's status, for the order's owner only
 *   (`{payment, orderNumber, orderStatus}`; someone else's reference answers 404).
 */
export const paymentRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("cache-control", CACHE.none);
  });

  await app.register(async (webhooks) => {
    // Whatever its content type, the body is kept as the exact text sent (a signature is checked
    // over what was sent, not over a re-serialisation): a callback in another format than JSON is
    // refused by the payments service, which records and logs it like any refused callback, rather
    // than by the framework's own parsers before anything is written down.
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser("*", { parseAs: "string", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => {
      done(null, typeof body === "string" ? body : body.toString("utf8"));
    });

    for (const provider of ["clickpesa", "sandbox"] as const) {
      webhooks.post(`/payments/${provider}/webhook`, { bodyLimit: WEBHOOK_BODY_LIMIT, config: { csrf: "signature" } }, async (request) => {
        const raw = typeof request.body === "string" ? request.body : "";
        const result = await services.payments.handleCallback(provider, parseCallback(raw), raw, request.headers, request.ip);
        return { received: true, outcome: result.outcome };
      });
    }
  });

  await app.register(async (plain) => {
    const sandbox = plain.withTypeProvider<ZodTypeProvider>();
    // the sandbox page's buttons are plain HTML forms; their (empty) body is not read
    sandbox.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

    sandbox.post(
      "/payments/sandbox/:reference/:decision",
      { schema: { params: z.object({ reference: referenceParam, decision: z.enum(SANDBOX_DECISIONS) }) } },
      async (request, reply) => {
        const user = await requireUser(services, request);
        const { reference, decision } = request.params;
        try {
          const payment = await services.payments.sandboxDecide(reference, decision, { userId: user.id });
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
    const user = await requireUser(services, request);
    return services.payments.status(request.params.reference, { userId: user.id, isAdmin: user.role === "admin" });
  });
};
