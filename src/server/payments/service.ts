import { and, desc, eq, sql } from "drizzle-orm";
import type { PaymentMethod } from "@/lib/checkout";
import type { PaymentStart, PaymentView } from "@/lib/orders";
import { normaliseTanzanianMobile } from "@/lib/phone";
import { logSecurityEvent } from "../auth/events";
import { rowsOf, withTransaction, type Database } from "../db";
import { orders, paymentCallbacks, payments } from "../db/schema";
import { DomainError, isDomainError } from "../errors";
import type { SettingsService } from "../settings/settings";
import { createClickPesaProvider, type ClickPesaOptions } from "./clickpesa";
import type { CallbackHeaders, DeliverCallback, PaymentAttempt, PaymentProvider, StatusAnswer, VerifiedCallback } from "./provider";
import { newPaymentReference } from "./reference";
import {
  callbackMoneyMismatch,
  decidePayment,
  DEFAULT_POLL_TIMING,
  HOLD_ENDED,
  recordedCallbackOutcome,
  type CallbackOutcome,
  type PaymentDecision,
} from "./rules";
import { createSandboxProvider, sandboxPath, type SandboxDecision, type SandboxProvider } from "./sandbox";

type PaymentRow = typeof payments.$inferSelect;

/** What the orders side is told when a payment is verified: inside the transaction that marks it paid. */
export interface PaidPayment {
  paymentId: number;
  reference: string;
  provider: string;
  amount: number;
  currency: string;
  /** the order's first payment (its total, or its deposit) or the balance of a deposit order */
  purpose: PaymentPurpose;
}

export type PaymentPurpose = "order" | "balance";

/** The order a payment is for, as the orders service knows it. */
export interface OrderToPay {
  id: number;
  number: string;
  /** whole shillings, VAT included: what this payment asks (the total less store credit, a deposit, or a balance) */
  total: number;
  paymentMethod: PaymentMethod;
  wallet: string | null;
  paymentPhone: string | null;
  /** "balance": the balance of an order paid by deposit (default: the order's own payment) */
  purpose?: PaymentPurpose;
}

/** Who looks at a payment: its order's owner, or an admin. */
/** Who looks at a payment: a signed-in person (the order's owner, or an admin), or the holder of the order's signed link (a guest). */
export interface PaymentViewer {
  userId: number | null;
  isAdmin?: boolean;
  /** the order a signed link opened */
  orderId?: number;
}

export interface PaymentsServiceOptions {
  db: Database;
  settings: Pick<SettingsService, "get">;
  /** ClickPesa's credentials; absent, the built-in sandbox (no money moves) takes payments */
  clickpesa?: ClickPesaOptions | null;
  /** a provider built elsewhere (tests); takes precedence over `clickpesa` and the sandbox */
  provider?: PaymentProvider;
  log?: (line: string) => void;
  /**
   * Runs in the transaction that marks a payment paid (the orders service marks its order paid,
   * issues the receipt, queues the mail). Called once per payment; a second paid payment of the
   * same order (a retry that was paid twice) calls it again, and the orders side must record it
   * for a refund rather than throw: a throw rolls the payment back and the provider retries.
   */
  onPaid: (tx: Database, orderId: number, payment: PaidPayment) => Promise<void>;
  /** after a payment failed (declined, expired): the order stays awaiting payment until its hold ends */
  onFailed?: (orderId: number, reason: string) => Promise<void>;
  /**
   * In the transaction that records an attempt as failed or expired by the provider (declined, or
   * its prompt ran out of time; not one closed because its order's hold ended, which the order's
   * expiry tells of): the shopper is told, once per attempt. A throw rolls the change back.
   */
  onAttemptFailed?: (tx: Database, orderId: number, attempt: FailedAttempt) => Promise<void>;
  /**
   * After a mobile-money push went out to the paying number: the shopper is told what it is for.
   * A failure here is logged; the payment goes on.
   */
  onPromptSent?: (prompt: SentPrompt) => Promise<void>;
  /** how the sandbox's signed callbacks reach handleCallback (the composition root: in process) */
  deliverCallback?: DeliverCallback;
  /** how the sandbox's signed payout (refund) callbacks reach the refunds service (the composition root: in process) */
  deliverPayoutCallback?: DeliverCallback;
  /** the backoff of status queries for payments whose callback has not come */
  poll?: { firstMs?: number; maxMs?: number; batch?: number };
}

/** An attempt the provider reported failed, as `onAttemptFailed` is told of it. */
export interface FailedAttempt {
  reference: string;
  provider: string;
  /** "expired": the prompt timed out before the PIN was entered */
  status: "failed" | "expired";
  reason: string;
}

/** A mobile-money push that went out, as `onPromptSent` is told of it. */
export interface SentPrompt {
  orderId: number;
  reference: string;
  provider: string;
  /** the number the push went to (E.164) */
  phone: string;
  wallet: string | null;
  amount: number;
}

/** A payment attempt as the API shows it. */
export const paymentView = (p: PaymentRow): PaymentView => ({
  reference: p.reference,
  provider: p.provider,
  method: p.method,
  wallet: p.wallet,
  phone: p.phone,
  amount: p.amount,
  currency: p.currency,
  status: p.status,
  failureReason: p.failureReason,
  createdAt: p.createdAt.toISOString(),
});

/** The reference a callback claims, for the log of a refused one (never believed; without control characters, which the database refuses). */
function claimedReference(body: unknown): string | null {
  const b = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const data = b.data && typeof b.data === "object" ? (b.data as Record<string, unknown>) : {};
  const ref = b.reference ?? data.orderReference;
  return typeof ref === "string" ? withoutControlCharacters(ref.slice(0, 64)) : null;
}

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;
const withoutControlCharacters = (text: string) => text.replace(CONTROL_CHARACTERS, "\ufffd");

/**
 * A callback as it is kept in payment_callbacks: the database's text and JSON refuse the NUL
 * character, which a hostile callback may well carry, so every string (keys too) loses its
 * control characters; the rest is kept as received.
 */
function storablePayload(value: unknown): unknown {
  if (typeof value === "string") return withoutControlCharacters(value);
  if (Array.isArray(value)) return value.map(storablePayload);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [withoutControlCharacters(key), storablePayload(inner)]));
  return value;
}

/** The providers send their callbacks as JSON, and only as JSON. */
const CALLBACK_MEDIA_TYPE = "application/json";

/** Why a callback cannot even be read: sent as another content type than JSON, or text that is not JSON. */
function unreadableCallback(rawBody: string, headers: CallbackHeaders): "unsupported-media-type" | "malformed" | null {
  const header = headers["content-type"];
  const mediaType = (Array.isArray(header) ? header[0] : header)?.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== CALLBACK_MEDIA_TYPE) return "unsupported-media-type";
  try {
    JSON.parse(rawBody);
    return null;
  } catch {
    return "malformed";
  }
}

/**
 * Payments: attempts stored before any provider is called, callbacks verified and logged, and THE
 * RULE: a payment (and with it its order) is paid only when a verified callback and the provider's
 * status query agree on the reference, the amount and the currency — never because a browser said
 * so (decided by the pure functions of rules.ts). The status change and `onPaid` happen in one transaction, under the payment row's lock, so a
 * callback and the poller arriving together cannot apply it twice.
 */
export function createPaymentsService(options: PaymentsServiceOptions) {
  const { db } = options;
  const log = options.log ?? (() => undefined);
  const firstMs = options.poll?.firstMs ?? DEFAULT_POLL_TIMING.firstMs;
  const maxMs = options.poll?.maxMs ?? DEFAULT_POLL_TIMING.maxMs;
  const batch = options.poll?.batch ?? 20;

  let sandbox: SandboxProvider | null = null;
  let provider: PaymentProvider;
  if (options.provider) provider = options.provider;
  else if (options.clickpesa) provider = createClickPesaProvider(options.clickpesa);
  else {
    const deliver = options.deliverCallback;
    if (!deliver) throw new Error("the sandbox payment provider needs deliverCallback");
    sandbox = createSandboxProvider({ db, deliverCallback: deliver, deliverPayoutCallback: options.deliverPayoutCallback, log });
    provider = sandbox;
  }
  const providers = new Map<string, PaymentProvider>([[provider.name, provider]]);

  function startOf(p: PaymentRow, redirectUrl: string | null): PaymentStart {
    const sandboxUrl = p.provider === "sandbox" ? sandboxPath(p.reference) : null;
    return {
      reference: p.reference,
      status: p.status,
      next: p.method === "card" ? "redirect" : "ussd-push",
      redirectUrl: p.method === "card" ? (redirectUrl ?? sandboxUrl) : null,
      sandboxUrl,
    };
  }

  async function recordCallback(entry: {
    provider: string;
    reference: string | null;
    verified: boolean;
    outcome: string;
    payload: unknown;
    ip: string | null;
  }) {
    await db.insert(paymentCallbacks).values({
      provider: entry.provider,
      reference: entry.reference,
      verified: entry.verified,
      outcome: entry.outcome,
      payload: storablePayload(entry.payload ?? null),
      ip: entry.ip,
    });
  }

  async function refuse(providerName: string, reason: string, reference: string | null, ip: string | null, detail: Record<string, unknown> = {}) {
    await logSecurityEvent(db, { type: "payment-callback-refused", detail: { provider: providerName, reason, reference, ...detail } }, { ip });
    log(`payment callback refused (${providerName}, ${reason}${reference ? `, ${reference}` : ""})`);
  }

  /** The hold of a payment's order: when it ends, the poller stops asking. */
  async function holdEnd(orderId: number, createdAt: Date, method: PaymentMethod): Promise<Date> {
    const [order] = await db.select({ holdUntil: orders.holdUntil }).from(orders).where(eq(orders.id, orderId));
    if (order?.holdUntil) return order.holdUntil;
    const { orderHold } = await options.settings.get();
    const minutes = method === "card" ? orderHold.cardMinutes : method === "bank_transfer" ? orderHold.bankTransferHours * 60 : orderHold.mobileMoneyMinutes;
    return new Date(createdAt.getTime() + minutes * 60_000);
  }

  /**
   * Applies what is known of a payment under its row lock: a verified callback (or the one stored
   * earlier) and a status answer, weighed by decidePayment; paid only when both say paid with this
   * payment's money.
   */
  async function apply(
    paymentId: number,
    input: { callback?: VerifiedCallback; answer: StatusAnswer | null; polled?: boolean; holdEndsAt?: Date },
  ): Promise<{ outcome: PaymentDecision["outcome"]; payment: PaymentRow; failedReason?: string }> {
    // read before the transaction: the embedded database has one connection, which the transaction holds
    const [before] = await db.select().from(payments).where(eq(payments.id, paymentId));
    if (!before) throw new DomainError("not-found", "No such payment");
    const holdEndsAt = input.holdEndsAt ?? (await holdEnd(before.orderId, before.createdAt, before.method));
    return withTransaction(db, async (tx) => {
      const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
      if (!p) throw new DomainError("not-found", "No such payment");
      const decision = decidePayment(p, { ...input, holdEndsAt, now: new Date() }, { firstMs, maxMs });
      if (decision.notice) log(`payment ${p.reference}: ${decision.notice}`);
      if (!decision.changes) return { outcome: decision.outcome, payment: p };
      const [updated] = await tx.update(payments).set(decision.changes).where(eq(payments.id, p.id)).returning();
      if (decision.outcome === "paid")
        await options.onPaid(tx, p.orderId, {
          paymentId: p.id,
          reference: p.reference,
          provider: p.provider,
          amount: p.amount,
          currency: p.currency,
          purpose: p.purpose,
        });
      // an attempt closed because the order's hold ended is not the shopper's failure: the order's expiry tells of it
      if (decision.outcome === "failed" && decision.failedReason !== HOLD_ENDED && options.onAttemptFailed)
        await options.onAttemptFailed(tx, p.orderId, {
          reference: p.reference,
          provider: p.provider,
          status: updated?.status === "expired" ? "expired" : "failed",
          reason: decision.failedReason ?? "failed",
        });
      return { outcome: decision.outcome, payment: updated!, ...(decision.failedReason ? { failedReason: decision.failedReason } : {}) };
    });
  }

  async function ask(p: Pick<PaymentRow, "reference" | "provider">): Promise<StatusAnswer | null> {
    const asked = providers.get(p.provider);
    if (!asked) return null;
    try {
      return await asked.queryStatus(p.reference);
    } catch (error) {
      log(`payment ${p.reference}: status query failed: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  /**
   * Has the provider deliver again a callback it recorded for this payment but could not hand over
   * (the sandbox, when the shop stopped between its decision and the hand-off): through the same
   * handleCallback a webhook goes through. The payment as it is afterwards when there was one.
   */
  async function redeliver(p: Pick<PaymentRow, "id" | "reference" | "provider">): Promise<PaymentRow | null> {
    const from = providers.get(p.provider);
    if (!from?.redeliverCallback) return null;
    try {
      if (!(await from.redeliverCallback(p.reference))) return null;
    } catch (error) {
      log(`payment ${p.reference}: the provider's recorded callback could not be delivered again: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
    const [after] = await db.select().from(payments).where(eq(payments.id, p.id));
    return after ?? null;
  }

  async function afterApply(result: { outcome: PaymentDecision["outcome"]; payment: PaymentRow; failedReason?: string }) {
    if (result.outcome === "failed" && options.onFailed) {
      await options.onFailed(result.payment.orderId, result.failedReason ?? "failed").catch((error: unknown) => {
        log(`payment ${result.payment.reference}: onFailed failed: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
  }

  async function ownPayment(reference: string, viewer: PaymentViewer) {
    const [row] = await db
      .select({ payment: payments, orderNumber: orders.number, orderStatus: orders.status, userId: orders.userId, orderId: orders.id })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(payments.reference, reference));
    const mine =
      row && (viewer.isAdmin || (viewer.userId !== null && row.userId === viewer.userId) || (viewer.orderId !== undefined && row.orderId === viewer.orderId));
    // someone else's payment answers like a missing one
    if (!row || !mine) throw new DomainError("not-found", "No such payment");
    return row;
  }

  let timer: NodeJS.Timeout | null = null;
  let polling: Promise<unknown> | null = null;

  const service = {
    /** the provider new payments go to ("sandbox" or "clickpesa") */
    providerName: provider.name,
    /** whether card payments can be offered (offeredPaymentMethods(settings, cardAvailable)) */
    cardAvailable: provider.cardAvailable,
    /** the provider itself: refunds send mobile money back through its payout calls */
    provider,

    /**
     * Asks the order's money of the provider (a USSD push, a card page) or, for bank transfer, tells
     * the shopper to pay against the pro-forma invoice. A pending attempt with the same method,
     * wallet, number and amount is answered again instead of pushing (and charging) twice; one with
     * other details is superseded. The reference is stored before the provider is called, so its
     * callback always finds the attempt. A pending attempt whose provider has a callback for it
     * still to deliver gets it first: an attempt the provider already answered is settled, never
     * handed back unchanged nor superseded (its money may have been taken).
     */
    async start(order: OrderToPay): Promise<PaymentStart> {
      if (order.paymentMethod === "bank_transfer")
        return { reference: order.number, status: "pending", next: "bank-transfer", redirectUrl: null, sandboxUrl: null };
      const waiting = await db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.status, "pending")));
      for (const p of waiting) {
        const settled = await redeliver(p);
        if (settled?.status === "paid") return startOf(settled, null);
      }
      if (order.paymentMethod === "card" && !provider.cardAvailable) throw new DomainError("payment-failed", "Card payments are not available");
      let phone: string | null = null;
      if (order.paymentMethod === "mobile_money") {
        phone = order.paymentPhone ? normaliseTanzanianMobile(order.paymentPhone) : null;
        if (!phone) throw new DomainError("invalid-input", "A Tanzanian mobile number is needed for mobile money", { field: "phone" });
      }
      const wallet = order.paymentMethod === "mobile_money" ? (order.wallet ?? null) : null;
      const purpose = order.purpose ?? "order";
      const attempt: Omit<PaymentAttempt, "reference"> = {
        orderNumber: order.number,
        method: order.paymentMethod,
        amount: order.total,
        currency: "TZS",
        wallet,
        phone,
      };

      const chosen = await withTransaction(db, async (tx) => {
        // one attempt at a time per order: a double click waits for the first
        await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for("update");
        const pending = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.orderId, order.id), eq(payments.status, "pending")))
          .orderBy(desc(payments.id));
        const same = pending.find(
          (p) =>
            p.provider === provider.name &&
            p.method === attempt.method &&
            p.wallet === attempt.wallet &&
            p.phone === attempt.phone &&
            p.amount === attempt.amount &&
            p.currency === attempt.currency &&
            p.purpose === purpose,
        );
        if (same) return { existing: same };
        if (pending.length)
          await tx
            .update(payments)
            .set({ status: "cancelled", failureReason: "superseded", nextCheckAt: null, updatedAt: new Date() })
            .where(and(eq(payments.orderId, order.id), eq(payments.status, "pending")));
        for (let tries = 0; tries < 5; tries++) {
          const [created] = await tx
            .insert(payments)
            .values({
              orderId: order.id,
              provider: provider.name,
              reference: newPaymentReference(order.number),
              method: attempt.method,
              wallet: attempt.wallet,
              phone: attempt.phone,
              amount: attempt.amount,
              currency: attempt.currency,
              purpose,
              nextCheckAt: new Date(Date.now() + firstMs),
            })
            .onConflictDoNothing({ target: payments.reference })
            .returning();
          if (created) return { created };
        }
        throw new Error("no unique payment reference after five tries");
      });
      if (chosen.existing) return startOf(chosen.existing, null);

      const row = chosen.created!;
      try {
        const started = await provider.initiate({ ...attempt, reference: row.reference });
        const [updated] = await db
          .update(payments)
          .set({ providerPaymentId: started.providerPaymentId ?? null, updatedAt: new Date() })
          .where(eq(payments.id, row.id))
          .returning();
        if (row.method === "mobile_money" && row.phone)
          await options
            .onPromptSent?.({ orderId: order.id, reference: row.reference, provider: row.provider, phone: row.phone, wallet: row.wallet, amount: row.amount })
            .catch((error: unknown) =>
              log(`payment ${row.reference}: the prompt's message was not queued: ${error instanceof Error ? error.message : String(error)}`),
            );
        return startOf(updated ?? row, started.redirectUrl ?? null);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await db
          .update(payments)
          .set({ status: "failed", failureReason: reason.slice(0, 200), nextCheckAt: null, updatedAt: new Date() })
          .where(eq(payments.id, row.id));
        log(`payment ${row.reference}: the provider refused it: ${reason}`);
        if (isDomainError(error) && error.code === "payment-failed") throw error;
        throw new DomainError("payment-failed", "The payment could not be started; please try again");
      }
    },

    /**
     * A provider's callback: read (one sent as another content type than JSON, or whose text is
     * not JSON, is refused), verified (a forged or tampered one is refused), matched to its
     * attempt, checked against a status query, applied. Every refusal is logged and recorded in
     * the security log, and every callback, refused or not, is kept in payment_callbacks. A
     * replay changes nothing.
     */
    async handleCallback(
      providerName: string,
      body: unknown,
      rawBody: string,
      headers: CallbackHeaders,
      ip: string | null,
    ): Promise<{ outcome: CallbackOutcome; reference: string | null }> {
      const from = providers.get(providerName);
      if (!from) throw new DomainError("not-found", "This payment provider is not in use");
      const payload = body ?? { raw: rawBody.slice(0, 10_000) };
      const unreadable = unreadableCallback(rawBody, headers);
      if (unreadable) {
        const contentType = headers["content-type"];
        await recordCallback({ provider: providerName, reference: null, verified: false, outcome: unreadable, payload: { raw: rawBody.slice(0, 10_000) }, ip });
        await refuse(providerName, unreadable, null, ip, { contentType: (Array.isArray(contentType) ? contentType[0] : contentType)?.slice(0, 100) ?? null });
        if (unreadable === "malformed") throw new DomainError("invalid-input", "A payment callback must be a JSON document");
        throw new DomainError("unsupported-media-type", "A payment callback must be sent as application/json");
      }
      let callback: VerifiedCallback;
      try {
        callback = await from.verifyCallback(body, rawBody, headers);
      } catch (error) {
        const reference = claimedReference(body);
        const code = isDomainError(error) ? error.code : "internal";
        await recordCallback({
          provider: providerName,
          reference,
          verified: false,
          outcome: code === "invalid-signature" ? "invalid-signature" : "malformed",
          payload,
          ip,
        });
        if (code === "invalid-signature") await refuse(providerName, "invalid-signature", reference, ip);
        throw error;
      }
      const reference = callback.reference;
      const [p] = await db.select().from(payments).where(eq(payments.reference, reference));
      if (!p || p.provider !== providerName) {
        // a payment of the provider's account that is not one of the shop's attempts: noted, ignored
        await recordCallback({ provider: providerName, reference, verified: true, outcome: "unknown-reference", payload, ip });
        return { outcome: "unknown-reference", reference };
      }
      if (callbackMoneyMismatch(p, callback)) {
        await recordCallback({ provider: providerName, reference, verified: true, outcome: "amount-mismatch", payload, ip });
        await refuse(providerName, "amount-mismatch", reference, ip, {
          expected: { amount: p.amount, currency: p.currency },
          received: { amount: callback.amount, currency: callback.currency },
        });
        throw new DomainError("invalid-state", "The callback's amount or currency is not the payment's");
      }
      const answer = p.status === "paid" ? null : await ask(p);
      const result = p.status === "paid" ? { outcome: "replay" as const, payment: p } : await apply(p.id, { callback, answer });
      const outcome = recordedCallbackOutcome(answer, result.outcome);
      await recordCallback({ provider: providerName, reference, verified: true, outcome, payload, ip });
      await afterApply(result);
      return { outcome, reference };
    },

    /**
     * Asks the provider about pending payments whose callback has not settled them, on a backoff
     * (15 s doubling to 10 minutes), until their order's hold ends; a provider that recorded a
     * callback for one but could not deliver it (the sandbox, after the shop stopped) delivers it
     * again first. Each due payment is leased first (SKIP LOCKED), so several app servers polling
     * at once ask about each payment once.
     */
    async pollDue(): Promise<{ checked: number; paid: number; failed: number }> {
      const leased = rowsOf<{ id: number }>(
        await db.execute(sql`
          update payments set next_check_at = now() + interval '2 minutes'
          where id in (
            select id from payments
            where status = 'pending' and next_check_at is not null and next_check_at <= now()
            order by next_check_at
            limit ${batch}
            for update skip locked)
          returning id`),
      );
      let paid = 0;
      let failed = 0;
      for (const { id } of leased) {
        const [p] = await db.select().from(payments).where(eq(payments.id, id));
        if (!p || p.status !== "pending") continue;
        // a callback the provider recorded but never handed over is delivered first, as a provider retries its webhook
        const redelivered = await redeliver(p);
        if (redelivered && redelivered.status !== "pending") {
          if (redelivered.status === "paid") paid++;
          else failed++;
          continue;
        }
        const holdEndsAt = await holdEnd(p.orderId, p.createdAt, p.method);
        const answer = await ask(p);
        const result = await apply(p.id, { answer, polled: true, holdEndsAt });
        if (result.outcome === "paid") paid++;
        if (result.outcome === "failed") failed++;
        await afterApply(result);
      }
      return { checked: leased.length, paid, failed };
    },

    /** The latest attempt to pay an order, or null. */
    async latest(orderId: number): Promise<PaymentView | null> {
      const [p] = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id)).limit(1);
      return p ? paymentView(p) : null;
    },

    /** A payment for the waiting screen: only its order's owner (or an admin) sees it. */
    async status(reference: string, viewer: PaymentViewer): Promise<{ payment: PaymentView; orderNumber: string; orderStatus: string }> {
      const row = await ownPayment(reference, viewer);
      return { payment: paymentView(row.payment), orderNumber: row.orderNumber, orderStatus: row.orderStatus };
    },

    /** The sandbox page's view of a payment (its owner's or an admin's), with the sandbox's own record. */
    async sandboxPayment(reference: string, viewer: PaymentViewer) {
      if (!sandbox) throw new DomainError("not-found", "The payment sandbox is not in use");
      const row = await ownPayment(reference, viewer);
      const record = await sandbox.record(reference);
      if (!record || row.payment.provider !== "sandbox") throw new DomainError("not-found", "No such sandbox payment");
      return {
        payment: paymentView(row.payment),
        orderNumber: row.orderNumber,
        sandboxStatus: record.status,
        decidedAt: record.decidedAt?.toISOString() ?? null,
      };
    },

    /** The shopper's answer on the sandbox page (as if on the phone): the sandbox then calls back. */
    async sandboxDecide(reference: string, decision: SandboxDecision, viewer: PaymentViewer): Promise<PaymentView> {
      if (!sandbox) throw new DomainError("not-found", "The payment sandbox is not in use");
      await ownPayment(reference, viewer);
      await sandbox.decide(reference, decision);
      const [p] = await db.select().from(payments).where(eq(payments.reference, reference));
      return paymentView(p!);
    },

    /** Starts the poller (unref'd: it never keeps the process alive). */
    startPoller(intervalMs = 5_000): void {
      if (timer) return;
      if (provider.name === "sandbox")
        log("payments: the built-in sandbox takes payments (no money moves); set the CLICKPESA_* variables to take real payments");
      timer = setInterval(() => {
        if (polling) return;
        polling = service
          .pollDue()
          .catch((error: unknown) => log(`payment poller failed: ${error instanceof Error ? error.message : String(error)}`))
          .finally(() => {
            polling = null;
          });
      }, intervalMs);
      timer.unref();
    },

    /** Stops the poller and waits for a round under way. */
    async stopPoller(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await polling;
    },
  };
  return service;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
