import { z } from "zod";
import { MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX, THREAD_STATUSES } from "../account";
import { ORDER_STATUSES } from "../checkout";
import { successResponseSchema } from "./common";
import { text } from "./fields";

/** The signed-in shopper's message centre (/api/messages): the inbox, a new thread, a thread, a reply, order updates seen. */

/**
 * A message body may hold line breaks (paragraphs); the service refuses every other control
 * character and normalises the breaks (normaliseMessageBody), so the schema only bounds its size.
 */
export const messageBody = z.string({ error: "body must be text" }).max(MESSAGE_BODY_MAX + 200, `body must be at most ${MESSAGE_BODY_MAX} characters`);

// ---- requests ------------------------------------------------------------------------------

/** POST /api/messages: a new conversation, about one of the shopper's orders or none */
export const newSupportThreadRequestSchema = z
  .object({ subject: text("subject", MESSAGE_SUBJECT_MAX, { min: 1 }), orderNumber: text("orderNumber", 30).nullish(), body: messageBody })
  .strict();
export type NewSupportThreadRequest = z.input<typeof newSupportThreadRequestSchema>;

/** POST /api/messages/:id: a reply */
export const supportReplyRequestSchema = z.object({ body: messageBody }).strict();
export type SupportReplyRequest = z.input<typeof supportReplyRequestSchema>;

// ---- answers -------------------------------------------------------------------------------

export const supportThreadViewSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  status: z.enum(THREAD_STATUSES),
  orderNumber: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** messages from the other side not yet read */
  unread: z.number().int(),
  messageCount: z.number().int(),
});
export type SupportThreadView = z.input<typeof supportThreadViewSchema>;

export const supportMessageItemSchema = z.object({
  id: z.number().int(),
  author: z.enum(["customer", "shop"]),
  body: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type SupportMessageItem = z.input<typeof supportMessageItemSchema>;

/** GET /api/messages/:id, and POST /api/messages and /api/messages/:id (201): the thread and its messages. */
export const supportThreadResponseSchema = z.object({ thread: supportThreadViewSchema, messages: z.array(supportMessageItemSchema) });
export type SupportThreadResponse = z.input<typeof supportThreadResponseSchema>;

/** An order's status change, read from the order's own history. */
export const orderUpdateSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  at: z.string(),
  unread: z.boolean(),
});
export type OrderUpdate = z.input<typeof orderUpdateSchema>;

/** GET /api/messages: the conversations, the order updates, and what is unread of each. */
export const inboxResponseSchema = z.object({
  threads: z.array(supportThreadViewSchema),
  orderUpdates: z.array(orderUpdateSchema),
  unread: z.object({ threads: z.number().int(), orderUpdates: z.number().int() }),
});
export type InboxResponse = z.input<typeof inboxResponseSchema>;

/** POST /api/messages/order-updates/seen */
export const orderUpdatesSeenResponseSchema = successResponseSchema;
