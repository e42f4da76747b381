/**
 * What the shop's text-message channels (SMS, WhatsApp) need from a provider, so the outbox, the
 * events and the tests stay the same whichever provider carries the message: the built-in sandbox
 * (files under DATA_DIR), Africa's Talking for SMS, WhatsApp Business Cloud for WhatsApp.
 */

export type MessageChannel = "sms" | "whatsapp";
export const MESSAGE_CHANNELS: readonly MessageChannel[] = ["sms", "whatsapp"];

export type MessageProviderName = "sandbox" | "africastalking" | "whatsapp-cloud";

/**
 * A business-initiated WhatsApp message must use a template the provider approved beforehand: its
 * name, its language code and the values of its body's numbered placeholders, in order.
 */
export interface WhatsAppTemplate {
  name: string;
  /** the template's language as registered: "sw" or "en" */
  language: string;
  parameters: string[];
}

/** One message as the outbox hands it to a provider. */
export interface OutgoingMessage {
  /** the outbox row's id: a provider that takes a client reference gets it, for idempotency */
  id: number;
  channel: MessageChannel;
  /** E.164, e.g. +255712345678 */
  to: string;
  /** the text as rendered (the SMS itself; WhatsApp's template rendered for the sandbox and the record) */
  text: string;
  /** what the message is about, e.g. "order-placed", "one-time-code" */
  event: string;
  orderNumber?: string | null;
  /** WhatsApp only: the approved template carrying the same content */
  template?: WhatsAppTemplate | null;
}

/** What a provider answers when it took a message. */
export interface SendReceipt {
  /** the provider's id for the message: delivery reports name it */
  providerMessageId: string;
  /** what the provider says it cost, as it says it (e.g. "TZS 25.0000"), where it says */
  cost?: string | null;
}

/**
 * A provider's refusal that retrying cannot fix (an invalid number, a number that blocked the
 * sender, a template that does not exist): the outbox marks the message dead at once instead of
 * retrying it. Any other thrown error is retried with backoff.
 */
export class PermanentSendError extends Error {
  constructor(
    message: string,
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = "PermanentSendError";
  }
}

/** Hands one message to a provider; throws when it could not (the outbox retries later). */
export interface MessageProvider {
  readonly name: MessageProviderName;
  readonly channel: MessageChannel;
  send(message: OutgoingMessage): Promise<SendReceipt>;
}

/**
 * A message's fate as providers report it. Reports may come twice or out of order: a state never
 * goes back (delivered stays delivered when a late "sent" arrives). "failed" outranks only "sent":
 * a phone that received the message did receive it, whatever a late or retried report says, and a
 * delivery after a failure means the provider's retry got through.
 */
export type DeliveryState = "sent" | "delivered" | "read" | "failed";
export const DELIVERY_STATE_ORDER: Record<DeliveryState, number> = { sent: 1, failed: 2, delivered: 3, read: 4 };

/** One delivery report, parsed from a provider's authenticated callback. */
export interface DeliveryReport {
  providerMessageId: string;
  state: DeliveryState;
  /** when the provider says it happened (else when the shop received it) */
  at: Date;
  /** the provider's reason for a failure, as it gives it */
  reason?: string | null;
}
