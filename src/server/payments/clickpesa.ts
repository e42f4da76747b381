import { msisdn } from "@/lib/phone";
import { DomainError } from "../errors";
import { payloadChecksum, verifyPayloadChecksum } from "./checksum";
import type { PaymentAttempt, PaymentProvider, PayoutRequest, ProviderStatus, StatusAnswer, VerifiedCallback } from "./provider";

export const CLICKPESA_DEFAULT_BASE_URL = "https://api.clickpesa.com/third-parties";

export interface ClickPesaOptions {
  clientId: string;
  apiKey: string;
  checksumKey: string;
  baseUrl?: string;
  /** how long a call to ClickPesa may take */
  timeoutMs?: number;
  now?: () => number;
}

/** A token is valid for an hour; it is renewed a little before, so no call carries a token about to expire. */
const TOKEN_LIFETIME_MS = 55 * 60_000;

/** ClickPesa's payment statuses, as the shop reads them (ON-HOLD, REFUNDED, REVERSED are not money the shop holds). */
export function clickPesaStatus(status: unknown): ProviderStatus {
  const s = String(status ?? "").toUpperCase();
  if (s === "SUCCESS" || s === "SETTLED") return "paid";
  if (s === "PROCESSING" || s === "PENDING" || s === "") return "pending";
  return "failed";
}

/**
 * ClickPesa's payout statuses as the shop reads them: SUCCESS is the money sent to the wallet;
 * AUTHORIZED, PROCESSING and PENDING are on their way; FAILED, and REFUNDED or REVERSED (the payout
 * failed and the money went back to the shop's ClickPesa balance), are not a refund made.
 */
export function clickPesaPayoutStatus(status: unknown): ProviderStatus {
  const s = String(status ?? "").toUpperCase();
  if (s === "SUCCESS") return "paid";
  if (s === "AUTHORIZED" || s === "PROCESSING" || s === "PENDING" || s === "") return "pending";
  return "failed";
}

/** A payout webhook's status: PAYOUT INITIATED carries the payout's status; PAYOUT REFUNDED and PAYOUT REVERSED are failures. */
function payoutWebhookStatus(event: string, dataStatus: unknown): ProviderStatus {
  const e = event.toUpperCase().replace(/[_-]/g, " ");
  if (e === "PAYOUT REFUNDED" || e === "PAYOUT REVERSED") return "failed";
  return clickPesaPayoutStatus(dataStatus);
}

/** The status of a webhook: its event name when it has one, else the payment status it carries. */
function webhookStatus(event: string, dataStatus: unknown): ProviderStatus {
  const e = event.toUpperCase().replace(/[_-]/g, " ");
  if (e === "PAYMENT RECEIVED") return clickPesaStatus(dataStatus ?? "SUCCESS");
  if (e === "PAYMENT FAILED") return "failed";
  return clickPesaStatus(dataStatus);
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** An amount as ClickPesa writes it ("10000", "10000.00" or 10000), or NaN. */
function readAmount(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "string" && /^\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return Number.NaN;
}

/**
 * ClickPesa (one API for M-Pesa, Mixx by Yas, Airtel Money, HaloPesa): USSD push collection.
 * Card payments (USD) are not taken through this adapter yet: ClickPesa's card endpoint
 * (POST /payments/initiate-card-payment) needs a customer object whose fields its published
 * reference does not spell out, and the shop's prices are in shillings with no USD rate set, so
 * `cardAvailable` is false and the checkout does not offer card with ClickPesa.
 */
export function createClickPesaProvider(options: ClickPesaOptions): PaymentProvider & { tokenRequests(): number } {
  const baseUrl = (options.baseUrl ?? CLICKPESA_DEFAULT_BASE_URL).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 15_000;
  const now = options.now ?? Date.now;
  let token: { value: string; expiresAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;
  let tokenCount = 0;

  async function call(path: string, init: { method: string; headers?: Record<string, string>; body?: unknown }) {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method: init.method,
        headers: { accept: "application/json", ...(init.body !== undefined ? { "content-type": "application/json" } : {}), ...init.headers },
        body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new DomainError("payment-failed", `ClickPesa could not be reached: ${error instanceof Error ? error.message : String(error)}`);
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: response.status, ok: response.ok, json };
  }

  async function freshToken(): Promise<string> {
    tokenCount++;
    const answer = await call("/generate-token", { method: "POST", headers: { "client-id": options.clientId, "api-key": options.apiKey } });
    const value = asRecord(answer.json)?.token;
    if (!answer.ok || typeof value !== "string" || !value) throw new DomainError("payment-failed", `ClickPesa refused the token request (${answer.status})`);
    // the answer already reads "Bearer ..."; a bare token is given the prefix
    const bearer = /^Bearer\s/i.test(value) ? value : `Bearer ${value}`;
    token = { value: bearer, expiresAt: now() + TOKEN_LIFETIME_MS };
    return bearer;
  }

  /** The cached token, or one new one for every caller waiting at once. */
  function authorization(): Promise<string> {
    if (token && token.expiresAt > now()) return Promise.resolve(token.value);
    pendingToken ??= freshToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  /** A call with the token; a 401 (token revoked, checksum settings changed) gets one new token and one retry. */
  async function authorized(path: string, method: string, body?: unknown) {
    let answer = await call(path, { method, headers: { authorization: await authorization() }, body });
    if (answer.status === 401) {
      token = null;
      answer = await call(path, { method, headers: { authorization: await authorization() }, body });
    }
    return answer;
  }

  const refusal = (what: string, answer: { status: number; json: unknown }) => {
    const message = asRecord(answer.json)?.message;
    return new DomainError("payment-failed", `ClickPesa refused the ${what} (${answer.status})${typeof message === "string" ? `: ${message}` : ""}`);
  };

  return {
    name: "clickpesa",
    cardAvailable: false,
    tokenRequests: () => tokenCount,

    async initiate(attempt: PaymentAttempt) {
      if (attempt.method !== "mobile_money") throw new DomainError("payment-failed", "ClickPesa is used here for mobile money only");
      if (!attempt.phone) throw new DomainError("payment-failed", "A mobile money payment needs a phone number");
      if (attempt.currency !== "TZS" || !Number.isInteger(attempt.amount))
        throw new DomainError("payment-failed", "Mobile money is collected in whole shillings");
      const payload = { amount: String(attempt.amount), currency: "TZS", orderReference: attempt.reference, phoneNumber: msisdn(attempt.phone) };
      const body = { ...payload, checksum: payloadChecksum(options.checksumKey, payload) };
      // the preview checks the number, amount and reference and whether a wallet can take the push
      const preview = await authorized("/payments/preview-ussd-push-request", "POST", body);
      if (!preview.ok) throw refusal("payment preview", preview);
      const methods = asRecord(preview.json)?.activeMethods;
      if (Array.isArray(methods) && methods.length && !methods.some((m) => String(asRecord(m)?.status ?? "").toUpperCase() === "AVAILABLE")) {
        throw new DomainError("payment-failed", "No mobile money wallet can take this payment now");
      }
      const started = await authorized("/payments/initiate-ussd-push-request", "POST", body);
      if (!started.ok) throw refusal("USSD push", started);
      const id = asRecord(started.json)?.id;
      return typeof id === "string" && id ? { providerPaymentId: id } : {};
    },

    async queryStatus(reference: string): Promise<StatusAnswer> {
      const answer = await authorized(`/payments/${encodeURIComponent(reference)}`, "GET");
      // nothing known yet under this reference: still waiting
      if (answer.status === 404) return { status: "pending", amount: 0, currency: "", raw: answer.json };
      if (!answer.ok) throw refusal("status query", answer);
      const items = (Array.isArray(answer.json) ? answer.json : [answer.json]).map(asRecord).filter((x): x is Record<string, unknown> => !!x);
      const mine = items.filter((item) => item.orderReference === undefined || item.orderReference === reference);
      if (!mine.length) return { status: "pending", amount: 0, currency: "", raw: answer.json };
      const time = (item: Record<string, unknown>) => Date.parse(String(item.updatedAt ?? item.createdAt ?? "")) || 0;
      // the latest attempt under the reference is the one that counts
      const latest = mine.reduce((a, b) => (time(b) >= time(a) ? b : a));
      return {
        status: clickPesaStatus(latest.status),
        amount: readAmount(latest.collectedAmount ?? latest.amount),
        currency: String(latest.collectedCurrency ?? latest.currency ?? ""),
        providerPaymentId: typeof latest.id === "string" ? latest.id : undefined,
        providerStatus: String(latest.status ?? ""),
        message: typeof latest.message === "string" ? latest.message : undefined,
        raw: answer.json,
      };
    },

    /**
     * A refund to a mobile-money wallet through ClickPesa's payout API: the preview checks the
     * number, amount and reference (and the shop's balance), then the payout is created. Its outcome
     * comes by the PAYOUT webhooks and GET /payouts/{orderReference}.
     */
    async payout(request: PayoutRequest) {
      if (request.currency !== "TZS" || !Number.isInteger(request.amount) || request.amount <= 0)
        throw new DomainError("payment-failed", "Mobile money is paid out in whole shillings");
      const payload = { amount: request.amount, currency: "TZS", orderReference: request.reference, phoneNumber: msisdn(request.phone) };
      const body = { ...payload, checksum: payloadChecksum(options.checksumKey, payload) };
      const preview = await authorized("/payouts/preview-mobile-money-payout", "POST", body);
      if (!preview.ok) throw refusal("payout preview", preview);
      const created = await authorized("/payouts/create-mobile-money-payout", "POST", body);
      if (!created.ok) throw refusal("payout", created);
      const id = asRecord(created.json)?.id;
      return typeof id === "string" && id ? { providerPayoutId: id } : {};
    },

    async queryPayout(reference: string): Promise<StatusAnswer> {
      const answer = await authorized(`/payouts/${encodeURIComponent(reference)}`, "GET");
      if (answer.status === 404) return { status: "pending", amount: 0, currency: "", raw: answer.json };
      if (!answer.ok) throw refusal("payout status query", answer);
      const items = (Array.isArray(answer.json) ? answer.json : [answer.json]).map(asRecord).filter((x): x is Record<string, unknown> => !!x);
      const mine = items.filter((item) => item.orderReference === undefined || item.orderReference === reference);
      if (!mine.length) return { status: "pending", amount: 0, currency: "", raw: answer.json };
      const time = (item: Record<string, unknown>) => Date.parse(String(item.updatedAt ?? item.createdAt ?? "")) || 0;
      const latest = mine.reduce((a, b) => (time(b) >= time(a) ? b : a));
      // the amount the wallet received: the beneficiary's or the order's when given (the payout's own includes the fee)
      const beneficiary = asRecord(latest.beneficiary);
      const order = asRecord(latest.order);
      return {
        status: clickPesaPayoutStatus(latest.status),
        amount: readAmount(beneficiary?.amount ?? order?.amount ?? latest.amount),
        currency: String(latest.currency ?? ""),
        providerPaymentId: typeof latest.id === "string" ? latest.id : undefined,
        providerStatus: String(latest.status ?? ""),
        message: typeof latest.notes === "string" ? latest.notes : undefined,
        raw: answer.json,
      };
    },

    async verifyPayoutCallback(body: unknown): Promise<VerifiedCallback> {
      const payload = asRecord(body);
      if (!payload || !verifyPayloadChecksum(options.checksumKey, payload))
        throw new DomainError("invalid-signature", "The webhook's checksum is missing or wrong");
      const event = String(payload.event ?? payload.eventType ?? "");
      const data = asRecord(payload.data) ?? {};
      const reference = data.orderReference;
      if (typeof reference !== "string" || !reference) throw new DomainError("invalid-input", "The webhook names no orderReference");
      const beneficiary = asRecord(data.beneficiary);
      const order = asRecord(data.order);
      const id = data.id ?? data.payoutId;
      return {
        reference,
        status: payoutWebhookStatus(event, data.status),
        amount: readAmount(beneficiary?.amount ?? order?.amount ?? data.amount),
        currency: String(data.currency ?? ""),
        providerPaymentId: typeof id === "string" ? id : undefined,
        reason: typeof data.notes === "string" ? data.notes : event || undefined,
      };
    },

    async verifyCallback(body: unknown): Promise<VerifiedCallback> {
      const payload = asRecord(body);
      if (!payload || !verifyPayloadChecksum(options.checksumKey, payload))
        throw new DomainError("invalid-signature", "The webhook's checksum is missing or wrong");
      // payloads vary: "event" or "eventType", "data.id" or "data.paymentId"
      const event = String(payload.event ?? payload.eventType ?? "");
      const data = asRecord(payload.data) ?? {};
      const reference = data.orderReference;
      if (typeof reference !== "string" || !reference) throw new DomainError("invalid-input", "The webhook names no orderReference");
      const id = data.id ?? data.paymentId;
      return {
        reference,
        status: webhookStatus(event, data.status),
        amount: readAmount(data.collectedAmount ?? data.amount),
        currency: String(data.collectedCurrency ?? data.currency ?? ""),
        providerPaymentId: typeof id === "string" ? id : undefined,
        reason: typeof data.message === "string" ? data.message : event || undefined,
      };
    },
  };
}
