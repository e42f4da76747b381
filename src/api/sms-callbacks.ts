import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AFRICASTALKING_DELIVERY_PATH,
  africasTalkingDeliveryBodySchema,
  africasTalkingDeliveryQuerySchema,
  smsCallbackResponseSchema,
} from "@/lib/contract/sms-callbacks";
import { parseAfricasTalkingDeliveryReport } from "@/server/notify/africastalking";
import { CACHE } from "./cache-control";
import type { ApiContext } from "./context";
import { sendError } from "./errors";

/** A delivery report is a few short form fields; anything far larger is not one. */
const CALLBACK_BODY_LIMIT = 8 * 1024;
const FORM = "application/x-www-form-urlencoded";

/**
 * SMS providers' callbacks.
 * - POST /api/callbacks/africastalking/delivery?token=…: Africa's Talking's delivery report for one
 *   message, form-encoded (id, status, phoneNumber, networkCode, failureReason, retryCount).
 *   Africa's Talking signs nothing it posts, so the address registered in their dashboard carries
 *   the shop's secret token (derived from the API key, see src/server/notify/africastalking.ts);
 *   without it the answer is 401 invalid-signature before the body is read, and a forged report
 *   changes nothing. Server to server, with no session: the CSRF guard's browser-origin check does
 *   not apply (`csrf: "signature"`, like the payment webhooks). Only fields that parse are taken
 *   (else 400); a report for a message the shop does not know, or one recorded before, still
 *   answers 200 `{ok: true}`, so Africa's Talking does not send it again. Without Africa's
 *   Talking's keys there is nothing to report on: 404.
 */
export const smsCallbackRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("cache-control", CACHE.none);
  });

  // their reports come as HTML forms post them; any other type is refused (415) in `admit`
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(FORM, { parseAs: "string", bodyLimit: CALLBACK_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === "string" ? body : body.toString("utf8"))));
  });

  /**
   * Before the body is read: the token first, so a caller without it learns nothing about what a
   * report must hold, then the form's content type.
   */
  const admit = async (request: FastifyRequest, reply: FastifyReply) => {
    const callbacks = services.africasTalkingCallbacks;
    if (!callbacks) return sendError(reply, "not-found", "Africa's Talking is not configured on this shop");
    const token = (request.query as { token?: unknown } | undefined)?.token;
    if (!callbacks.verify(token)) {
      // the token itself is never logged: a near miss would leak part of it
      request.log.warn({ ip: request.ip }, "Africa's Talking delivery report refused: wrong or missing token");
      return sendError(reply, "invalid-signature", "The callback's token is missing or wrong");
    }
    if (!String(request.headers["content-type"] ?? "").startsWith(FORM))
      return sendError(reply, "unsupported-media-type", "A delivery report is sent as application/x-www-form-urlencoded");
  };

  app.post(
    AFRICASTALKING_DELIVERY_PATH.replace(/^\/api/, ""),
    {
      bodyLimit: CALLBACK_BODY_LIMIT,
      config: { csrf: "signature" },
      onRequest: admit,
      schema: {
        querystring: africasTalkingDeliveryQuerySchema,
        body: africasTalkingDeliveryBodySchema,
        response: { 200: smsCallbackResponseSchema },
      },
    },
    async (request, reply) => {
      const report = parseAfricasTalkingDeliveryReport(request.body);
      if (!report) return sendError(reply, "invalid-input", "Not a delivery report");
      await services.notify.recordDeliveries("africastalking", [report]);
      return { ok: true as const };
    },
  );
};
