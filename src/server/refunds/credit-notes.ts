import { asc, eq, sql } from "drizzle-orm";
import { creditNoteNumber, testCreditNoteNumber } from "@/lib/refunds";
import { testReceiptNumber, testReceiptParts } from "@/lib/order-documents";
import { rowsOf, type Database } from "../db";
import { creditNotes, orders, refundLines, refunds } from "../db/schema";
import { namedReceipt, settingsIn } from "../documents/order-data";
import { isTestOrder } from "../payments/test-orders";

export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type RefundLineRow = typeof refundLines.$inferSelect;

/** The counter of the credit notes' own series in `fiscal_counters` (receipts use `global` and `day:…`). */
export const CREDIT_NOTE_COUNTER = "credit-note:global";

/** Adds one to the series and answers the new value; the row stays locked until the caller commits (no gaps). */
async function nextCreditNoteCounter(tx: Database): Promise<number> {
  const [row] = rowsOf<{ value: number | string }>(
    await tx.execute(sql`
      insert into fiscal_counters (key, value) values (${CREDIT_NOTE_COUNTER}, 1)
      on conflict (key) do update set value = fiscal_counters.value + 1
      returning value`),
  );
  return Number(row!.value);
}

/** The VAT a refund reverses per rate, from its lines: what its credit note totals say. */
export function creditNoteTotals(lines: readonly Pick<RefundLineRow, "vatRateBp" | "net" | "vat" | "gross">[]) {
  const byRate = new Map<number, { rateBp: number; net: number; vat: number }>();
  for (const line of lines) {
    const entry = byRate.get(line.vatRateBp) ?? { rateBp: line.vatRateBp, net: 0, vat: 0 };
    entry.net += line.net;
    entry.vat += line.vat;
    byRate.set(line.vatRateBp, entry);
  }
  const rates = [...byRate.values()].sort((a, b) => b.rateBp - a.rateBp);
  const net = rates.reduce((sum, r) => sum + r.net, 0);
  const vat = rates.reduce((sum, r) => sum + r.vat, 0);
  return { net, vat, gross: net + vat, rates };
}

/**
 * Issues a completed refund's credit note in the caller's transaction, once (a second call answers
 * the first). It names the receipt it corrects (the sale's; a deposit order's latest) and reverses the VAT of the refunded lines per rate.
 * Numbered from its own counter, taken as late as possible in the transaction (a rollback takes the
 * increment with it: no gaps). A test order's (paid in the sandbox) takes no number from the series
 * and is marked TEST. It is a plain credit note: only a fiscal device's confirmation would make it
 * a fiscal one (`fiscalConfirmedAt`), as for receipts.
 */
export async function issueCreditNote(tx: Database, refund: RefundRow, now: Date): Promise<CreditNoteRow> {
  const [existing] = await tx.select().from(creditNotes).where(eq(creditNotes.refundId, refund.id)).limit(1);
  if (existing) return existing;
  const lines = await tx.select().from(refundLines).where(eq(refundLines.refundId, refund.id)).orderBy(asc(refundLines.id));
  const totals = creditNoteTotals(lines);
  const [order] = await tx
    .select({
      number: orders.number,
      status: orders.status,
      total: orders.total,
      paidAt: orders.paidAt,
      depositAmount: orders.depositAmount,
      balancePaid: orders.balancePaid,
      balancePaidAt: orders.balancePaidAt,
    })
    .from(orders)
    .where(eq(orders.id, refund.orderId));
  const receipt = await namedReceipt(tx, refund.orderId);
  const test = await isTestOrder(tx, refund.orderId);
  const { fiscal } = await settingsIn(tx, ["fiscal"]);
  const counter = test ? null : await nextCreditNoteCounter(tx);
  const [note] = await tx
    .insert(creditNotes)
    .values({
      refundId: refund.id,
      orderId: refund.orderId,
      number: counter === null ? testCreditNoteNumber(order!.number, refund.number) : creditNoteNumber(counter),
      globalCounter: counter,
      // a test order's TEST receipt as its page lists them: the sale's, or a deposit order's latest
      receiptNumber: receipt?.receiptNumber ?? (test ? (testReceiptParts(order!).at(-1)?.number ?? testReceiptNumber(order!.number)) : null),
      issuedAt: now,
      sellerTin: fiscal.tin,
      sellerVrn: fiscal.vrn,
      test,
      totals,
    })
    .returning();
  return note!;
}
