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
 * The number on the receipt of a test order (paid in the payment sandbox). Such a receipt takes no
 * number from the fiscal counters and is never reported: no money moved.
 */
export function testReceiptNumber(orderNumber: string): string {
  return `TEST-${orderNumber}`;
}
