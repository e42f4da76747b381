import { createHmac, randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db";
import { sandboxPayments, sandboxPayouts, siteSettings } from "../db/schema";
import { DomainError } from "../errors";
import { sameSignature } from "./checksum";
import type { CallbackHeaders, DeliverCallback, PaymentAttempt, PaymentProvider, PayoutRequest, StatusAnswer, VerifiedCallback } from "./provider";

export const SANDBOX_DECISIONS = ["confirm", "decline", "expire"] as const;
export type SandboxDecision = (typeof SANDBOX_DECISIONS)[number];

/** The header that carries the sandbox callback's HMAC-SHA256 (lowercase hex) over the raw body. */
export const SANDBOX_SIGNATURE_HEADER = "x-sandbox-signature";

/**
 * Where the sandbox's signing secret lives: a row of `site_settings` that is not a setting (the
 * settings schema ignores unknown keys, so it is never answered by the settings API nor replaced by
 * a settings reset). One secret per database, made at first use: every app server on the same
 * database signs and verifies with it, and it never appears in configuration or logs.
 */
const SECRET_KEY = "payments.sandboxCallbackSecret";

const OUTCOME: Record<SandboxDecision, { status: "confirmed" | "declined" | "expired"; callback: "paid" | "failed"; reason: string | null }> = {
  confirm: { status: "confirmed", callback: "paid", reason: null },
  decline: { status: "declined", callback: "failed", reason: "declined" },
  expire: { status: "expired", callback: "failed", reason: "expired" },
};

export type SandboxRecord = typeof sandboxPayments.$inferSelect;

export interface SandboxProvider extends PaymentProvider {
  /** the sandbox's own record of a payment (what the sandbox page shows), or null */
  record(reference: string): Promise<SandboxRecord | null>;
  /** the shopper's answer to the push, then the signed callback, delivered like a provider's */
  decide(reference: string, decision: SandboxDecision): Promise<SandboxRecord>;
}

/**
 * The built-in sandbox provider: it behaves like a USSD push (or a card page) but takes no money.
 * The push "arrives" on the sandbox page, where the payment is confirmed, declined or left to
 * expire; the sandbox then signs a callback and delivers it through `deliverCallback`, into the
 * same verification and status check a real provider's callback goes through. Like a real
 * provider, it keeps the callback it owes (written in the same statement as the decision) until
 * the shop has taken it: a shop that stopped in between gets it again from `redeliverCallback`,
 * which the payments poller and a new attempt at the same order call.
 */
export function createSandboxProvider(options: {
  db: Database;
  deliverCallback: DeliverCallback;
  /** where its payout (refund) callbacks go; without it the sandbox takes no payouts */
  deliverPayoutCallback?: DeliverCallback;
  log?: (line: string) => void;
}): SandboxProvider {
  const { db } = options;
  const log = options.log ?? (() => undefined);
  let secret: Promise<string> | null = null;

  const loadSecret = async (): Promise<string> => {
    await db
      .insert(siteSettings)
      .values({ key: SECRET_KEY, value: randomBytes(32).toString("hex") })
      .onConflictDoNothing();
    const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, SECRET_KEY));
    if (typeof row?.value !== "string" || row.value.length < 32) throw new Error("the sandbox's callback secret is missing");
    return row.value;
  };
  const signingSecret = () => {
    secret ??= loadSecret().catch((error: unknown) => {
      secret = null;
      throw error;
    });
    return secret;
  };
  const sign = async (rawBody: string) =>
    createHmac("sha256", await signingSecret())
      .update(rawBody)
      .digest("hex");

  const record = async (reference: string) => (await db.select().from(sandboxPayments).where(eq(sandboxPayments.reference, reference)))[0] ?? null;

  /** Hands the recorded callback to the shop; once the shop's handler has taken it, it is no longer owed. Throws what the handler threw. */
  const deliver = async (reference: string, rawBody: string) => {
    await options.deliverCallback("sandbox", rawBody, { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: await sign(rawBody) });
    await db
      .update(sandboxPayments)
      .set({ callbackDeliveredAt: sql`now()` })
      .where(eq(sandboxPayments.reference, reference));
  };

  const payoutRecord = async (reference: string) => (await db.select().from(sandboxPayouts).where(eq(sandboxPayouts.reference, reference)))[0] ?? null;

  /** Hands a payout's recorded callback to the shop (its refunds), as `deliver` does for payments. */
  const deliverPayout = async (reference: string, rawBody: string) => {
    if (!options.deliverPayoutCallback) throw new Error("the sandbox has nowhere to send payout callbacks");
    await options.deliverPayoutCallback("sandbox", rawBody, { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: await sign(rawBody) });
    await db
      .update(sandboxPayouts)
      .set({ callbackDeliveredAt: sql`now()` })
      .where(eq(sandboxPayouts.reference, reference));
  };

  const provider: SandboxProvider = {
    name: "sandbox",
    cardAvailable: true,

    /**
     * A refund to mobile money in the sandbox: no money moves. Like a provider that pays out at
     * once, it records the payout as completed with the signed callback it owes (one write), then
     * delivers the callback; the shop still checks it against the status query before it believes it.
     */
    async payout(request: PayoutRequest) {
      if (!options.deliverPayoutCallback) throw new DomainError("payment-failed", "The payment sandbox takes no payouts here");
      const providerPayoutId = `SBXP${randomBytes(6).toString("hex").toUpperCase()}`;
      const rawBody = JSON.stringify({
        event: "sandbox.payout.completed",
        reference: request.reference,
        status: "paid",
        amount: request.amount,
        currency: request.currency,
        providerPaymentId: providerPayoutId,
        reason: null,
        sentAt: new Date().toISOString(),
      });
      await db.insert(sandboxPayouts).values({
        reference: request.reference,
        providerPayoutId,
        phone: request.phone,
        amount: request.amount,
        currency: request.currency,
        status: "completed",
        decidedAt: new Date(),
        callbackBody: rawBody,
      });
      // after the answer: the shop records the payout as sent first, as it would with a provider's webhook arriving later
      setImmediate(() => {
        deliverPayout(request.reference, rawBody).catch((error: unknown) =>
          log(
            `payout ${request.reference}: the sandbox's callback was not taken (${error instanceof Error ? error.message : String(error)}); it is delivered again later`,
          ),
        );
      });
      return { providerPayoutId };
    },

    async queryPayout(reference: string): Promise<StatusAnswer> {
      const row = await payoutRecord(reference);
      if (!row) return { status: "pending", amount: 0, currency: "", raw: null };
      const status = row.status === "completed" ? "paid" : row.status === "pending" ? "pending" : "failed";
      return {
        status,
        amount: row.amount,
        currency: row.currency,
        providerPaymentId: row.providerPayoutId,
        providerStatus: row.status,
        raw: { ...row, createdAt: row.createdAt.toISOString(), decidedAt: row.decidedAt?.toISOString() ?? null },
      };
    },

    async verifyPayoutCallback(body: unknown, rawBody: string, headers: CallbackHeaders): Promise<VerifiedCallback> {
      return provider.verifyCallback(body, rawBody, headers);
    },

    async redeliverPayoutCallback(reference: string) {
      const row = await payoutRecord(reference);
      if (!row?.callbackBody || row.callbackDeliveredAt) return false;
      await deliverPayout(reference, row.callbackBody);
      return true;
    },

    async initiate(attempt: PaymentAttempt) {
      const providerPaymentId = `SBX${randomBytes(6).toString("hex").toUpperCase()}`;
      await db.insert(sandboxPayments).values({
        reference: attempt.reference,
        providerPaymentId,
        method: attempt.method,
        wallet: attempt.wallet,
        phone: attempt.phone,
        amount: attempt.amount,
        currency: attempt.currency,
      });
      // a card payment opens the provider's page; the sandbox's page stands in for it
      return attempt.method === "card" ? { providerPaymentId, redirectUrl: sandboxPath(attempt.reference) } : { providerPaymentId };
    },

    async queryStatus(reference: string): Promise<StatusAnswer> {
      const row = await record(reference);
      if (!row) return { status: "pending", amount: 0, currency: "", raw: null };
      const status = row.status === "confirmed" ? "paid" : row.status === "pending" ? "pending" : "failed";
      return {
        status,
        amount: row.amount,
        currency: row.currency,
        providerPaymentId: row.providerPaymentId,
        providerStatus: row.status,
        message: row.status === "pending" || row.status === "confirmed" ? undefined : row.status,
        raw: { ...row, createdAt: row.createdAt.toISOString(), decidedAt: row.decidedAt?.toISOString() ?? null },
      };
    },

    async verifyCallback(_body: unknown, rawBody: string, headers: CallbackHeaders): Promise<VerifiedCallback> {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      const received = Array.isArray(header) ? header[0] : header;
      if (!received || !sameSignature(await sign(rawBody), received))
        throw new DomainError("invalid-signature", "The sandbox callback's signature is missing or wrong");
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(rawBody) as Record<string, unknown>;
      } catch {
        throw new DomainError("invalid-input", "The sandbox callback is not JSON");
      }
      const status = parsed.status;
      if (
        typeof parsed.reference !== "string" ||
        (status !== "paid" && status !== "failed") ||
        typeof parsed.amount !== "number" ||
        typeof parsed.currency !== "string"
      )
        throw new DomainError("invalid-input", "The sandbox callback is incomplete");
      return {
        reference: parsed.reference,
        status,
        amount: parsed.amount,
        currency: parsed.currency,
        providerPaymentId: typeof parsed.providerPaymentId === "string" ? parsed.providerPaymentId : undefined,
        reason: typeof parsed.reason === "string" ? parsed.reason : undefined,
      };
    },

    record,

    async decide(reference: string, decision: SandboxDecision) {
      const outcome = OUTCOME[decision];
      const pending = await record(reference);
      if (!pending) throw new DomainError("not-found", "No such sandbox payment");
      if (pending.status !== "pending") throw new DomainError("invalid-state", "This sandbox payment has already been answered");
      const rawBody = JSON.stringify({
        event: `sandbox.payment.${outcome.status}`,
        reference,
        status: outcome.callback,
        amount: pending.amount,
        currency: pending.currency,
        providerPaymentId: pending.providerPaymentId,
        reason: outcome.reason,
        sentAt: new Date().toISOString(),
      });
      // the decision and the callback it owes are one write: whatever happens next, the callback is not lost
      const [row] = await db
        .update(sandboxPayments)
        .set({ status: outcome.status, decidedAt: sql`now()`, callbackBody: rawBody })
        .where(sql`${sandboxPayments.reference} = ${reference} and ${sandboxPayments.status} = 'pending'`)
        .returning();
      if (!row) throw new DomainError("invalid-state", "This sandbox payment has already been answered");
      try {
        await deliver(reference, rawBody);
      } catch (error) {
        // as when a provider's webhook fails: the poller delivers it again
        log(
          `payment ${reference}: the sandbox's callback was not taken (${error instanceof Error ? error.message : String(error)}); it is delivered again later`,
        );
      }
      return row;
    },

    async redeliverCallback(reference: string) {
      const row = await record(reference);
      if (!row?.callbackBody || row.callbackDeliveredAt) return false;
      await deliver(reference, row.callbackBody);
      return true;
    },
  };
  return provider;
}

/** The sandbox page of a payment (the waiting screen links to it). */
export function sandboxPath(reference: string): string {
  return `/payments/sandbox/${encodeURIComponent(reference)}`;
}
