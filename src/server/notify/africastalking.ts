import { createHmac, timingSafeEqual } from "node:crypto";
import { AFRICASTALKING_DELIVERY_PATH, africasTalkingDeliveryBodySchema, type AfricasTalkingDeliveryStatus } from "@/lib/contract/sms-callbacks";
import { PermanentSendError, type DeliveryReport, type DeliveryState, type MessageProvider, type OutgoingMessage, type SendReceipt } from "./providers";

export const AFRICASTALKING_DEFAULT_BASE_URL = "https://api.africastalking.com";
export const AFRICASTALKING_SANDBOX_BASE_URL = "https://api.sandbox.africastalking.com";

export interface AfricasTalkingOptions {
  /** the application's username ("sandbox" on their sandbox) */
  username: string;
  apiKey: string;
  /** the alphanumeric sender ID registered with Africa's Talking for the networks the shop texts */
  senderId: string;
  /** https://api.africastalking.com, their sandbox, or a local fake in tests */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** how long one send may take before it counts as failed (and is retried by the outbox) */
  timeoutMs?: number;
}

/** A send that has not answered by then is given up and retried later: the outbox must not stall on one message. */
const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Africa's Talking's per-recipient status codes. Taken: 100 Processed, 101 Sent, 102 Queued.
 * Refusals retrying cannot fix, so the message is dead at once: 402 InvalidSenderId, 403
 * InvalidPhoneNumber, 404 UnsupportedNumberType, 406 UserInBlacklist (the person blocked the sender).
 * Everything else (401 RiskHold, 405 InsufficientBalance, 407 CouldNotRoute, 5xx gateway errors)
 * may pass later: the shop tops up, the gateway recovers.
 */
const TAKEN_CODES = new Set([100, 101, 102]);
const PERMANENT_CODES = new Set([402, 403, 404, 406]);
const PERMANENT_STATUSES = new Set(["InvalidSenderId", "InvalidPhoneNumber", "UnsupportedNumberType", "UserInBlacklist", "UserInBlackList"]);

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

const text = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");

/** Their answer's one recipient, or null when the answer names none (a refusal of the whole request). */
function recipientOf(json: unknown): { statusCode: number; status: string; messageId: string; cost: string; number: string } | null {
  const data = asRecord(asRecord(json)?.SMSMessageData);
  const first = Array.isArray(data?.Recipients) ? asRecord(data.Recipients[0]) : null;
  if (!first) return null;
  return {
    statusCode: Number(first.statusCode),
    status: text(first.status),
    messageId: text(first.messageId),
    cost: text(first.cost),
    number: text(first.number),
  };
}

/**
 * Africa's Talking's bulk SMS API (POST {base}/version1/messaging, form-encoded, the API key in the
 * `apiKey` header) as the outbox's SMS provider: one message per call, its answer read per recipient.
 * Errors name the status and never carry the API key (the outbox keeps them as the message's last
 * error, which admins read).
 */
export function createAfricasTalkingSms(options: AfricasTalkingOptions): MessageProvider {
  const endpoint = `${(options.baseUrl ?? AFRICASTALKING_DEFAULT_BASE_URL).replace(/\/+$/, "")}/version1/messaging`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const send = options.fetch ?? fetch;

  return {
    name: "africastalking",
    channel: "sms",

    async send(message: OutgoingMessage): Promise<SendReceipt> {
      if (message.channel !== "sms") throw new PermanentSendError(`Africa's Talking carries SMS only, not ${message.channel}`);
      // enqueue and bulkSMSMode are left at their defaults: one transactional message wants its
      // answer (and its message id) now, and bulkSMSMode is ignored for an alphanumeric sender
      const form = new URLSearchParams({ username: options.username, to: message.to, message: message.text, from: options.senderId });
      let response: Response;
      try {
        response = await send(endpoint, {
          method: "POST",
          headers: { apiKey: options.apiKey, accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
          body: form.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        // the reason without the request itself (its headers carry the key)
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        const cause = error instanceof Error ? text(asRecord(error.cause)?.code) : "";
        throw new Error(`Africa's Talking: ${timedOut ? `no answer within ${timeoutMs} ms` : `unreachable${cause ? ` (${cause})` : ""}`}`);
      }
      const body = await response.text().catch(() => "");
      let json: unknown = null;
      try {
        json = body ? JSON.parse(body) : null;
      } catch {
        json = null;
      }
      // a refusal of the whole request (wrong username or key: 401; their outage: 5xx) is retried;
      // the key or the service gets fixed, and the message goes then
      if (!response.ok) throw new Error(`Africa's Talking answered HTTP ${response.status}${json ? "" : `: ${body.slice(0, 120)}`}`);

      const recipient = recipientOf(json);
      if (!recipient) {
        // no recipient at all: their summary names why (e.g. "InvalidPhoneNumber" when the one number was refused)
        const summary = text(asRecord(asRecord(json)?.SMSMessageData)?.Message);
        if (PERMANENT_STATUSES.has(summary)) throw new PermanentSendError(`Africa's Talking refused the message: ${summary}`, summary);
        throw new Error(`Africa's Talking sent no recipient status${summary ? `: ${summary.slice(0, 120)}` : ""}`);
      }
      const { statusCode, status, messageId, cost } = recipient;
      if (TAKEN_CODES.has(statusCode)) {
        if (!messageId || messageId === "None") throw new Error(`Africa's Talking took the message (${statusCode} ${status}) without a message id`);
        return { providerMessageId: messageId, cost: cost && cost !== "0" ? cost : null };
      }
      if (PERMANENT_CODES.has(statusCode) || PERMANENT_STATUSES.has(status))
        throw new PermanentSendError(`Africa's Talking refused the message: ${statusCode} ${status}`, String(statusCode));
      throw new Error(`Africa's Talking could not send the message now: ${statusCode} ${status}`);
    },
  };
}

const STATE_OF: Record<AfricasTalkingDeliveryStatus, DeliveryState> = {
  Sent: "sent",
  Submitted: "sent",
  Buffered: "sent",
  Success: "delivered",
  Rejected: "failed",
  Failed: "failed",
  AbsentSubscriber: "failed",
  Expired: "failed",
};

/**
 * A delivery report's form fields as the shop records them, or null when they do not parse (no id,
 * a status Africa's Talking does not document). Their reports carry no time of their own, so the
 * report is dated when the shop receives it. A failure's reason is their failureReason, else the
 * status itself (AbsentSubscriber and Expired come without one).
 */
export function parseAfricasTalkingDeliveryReport(fields: unknown, now: Date = new Date()): DeliveryReport | null {
  const parsed = africasTalkingDeliveryBodySchema.safeParse(fields);
  if (!parsed.success) return null;
  const { id, status, failureReason } = parsed.data;
  const state = STATE_OF[status];
  return { providerMessageId: id, state, at: now, reason: state === "failed" ? failureReason || status : null };
}

/**
 * Africa's Talking does not sign its callbacks: anyone who knows the address could post reports.
 * So the address the shop registers carries a secret token, derived from the API key with an HMAC
 * (no further variable to set, and a changed key changes the token), and a report is believed only
 * with it.
 */
export function africasTalkingCallbackToken(apiKey: string): string {
  return createHmac("sha256", apiKey).update("africastalking delivery-report callback").digest("base64url");
}

/** Whether a callback carries the shop's token, compared in constant time (a timing difference must not reveal it bit by bit). */
export function verifyAfricasTalkingCallbackToken(apiKey: string, token: unknown): boolean {
  if (typeof token !== "string" || !token) return false;
  const expected = Buffer.from(africasTalkingCallbackToken(apiKey));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The full delivery-report address to register in Africa's Talking's dashboard (SMS → SMS Callback URLs → Delivery Reports). */
export function africasTalkingDeliveryUrl(siteUrl: URL, apiKey: string): URL {
  const url = new URL(AFRICASTALKING_DELIVERY_PATH, siteUrl);
  url.searchParams.set("token", africasTalkingCallbackToken(apiKey));
  return url;
}

/** What the callback route needs from the configuration: whether the token fits, and the address to show. */
export interface AfricasTalkingCallbacks {
  verify(token: unknown): boolean;
  deliveryUrl: URL;
}

export function createAfricasTalkingCallbacks(apiKey: string, siteUrl: URL): AfricasTalkingCallbacks {
  return { verify: (token) => verifyAfricasTalkingCallbackToken(apiKey, token), deliveryUrl: africasTalkingDeliveryUrl(siteUrl, apiKey) };
}
