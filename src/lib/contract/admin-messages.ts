import { z } from "zod";
import { THREAD_STATUSES } from "../account";
import { messageBody, supportMessageItemSchema, supportThreadViewSchema } from "./messages";

/** The admins' side of the message centre: the threads by status, one thread, a reply, open or close. */

/** GET /api/admin/messages */
export const adminThreadsQuerySchema = z.object({
  status: z.enum(THREAD_STATUSES).optional(),
  limit: z.coerce.number<number | string>().int().min(1).max(100).default(50),
  offset: z.coerce.number<number | string>().int().min(0).max(1_000_000).default(0),
});
export type AdminThreadsQuery = z.input<typeof adminThreadsQuerySchema>;

/** POST /api/admin/messages/{id}: the shop's answer */
export const adminReplyBodySchema = z.object({ body: messageBody }).strict();
export type AdminReplyRequest = z.input<typeof adminReplyBodySchema>;

/** POST /api/admin/messages/{id}/status */
export const threadStatusBodySchema = z.object({ status: z.enum(["open", "closed"]) }).strict();
export type ThreadStatusRequest = z.input<typeof threadStatusBodySchema>;

// ---- answers ------------------------------------------------------------------------------

/** A conversation as the admins see it: with the customer it is with (`unread` counts the customer's unread messages). */
export const adminThreadSummarySchema = supportThreadViewSchema.extend({
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
});
export type AdminThreadSummary = z.input<typeof adminThreadSummarySchema>;

/** GET /api/admin/messages: open ones first (oldest waiting first), then answered, then closed (newest first) */
export const adminThreadsResponseSchema = z.object({ threads: z.array(adminThreadSummarySchema), total: z.number().int().min(0) });
export type AdminThreadsResponse = z.input<typeof adminThreadsResponseSchema>;

/** GET /api/admin/messages/{id}, a reply (201) and a status change: the conversation and its messages */
export const adminThreadResponseSchema = z.object({ thread: adminThreadSummarySchema, messages: z.array(supportMessageItemSchema) });
export type AdminThreadResponse = z.input<typeof adminThreadResponseSchema>;
