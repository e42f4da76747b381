/**
 * The events the shop sends text messages (SMS, WhatsApp) for, and the rules that differ by
 * event: whether it may go in quiet hours, whether it is marketing (sent only with consent), and
 * whether its text is a secret (emptied from the outbox once sent).
 */

export const MESSAGE_EVENTS = [
  "order-placed",
  "order-paid",
  "order-shipped",
  "order-cancelled",
  "order-ready",
  "order-delivered",
  "order-refused",
  "order-delayed",
  "order-refunded",
  "order-balance-due",
  "payment-prompt",
  "payment-failed",
  "payment-expired",
  "one-time-code",
  "return-update",
  "stock-alert",
  "question-answered",
  "review-invite",
  "safety-notice",
  "promotion",
] as const;

export type MessageEvent = (typeof MESSAGE_EVENTS)[number];

export function isMessageEvent(value: string): value is MessageEvent {
  return (MESSAGE_EVENTS as readonly string[]).includes(value);
}

/** What a person is waiting for on their phone right now: these go in quiet hours too. */
export const QUIET_HOURS_EVENTS: readonly MessageEvent[] = ["one-time-code", "payment-prompt"];

/** Marketing: sent only to a number whose owner consented (off by default); every other event is transactional. */
export const MARKETING_EVENTS: readonly MessageEvent[] = ["promotion"];

/** Texts that must not stay readable in the outbox once sent or given up on. */
export const SECRET_EVENTS: readonly MessageEvent[] = ["one-time-code"];

/**
 * Events a person asked for by their own action at that moment: an opt-out of the channel does not
 * stop them (the checkout's code would otherwise never arrive), the quotas and budget still do.
 */
export const REQUESTED_EVENTS: readonly MessageEvent[] = ["one-time-code"];

export function mayGoInQuietHours(event: MessageEvent): boolean {
  return QUIET_HOURS_EVENTS.includes(event);
}

export function isMarketing(event: MessageEvent): boolean {
  return MARKETING_EVENTS.includes(event);
}
