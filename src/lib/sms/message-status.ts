/**
 * Where one text message stands, as the order's timeline and the admin's list say it: the outbox's
 * own state (queued, sending, retrying, given up) read together with the provider's delivery report
 * (sent, delivered, read, not delivered) and with why a message was given up (the number's owner
 * stopped messages after it was queued).
 */

/** The text-message channels, and the outbox's states of a message (the admin's filters). */
export const TEXT_CHANNELS = ["sms", "whatsapp"] as const;
export type TextChannel = (typeof TEXT_CHANNELS)[number];
export const OUTBOX_STATES = ["pending", "sending", "sent", "failed", "dead"] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];
/** The provider's report of a sent message, furthest first. */
export const DELIVERY_STATES = ["read", "delivered", "failed", "sent"] as const;
export type DeliveryReportState = (typeof DELIVERY_STATES)[number];
/** Who carries a channel: the built-in sandbox (files, nothing reaches a phone), or a real provider. */
export const TEXT_PROVIDERS = ["sandbox", "africastalking", "whatsapp-cloud"] as const;
export type TextProvider = (typeof TEXT_PROVIDERS)[number];

/** The outbox's word for a message it dropped at send time because the number opted out (or withdrew consent) after it was queued. */
export const STOPPED_BY_CHOICE = "opted out";

export const MESSAGE_STATUSES = [
  /** queued, due now: the worker sends it within seconds */
  "queued",
  /** queued in quiet hours: it waits for the morning (nextAttemptAt) */
  "waiting",
  /** a send failed: it is tried again at nextAttemptAt */
  "retrying",
  /** the provider took it; no delivery report (yet) */
  "sent",
  "delivered",
  /** WhatsApp: the person opened it */
  "read",
  /** the provider took it, then reported it could not be delivered */
  "undelivered",
  /** the outbox gave up on it (the last attempt failed, or the provider refused it for good) */
  "failed",
  /** not sent: messages to the number were stopped after it was queued */
  "stopped",
] as const;

export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export interface MessageStatusInput {
  state: OutboxState;
  attempts: number;
  deliveryState: DeliveryReportState | null;
  lastError: string | null;
  createdAt: Date;
  nextAttemptAt: Date;
}

/**
 * A message's status at `now`. A message queued in quiet hours is the one whose first attempt was
 * put off past the moment it was queued (the outbox queues every other message due at once), and
 * it waits only while that time is still ahead.
 */
export function messageStatus(message: MessageStatusInput, now: Date): MessageStatus {
  switch (message.state) {
    case "pending":
    case "sending":
      return message.state === "pending" && message.attempts === 0 && message.nextAttemptAt > message.createdAt && message.nextAttemptAt > now
        ? "waiting"
        : "queued";
    case "failed":
      return "retrying";
    case "dead":
      return message.lastError === STOPPED_BY_CHOICE ? "stopped" : "failed";
    case "sent":
      if (message.deliveryState === "delivered" || message.deliveryState === "read") return message.deliveryState;
      return message.deliveryState === "failed" ? "undelivered" : "sent";
  }
}
