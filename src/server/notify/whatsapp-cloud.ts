import { createHmac, timingSafeEqual } from "node:crypto";
import { msisdn } from "@/lib/phone";
import { whatsAppTemplateNamed } from "./whatsapp-templates";
import { PermanentSendError, type DeliveryReport, type DeliveryState, type MessageProvider, type OutgoingMessage, type SendReceipt } from "./providers";

export const WHATSAPP_CLOUD_DEFAULT_BASE_URL = "https://graph.facebook.com/v21.0";

export interface WhatsAppCloudOptions {
  /** a system user's permanent access token with whatsapp_business_messaging */
  token: string;
  /** the sending number's id in the WhatsApp Manager (not the number itself) */
  phoneNumberId: string;
  /** the Graph API's address with its version, e.g. https://graph.facebook.com/v21.0 */
  baseUrl?: string;
  /** the tests' stand-in for the global fetch */
  fetch?: typeof fetch;
  /** how long one send may take before it counts as failed (and is retried) */
  timeoutMs?: number;
}

/**
 * Cloud API error codes that no retry can fix: the message is marked dead at once. The Cloud API's
 * own guidance is to decide on `code`, never on the HTTP status or the message text.
 * - 100 invalid parameter; 131008 a required parameter is missing; 131009 a parameter value is not valid
 * - 131021 the recipient is the sender; 131026 the message cannot be delivered (not on WhatsApp,
 *   an old app, the shop blocked); 131030 the number is not on a test number's allowed list
 * - 131047 more than 24 hours since the person last wrote (only templates may start a conversation)
 * - 131050 the person stopped the shop's marketing messages; 131051 a message type not supported
 * - 132000 the number of parameters differs from the template's; 132001 no such template in that
 *   language; 132005 the filled-in text is too long; 132007 the template breaks a policy;
 *   132012 a parameter's format does not match; 132015 template paused; 132016 template disabled
 */
const PERMANENT_CODES = new Set([100, 131008, 131009, 131021, 131026, 131030, 131047, 131050, 131051, 132000, 132001, 132005, 132007, 132012, 132015, 132016]);

/**
 * Codes that mean "later": 4 and 80007 the app's or account's call limits, 130429 the throughput
 * limit, 131048 the spam limit, 131056 too many messages to one person in a short time, 1/2/131000
 * /131016 Meta's side failing. The access token's refusals (0, 10, 190, 200-299) are retried too:
 * every message would fail until an operator renews the token, and dropping them all meanwhile
 * would lose the shop's messages for nothing.
 */
const RETRYABLE_CODES = new Set([0, 1, 2, 4, 10, 190, 80007, 130429, 131000, 131016, 131048, 131049, 131056]);

interface GraphError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  error_data?: { details?: string };
  fbtrace_id?: string;
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** The error a refused send answers with, as the Graph API writes it ({error: {...}}). */
function graphError(json: unknown): GraphError | null {
  const error = asRecord(asRecord(json)?.error);
  if (!error) return null;
  return {
    message: typeof error.message === "string" ? error.message : undefined,
    type: typeof error.type === "string" ? error.type : undefined,
    code: typeof error.code === "number" ? error.code : undefined,
    error_subcode: typeof error.error_subcode === "number" ? error.error_subcode : undefined,
    error_data: asRecord(error.error_data) as GraphError["error_data"],
    fbtrace_id: typeof error.fbtrace_id === "string" ? error.fbtrace_id : undefined,
  };
}

/** A refusal's one-line description: the status, the code, Meta's text and its trace id (for Meta's support). */
function describeRefusal(status: number, error: GraphError | null): string {
  if (!error) return `WhatsApp answered ${status}`;
  const details = error.error_data?.details ? ` (${error.error_data.details})` : "";
  const trace = error.fbtrace_id ? ` [fbtrace_id ${error.fbtrace_id}]` : "";
  return `WhatsApp refused the message (${status}, code ${error.code ?? "none"}): ${error.message ?? "no message"}${details}${trace}`;
}

/** Whether retrying a refused send could succeed: by the code where it says, else by the status. */
export function isRetryableWhatsAppRefusal(status: number, code: number | undefined): boolean {
  if (code !== undefined && PERMANENT_CODES.has(code)) return false;
  if (code !== undefined && (RETRYABLE_CODES.has(code) || (code >= 200 && code <= 299))) return true;
  return status === 429 || status === 408 || status >= 500;
}

/**
 * The body of a template message as the Cloud API documents it (POST /{phone-number-id}/messages):
 * the body's parameters in order; an authentication template (the one-time code) also carries the
 * code for its copy-code button, which Meta requires on every authentication template.
 */
export function templateMessageBody(message: OutgoingMessage) {
  const template = message.template;
  if (!template) throw new PermanentSendError("A WhatsApp message the shop starts needs an approved template; this one has none", "no-template");
  // the Cloud API takes the number with its country code and without the plus
  const to = msisdn(message.to);
  if (!/^[1-9][0-9]{7,14}$/.test(to)) throw new PermanentSendError(`Not a phone number WhatsApp can reach: ${message.to}`, "invalid-number");
  const parameters = template.parameters.map((text) => ({ type: "text", text }));
  const components: Record<string, unknown>[] = parameters.length ? [{ type: "body", parameters }] : [];
  if (whatsAppTemplateNamed(template.name)?.category === "AUTHENTICATION" && template.parameters[0])
    components.push({ type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: template.parameters[0] }] });
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to,
    type: "template",
    template: { name: template.name, language: { code: template.language }, ...(components.length ? { components } : {}) },
  };
}

/**
 * WhatsApp Business Cloud API (Meta's hosted WhatsApp Business Platform): sends the outbox's
 * messages as approved templates, the only kind a business may start a conversation with. A
 * refusal that retrying cannot fix throws PermanentSendError with Meta's code; anything else
 * (a limit, Meta's side failing, no answer in time) throws a plain Error and is retried by the
 * outbox. The token goes in the Authorization header only, never into an error or a log line.
 */
export function createWhatsAppCloud(options: WhatsAppCloudOptions): MessageProvider {
  const baseUrl = (options.baseUrl ?? WHATSAPP_CLOUD_DEFAULT_BASE_URL).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 15_000;
  const fetcher = options.fetch ?? fetch;
  const endpoint = `${baseUrl}/${encodeURIComponent(options.phoneNumberId)}/messages`;

  return {
    name: "whatsapp-cloud",
    channel: "whatsapp",

    async send(message: OutgoingMessage): Promise<SendReceipt> {
      if (message.channel !== "whatsapp") throw new PermanentSendError(`WhatsApp cannot carry a ${message.channel} message`, "wrong-channel");
      const body = templateMessageBody(message);
      let response: Response;
      let text: string;
      try {
        response = await fetcher(endpoint, {
          method: "POST",
          headers: { authorization: `Bearer ${options.token}`, "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        const reason =
          error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError") ? `no answer within ${timeoutMs} ms` : String(error);
        throw new Error(`WhatsApp could not be reached: ${reason}`);
      }
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      if (response.ok) {
        const first = asRecord((asRecord(json)?.messages as unknown[] | undefined)?.[0]);
        const id = first?.id;
        if (typeof id === "string" && id) return { providerMessageId: id };
        // taken but unnamed: retrying would send it twice, and reports could never be matched
        throw new PermanentSendError(`WhatsApp answered ${response.status} without a message id`, "no-message-id");
      }
      const error = graphError(json);
      const description = describeRefusal(response.status, error);
      if (isRetryableWhatsAppRefusal(response.status, error?.code)) throw new Error(description);
      throw new PermanentSendError(description, error?.code !== undefined ? String(error.code) : `http-${response.status}`);
    },
  };
}

/**
 * Whether a webhook's X-Hub-Signature-256 header ("sha256=" and the hex HMAC-SHA256 of the body
 * under the app secret) matches the body's exact bytes as received: a re-serialised JSON would
 * differ in spacing or escapes. Compared in constant time; a missing or malformed header is false.
 */
export function verifyWhatsAppSignature(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!appSecret || typeof header !== "string") return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  const given = Buffer.from(match[1]!, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const STATES: Record<string, DeliveryState> = { sent: "sent", delivered: "delivered", read: "read", failed: "failed" };

/** A status's failure reason: each error's code and title (with Meta's details where given). */
function failureReason(errors: unknown): string | null {
  if (!Array.isArray(errors) || errors.length === 0) return null;
  const parts = errors.map((item) => {
    const error = asRecord(item) ?? {};
    const code = typeof error.code === "number" || typeof error.code === "string" ? String(error.code) : "";
    const title = typeof error.title === "string" ? error.title : typeof error.message === "string" ? error.message : "";
    const details = asRecord(error.error_data)?.details;
    return [code, title].filter(Boolean).join(" ") + (typeof details === "string" && details ? ` (${details})` : "");
  });
  return parts.filter(Boolean).join("; ") || null;
}

/**
 * The delivery reports in a webhook's body: every `entry[].changes[].value.statuses[]` with a
 * message id and a status the shop follows (sent, delivered, read, failed). Other statuses
 * ("deleted", "warning") and other changes (people's own messages, template and account updates)
 * give none. The time is the status's own (Unix seconds); without one, when it arrived.
 */
export function parseWhatsAppStatuses(body: unknown, receivedAt: Date = new Date()): DeliveryReport[] {
  const reports: DeliveryReport[] = [];
  const entries = asRecord(body)?.entry;
  if (!Array.isArray(entries)) return reports;
  for (const entry of entries) {
    const changes = asRecord(entry)?.changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes) {
      const statuses = asRecord(asRecord(change)?.value)?.statuses;
      if (!Array.isArray(statuses)) continue;
      for (const item of statuses) {
        const status = asRecord(item);
        const id = status?.id;
        const state = STATES[String(status?.status ?? "")];
        if (typeof id !== "string" || !id || !state) continue;
        const seconds = Number(status?.timestamp);
        const at = Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : receivedAt;
        const report: DeliveryReport = { providerMessageId: id, state, at };
        if (state === "failed") report.reason = failureReason(status?.errors) ?? "failed";
        reports.push(report);
      }
    }
  }
  return reports;
}

/** Whether two secrets are equal, in a time that does not tell how much of them matched. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHmac("sha256", "whatsapp-verify-token").update(given).digest();
  const b = createHmac("sha256", "whatsapp-verify-token").update(expected).digest();
  return timingSafeEqual(a, b);
}

/** What the webhook's route needs to tell Meta's requests from anyone else's. */
export interface WhatsAppWebhook {
  /** Meta's verification request (hub.mode=subscribe) carrying the shop's verify token */
  acceptsHandshake(mode: unknown, verifyToken: unknown): boolean;
  /** a POST whose X-Hub-Signature-256 signs these exact bytes with the app secret */
  acceptsSignature(rawBody: Buffer, header: string | undefined): boolean;
}

export function createWhatsAppWebhook(options: { appSecret: string; verifyToken: string }): WhatsAppWebhook {
  return {
    acceptsHandshake: (mode, verifyToken) =>
      mode === "subscribe" && typeof verifyToken === "string" && !!options.verifyToken && sameSecret(verifyToken, options.verifyToken),
    acceptsSignature: (rawBody, header) => verifyWhatsAppSignature(options.appSecret, rawBody, header),
  };
}
