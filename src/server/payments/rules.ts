import type { payments } from "../db/schema";
import type { StatusAnswer, VerifiedCallback } from "./provider";

/**
 * THE RULE, as pure decisions: a payment (and with it its order) is paid only when a verified
 * callback and the provider's status query agree on the reference, the amount and the currency —
 * never because a browser, or one of the two alone, said so. The service reads the payment under
 * its row lock, asks these functions what to do, and writes what they answer.
 */

type PaymentRow = typeof payments.$inferSelect;

/** The fields of a payment a decision may change. */
export type PaymentChanges = Partial<
  Pick<
    typeof payments.$inferInsert,
    "status" | "callbackStatus" | "providerPaymentId" | "lastProviderStatus" | "checks" | "nextCheckAt" | "failureReason" | "updatedAt"
  >
>;

/** What the payment is now, as read under its row lock. */
export type PaymentState = Pick<PaymentRow, "status" | "amount" | "currency" | "checks" | "callbackStatus" | "providerPaymentId">;

export type CallbackOutcome =
  "paid" | "replay" | "awaiting-confirmation" | "failed" | "unchanged" | "unknown-reference" | "query-mismatch" | "provider-unreachable";

export interface PaymentEvidence {
  /** a verified callback just received; absent, the one stored earlier (callbackStatus) counts */
  callback?: VerifiedCallback;
  /** the provider's answer to a status query; null when it could not be asked */
  answer: StatusAnswer | null;
  /** asked by the poller (counts as one more check, and may find the hold over) */
  polled?: boolean;
  /** when the order's hold ends: past it, the shopper can no longer pay */
  holdEndsAt: Date;
  now: Date;
}

/** The backoff of status queries for a payment whose callback has not settled it. */
export interface PollTiming {
  firstMs: number;
  maxMs: number;
}

export interface PaymentDecision {
  outcome: "paid" | "replay" | "failed" | "awaiting-confirmation" | "unchanged" | "query-mismatch";
  /** what to write to the payment row; null: write nothing */
  changes: PaymentChanges | null;
  /** a failed or expired payment: why (the order side is told) */
  failedReason?: string;
  /** a line for the operator's log */
  notice?: string;
}

/** Why an attempt closes when its order's hold ended before it was paid (the order's expiry follows). */
export const HOLD_ENDED = "hold-ended";

const FIRST_CHECK_MS = 15_000;
const MAX_CHECK_MS = 10 * 60_000;
export const DEFAULT_POLL_TIMING: PollTiming = { firstMs: FIRST_CHECK_MS, maxMs: MAX_CHECK_MS };

/** The wait before the n-th status query of a payment: 15 s doubling, at most 10 minutes. */
export function checkDelayMs(checks: number, firstMs = FIRST_CHECK_MS, maxMs = MAX_CHECK_MS): number {
  return Math.min(maxMs, firstMs * 2 ** Math.min(checks, 20));
}

/** Whether a provider's figures are this payment's: the same amount (whole units) and currency. */
export const sameMoney = (p: Pick<PaymentRow, "amount" | "currency">, money: { amount: number; currency: string }) =>
  Number.isFinite(money.amount) && money.amount === p.amount && money.currency.toUpperCase() === p.currency.toUpperCase();

/**
 * A verified callback that says paid with other money than the payment's is refused outright (and
 * logged): it is not evidence of this payment at all.
 */
export const callbackMoneyMismatch = (p: Pick<PaymentRow, "amount" | "currency">, callback: VerifiedCallback): boolean =>
  callback.status === "paid" && !sameMoney(p, callback);

/**
 * The outcome a callback is recorded with: one that could not be confirmed because the provider
 * did not answer the status query says so, rather than just "awaiting confirmation".
 */
export function recordedCallbackOutcome(answer: StatusAnswer | null, outcome: PaymentDecision["outcome"]): CallbackOutcome {
  return !answer && outcome === "awaiting-confirmation" ? "provider-unreachable" : outcome;
}

/**
 * What to do with a payment given what is known of it: a verified callback (or the one stored
 * earlier) and a status answer. Paid only when both say paid with this payment's money; failed
 * only when the query says failed and no callback says otherwise; otherwise it stays as it is and
 * the provider is asked again (soon after a callback, else on the backoff) until the hold ends.
 */
export function decidePayment(p: PaymentState, evidence: PaymentEvidence, timing: PollTiming = DEFAULT_POLL_TIMING): PaymentDecision {
  if (p.status === "paid") return { outcome: "replay", changes: null };
  const { callback, answer, now, holdEndsAt } = evidence;
  const set: PaymentChanges = { updatedAt: now };
  if (callback) {
    set.callbackStatus = callback.status;
    if (callback.providerPaymentId) set.providerPaymentId = callback.providerPaymentId;
  }
  if (answer) set.lastProviderStatus = (answer.providerStatus || answer.status).slice(0, 40);
  if (evidence.polled) set.checks = p.checks + 1;

  const callbackSaysPaid = callback ? callback.status === "paid" : p.callbackStatus === "paid";
  const querySaysPaid = answer?.status === "paid" && sameMoney(p, answer);
  if (callbackSaysPaid && querySaysPaid) {
    return {
      outcome: "paid",
      changes: {
        ...set,
        status: "paid",
        nextCheckAt: null,
        failureReason: null,
        providerPaymentId: set.providerPaymentId ?? answer?.providerPaymentId ?? p.providerPaymentId,
      },
    };
  }

  const callbackSaysFailed = callback ? callback.status === "failed" : true;
  if (p.status === "pending" && answer?.status === "failed" && callbackSaysFailed) {
    const reason = (callback?.reason ?? answer.message ?? "failed").slice(0, 200);
    const status = /expire/i.test(reason) ? "expired" : "failed";
    return { outcome: "failed", changes: { ...set, status, nextCheckAt: null, failureReason: reason }, failedReason: reason };
  }

  // not settled yet: ask the provider again (soon after a callback, else on the backoff)
  // a payment already settled as failed, expired or superseded stays so (only money taken would change it)
  let outcome: PaymentDecision["outcome"] = callback && p.status === "pending" ? "awaiting-confirmation" : "unchanged";
  if (answer?.status === "paid" && !sameMoney(p, answer)) outcome = "query-mismatch";
  let notice: string | undefined;
  if (p.status === "pending") {
    const checks = set.checks ?? p.checks;
    const wait = callback ? timing.firstMs : checkDelayMs(checks, timing.firstMs, timing.maxMs);
    if (evidence.polled && now >= holdEndsAt) {
      // the hold is over: the shopper can no longer pay this order; a payment the provider
      // reports as taken without any verified callback is left pending for a person to look at
      if (answer?.status === "paid") {
        set.nextCheckAt = null;
        notice = "the provider reports it paid but no verified callback came before the hold ended; check the webhook";
      } else {
        return { outcome: "failed", changes: { ...set, status: "expired", nextCheckAt: null, failureReason: HOLD_ENDED }, failedReason: HOLD_ENDED };
      }
    } else {
      set.nextCheckAt = new Date(Math.min(now.getTime() + wait, Math.max(holdEndsAt.getTime(), now.getTime() + timing.firstMs)));
    }
  }
  return { outcome, changes: set, ...(notice ? { notice } : {}) };
}
