import { createHash } from "node:crypto";
import { and, asc, desc, eq, inArray, lte, notInArray, sql } from "drizzle-orm";
import { amountPaidOf } from "@/lib/back-orders";
import { coinExpiry } from "@/lib/coins";
import type { OrderStatus } from "@/lib/checkout";
import { formatMoney } from "@/lib/money";
import {
  orderStatusAfterRefunds,
  planRefund,
  refundable,
  refundMethodsFor,
  RefundRefusal,
  type CreditNoteView,
  type RefundableOrder,
  type RefundableSummary,
  type RefundInput,
  type RefundMeta,
  type RefundView,
} from "@/lib/refunds";
import { gsmFriendly } from "@/lib/sms/encoding";
import { logSecurityEvent } from "../auth/events";
import { rowsOf, withTransaction, type Database } from "../db";
import { coinEntries, creditNotes, orderEvents, orderLines, orders, paymentCallbacks, refundLines, refunds } from "../db/schema";
import { DomainError, isDomainError } from "../errors";
import { translator } from "../i18n";
import type { MailService } from "../mail/outbox";
import type { NotifyService } from "../notify/outbox";
import type { SignedLinks } from "../notify/signed-links";
import type { CallbackHeaders, PaymentProvider } from "../payments/provider";
import { newPaymentReference } from "../payments/reference";
import { isTestOrder } from "../payments/test-orders";
import { coinBalanceOf, lockCoinAccount } from "../rewards/ledger";
import { getSiteSettings } from "../settings/settings";
import { issueCreditNote, type RefundRow } from "./credit-notes";
import { creditRefund, storeCreditHistory } from "./store-credit";
import type { DocumentViewer, PdfDocument } from "../documents/documents";
import { settingsIn } from "../documents/order-data";
import { creditNotePdf } from "../documents/pdf";
import { isLocale, type Locale } from "@/lib/locale";

export type { RefundActor, RefundInput, RefundLineInput, RefundMeta, RefundMethod, RefundStatus, RefundView, CreditNoteView } from "@/lib/refunds";

type OrderRow = typeof orders.$inferSelect;

export interface RefundsOptions {
  db: Database;
  /** the payment provider: mobile money goes back through its payout calls */
  provider: () => PaymentProvider;
  notify: NotifyService;
  mail: MailService;
  links: Pick<SignedLinks, "orderLink">;
  siteUrl: URL;
  /** the backoff of payout status queries while a refund is pending at the provider */
  poll?: { firstMs?: number; maxMs?: number; batch?: number };
  log?: (line: string) => void;
  now?: () => Date;
}

/** Statuses that count against what is left to refund: everything but a failed refund. */
const STANDING = ["requested", "pending", "completed"] as const;

const refused = (error: RefundRefusal) => new DomainError("refund-refused", error.message, { reason: error.reason, ...error.details });

/** The request a key stands for: a key sent again with another request is refused (idempotency-conflict). */
function requestHash(input: RefundInput): string {
  const canonical = {
    lines: [...(input.lines ?? [])].map((l) => [l.orderLineId, l.quantity]).sort((a, b) => a[0]! - b[0]!),
    amount: input.amount ?? null,
    method: input.method,
    reason: input.reason.trim(),
    bankReference: input.bankReference?.trim() || null,
    includeDelivery: input.includeDelivery === true,
    returnFare: input.returnFare ?? 0,
    returnId: input.returnId ?? null,
  };
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

/**
 * Refunds of paid orders: by line or by amount, never more than was paid (the order row is locked
 * while what is refunded already is summed, so two refunds at once cannot both pass), with a
 * credit note once the money went back. The money goes back by the route that took it: mobile
 * money through the provider's payout (completed only when its signed callback and a status query
 * agree, as payments are), a bank transfer recorded with its reference, cash or mobile money paid
 * at the door recorded by staff, or store credit on the shopper's account.
 */
export function createRefundsService(options: RefundsOptions) {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => undefined);
  const firstMs = options.poll?.firstMs ?? 15_000;
  const maxMs = options.poll?.maxMs ?? 15 * 60_000;
  const batch = options.poll?.batch ?? 20;
  let timer: NodeJS.Timeout | null = null;
  let polling: Promise<unknown> | null = null;

  /** An order's refunds as the rules see them: what each line, the delivery and the coins gave back so far. */
  async function refundableState(tx: Database, order: OrderRow): Promise<RefundableOrder> {
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
    const standing = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), inArray(refunds.status, [...STANDING])));
    const ids = standing.map((r) => r.id);
    const given = ids.length ? await tx.select().from(refundLines).where(inArray(refundLines.refundId, ids)) : [];
    const [earned] = await tx
      .select({ delta: coinEntries.delta })
      .from(coinEntries)
      .where(and(eq(coinEntries.orderId, order.id), eq(coinEntries.reason, "earned")));
    const amountByRate: Record<number, number> = {};
    for (const g of given.filter((x) => x.kind === "amount")) amountByRate[g.vatRateBp] = (amountByRate[g.vatRateBp] ?? 0) + g.gross;
    const sum = (rows: typeof given, pick: (row: (typeof given)[number]) => number) => rows.reduce((s, r) => s + pick(r), 0);
    const delivery = given.filter((x) => x.kind === "delivery");
    return {
      paid: amountPaidOf(order),
      paidWithStoreCredit: order.storeCreditSpent,
      deliveryFee: order.deliveryFee,
      deliveryVat: order.deliveryVat,
      coinsSpent: order.coinsSpent,
      coinsEarned: earned?.delta ?? 0,
      lines: lines.map((l) => {
        const mine = given.filter((g) => g.kind === "line" && g.orderLineId === l.id);
        return {
          id: l.id,
          name: l.name,
          sku: l.sku,
          quantity: l.quantity,
          gross: l.gross,
          vat: l.vat,
          vatRateBp: l.vatRateBp,
          refundedQuantity: sum(mine, (g) => g.quantity),
          refundedGross: sum(mine, (g) => g.gross),
          refundedVat: sum(mine, (g) => g.vat),
        };
      }),
      refunded: standing.reduce((s, r) => s + r.goods + r.delivery, 0),
      refundedOutsideStoreCredit: standing.filter((r) => r.method !== "store_credit").reduce((s, r) => s + r.goods + r.delivery, 0),
      deliveryRefunded: sum(delivery, (g) => g.gross),
      deliveryVatRefunded: sum(delivery, (g) => g.vat),
      amountRefundedByRate: amountByRate,
      coinsReturned: standing.reduce((s, r) => s + r.coinsReturned, 0),
      coinsReversed: standing.reduce((s, r) => s + r.coinsReversed, 0),
    };
  }

  /** The status an order had before any refund (a refund that fails gives it back). */
  async function statusBeforeRefunds(tx: Database, orderId: number, current: OrderStatus): Promise<OrderStatus> {
    const [event] = await tx
      .select({ status: orderEvents.status })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), notInArray(orderEvents.status, ["refunded", "partly_refunded"])))
      .orderBy(desc(orderEvents.at), desc(orderEvents.id))
      .limit(1);
    return event?.status ?? current;
  }

  /** Sets the order's status from its standing refunds, with a timeline entry for the refund's step. */
  async function settleOrderStatus(tx: Database, orderId: number, note: string, actorUserId: number | null) {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return;
    const state = await refundableState(tx, order);
    const before = await statusBeforeRefunds(tx, order.id, order.status);
    const next = orderStatusAfterRefunds(order.status, before, state.paid, state.refunded);
    if (next !== order.status)
      await tx
        .update(orders)
        .set({ status: next, updatedAt: sql`now()` })
        .where(eq(orders.id, order.id));
    await tx.insert(orderEvents).values({ orderId: order.id, status: next, actor: actorUserId ? "admin" : "system", actorUserId, note });
  }

  /** The shopper is told the money went back (SMS, and e-mail where the order has an address), once per refund. */
  async function tellShopper(tx: Database, refund: RefundRow, order: OrderRow, creditNote: { number: string; receiptNumber: string | null } | null) {
    const test = await isTestOrder(tx, order.id);
    const link = await options.links.orderLink(order.id, tx);
    const amount = formatMoney(refund.amount);
    const sms = translator(order.locale, "sms");
    const text = gsmFriendly(
      test ? sms("refundedTest", { number: order.number, amount, link }) : sms("refunded", { number: order.number, amount, method: refund.method, link }),
    );
    const key = `refund:${order.number}:${refund.number}`;
    await options.notify.enqueue(
      { to: order.phone, event: "order-refunded", orderId: order.id, userId: order.userId, locale: order.locale, channel: "sms", text },
      { dedupeKey: `${key}:sms`, tx },
    );
    if (!order.email) return;
    // a guest has no account to sign in to: its credit note is on the page its signed link opens
    const guest = order.userId === null;
    const t = translator(order.locale, "orderMail");
    const paragraphs = [
      t("greeting", { name: order.fullName }),
      t("refunded.intro", { amount, number: order.number, method: refund.method, reference: refund.bankReference ?? "" }),
    ];
    if (creditNote)
      paragraphs.push(
        t("refunded.creditNote", {
          creditNote: creditNote.number,
          receipt: creditNote.receiptNumber ?? "-",
          link: guest ? link : new URL(creditNotePath(order.number, creditNote.number), options.siteUrl).toString(),
        }),
      );
    if (test) paragraphs.push(t("refunded.test"));
    paragraphs.push(t("orderLink", { link: guest ? link : new URL(`/account/orders/${encodeURIComponent(order.number)}`, options.siteUrl).toString() }));
    await options.mail.enqueue(
      { to: order.email, subject: t("refunded.subject", { number: order.number }), text: `${paragraphs.join("\n\n")}\n` },
      { kind: "order-refunded", dedupeKey: key, quota: false, tx },
    );
  }

  /**
   * Completes a refund in the caller's transaction: the coins (spent ones back, earned ones taken
   * back, in proportion), the store credit, the credit note, the order's status and the message.
   * Once: a refund already completed or failed is left as it is.
   */
  async function completeInTx(tx: Database, refundId: number, note: { providerStatus?: string } = {}): Promise<void> {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for("update");
    if (!refund || refund.status === "completed" || refund.status === "failed") return;
    const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId));
    if (!order) return;
    const at = now();
    let coinsReversed = refund.coinsReversed;
    if (order.userId && (refund.coinsReturned > 0 || refund.coinsReversed > 0)) {
      const rule = (await getSiteSettings(db, tx)).loyalty;
      await lockCoinAccount(tx, order.userId);
      if (refund.coinsReturned > 0)
        await tx
          .insert(coinEntries)
          .values({
            userId: order.userId,
            orderId: order.id,
            refundId: refund.id,
            delta: refund.coinsReturned,
            reason: "refunded",
            createdAt: at,
            expiresAt: coinExpiry(at, rule.expiryMonths),
          })
          .onConflictDoNothing();
      if (refund.coinsReversed > 0) {
        // coins already spent elsewhere cannot be taken back: as much as is left of them
        coinsReversed = Math.min(refund.coinsReversed, await coinBalanceOf(tx, order.userId, at));
        if (coinsReversed > 0)
          await tx
            .insert(coinEntries)
            .values({ userId: order.userId, orderId: order.id, refundId: refund.id, delta: -coinsReversed, reason: "reversed", createdAt: at })
            .onConflictDoNothing();
      }
    }
    if (refund.method === "store_credit") {
      if (!order.userId) throw new DomainError("store-credit-unavailable", "Store credit needs an account; this order has none");
      await creditRefund(tx, order.userId, refund.amount, refund.id, order.id);
    }
    await tx
      .update(refunds)
      .set({
        status: "completed",
        completedAt: at,
        coinsReversed,
        lastProviderStatus: note.providerStatus ?? refund.lastProviderStatus,
        nextCheckAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(refunds.id, refund.id));
    await settleOrderStatus(tx, order.id, `refund-completed:${refund.number}`, refund.actorUserId);
    // the credit note's counter is taken as late as the transaction allows (its row stays locked to the commit)
    const creditNote = refund.goods + refund.delivery > 0 ? await issueCreditNote(tx, { ...refund, status: "completed" }, at) : null;
    await tellShopper(tx, refund, order, creditNote);
  }

  /** A refund the provider refused or failed: nothing went back; it no longer counts against the order. */
  async function failInTx(tx: Database, refundId: number, reason: string, providerStatus?: string): Promise<void> {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for("update");
    if (!refund || refund.status === "completed" || refund.status === "failed") return;
    await tx
      .update(refunds)
      .set({
        status: "failed",
        failureReason: reason.slice(0, 500),
        lastProviderStatus: providerStatus ?? refund.lastProviderStatus,
        nextCheckAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(refunds.id, refund.id));
    await settleOrderStatus(tx, refund.orderId, `refund-failed:${refund.number}`, refund.actorUserId);
  }

  /** Sends a requested mobile-money refund to the provider; a refusal fails the refund (and is not thrown). */
  async function dispatch(refundId: number): Promise<void> {
    const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId));
    if (!refund || refund.status !== "requested" || !refund.providerReference) return;
    const [order] = await db.select({ number: orders.number }).from(orders).where(eq(orders.id, refund.orderId));
    const provider = options.provider();
    try {
      if (!provider.payout) throw new DomainError("payment-failed", `The payment provider (${provider.name}) cannot send money to mobile money`);
      const sent = await provider.payout({
        reference: refund.providerReference,
        orderNumber: order?.number ?? "",
        amount: refund.amount,
        currency: "TZS",
        phone: refund.payoutPhone ?? "",
      });
      await db
        .update(refunds)
        .set({
          status: "pending",
          providerPayoutId: sent.providerPayoutId ?? null,
          nextCheckAt: new Date(now().getTime() + firstMs),
          updatedAt: sql`now()`,
        })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, "requested")));
    } catch (error) {
      if (!isDomainError(error) || error.code !== "payment-failed") throw error;
      log(`refund ${refund.providerReference}: the provider refused the payout (${error.message})`);
      await withTransaction(db, (tx) => failInTx(tx, refund.id, error.message));
    }
  }

  /**
   * Believes a payout only when the provider's status query agrees with the verified callback on
   * the outcome and the amount: then the refund is completed; a query that says failed fails it;
   * anything else leaves it pending for the poller.
   */
  async function settle(refundId: number): Promise<"completed" | "failed" | "pending"> {
    const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId));
    if (!refund?.providerReference) return "pending";
    if (refund.status === "completed" || refund.status === "failed") return refund.status;
    const provider = options.provider();
    if (!provider.queryPayout) return "pending";
    const answer = await provider.queryPayout(refund.providerReference);
    const agreed = answer.status === "paid" && refund.callbackStatus === "paid" && answer.amount === refund.amount && answer.currency === "TZS";
    if (agreed) {
      await withTransaction(db, (tx) => completeInTx(tx, refund.id, { providerStatus: answer.providerStatus }));
      return "completed";
    }
    if (answer.status === "failed") {
      await withTransaction(db, (tx) => failInTx(tx, refund.id, answer.message ?? answer.providerStatus ?? "failed", answer.providerStatus));
      return "failed";
    }
    const checks = refund.checks + 1;
    await db
      .update(refunds)
      .set({
        checks,
        lastProviderStatus: answer.providerStatus ?? refund.lastProviderStatus,
        nextCheckAt: new Date(now().getTime() + Math.min(maxMs, firstMs * 2 ** Math.min(checks, 16))),
        updatedAt: sql`now()`,
      })
      .where(eq(refunds.id, refund.id));
    return "pending";
  }

  /** The order of a document request, or not-found (also when the viewer may not see it: its existence is not revealed). */
  async function orderForViewer(orderNumber: string, viewer: DocumentViewer): Promise<OrderRow> {
    const [order] = await db.select().from(orders).where(eq(orders.number, orderNumber));
    const allowed = order && (viewer.admin || (viewer.userId !== null && order.userId === viewer.userId) || viewer.orderId === order.id);
    if (!order || !allowed) throw new DomainError("not-found", "Order not found");
    return order;
  }

  async function creditNotesOf(refundIds: number[]) {
    return refundIds.length ? db.select().from(creditNotes).where(inArray(creditNotes.refundId, refundIds)) : [];
  }

  /** Refunds as the API answers them, oldest first. */
  async function viewsOf(rows: RefundRow[]): Promise<RefundView[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const lines = await db.select().from(refundLines).where(inArray(refundLines.refundId, ids)).orderBy(asc(refundLines.id));
    const notes = await creditNotesOf(ids);
    const orderIds = [...new Set(rows.map((r) => r.orderId))];
    const owners = await db.select({ id: orders.id, number: orders.number }).from(orders).where(inArray(orders.id, orderIds));
    const tests = new Map<number, boolean>();
    for (const id of orderIds) tests.set(id, await isTestOrder(db, id));
    return rows.map((r) => {
      const number = owners.find((o) => o.id === r.orderId)?.number ?? "";
      const note = notes.find((n) => n.refundId === r.id);
      const creditNote: CreditNoteView | null = note
        ? {
            number: note.number,
            receiptNumber: note.receiptNumber,
            issuedAt: note.issuedAt.toISOString(),
            fiscal: note.fiscalConfirmedAt !== null && !note.test,
            test: note.test,
            gross: note.totals.gross,
            vat: note.totals.vat,
            net: note.totals.net,
            rates: note.totals.rates,
            pdfPath: creditNotePath(number, note.number),
          }
        : null;
      return {
        id: r.id,
        orderId: r.orderId,
        orderNumber: number,
        number: r.number,
        amount: r.amount,
        method: r.method,
        status: r.status,
        reason: r.reason,
        lines: lines
          .filter((l) => l.refundId === r.id)
          .map((l) => ({
            orderLineId: l.orderLineId ?? 0,
            kind: l.kind,
            name: l.name,
            sku: l.sku,
            quantity: l.quantity,
            vatRateBp: l.vatRateBp,
            gross: l.gross,
            vat: l.vat,
            net: l.net,
          })),
        delivery: r.delivery,
        returnFare: r.returnFare,
        coinsReturned: r.coinsReturned,
        coinsReversed: r.coinsReversed,
        bankReference: r.bankReference,
        providerReference: r.providerReference,
        returnId: r.returnId,
        actorEmail: r.actorEmail,
        createdAt: r.createdAt.toISOString(),
        completedAt: r.completedAt?.toISOString() ?? null,
        failureReason: r.failureReason,
        creditNote,
        test: tests.get(r.orderId) ?? false,
      };
    });
  }

  async function viewOf(refundId: number): Promise<RefundView> {
    const rows = await db.select().from(refunds).where(eq(refunds.id, refundId));
    const [view] = await viewsOf(rows);
    if (!view) throw new DomainError("not-found", "Refund not found");
    return view;
  }

  /** Refuses what the input itself gets wrong, before anything is locked. */
  function checkInput(input: RefundInput, opts: { referenceOptional?: boolean }) {
    const invalid = (field: string, message: string) => new DomainError("validation", message, { field, reason: field });
    if (!input.reason?.trim()) throw invalid("reason", "Say why the money is refunded");
    if (input.reason.trim().length > 500) throw invalid("reason", "The reason is at most 500 characters");
    if (!input.idempotencyKey?.trim() || input.idempotencyKey.length > 200) throw invalid("idempotencyKey", "A refund needs an idempotency key");
    if (input.returnFare !== undefined && (!Number.isInteger(input.returnFare) || input.returnFare < 0 || input.returnFare > 10_000_000))
      throw invalid("returnFare", "The return fare is a whole number of shillings");
    // the shop itself (a back-order refunded automatically) asks for the transfer; a person makes it and records its reference
    if (input.method === "bank_transfer" && !input.bankReference?.trim() && !opts.referenceOptional && !("system" in input.actor))
      throw new DomainError("refund-refused", "A bank transfer refund is recorded with the bank's reference of the transfer", {
        reason: "bank-reference-required",
        field: "bankReference",
      });
  }

  /** Refuses a method the order's payment cannot take back (see refundMethodsFor). */
  function checkMethod(order: OrderRow, input: RefundInput) {
    if (input.method === "store_credit" && order.userId === null)
      throw new DomainError(
        "store-credit-unavailable",
        `Order ${order.number} was placed as a guest: store credit needs an account. Refund it by the route it was paid.`,
      );
    const allowed = refundMethodsFor({ paymentMethod: order.paymentMethod, hasAccount: order.userId !== null });
    if (allowed.includes(input.method)) return;
    if (order.paymentMethod === "card")
      throw new DomainError(
        "refund-refused",
        "Card payments cannot be refunded through the payment provider here: refund as store credit, or by hand outside the shop",
        {
          reason: "card-not-refundable",
          field: "method",
        },
      );
    throw new DomainError(
      "refund-refused",
      `An order paid by ${order.paymentMethod.replace(/_/g, " ")} is refunded by ${allowed.join(" or ").replace(/_/g, " ")}`,
      {
        reason: "method-not-allowed",
        field: "method",
      },
    );
  }

  /** A refund (see `create`); the old admin action records a bank transfer without a reference (its note may be empty). */
  async function createRefund(input: RefundInput, meta: RefundMeta, opts: { referenceOptional?: boolean }): Promise<RefundView> {
    checkInput(input, opts);
    const hash = requestHash(input);
    const actorUserId = "userId" in input.actor ? input.actor.userId : null;
    const actorEmail = "email" in input.actor ? input.actor.email : null;
    const outcome = await withTransaction(db, async (tx) => {
      // the order row's lock makes a second refund of the same order wait, then count this one
      const [order] = await tx.select().from(orders).where(eq(orders.number, input.orderNumber)).for("update");
      if (!order) throw new DomainError("not-found", "Order not found");
      const [existing] = await tx
        .select()
        .from(refunds)
        .where(and(eq(refunds.orderId, order.id), eq(refunds.idempotencyKey, input.idempotencyKey)));
      if (existing) {
        if (existing.requestHash !== hash) throw new DomainError("idempotency-conflict", "This Idempotency-Key was used for another refund of this order");
        return { id: existing.id, dispatch: false };
      }
      checkMethod(order, input);
      if (input.method === "store_credit" && (await isTestOrder(tx, order.id)))
        throw new DomainError("refund-refused", "A test order was paid in the payment sandbox (no money came in): it cannot become store credit", {
          reason: "test-order",
          field: "method",
        });
      const state = await refundableState(tx, order);
      let plan;
      try {
        plan = planRefund(state, {
          lines: input.lines,
          amount: input.amount,
          includeDelivery: input.includeDelivery,
          returnFare: input.returnFare,
          storeCredit: input.method === "store_credit",
          // a cancelled or refused order's coins were settled when it ended
          settleCoins: order.userId !== null && order.status !== "cancelled" && order.status !== "refused",
        });
      } catch (error) {
        if (error instanceof RefundRefusal) throw refused(error);
        throw error;
      }
      const [{ next }] = rowsOf<{ next: number }>(
        await tx.execute(sql`select coalesce(max(number), 0) + 1 as next from refunds where order_id = ${order.id}`),
      ) as [{ next: number }];
      // mobile money goes back through the provider, unless it was paid at the door (then staff record it)
      const throughProvider = input.method === "mobile_money" && order.paymentMethod !== "on_delivery";
      const provider = throughProvider ? options.provider() : null;
      if (provider && !provider.payout)
        throw new DomainError("refund-refused", `The payment provider (${provider.name}) cannot send money back to mobile money`, {
          reason: "method-not-allowed",
          field: "method",
        });
      const [refund] = await tx
        .insert(refunds)
        .values({
          orderId: order.id,
          number: Number(next),
          amount: plan.amount,
          goods: plan.goods,
          delivery: plan.delivery,
          returnFare: plan.returnFare,
          coinsReturned: plan.coinsReturned,
          coinsReversed: plan.coinsReversed,
          method: input.method,
          status: "requested",
          reason: input.reason.trim(),
          idempotencyKey: input.idempotencyKey,
          requestHash: hash,
          provider: provider?.name ?? null,
          providerReference: provider ? newPaymentReference(`${order.number}R${next}`) : null,
          payoutPhone: provider ? (order.paymentPhone ?? order.phone) : null,
          bankReference: input.bankReference?.trim() || null,
          returnId: input.returnId ?? null,
          actorUserId,
          actorEmail,
        })
        .returning();
      await tx.insert(refundLines).values(
        plan.lines.map((l) => ({
          refundId: refund!.id,
          kind: l.kind,
          orderLineId: l.orderLineId,
          name: l.name,
          sku: l.sku,
          quantity: l.quantity,
          vatRateBp: l.vatRateBp,
          gross: l.gross,
          vat: l.vat,
          net: l.net,
        })),
      );
      // a bank transfer the shop asked for itself waits for an admin to make it and record its reference
      const awaitsTransfer = input.method === "bank_transfer" && !refund!.bankReference && "system" in input.actor;
      if (throughProvider || awaitsTransfer) await settleOrderStatus(tx, order.id, `refund-requested:${refund!.number}`, actorUserId);
      else await completeInTx(tx, refund!.id);
      if (actorUserId !== null)
        await logSecurityEvent(
          tx,
          {
            type: "admin-refund",
            userId: actorUserId,
            email: actorEmail,
            detail: {
              by: actorEmail,
              order: order.number,
              refund: refund!.number,
              amount: plan.amount,
              method: input.method,
              ...(input.bankReference ? { bankReference: input.bankReference.trim() } : {}),
              ...(input.returnId ? { returnId: input.returnId } : {}),
            },
          },
          { ip: meta.ip ?? null },
        );
      return { id: refund!.id, dispatch: throughProvider };
    });
    if (outcome.dispatch) await dispatch(outcome.id);
    return viewOf(outcome.id);
  }

  const service = {
    /**
     * Refunds part or all of a paid order (lines or an amount, the delivery if asked, a return fare
     * on top), once per idempotency key (the same key with another request: idempotency-conflict).
     * Store credit, a bank transfer (with its reference) and money paid at the door are completed at
     * once, with their credit note; mobile money goes to the provider's payout and completes when
     * its callback and a status query agree (pending until then).
     */
    async create(input: RefundInput, meta: RefundMeta = {}): Promise<RefundView> {
      return createRefund(input, meta, {});
    },

    /**
     * Records the bank transfer of a refund the shop asked for itself (a back-order's, by bank
     * transfer): the admin made the transfer and gives its reference; the refund is completed.
     */
    async recordBankTransfer(
      orderNumber: string,
      refundNumber: number,
      input: { bankReference: string; actor: { userId: number; email: string } },
      meta: RefundMeta = {},
    ) {
      const reference = input.bankReference.trim();
      if (!reference)
        throw new DomainError("refund-refused", "A bank transfer refund is recorded with the bank's reference of the transfer", {
          reason: "bank-reference-required",
          field: "bankReference",
        });
      const id = await withTransaction(db, async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.number, orderNumber)).for("update");
        if (!order) throw new DomainError("not-found", "Order not found");
        const [refund] = await tx
          .select()
          .from(refunds)
          .where(and(eq(refunds.orderId, order.id), eq(refunds.number, refundNumber)))
          .for("update");
        if (!refund) throw new DomainError("not-found", "Refund not found");
        if (refund.method !== "bank_transfer" || refund.status !== "requested")
          throw new DomainError("invalid-state", "Only a bank transfer refund waiting for its transfer can be recorded");
        await tx
          .update(refunds)
          .set({ bankReference: reference, actorUserId: input.actor.userId, actorEmail: input.actor.email, updatedAt: sql`now()` })
          .where(eq(refunds.id, refund.id));
        await completeInTx(tx, refund.id);
        await logSecurityEvent(
          tx,
          {
            type: "admin-refund",
            userId: input.actor.userId,
            email: input.actor.email,
            detail: {
              by: input.actor.email,
              order: order.number,
              refund: refund.number,
              amount: refund.amount,
              method: "bank_transfer",
              bankReference: reference,
            },
          },
          { ip: meta.ip ?? null },
        );
        return refund.id;
      });
      return viewOf(id);
    },

    /** An order's refunds, oldest first (by order id or number). */
    async listForOrder(order: number | string): Promise<RefundView[]> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(typeof order === "number" ? eq(orders.id, order) : eq(orders.number, order));
      if (!row) throw new DomainError("not-found", "Order not found");
      return viewsOf(await db.select().from(refunds).where(eq(refunds.orderId, row.id)).orderBy(asc(refunds.number)));
    },

    /** One refund by id. */
    get: viewOf,

    /**
     * An order's credit notes for its owner or an admin (anyone else: not-found, as for an order
     * that does not exist), newest last, each with its PDF address.
     */
    async creditNotesForOrder(orderNumber: string, viewer: DocumentViewer): Promise<CreditNoteView[]> {
      const order = await orderForViewer(orderNumber, viewer);
      const rows = await db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(asc(refunds.number));
      return (await viewsOf(rows)).flatMap((r) => (r.creditNote ? [r.creditNote] : []));
    },

    /** A credit note's PDF, in the language asked (else the order's), for its owner or an admin. */
    async creditNotePdf(orderNumber: string, creditNoteNumber: string, viewer: DocumentViewer, locale?: Locale | null): Promise<PdfDocument> {
      const order = await orderForViewer(orderNumber, viewer);
      const [note] = await db
        .select()
        .from(creditNotes)
        .where(and(eq(creditNotes.orderId, order.id), eq(creditNotes.number, creditNoteNumber)));
      if (!note) throw new DomainError("not-found", "Credit note not found");
      const [refund] = await db.select().from(refunds).where(eq(refunds.id, note.refundId));
      const lines = await db.select().from(refundLines).where(eq(refundLines.refundId, note.refundId)).orderBy(asc(refundLines.id));
      const language = isLocale(locale) ? locale : order.locale;
      const shop = await settingsIn(db, ["companyName", "address", "contactPhone", "contactEmail", "fiscal", "bankTransfer"]);
      const pdf = await creditNotePdf({ order, note, refund: refund!, lines }, shop, language);
      return { filename: translator(language, "documents")("creditNote.filename", { number: note.number }), pdf };
    },

    /** A shopper's store credit: the balance and its history, newest first. */
    storeCredit: (userId: number) => storeCreditHistory(db, userId),

    /** What an order can still give back, and by which methods (the admin's refund panel). */
    async summary(orderNumber: string): Promise<RefundableSummary> {
      const [order] = await db.select().from(orders).where(eq(orders.number, orderNumber));
      if (!order) throw new DomainError("not-found", "Order not found");
      const state = await refundableState(db, order);
      return { ...refundable(state), methods: refundMethodsFor({ paymentMethod: order.paymentMethod, hasAccount: order.userId !== null }) };
    },

    /**
     * A provider's payout callback: its signature checked (a forged one is refused and logged),
     * kept in payment_callbacks, then believed only with a status query that agrees (settle).
     */
    async handlePayoutCallback(
      providerName: string,
      body: unknown,
      rawBody: string,
      headers: CallbackHeaders,
      ip: string | null,
    ): Promise<{ outcome: "completed" | "failed" | "pending" | "unknown" }> {
      const provider = options.provider();
      if (provider.name !== providerName || !provider.verifyPayoutCallback) throw new DomainError("not-found", "No such payout callback");
      let verified;
      try {
        verified = await provider.verifyPayoutCallback(body, rawBody, headers);
      } catch (error) {
        if (isDomainError(error)) {
          await db.insert(paymentCallbacks).values({ provider: providerName, verified: false, outcome: `payout:${error.code}`, payload: null, ip });
          await logSecurityEvent(db, { type: "payment-callback-refused", detail: { provider: providerName, reason: error.code, payout: true } }, { ip });
        }
        throw error;
      }
      const [refund] = await db.select().from(refunds).where(eq(refunds.providerReference, verified.reference));
      await db.insert(paymentCallbacks).values({
        provider: providerName,
        reference: verified.reference,
        verified: true,
        outcome: refund ? `payout:${verified.status}` : "payout:unknown-reference",
        payload: body && typeof body === "object" ? body : null,
        ip,
      });
      if (!refund) return { outcome: "unknown" };
      if (refund.status === "requested" || refund.status === "pending")
        await db
          .update(refunds)
          .set({ callbackStatus: verified.status, updatedAt: sql`now()` })
          .where(eq(refunds.id, refund.id));
      return { outcome: await settle(refund.id) };
    },

    /** Asks the provider about pending payouts that are due (the poller; tests call it). */
    async pollDue(): Promise<{ checked: number; completed: number; failed: number }> {
      const due = await db
        .select({ id: refunds.id, reference: refunds.providerReference })
        .from(refunds)
        .where(and(eq(refunds.status, "pending"), lte(refunds.nextCheckAt, now())))
        .orderBy(asc(refunds.nextCheckAt))
        .limit(batch);
      const result = { checked: 0, completed: 0, failed: 0 };
      const provider = options.provider();
      for (const row of due) {
        try {
          if (row.reference && provider.redeliverPayoutCallback) await provider.redeliverPayoutCallback(row.reference).catch(() => false);
          const outcome = await settle(row.id);
          result.checked++;
          if (outcome === "completed") result.completed++;
          if (outcome === "failed") result.failed++;
        } catch (error) {
          log(`refund ${row.reference}: status query failed (${error instanceof Error ? error.message : String(error)})`);
        }
      }
      return result;
    },

    /** Polls pending payouts every `intervalMs` in the background (the timer does not keep the process alive). */
    startPoller(intervalMs = 30_000): void {
      if (timer) return;
      timer = setInterval(() => {
        if (polling) return;
        polling = service
          .pollDue()
          .catch((error: unknown) => console.error("refund poller failed:", error))
          .finally(() => {
            polling = null;
          });
      }, intervalMs);
      timer.unref();
    },

    async stopPoller(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await polling;
    },

    /**
     * The old admin action "refund": everything still refundable, by the route that took it (a
     * bank transfer's reference is the admin's note), in one refund through this flow.
     */
    async refundInFull(orderNumber: string, by: { adminId: number; adminEmail: string; note?: string | null; idempotencyKey?: string }, meta: RefundMeta = {}) {
      const [order] = await db.select().from(orders).where(eq(orders.number, orderNumber));
      if (!order) throw new DomainError("not-found", "Order not found");
      // the action sent twice finds the first refund; after a failed one, a new attempt gets its own key
      const [{ count }] = rowsOf<{ count: number }>(await db.execute(sql`select count(*)::int as count from refunds where order_id = ${order.id}`)) as [
        { count: number },
      ];
      const state = await refundableState(db, order);
      const methods = refundMethodsFor({ paymentMethod: order.paymentMethod, hasAccount: order.userId !== null });
      // what store credit paid goes back as store credit: an order it paid in full is refunded that way
      const paidOutside = state.paid - state.paidWithStoreCredit - state.refundedOutsideStoreCredit;
      const method = paidOutside <= 0 && methods.includes("store_credit") ? "store_credit" : methods[0];
      if (!method)
        throw new DomainError(
          "refund-refused",
          "Card payments cannot be refunded through the payment provider here: refund as store credit from the refund panel",
          {
            reason: "card-not-refundable",
          },
        );
      const lines = state.lines.filter((l) => l.quantity > l.refundedQuantity).map((l) => ({ orderLineId: l.id, quantity: l.quantity - l.refundedQuantity }));
      // refunded by amount already, or paid in part (a deposit order's balance never came): the rest of what was paid, by amount
      const amountLeft = Object.keys(state.amountRefundedByRate).length > 0 || state.paid < order.total;
      const note = by.note?.trim() || null;
      return createRefund(
        {
          orderNumber,
          ...(amountLeft || !lines.length
            ? { amount: Math.max(0, state.paid - state.refunded - (state.deliveryFee - state.deliveryRefunded)) || undefined }
            : { lines }),
          includeDelivery: state.deliveryFee > state.deliveryRefunded,
          method,
          reason: note ?? "full-refund",
          bankReference: method === "bank_transfer" ? (note ?? undefined) : undefined,
          idempotencyKey: by.idempotencyKey ?? `full-refund:${Number(count)}`,
          actor: { userId: by.adminId, email: by.adminEmail },
        },
        meta,
        { referenceOptional: true },
      );
    },
  };
  return service;
}

/** Where a credit note's PDF is (the order's documents). */
export function creditNotePath(orderNumber: string, creditNoteNumber: string): string {
  return `/api/orders/${encodeURIComponent(orderNumber)}/credit-notes/${encodeURIComponent(creditNoteNumber)}.pdf`;
}

export type RefundsService = ReturnType<typeof createRefundsService>;
