import { testReceiptParts, type ReceiptKind } from "@/lib/order-documents";
import { partBreakdown, vatBreakdown, type VatBreakdown } from "./fiscal";
import type { OrderDocumentData, ReceiptRow } from "./order-data";

/**
 * A receipt as the documents show it: an issued one (`issued`: its counters, the seller it was
 * issued under and a fiscal device's confirmation), or a test order's TEST receipt, made from the
 * order (no money moved, so nothing was issued).
 */
export interface ShownReceipt {
  kind: ReceiptKind;
  number: string;
  issuedAt: Date;
  /** the money it is for, VAT per rate: the order's total for a sale, the payment for a deposit or a balance */
  totals: VatBreakdown;
  issued: ReceiptRow | null;
}

/** The receipts an order's documents offer, oldest first: its issued receipts, or a paid test order's TEST receipts. */
export function shownReceipts(data: OrderDocumentData, test: boolean): ShownReceipt[] {
  if (data.receipts.length || !test)
    return data.receipts.map((r) => ({ kind: r.kind, number: r.receiptNumber, issuedAt: r.issuedAt, totals: r.totals, issued: r }));
  const whole = vatBreakdown(data.lines, { fee: data.order.deliveryFee, vat: data.order.deliveryVat });
  return testReceiptParts(data.order).map((p) => ({
    kind: p.kind,
    number: p.number,
    issuedAt: p.issuedAt,
    totals: p.kind === "sale" ? whole : partBreakdown(whole, p.amount),
    issued: null,
  }));
}
