import { z } from "zod";
import { notJson } from "./common";

/**
 * WhatsApp Business Cloud API's webhook (server to server), at one address Meta is given in the
 * app's dashboard: a GET to verify the address when it is set, then POSTs of JSON signed with the
 * app secret (X-Hub-Signature-256) carrying the sent messages' statuses.
 */

export const WHATSAPP_WEBHOOK_PATH = "/api/callbacks/whatsapp";

// ---- requests ------------------------------------------------------------------------------

/**
 * GET /api/callbacks/whatsapp: Meta's verification handshake, `?hub.mode=subscribe&
 * hub.verify_token=<the shop's WHATSAPP_VERIFY_TOKEN>&hub.challenge=<a random string to echo>`.
 */
export const whatsappVerifyQuerySchema = z.object({
  "hub.mode": z.string().max(40).optional(),
  "hub.verify_token": z.string().max(500).optional(),
  "hub.challenge": z.string().max(500).optional(),
});
export type WhatsAppVerifyQuery = z.input<typeof whatsappVerifyQuerySchema>;

/** One status of a message the shop sent: its id (wamid...), what happened, when (Unix seconds), and why it failed. */
const whatsappStatusSchema = z.looseObject({
  id: z.string().min(1).max(500),
  status: z.string().max(40),
  timestamp: z.string().max(20).optional(),
  recipient_id: z.string().max(40).optional(),
  errors: z
    .array(z.looseObject({ code: z.number().optional(), title: z.string().max(1000).optional(), message: z.string().max(1000).optional() }))
    .max(20)
    .optional(),
});

/**
 * POST /api/callbacks/whatsapp: `{object: "whatsapp_business_account", entry: [{id, changes:
 * [{field: "messages", value: {metadata, statuses?, messages?, contacts?, errors?}}]}]}`. Read for
 * `value.statuses`; everything else Meta sends (people's own messages, template and account
 * updates, fields added later) is let through and ignored.
 */
export const whatsappWebhookBodySchema = z.looseObject({
  object: z.string().max(100),
  entry: z
    .array(
      z.looseObject({
        id: z.string().max(100).optional(),
        changes: z
          .array(
            z.looseObject({
              field: z.string().max(100).optional(),
              value: z.looseObject({ statuses: z.array(whatsappStatusSchema).max(1000).optional() }).optional(),
            }),
          )
          .max(1000),
      }),
    )
    .max(1000),
});
export type WhatsAppWebhookBody = z.input<typeof whatsappWebhookBodySchema>;

// ---- answers -------------------------------------------------------------------------------

/** GET: Meta's challenge, echoed as it came (text/plain), when the verify token matches. */
export const whatsappVerifyResponseSchema = notJson("hub.challenge, echoed as text/plain");

/** The callback was taken (also for a message the shop does not know, and for a status already recorded). */
export const whatsappWebhookResponseSchema = z.object({ ok: z.literal(true) });
export type WhatsAppWebhookResponse = z.input<typeof whatsappWebhookResponseSchema>;
