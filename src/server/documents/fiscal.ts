import fs from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, sql } from "drizzle-orm";
import { splitOverRates } from "@/lib/refunds";
import { rowsOf, type Database } from "../db";
import { fiscalOutbox, fiscalReceipts, orderLines, orders } from "../db/schema";
import { DomainError } from "../errors";
import { retryDelayMs, type RetryPolicy } from "../mail/rules";
import { translator } from "../i18n";
import { isTestOrder } from "../payments/test-orders";
import { readOrder, settingsIn } from "./order-data";
import { shopTime } from "./shop-time";

/**
 * Where a fiscal receipt's QR code sends a buyer to check it: TRA's verification site takes the
 * verification code TRA gave the receipt and its time of issue (`{code}_{HHmmss}`). The exact
 * format comes with TRA's registration of the device; a TRA adapter builds its confirmations with
 * traVerificationUrl or replaces it, and every receipt stores the address it was confirmed with.
 */
export const TRA_VERIFY_BASE_URL = "https://verify.tra.go.tz/";

/** The address a fiscal receipt's QR code carries, from TRA's verification code and the receipt's time of issue. */
export function traVerificationUrl(verificationCode: string, issuedAt: Date): string {
  return `${TRA_VERIFY_BASE_URL}${encodeURIComponent(verificationCode)}_${shopTime(issuedAt).hhmmss}`;
}

/** The language of what the fiscal device is given (its item descriptions), as the product names on the lines are. */
const DEVICE_LOCALE = "en";

/** Receipt numbers are `${vfdSerial}-${global counter}`; this prefix stands in until the shop has a VFD serial. */
export const RECEIPT_PREFIX_WITHOUT_SERIAL = "KE";

export type VatBreakdown = ReceiptRowTotals;
type ReceiptRowTotals = (typeof fiscalReceipts.$inferSelect)["totals"];

/** A receipt as issued (the fiscal_receipts row). */
export type FiscalReceipt = typeof fiscalReceipts.$inferSelect;

/**
 * What a fiscal device is given for one receipt: the receipt and what TRA's VFD receipts list
 * (seller, buyer, items with their tax rate, totals per rate, counters, verification code).
 */
export interface FiscalReceiptRecord {
  receiptNumber: string;
  globalCounter: number;
  dailyCounter: number;
  businessDay: string;
  issuedAt: string;
  /** DD/MM/YYYY and HH:mm:ss, shop time */
  date: string;
  time: string;
  seller: { tin: string; vrn: string };
  buyer: { name: string; tin: string | null; phone: string };
  orderNumber: string;
  paymentMethod: string;
  items: { description: string; sku: string; quantity: number; unitPrice: number; net: number; vat: number; gross: number; vatRateBp: number }[];
  delivery: { gross: number; vat: number };
  totals: VatBreakdown;
}

/** What a fiscal device answers when it accepts a receipt: TRA's verification code and the address to check it at. */
export interface FiscalConfirmation {
  verificationCode: string;
  verificationUrl: string;
}

/**
 * Where receipts are reported. A fiscal device (a Virtual Fiscal Device's API, TRA's service) is a
 * later adapter behind this interface, with `fiscal: true`: its confirmation makes the receipt a
 * fiscal receipt (its code and QR are printed from then on). It must treat a receipt number it
 * has already accepted as done and confirm it again, since the outbox delivers at least once (a
 * worker that dies after submitting and before recording it submits again). A device that is only
 * a record (`fiscal: false`, the local journal) confirms nothing.
 */
export interface FiscalDevice {
  readonly fiscal: boolean;
  submit(receipt: FiscalReceiptRecord): Promise<FiscalConfirmation | null>;
}

/**
 * The default device until the TRA adapter exists, and not a fiscal one (it confirms nothing, so
 * its receipts stay plain receipts): each receipt is appended as one JSON line to
 * `<dataDir>/fiscal/journal-YYYY-MM.jsonl` (by business month) and flushed to disk before it
 * counts as delivered. That journal is the shop's durable, ordered record of what it issued, from
 * which receipts can be reported to TRA later and monthly returns checked. Every receipt is also
 * kept in the database (`fiscal_receipts`, in the backups), so a lost journal can be written again
 * from it. A redelivered receipt appears twice with the same number (see FiscalDevice).
 */
export function localJournalDevice(dataDir: string): FiscalDevice {
  const dir = path.join(dataDir, "fiscal");
  return {
    fiscal: false,
    async submit(receipt) {
      await fs.mkdir(dir, { recursive: true });
      const file = await fs.open(path.join(dir, `journal-${receipt.businessDay.slice(0, 7)}.jsonl`), "a", 0o600);
      try {
        await file.write(`${JSON.stringify(receipt)}\n`);
        await file.datasync();
      } finally {
        await file.close();
      }
      return null;
    },
  };
}

/** The VAT of an order per rate, from its lines and its delivery (charged at the lines' rate). */
export function vatBreakdown(lines: { vatRateBp: number; net: number; vat: number; gross: number }[], delivery: { fee: number; vat: number }): VatBreakdown {
  const byRate = new Map<number, { rateBp: number; net: number; vat: number }>();
  const add = (rateBp: number, net: number, vat: number) => {
    const entry = byRate.get(rateBp) ?? { rateBp, net: 0, vat: 0 };
    entry.net += net;
    entry.vat += vat;
    byRate.set(rateBp, entry);
  };
  for (const line of lines) add(line.vatRateBp, line.net, line.vat);
  // orderTotals (src/lib/checkout.ts) splits delivery at the order's one rate, which its lines carry
  if (delivery.fee > 0) add(lines[0]?.vatRateBp ?? 0, delivery.fee - delivery.vat, delivery.vat);
  const rates = [...byRate.values()].sort((a, b) => b.rateBp - a.rateBp);
  const net = rates.reduce((sum, r) => sum + r.net, 0);
  const vat = rates.reduce((sum, r) => sum + r.vat, 0);
  return { net, vat, gross: net + vat, rates };
}

/** Adds one to a counter and answers the new value; the row stays locked by this transaction until it ends. */
async function nextCounter(tx: Database, key: string): Promise<number> {
  const [row] = rowsOf<{ value: number | string }>(
    await tx.execute(sql`
      insert into fiscal_counters (key, value) values (${key}, 1)
      on conflict (key) do update set value = fiscal_counters.value + 1
      returning value`),
  );
  return Number(row!.value);
}

/**
 * Which receipt a payment gets: "sale" for an order paid in full; an order paid by deposit gets a
 * "deposit" receipt for its first payment and a "balance" receipt for the rest, each for the money
 * it brought, its VAT split over the order's rates in proportion.
 */
export type ReceiptPart = { kind: "sale" } | { kind: "deposit" | "balance"; amount: number };

/** The VAT breakdown of part of an order's money: the amount split over the order's rates as its lines and delivery carry them. */
export function partBreakdown(whole: VatBreakdown, amount: number): VatBreakdown {
  const rates = splitOverRates(
    amount,
    whole.rates.map((r) => ({ rateBp: r.rateBp, gross: r.net + r.vat })),
  ).map((r) => ({ rateBp: r.rateBp, net: r.net, vat: r.vat }));
  const net = rates.reduce((sum, r) => sum + r.net, 0);
  const vat = rates.reduce((sum, r) => sum + r.vat, 0);
  return { net, vat, gross: net + vat, rates };
}

/**
 * Issues a receipt of an order, in the caller's transaction (the one that marks the order, or its
 * balance, paid). Once per order and kind: a second call answers the receipt already issued. A
 * test order (paid in the payment sandbox: no money moved) gets none, so nothing that was not a
 * sale enters the series or reaches the fiscal device; its TEST receipt is made from the order.
 * Counters come from `fiscal_counters` rows incremented in this transaction, so two payments never
 * get the same number and a payment whose transaction rolls back takes its increment with it: no
 * gaps. The counter rows stay locked until the caller commits, so concurrent payments wait for
 * each other from here on; call this as late in the transaction as you can. The receipt is queued
 * for the fiscal device in `fiscal_outbox` in the same transaction.
 */
export async function issueReceipt(tx: Database, orderId: number, now: Date = new Date(), part: ReceiptPart = { kind: "sale" }): Promise<FiscalReceipt | null> {
  // the order's row lock makes a second call for the same order wait, then find the first's receipt
  const [order] = await tx
    .select({ id: orders.id, deliveryFee: orders.deliveryFee, deliveryVat: orders.deliveryVat, total: orders.total })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!order) throw new DomainError("not-found", `No order ${orderId}`);
  const [existing] = await tx
    .select()
    .from(fiscalReceipts)
    .where(and(eq(fiscalReceipts.orderId, orderId), eq(fiscalReceipts.kind, part.kind)))
    .limit(1);
  if (existing) return existing;
  if (await isTestOrder(tx, orderId)) return null;

  const lines = await tx
    .select({ vatRateBp: orderLines.vatRateBp, net: orderLines.net, vat: orderLines.vat, gross: orderLines.gross })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  const whole = vatBreakdown(lines, { fee: order.deliveryFee, vat: order.deliveryVat });
  if (whole.gross !== order.total) throw new Error(`order ${orderId}: lines and delivery (${whole.gross}) do not add up to its total (${order.total})`);
  if (part.kind !== "sale" && (!Number.isInteger(part.amount) || part.amount <= 0 || part.amount > order.total))
    throw new Error(`order ${orderId}: a ${part.kind} receipt of ${part.amount} is not part of its total (${order.total})`);
  const totals = part.kind === "sale" ? whole : partBreakdown(whole, part.amount);
  const { fiscal } = await settingsIn(tx, ["fiscal"]);

  // fixed order (global, then the day), so two issuing transactions never wait on each other in a cycle
  const clock = shopTime(now);
  const globalCounter = await nextCounter(tx, "global");
  const dailyCounter = await nextCounter(tx, `day:${clock.day}`);

  const [receipt] = await tx
    .insert(fiscalReceipts)
    .values({
      orderId,
      kind: part.kind,
      receiptNumber: `${fiscal.vfdSerial.trim() || RECEIPT_PREFIX_WITHOUT_SERIAL}-${globalCounter}`,
      globalCounter,
      dailyCounter,
      businessDay: clock.day,
      issuedAt: now,
      sellerTin: fiscal.tin,
      sellerVrn: fiscal.vrn,
      totals,
    })
    .returning();
  await tx.insert(fiscalOutbox).values({ receiptId: receipt!.id });
  return receipt!;
}

/**
 * The device's view of one receipt: the receipt with its order's buyer and items. A sale's items
 * are the order's lines and its delivery; a deposit's or a balance's is money towards the order,
 * not goods handed over, so its items are that money, one item per VAT rate, and no delivery.
 */
export async function receiptRecord(db: Database, receiptId: number): Promise<FiscalReceiptRecord | null> {
  const [found] = await db.select({ orderId: fiscalReceipts.orderId }).from(fiscalReceipts).where(eq(fiscalReceipts.id, receiptId)).limit(1);
  const data = found ? await readOrder(db, { id: found.orderId }, { id: receiptId }) : null;
  if (!data?.receipt) return null;
  const { receipt, order } = data;
  const { kind } = receipt;
  const items =
    kind === "sale"
      ? data.lines.map((l) => ({
          description: l.name,
          sku: l.sku,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          net: l.net,
          vat: l.vat,
          gross: l.gross,
          vatRateBp: l.vatRateBp,
        }))
      : receipt.totals.rates.map((r) => ({
          description: translator(DEVICE_LOCALE, "documents")(`fiscalItem.${kind}`, { number: order.number }),
          sku: kind.toUpperCase(),
          quantity: 1,
          unitPrice: r.net + r.vat,
          net: r.net,
          vat: r.vat,
          gross: r.net + r.vat,
          vatRateBp: r.rateBp,
        }));
  const clock = shopTime(receipt.issuedAt);
  return {
    receiptNumber: receipt.receiptNumber,
    globalCounter: receipt.globalCounter,
    dailyCounter: receipt.dailyCounter,
    businessDay: receipt.businessDay,
    issuedAt: receipt.issuedAt.toISOString(),
    date: clock.date,
    time: clock.time,
    seller: { tin: receipt.sellerTin, vrn: receipt.sellerVrn },
    buyer: { name: order.fullName, tin: order.buyerTin, phone: order.phone },
    orderNumber: order.number,
    paymentMethod: order.paymentMethod,
    items,
    delivery: kind !== "sale" ? { gross: 0, vat: 0 } : { gross: order.deliveryFee, vat: order.deliveryVat },
    totals: receipt.totals,
  };
}

/**
 * Receipts go to the device one at a time and in issue order, ten seconds after a failure, then
 * doubling up to an hour: twenty attempts span about a day of the device (or TRA) being away.
 */
export const FISCAL_RETRY: RetryPolicy = { maxAttempts: 20, baseDelayMs: 10_000, maxDelayMs: 60 * 60_000 };

export interface FiscalDrainResult {
  sent: number;
  failed: number;
  dead: number;
}

interface ClaimedRow {
  id: number | string;
  receipt_id: number;
  attempts: number;
}

/**
 * The worker that hands queued receipts to the fiscal device, oldest first. Strictly in order: it
 * only ever claims the oldest receipt not yet delivered (with FOR UPDATE SKIP LOCKED, so when
 * another app server's worker holds it, this one does nothing instead of overtaking it), and a
 * receipt waiting for its retry holds back the ones after it. A claim is a lease: a worker that
 * dies mid-submit loses it after `leaseMs` and the receipt is submitted again. After the last
 * attempt a receipt is `dead` and logged, and the ones after it go ahead: one receipt the device
 * refuses for good must not stop the shop reporting every later sale. Dead receipts need a person.
 */
export function createFiscalOutbox(options: {
  db: Database;
  device: FiscalDevice;
  retry?: Partial<RetryPolicy>;
  leaseMs?: number;
  log?: (line: string) => void;
}) {
  const { db, device } = options;
  const retry: RetryPolicy = { ...FISCAL_RETRY, ...options.retry };
  const leaseMs = options.leaseMs ?? 60_000;
  const log = options.log ?? (() => undefined);
  let timer: NodeJS.Timeout | null = null;
  let draining: Promise<FiscalDrainResult> | null = null;

  async function claimHead(): Promise<ClaimedRow | null> {
    const [row] = rowsOf<ClaimedRow>(
      await db.execute(sql`
        update fiscal_outbox
           set state = 'sending', attempts = attempts + 1, locked_until = now() + make_interval(secs => ${leaseMs / 1000})
         where id = (
           select id from fiscal_outbox
            where id = (select min(id) from fiscal_outbox where state in ('pending', 'sending', 'failed'))
              and ((state in ('pending', 'failed') and next_attempt_at <= now()) or (state = 'sending' and locked_until < now()))
            for update skip locked)
        returning id, receipt_id, attempts`),
    );
    return row ?? null;
  }

  /** Stores a fiscal device's acceptance on its receipt: from then on it is a fiscal receipt, printed with TRA's code and QR. */
  async function recordConfirmation(receiptId: number, confirmation: FiscalConfirmation) {
    const code = confirmation.verificationCode.trim();
    const url = confirmation.verificationUrl.trim();
    if (!code || !url.startsWith("https://")) throw new Error("the fiscal device's confirmation lacks a verification code or an https address");
    await db
      .update(fiscalReceipts)
      .set({ verificationCode: code, qrPayload: url, fiscalConfirmedAt: sql`coalesce(${fiscalReceipts.fiscalConfirmedAt}, now())` })
      .where(eq(fiscalReceipts.id, receiptId));
  }

  async function deliver(row: ClaimedRow): Promise<keyof FiscalDrainResult> {
    const id = Number(row.id);
    // "and attempts = ..." keeps a worker whose lease ran out from overwriting a newer claim's result
    try {
      const record = await receiptRecord(db, row.receipt_id);
      if (!record) throw new Error(`receipt ${row.receipt_id} not found`);
      const confirmation = await device.submit(record);
      // only a fiscal device's acceptance makes a receipt fiscal
      if (device.fiscal && confirmation) await recordConfirmation(row.receipt_id, confirmation);
      await db.execute(sql`
        update fiscal_outbox set state = 'sent', sent_at = now(), locked_until = null, last_error = null
         where id = ${id} and attempts = ${row.attempts}`);
      return "sent";
    } catch (error) {
      const message = ((error instanceof Error ? error.message : String(error)) || "unknown error").slice(0, 500);
      if (row.attempts >= retry.maxAttempts) {
        await db.execute(sql`
          update fiscal_outbox set state = 'dead', locked_until = null, last_error = ${message}
           where id = ${id} and attempts = ${row.attempts}`);
        log(`fiscal receipt ${row.receipt_id} is dead after ${row.attempts} attempts: ${message}`);
        return "dead";
      }
      const delay = retryDelayMs(row.attempts, retry);
      await db.execute(sql`
        update fiscal_outbox set state = 'failed', locked_until = null, last_error = ${message},
               next_attempt_at = now() + make_interval(secs => ${delay / 1000})
         where id = ${id} and attempts = ${row.attempts}`);
      return "failed";
    }
  }

  async function drainOnce(): Promise<FiscalDrainResult> {
    const result: FiscalDrainResult = { sent: 0, failed: 0, dead: 0 };
    for (;;) {
      const row = await claimHead();
      if (!row) return result;
      const outcome = await deliver(row);
      result[outcome]++;
      // the head failed and waits for its retry: the receipts after it wait too
      if (outcome === "failed") return result;
    }
  }

  /** Delivers every receipt that is due now, in order; one drain at a time per process. */
  async function drain(): Promise<FiscalDrainResult> {
    while (draining) await draining.catch(() => undefined);
    const run = drainOnce();
    draining = run;
    try {
      return await run;
    } finally {
      if (draining === run) draining = null;
    }
  }

  return {
    drain,

    /** Drains every `intervalMs` in the background (the timer does not keep the process alive). */
    start(intervalMs: number): void {
      if (timer) return;
      timer = setInterval(() => {
        if (draining) return;
        void drain()
          .then((r) => {
            if (r.failed || r.dead) log(`fiscal outbox: ${r.sent} delivered, ${r.failed} to retry, ${r.dead} dead`);
          })
          .catch((error: unknown) => console.error("fiscal outbox drain failed:", error));
      }, intervalMs);
      timer.unref();
    },

    /** Stops the background drain and waits for a drain under way to finish. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await draining?.catch(() => undefined);
    },

    /** Receipts per outbox state, for an admin's look at the device's backlog. */
    async counts(): Promise<Record<"pending" | "sending" | "sent" | "failed" | "dead", number>> {
      const counts = { pending: 0, sending: 0, sent: 0, failed: 0, dead: 0 };
      const grouped = rowsOf<{ state: keyof typeof counts; n: number | string }>(
        await db.execute(sql`select state, count(*) as n from fiscal_outbox group by state`),
      );
      for (const { state, n } of grouped) counts[state] = Number(n);
      return counts;
    },
  };
}

export type FiscalOutbox = ReturnType<typeof createFiscalOutbox>;
