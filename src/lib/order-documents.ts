import type { OrderStatus, PaymentMethod } from "./checkout";

/**
 * Which documents an order has, and what they may call themselves. One rule for the PDFs, the
 * order page's links and the e-mails, so none of them promises a document another refuses.
 */

/** Statuses of an order whose money came in and was kept (a refund does not undo the sale's paperwork). */
const PAID_STATUSES: readonly OrderStatus[] = [
  "paid",
  "processing",
  "ready_for_pickup",
  "shipped",
  "partly_shipped",
  "delivered",
  "partly_refunded",
  "refunded",
];

export function isPaidStatus(status: OrderStatus): boolean {
  return PAID_STATUSES.includes(status);
}

/**
 * Whether an order's money came in, by its status: a pay-on-delivery order is paid only once
 * handed over (it is processed, shipped or ready for pick-up unpaid).
 */
function isPaid(order: { paymentMethod: PaymentMethod; status: OrderStatus }): boolean {
  if (order.paymentMethod === "on_delivery") return order.status === "delivered" || order.status === "partly_refunded" || order.status === "refunded";
  return isPaidStatus(order.status);
}

/** An order still to be paid: waiting for its payment, or a pay-on-delivery order on its way. */
function isPayable(order: { paymentMethod: PaymentMethod; status: OrderStatus }): boolean {
  if (order.paymentMethod === "on_delivery") return ["confirmed", "processing", "ready_for_pickup", "shipped"].includes(order.status);
  return order.status === "awaiting_payment";
}

/** A pro-forma invoice is what an unpaid order is paid against; an invoice records a paid sale. */
export type InvoiceKind = "proforma" | "invoice";

/**
 * The invoice an order has: a bank transfer always (it is paid against its pro-forma), any other
 * order when the buyer gave a TIN (a business that needs an invoice for its books). Before payment
 * the pro-forma (a pay-on-delivery order's until it is handed over), after it the invoice; a
 * cancelled or refused unpaid order has none.
 */
export function invoiceKind(order: { paymentMethod: PaymentMethod; buyerTin: string | null; status: OrderStatus }): InvoiceKind | null {
  if (order.paymentMethod !== "bank_transfer" && !order.buyerTin) return null;
  if (isPaid(order)) return "invoice";
  return isPayable(order) ? "proforma" : null;
}

/** An invoice is a tax invoice only when it names the seller's TIN and VAT registration number (VRN). */
export function isTaxInvoice(seller: { tin: string; vrn: string }): boolean {
  return Boolean(seller.tin.trim() && seller.vrn.trim());
}

/** What the shop still needs before its receipts can be fiscal receipts, in the order an owner sets them up. */
export const FISCAL_SETUP_ITEMS = ["tin", "vrn", "vfdSerial", "device"] as const;
export type FiscalSetupItem = (typeof FISCAL_SETUP_ITEMS)[number];

/**
 * The fiscal set-up still missing: the seller's TIN and VRN, the VFD's serial (settings `fiscal`),
 * and a connection to a fiscal device or TRA's service that confirms receipts (the local journal
 * is a record, not a fiscal device).
 */
export function missingFiscalSetup(fiscal: { tin: string; vrn: string; vfdSerial: string }, deviceConnected: boolean): FiscalSetupItem[] {
  const present: Record<FiscalSetupItem, boolean> = {
    tin: Boolean(fiscal.tin.trim()),
    vrn: Boolean(fiscal.vrn.trim()),
    vfdSerial: Boolean(fiscal.vfdSerial.trim()),
    device: deviceConnected,
  };
  return FISCAL_SETUP_ITEMS.filter((item) => !present[item]);
}

/**
 * Which payment a receipt is for: "sale" an order paid in full; an order paid by deposit has a
 * "deposit" receipt for its first payment and a "balance" receipt for the rest.
 */
export const RECEIPT_KINDS = ["sale", "deposit", "balance"] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];
/** The receipts a document address names by `?kind=` (without it, the order's default receipt). */
export const PART_RECEIPT_KINDS = ["deposit", "balance"] as const;
export type PartReceiptKind = (typeof PART_RECEIPT_KINDS)[number];

/**
 * The receipt a document means when none is named: the sale's, or for an order paid by deposit
 * its deposit's (the balance's is asked for by name).
 */
export function defaultReceipt<T extends { kind: ReceiptKind }>(receipts: readonly T[]): T | null {
  return receipts.find((r) => r.kind === "sale") ?? receipts.find((r) => r.kind === "deposit") ?? null;
}

/** The query of a receipt's PDF address: none for the default receipt, `?kind=` for a deposit's or a balance's. */
export function receiptPdfQuery(kind: ReceiptKind): string {
  return kind === "sale" ? "" : `?kind=${kind}`;
}

/**
 * The number on the receipt of a test order (paid in the payment sandbox). Such a receipt takes no
 * number from the fiscal counters and is never reported: no money moved. A deposit order's two
 * TEST receipts are told apart by their kind.
 */
export function testReceiptNumber(orderNumber: string, kind: ReceiptKind = "sale"): string {
  return kind === "sale" ? `TEST-${orderNumber}` : `TEST-${orderNumber}-${kind.toUpperCase()}`;
}

/**
 * The TEST receipts of a test order, made from the order as the real ones would be issued: once
 * it is paid, one for the whole total, or for an order paid by deposit one for the deposit and,
 * once the balance came in, one for the balance. Oldest first.
 */
export function testReceiptParts(order: {
  number: string;
  status: OrderStatus;
  total: number;
  paidAt: Date | null;
  depositAmount: number | null;
  balancePaid: number;
  balancePaidAt: Date | null;
}): { kind: ReceiptKind; number: string; issuedAt: Date; amount: number }[] {
  if (!order.paidAt || !isPaidStatus(order.status)) return [];
  if (order.depositAmount === null) return [{ kind: "sale", number: testReceiptNumber(order.number), issuedAt: order.paidAt, amount: order.total }];
  const parts: { kind: ReceiptKind; number: string; issuedAt: Date; amount: number }[] = [
    { kind: "deposit", number: testReceiptNumber(order.number, "deposit"), issuedAt: order.paidAt, amount: order.depositAmount },
  ];
  if (order.balancePaidAt && order.balancePaid > 0)
    parts.push({ kind: "balance", number: testReceiptNumber(order.number, "balance"), issuedAt: order.balancePaidAt, amount: order.balancePaid });
  return parts;
}
