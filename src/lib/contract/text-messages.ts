import { z } from "zod";
import { MESSAGE_EVENTS } from "../sms/events";
import { DELIVERY_STATES, MESSAGE_STATUSES, OUTBOX_STATES, TEXT_CHANNELS, TEXT_PROVIDERS } from "../sms/message-status";
import { text } from "./fields";

/**
 * The text messages (SMS, WhatsApp) as people see them: an order's messages on its page
 * (/api/orders/:number/messages, the admin's /api/admin/orders/:number/messages), the admin's list
 * of every message (/api/admin/text-messages), the opt-out link's stop (/api/messages/stop) and
 * the account's choices for its phone number (/api/account/message-preferences). Numbers are
 * masked everywhere but in the account's own choices; times are ISO texts.
 */

// ---- an order's messages --------------------------------------------------------------------

/** One message of an order, as its timeline shows it: plain data a page hands to its component. */
export const orderTextMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(TEXT_CHANNELS),
  event: z.enum(MESSAGE_EVENTS),
  /** masked: +2557******78 */
  recipient: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  queuedAt: z.string(),
  /** when a queued message goes (after the quiet hours) or a failed one is tried again */
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
  /** when the provider reported the delivery state (delivered, read, not delivered) */
  deliveryAt: z.string().nullable(),
  /** the outbox's last change: when a message was given up on or stopped */
  updatedAt: z.string(),
});
export type OrderTextMessage = z.input<typeof orderTextMessageSchema>;

/** GET /api/orders/:number/messages: oldest first */
export const orderTextMessagesResponseSchema = z.object({ messages: z.array(orderTextMessageSchema) });
export type OrderTextMessagesResponse = z.input<typeof orderTextMessagesResponseSchema>;

// ---- the admin's list -----------------------------------------------------------------------

export const TEXT_MESSAGES_PAGE_SIZE = 50;

/** GET /api/admin/text-messages: newest first, by channel, outbox state and event, a page at a time */
export const adminTextMessagesQuerySchema = z.object({
  channel: z.enum(TEXT_CHANNELS).optional(),
  state: z.enum(OUTBOX_STATES).optional(),
  event: z.enum(MESSAGE_EVENTS).optional(),
  page: z.coerce.number<number | string>().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number<number | string>().int().min(1).max(100).default(TEXT_MESSAGES_PAGE_SIZE),
});
export type AdminTextMessagesQuery = z.input<typeof adminTextMessagesQuerySchema>;

/** One message as the admin sees it: the timeline's fields and the outbox's own. */
export const adminTextMessageSchema = orderTextMessageSchema.extend({
  state: z.enum(OUTBOX_STATES),
  deliveryState: z.enum(DELIVERY_STATES).nullable(),
  attempts: z.number().int().min(0),
  /** the provider's or the network's last error, numbers masked */
  lastError: z.string().nullable(),
  /** the text as sent; null when it is a secret (a one-time code), never shown */
  text: z.string().nullable(),
  orderNumber: z.string().nullable(),
  /** who took it (null until sent) */
  provider: z.string().nullable(),
});
export type AdminTextMessage = z.input<typeof adminTextMessageSchema>;

/** Which provider carries each channel now. */
export const textProvidersSchema = z.object({ sms: z.enum(TEXT_PROVIDERS), whatsapp: z.enum(TEXT_PROVIDERS) });

export const adminTextMessagesResponseSchema = z.object({
  messages: z.array(adminTextMessageSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  providers: textProvidersSchema,
});
export type AdminTextMessagesResponse = z.input<typeof adminTextMessagesResponseSchema>;

/** GET /api/admin/orders/:number/messages: oldest first */
export const adminOrderTextMessagesResponseSchema = z.object({ messages: z.array(adminTextMessageSchema) });
export type AdminOrderTextMessagesResponse = z.input<typeof adminOrderTextMessagesResponseSchema>;

// ---- the opt-out link -----------------------------------------------------------------------

/** POST /api/messages/stop: the token of a /stop/<token> link */
export const stopMessagesRequestSchema = z.object({ token: text("token", 64, { min: 1 }) }).strict();
export type StopMessagesRequest = z.input<typeof stopMessagesRequestSchema>;

/** Every message to the number is stopped (both channels, offers too); one-time codes the person asks for still come. */
export const stopMessagesResponseSchema = z.object({ success: z.literal(true), phone: z.string() });
export type StopMessagesResponse = z.input<typeof stopMessagesResponseSchema>;

// ---- the account's choices ------------------------------------------------------------------

/** GET and PUT /api/account/message-preferences: the account's number's choices (phone null: no Tanzanian mobile number on the account) */
export const messagePreferencesResponseSchema = z.object({
  /** the account's number in E.164, or null */
  phone: z.string().nullable(),
  /** order updates by SMS (on unless stopped) */
  sms: z.boolean(),
  /** order updates also on WhatsApp (off until chosen) */
  whatsapp: z.boolean(),
  /** offers and news by SMS (off until consented) */
  marketing: z.boolean(),
});
export type MessagePreferencesResponse = z.input<typeof messagePreferencesResponseSchema>;

/** PUT /api/account/message-preferences: any of the three */
export const messagePreferencesRequestSchema = z
  .object({ sms: z.boolean().optional(), whatsapp: z.boolean().optional(), marketing: z.boolean().optional() })
  .strict();
export type MessagePreferencesRequest = z.input<typeof messagePreferencesRequestSchema>;
