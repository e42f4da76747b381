import { describe, expect, it } from "vitest";
import type { StatusAnswer, VerifiedCallback } from "./provider";
import { callbackMoneyMismatch, checkDelayMs, decidePayment, recordedCallbackOutcome, sameMoney, type PaymentState } from "./rules";

const now = new Date("2026-11-28T10:00:00Z");
const later = new Date("2026-11-28T11:00:00Z");
const earlier = new Date("2026-11-28T09:00:00Z");
const timing = { firstMs: 15_000, maxMs: 600_000 };

const pending = (over: Partial<PaymentState> = {}): PaymentState => ({
  status: "pending",
  amount: 25_000,
  currency: "TZS",
  checks: 0,
  callbackStatus: null,
  providerPaymentId: null,
  ...over,
});
const callback = (over: Partial<VerifiedCallback> = {}): VerifiedCallback => ({ reference: "R1", status: "paid", amount: 25_000, currency: "TZS", ...over });
const answer = (over: Partial<StatusAnswer> = {}): StatusAnswer => ({
  status: "paid",
  amount: 25_000,
  currency: "TZS",
  providerStatus: "SUCCESS",
  raw: {},
  ...over,
});

describe("a payment's outcome", () => {
  it("is paid only when the callback and the status query both say paid with the payment's money", () => {
    const d = decidePayment(pending(), { callback: callback({ providerPaymentId: "P9" }), answer: answer(), holdEndsAt: later, now }, timing);
    expect(d.outcome).toBe("paid");
    expect(d.changes).toMatchObject({
      status: "paid",
      nextCheckAt: null,
      failureReason: null,
      providerPaymentId: "P9",
      callbackStatus: "paid",
      lastProviderStatus: "SUCCESS",
    });
  });

  it("believes a callback stored earlier once a later query agrees", () => {
    const d = decidePayment(pending({ callbackStatus: "paid" }), { answer: answer({ providerPaymentId: "Q1" }), polled: true, holdEndsAt: later, now }, timing);
    expect(d.outcome).toBe("paid");
    expect(d.changes).toMatchObject({ status: "paid", checks: 1, providerPaymentId: "Q1" });
  });

  it("is not paid on the status query alone", () => {
    const d = decidePayment(pending(), { answer: answer(), polled: true, holdEndsAt: later, now }, timing);
    expect(d.outcome).toBe("unchanged");
    expect(d.changes?.status).toBeUndefined();
  });

  it("is not paid on the callback alone: it waits for the query, asked again soon", () => {
    const d = decidePayment(pending(), { callback: callback(), answer: answer({ status: "pending" }), holdEndsAt: later, now }, timing);
    expect(d.outcome).toBe("awaiting-confirmation");
    expect(d.changes).toMatchObject({ callbackStatus: "paid", nextCheckAt: new Date(now.getTime() + 15_000) });
  });

  it("is a query mismatch when the query says paid with other money", () => {
    const d = decidePayment(pending(), { callback: callback(), answer: answer({ amount: 1 }), holdEndsAt: later, now }, timing);
    expect(d.outcome).toBe("query-mismatch");
    expect(d.changes?.status).toBeUndefined();
  });

  it("replays a payment already paid without changing it", () => {
    expect(decidePayment(pending({ status: "paid" }), { callback: callback(), answer: null, holdEndsAt: later, now }, timing)).toEqual({
      outcome: "replay",
      changes: null,
    });
  });

  it("fails when the query says failed and the callback does not say otherwise; an expiry is expired", () => {
    const failed = decidePayment(
      pending(),
      { callback: callback({ status: "failed", reason: "declined" }), answer: answer({ status: "failed" }), holdEndsAt: later, now },
      timing,
    );
    expect(failed).toMatchObject({ outcome: "failed", failedReason: "declined", changes: { status: "failed", failureReason: "declined", nextCheckAt: null } });
    const expired = decidePayment(
      pending(),
      { answer: answer({ status: "failed", message: "Request expired" }), polled: true, holdEndsAt: later, now },
      timing,
    );
    expect(expired).toMatchObject({ outcome: "failed", changes: { status: "expired" } });
    const contradicted = decidePayment(pending(), { callback: callback(), answer: answer({ status: "failed" }), holdEndsAt: later, now }, timing);
    expect(contradicted.outcome).toBe("awaiting-confirmation");
  });

  it("leaves a payment already failed or superseded as it is", () => {
    const d = decidePayment(
      pending({ status: "cancelled" }),
      { callback: callback({ status: "failed" }), answer: answer({ status: "failed" }), holdEndsAt: later, now },
      timing,
    );
    expect(d.outcome).toBe("unchanged");
    expect(d.changes?.status).toBeUndefined();
    expect(d.changes?.nextCheckAt).toBeUndefined();
  });

  it("asks again on a backoff, never past the hold's end by more than the first wait", () => {
    const d = decidePayment(pending({ checks: 3 }), { answer: answer({ status: "pending" }), polled: true, holdEndsAt: later, now }, timing);
    expect(d.changes).toMatchObject({ checks: 4, nextCheckAt: new Date(now.getTime() + 240_000) });
    const soon = new Date(now.getTime() + 1_000);
    const capped = decidePayment(pending({ checks: 3 }), { answer: null, polled: true, holdEndsAt: soon, now }, timing);
    expect(capped.changes?.nextCheckAt).toEqual(new Date(now.getTime() + 15_000));
  });

  it("expires a pending payment once the hold is over, unless the provider reports the money taken", () => {
    const expired = decidePayment(pending(), { answer: answer({ status: "pending" }), polled: true, holdEndsAt: earlier, now }, timing);
    expect(expired).toMatchObject({ outcome: "failed", failedReason: "hold-ended", changes: { status: "expired", failureReason: "hold-ended" } });
    const taken = decidePayment(pending(), { answer: answer(), polled: true, holdEndsAt: earlier, now }, timing);
    expect(taken.outcome).toBe("unchanged");
    expect(taken.changes).toMatchObject({ nextCheckAt: null });
    expect(taken.changes?.status).toBeUndefined();
    expect(taken.notice).toMatch(/no verified callback/);
  });
});

describe("the checks around a callback", () => {
  it("compares money by amount and currency (any case)", () => {
    expect(sameMoney({ amount: 100, currency: "TZS" }, { amount: 100, currency: "tzs" })).toBe(true);
    expect(sameMoney({ amount: 100, currency: "TZS" }, { amount: 101, currency: "TZS" })).toBe(false);
    expect(sameMoney({ amount: 100, currency: "TZS" }, { amount: Number.NaN, currency: "TZS" })).toBe(false);
  });

  it("refuses a paid callback with other money, but not a failed one", () => {
    expect(callbackMoneyMismatch({ amount: 100, currency: "TZS" }, callback({ amount: 99 }))).toBe(true);
    expect(callbackMoneyMismatch({ amount: 100, currency: "TZS" }, callback({ status: "failed", amount: 99 }))).toBe(false);
  });

  it("records an unconfirmed callback as the provider unreachable when the query got no answer", () => {
    expect(recordedCallbackOutcome(null, "awaiting-confirmation")).toBe("provider-unreachable");
    expect(recordedCallbackOutcome(answer({ status: "pending" }), "awaiting-confirmation")).toBe("awaiting-confirmation");
    expect(recordedCallbackOutcome(null, "replay")).toBe("replay");
  });

  it("waits 15 s doubling to at most 10 minutes between queries", () => {
    expect([0, 1, 2, 3, 5, 6, 12].map((n) => checkDelayMs(n) / 1000)).toEqual([15, 30, 60, 120, 480, 600, 600]);
  });
});
