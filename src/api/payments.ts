import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { webhookResponseSchema } from "@/lib/contract/payments";
import { CACHE } from "./cache-control";
import type { ApiContext } from "./context";

/** A provider's callback is a few kilobytes; anything far larger is not one. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;

/** A callback's JSON, or null when its text is not JSON (the payments service refuses it then). */
export function parseCallback(raw: string): unknown {
  try {
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/**
 * Payment providers' callbacks.
 * - POST /api/payments/clickpesa/webhook and POST /api/payments/sandbox/webhook: the providers'
 *   callbacks. Server to server: they carry no session and are authenticated by their signature
 *   (ClickPesa's payload checksum; the sandbox's HMAC header), so the browser-origin check of the
 *   CSRF guard does not apply to them (route config `csrf: "signature"`). A forged or tampered one
 *   answers 401 invalid-signature, one sent as another type than application/json 415
 *   unsupported-media-type, one whose text is not JSON 400 invalid-input; each refusal is recorded
 *   in the security log, and every callback is kept in payment_callbacks. `{received: true, outcome}`
 *   otherwise.
 * - The owner's side (the sandbox page's buttons, the waiting screen's status) is in
 *   ./shopper/payments.ts.
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
      webhooks.post(
        `/payments/${provider}/webhook`,
        { bodyLimit: WEBHOOK_BODY_LIMIT, config: { csrf: "signature" }, schema: { response: { 200: webhookResponseSchema } } },
        async (request) => {
          const raw = typeof request.body === "string" ? request.body : "";
          const result = await services.payments.handleCallback(provider, parseCallback(raw), raw, request.headers, request.ip);
          return { received: true as const, outcome: result.outcome };
        },
      );
    }
  });
};
