import { z } from "zod";

/**
 * SMS providers' callbacks (server to server). Africa's Talking posts a delivery report per message,
 * form-encoded, to the address the shop registered in its dashboard.
 */

/** Where Africa's Talking posts delivery reports (the address carries the shop's callback token as ?token=). */
export const AFRICASTALKING_DELIVERY_PATH = "/api/callbacks/africastalking/delivery";

/**
 * The statuses a delivery report of Africa's Talking carries: Sent (left their network), Submitted
 * (handed to the mobile network), Buffered (queued by the network), Success (on the handset), and the
 * final failures Rejected, Failed, AbsentSubscriber (phone off or out of coverage too long), Expired.
 */
export const AFRICASTALKING_DELIVERY_STATUSES = ["Sent", "Submitted", "Buffered", "Success", "Rejected", "Failed", "AbsentSubscriber", "Expired"] as const;
export type AfricasTalkingDeliveryStatus = (typeof AFRICASTALKING_DELIVERY_STATUSES)[number];

// ---- requests ------------------------------------------------------------------------------

/** The callback address's query: the shop's token (checked before the body is read). */
export const africasTalkingDeliveryQuerySchema = z.object({ token: z.string().max(200).optional() });
export type AfricasTalkingDeliveryQuery = z.input<typeof africasTalkingDeliveryQuerySchema>;

/** A text field of the form, bounded: a report is a handful of short fields. */
const field = (max: number) => z.string().trim().max(max);

/**
 * POST /api/callbacks/africastalking/delivery, form-encoded: the message's id (the messageId the
 * send answered), its status, and the recipient, network and failure reason where given. Fields
 * Africa's Talking may add later are let through and ignored.
 */
export const africasTalkingDeliveryBodySchema = z.looseObject({
  id: field(100)
    .min(1, "id is required")
    .regex(/^[\w.:-]+$/, "id is not a message id"),
  status: z.enum(AFRICASTALKING_DELIVERY_STATUSES),
  phoneNumber: field(32).optional(),
  networkCode: field(16).optional(),
  failureReason: field(200).optional(),
  retryCount: field(6).regex(/^\d*$/, "retryCount must be a number").optional(),
});
export type AfricasTalkingDeliveryBody = z.input<typeof africasTalkingDeliveryBodySchema>;

// ---- answers -------------------------------------------------------------------------------

/** The report was taken (also for a message the shop does not know, and for one already recorded). */
export const smsCallbackResponseSchema = z.object({ ok: z.literal(true) });
export type SmsCallbackResponse = z.input<typeof smsCallbackResponseSchema>;
