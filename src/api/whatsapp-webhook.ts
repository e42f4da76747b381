import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  WHATSAPP_WEBHOOK_PATH,
  whatsappVerifyQuerySchema,
  whatsappVerifyResponseSchema,
  whatsappWebhookBodySchema,
  whatsappWebhookResponseSchema,
} from "@/lib/contract/whatsapp-callbacks";
import { parseWhatsAppStatuses } from "@/server/notify/whatsapp-cloud";
import { CACHE } from "./cache-control";
import type { ApiContext } from "./context";
import { sendError } from "./errors";

/**
 * Meta batches many statuses into one callback when a shop sends a lot at once; the limit leaves
 * room for a large batch while refusing anything absurd before it is read. The body is parsed only
 * after its signature is checked, so an unsigned sender cannot make the shop parse megabytes.
 */
const WEBHOOK_BODY_LIMIT = 3 * 1024 * 1024;

/**
 * WhatsApp Business Cloud API's webhook, at the one address given in Meta's app dashboard.
 * - GET /api/callbacks/whatsapp: Meta's verification when the address is set: `hub.mode=subscribe`
 *   and `hub.verify_token` equal to WHATSAPP_VERIFY_TOKEN → 200 with `hub.challenge` echoed as
 *   text/plain; 403 forbidden otherwise.
 * - POST /api/callbacks/whatsapp: the sent messages' statuses (sent, delivered, read, failed), JSON
 *   signed with the app secret (X-Hub-Signature-256 over the exact bytes sent). Server to server,
 *   without a session, so the CSRF guard's browser checks do not apply (`csrf: "signature"`). A
 *   missing or forged signature answers 401 invalid-signature (and is logged), a signed body that is
 *   not JSON 415 or 400, one of another shape 400 invalid-input; otherwise the statuses are recorded
 *   (once each: Meta repeats a callback until it gets a 200, and sends statuses out of order) and
 *   the answer is `{ok: true}`.
 * Both answer 404 not-found while WhatsApp is not configured.
 */
export const whatsappWebhookRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { services }) => {
  const webhook = services.whatsappWebhook;

  app.addHook("onRequest", async (_request, reply) => {
    reply.header("cache-control", CACHE.none);
  });

  // Whatever its type, the body is kept as the bytes sent: the signature is checked over those,
  // never over a re-serialisation of the parsed JSON (spacing and escapes would differ).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => {
    done(null, Buffer.isBuffer(body) ? body : Buffer.from(body));
  });

  app.get(
    WHATSAPP_WEBHOOK_PATH.replace(/^\/api/, ""),
    { schema: { querystring: whatsappVerifyQuerySchema, response: { 200: whatsappVerifyResponseSchema } } },
    async (request, reply) => {
      if (!webhook) return sendError(reply, "not-found", "WhatsApp is not configured");
      const query = request.query;
      if (!webhook.acceptsHandshake(query["hub.mode"], query["hub.verify_token"]) || !query["hub.challenge"])
        return sendError(reply, "forbidden", "The verify token does not match");
      return reply.type("text/plain; charset=utf-8").send(query["hub.challenge"]);
    },
  );

  app.post(
    WHATSAPP_WEBHOOK_PATH.replace(/^\/api/, ""),
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      config: { csrf: "signature" },
      schema: { body: whatsappWebhookBodySchema, response: { 200: whatsappWebhookResponseSchema } },
      // before the body's shape is validated: an unsigned request learns nothing about what the route expects
      preValidation: async (request, reply) => {
        if (!webhook) return sendError(reply, "not-found", "WhatsApp is not configured");
        const raw: unknown = request.body;
        const header = request.headers["x-hub-signature-256"];
        if (!Buffer.isBuffer(raw) || !webhook.acceptsSignature(raw, typeof header === "string" ? header : undefined)) {
          request.log.warn({ ip: request.ip, signed: typeof header === "string" }, "WhatsApp webhook refused: signature missing or wrong");
          return sendError(reply, "invalid-signature", "The X-Hub-Signature-256 header is missing or wrong");
        }
        if (!/^application\/json\b/i.test(request.headers["content-type"] ?? ""))
          return sendError(reply, "unsupported-media-type", "The webhook's body must be application/json");
        try {
          // the route's schema then checks the JSON's shape
          request.body = JSON.parse(raw.toString("utf8")) as typeof request.body;
        } catch {
          return sendError(reply, "invalid-input", "The webhook's body is not JSON");
        }
      },
    },
    async (request) => {
      // Only the statuses of messages the shop sent are read. People's own messages
      // (value.messages) are acknowledged and ignored: the shop holds no conversations through
      // the API (a shopper who wants to talk writes to the shop's WhatsApp number), and the 200
      // stops Meta from sending them again for days.
      const reports = parseWhatsAppStatuses(request.body);
      if (reports.length) await services.notify.recordDeliveries("whatsapp-cloud", reports);
      return { ok: true as const };
    },
  );
};
