import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { OrderStatus } from "@/lib/checkout";
import { LATE_STATUSES } from "@/lib/delivery-estimate";
import { defaultReceipt, invoiceKind, receiptPdfQuery, testReceiptParts } from "@/lib/order-documents";
import { allowedOrderActions, type OrderActionState, type OrderSummary, type OrderView, type PaymentView } from "@/lib/orders";
import { rowsOf, type Database } from "../db";
import { paymentView } from "../payments/service";
import { isTestOrder, testOrderSql } from "../payments/test-orders";
import { creditNotes, fiscalReceipts, orderEvents, orderLines, orders, payments, recordedPayments } from "../db/schema";

export type OrderRow = typeof orders.$inferSelect;

/** What of an order row decides the actions it allows (allowedOrderActions). */
export const actionStateOf = (order: OrderRow): OrderActionState => ({
  status: order.status,
  paymentMethod: order.paymentMethod,
  deliveryMethod: order.deliveryMethod,
  paid: order.paidAt !== null,
  awaitingStock: order.waitingUnits > 0,
});

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** The latest payment attempt of an order, as the API shows it. */
export async function latestPayment(db: Database, orderId: number): Promise<PaymentView | null> {
  const [p] = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id)).limit(1);
  return p ? paymentView(p) : null;
}

type ReceiptOfView = Pick<typeof fiscalReceipts.$inferSelect, "kind" | "receiptNumber" | "issuedAt" | "verificationCode" | "fiscalConfirmedAt" | "totals">;

/** An order with its lines, timeline, latest payment and receipt. */
export async function orderView(db: Database, order: OrderRow): Promise<OrderView> {
  const [lines, events, payment, receipts, test, inPerson] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.at), asc(orderEvents.id)),
    latestPayment(db, order.id),
    db
      .select({
        kind: fiscalReceipts.kind,
        receiptNumber: fiscalReceipts.receiptNumber,
        issuedAt: fiscalReceipts.issuedAt,
        verificationCode: fiscalReceipts.verificationCode,
        fiscalConfirmedAt: fiscalReceipts.fiscalConfirmedAt,
        totals: fiscalReceipts.totals,
      })
      .from(fiscalReceipts)
      .where(eq(fiscalReceipts.orderId, order.id))
      .orderBy(asc(fiscalReceipts.globalCounter)),
    isTestOrder(db, order.id),
    db
      .select({ method: recordedPayments.method, transactionId: recordedPayments.transactionId, at: recordedPayments.recordedAt })
      .from(recordedPayments)
      .where(and(eq(recordedPayments.orderId, order.id), eq(recordedPayments.kind, "order"), isNull(recordedPayments.reversedAt))),
  ]);
  const paidInPerson = inPerson[0] ? { ...inPerson[0], at: inPerson[0].at.toISOString() } : null;
  // the credit notes of its refunds (src/server/refunds), with their PDF addresses
  const notes = await db
    .select({
      number: creditNotes.number,
      issuedAt: creditNotes.issuedAt,
      totals: creditNotes.totals,
      fiscalConfirmedAt: creditNotes.fiscalConfirmedAt,
      test: creditNotes.test,
    })
    .from(creditNotes)
    .where(eq(creditNotes.orderId, order.id))
    .orderBy(asc(creditNotes.id));
  return {
    ...composeOrderView(order, lines, events, payment, receipts, test, paidInPerson),
    creditNotes: notes.map((n) => ({
      number: n.number,
      issuedAt: n.issuedAt.toISOString(),
      gross: n.totals.gross,
      fiscal: n.fiscalConfirmedAt !== null && !n.test,
      test: n.test,
      pdfPath: `/api/orders/${encodeURIComponent(order.number)}/credit-notes/${encodeURIComponent(n.number)}.pdf`,
    })),
  };
}

/**
 * The receipts an order's page offers, oldest first: its receipt records, or for a paid test order
 * (which has none: no money moved, so nothing enters the fiscal series) the TEST receipts made from
 * the order itself.
 */
function receiptsOf(order: OrderRow, receipts: readonly ReceiptOfView[], test: boolean): OrderView["receipts"] {
  const pdfPath = (kind: ReceiptOfView["kind"]) => `/api/orders/${encodeURIComponent(order.number)}/receipt.pdf${receiptPdfQuery(kind)}`;
  if (receipts.length)
    return receipts.map((receipt) => {
      const fiscal = receipt.fiscalConfirmedAt !== null && !test;
      return {
        kind: receipt.kind,
        number: receipt.receiptNumber,
        issuedAt: receipt.issuedAt.toISOString(),
        amount: receipt.totals.gross,
        fiscal,
        verificationCode: fiscal ? receipt.verificationCode : null,
        test,
        pdfPath: pdfPath(receipt.kind),
      };
    });
  if (!test) return [];
  return testReceiptParts(order).map((part) => ({
    kind: part.kind,
    number: part.number,
    issuedAt: part.issuedAt.toISOString(),
    amount: part.amount,
    fiscal: false,
    verificationCode: null,
    test: true,
    pdfPath: pdfPath(part.kind),
  }));
}

/** The receipt a document means by default (the sale's, else the deposit's), as the order's `receipt`. */
function receiptOf(receipts: OrderView["receipts"]): OrderView["receipt"] {
  const receipt = defaultReceipt(receipts);
  return receipt
    ? { number: receipt.number, issuedAt: receipt.issuedAt, fiscal: receipt.fiscal, verificationCode: receipt.verificationCode, test: receipt.test }
    : null;
}

/**
 * The view of an order from its rows. An order placed a moment ago is composed from what its
 * transaction wrote (it has no payment or receipt yet), without reading it back.
 */
export function composeOrderView(
  order: OrderRow,
  lines: (typeof orderLines.$inferSelect)[],
  events: (typeof orderEvents.$inferSelect)[],
  payment: PaymentView | null,
  receiptRows: readonly ReceiptOfView[] | null,
  test: boolean,
  paidInPerson: OrderView["paidInPerson"] = null,
): OrderView {
  const receipts = receiptsOf(order, receiptRows ?? [], test);
  return {
    number: order.number,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    email: order.email,
    fullName: order.fullName,
    phone: order.phone,
    delivery: {
      method: order.deliveryMethod,
      region: order.region,
      district: order.district,
      ward: order.ward,
      street: order.street,
      landmark: order.landmark,
      notes: order.notes,
      parcelOffice: order.parcelOffice,
    },
    vatZone: order.vatZone,
    subtotal: order.subtotal,
    discount: order.discount,
    couponCode: order.couponCode,
    coinsSpent: order.coinsSpent,
    coinsValue: order.coinsValue,
    storeCreditSpent: order.storeCreditSpent,
    deliveryFee: order.deliveryFee,
    deliveryVat: order.deliveryVat,
    vatTotal: order.vatTotal,
    total: order.total,
    currency: order.currency,
    paymentMethod: order.paymentMethod,
    wallet: order.wallet,
    paymentPhone: order.paymentPhone,
    buyerTin: order.buyerTin,
    holdUntil: iso(order.holdUntil),
    paidAt: iso(order.paidAt),
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    lines: lines.map((l) => ({
      productId: l.productId,
      variantId: l.variantId,
      name: l.name,
      sku: l.sku,
      attributes: l.attributes,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      net: l.net,
      vat: l.vat,
      gross: l.gross,
      vatRateBp: l.vatRateBp,
      discount: l.discount,
    })),
    events: events.map((e) => ({ at: e.at.toISOString(), status: e.status, actor: e.actor, note: e.note })),
    payment,
    test,
    receipt: receiptOf(receipts),
    receipts,
    invoice: invoiceKind(order),
    canCancel: allowedOrderActions(actionStateOf(order)).shopper.includes("cancel"),
    paidInPerson,
    promise: order.promisedFrom && order.promisedTo ? { from: order.promisedFrom, to: order.promisedTo, slips: order.promiseSlips } : null,
  };
}

export async function findOrder(db: Database, number: string, userId?: number): Promise<OrderRow | undefined> {
  const where = userId === undefined ? eq(orders.number, number) : and(eq(orders.number, number), eq(orders.userId, userId));
  const [row] = await db.select().from(orders).where(where);
  return row;
}

interface SummaryRow {
  number: string;
  created_at: Date | string;
  status: OrderStatus;
  total: number;
  item_count: number | string;
  full_name: string;
  email: string;
  payment_method: OrderView["paymentMethod"];
  test: boolean;
}

const summary = (r: SummaryRow): OrderSummary => ({
  number: r.number,
  createdAt: new Date(r.created_at).toISOString(),
  status: r.status,
  total: Number(r.total),
  itemCount: Number(r.item_count),
  test: r.test === true,
});

/** A shopper's orders, newest first. */
export async function listOrders(db: Database, userId: number, limit = 100): Promise<OrderSummary[]> {
  const rows = rowsOf<SummaryRow>(
    await db.execute(sql`
      select o.number, o.created_at, o.status, o.total, o.full_name, o.email, o.payment_method,
             (select coalesce(sum(l.quantity), 0) from order_lines l where l.order_id = o.id) as item_count,
             ${testOrderSql(sql.raw("o.id"))} as test
      from orders o where o.user_id = ${userId}
      order by o.created_at desc, o.id desc limit ${limit}`),
  );
  return rows.map(summary);
}

export type AdminOrderSummary = OrderSummary & {
  fullName: string;
  email: string | null;
  paymentMethod: OrderView["paymentMethod"];
  /** the promised last day (shop time), and whether it has passed with the order still owed */
  promisedTo: string | null;
  late: boolean;
};

/** Every order, newest first, by status and by (part of) the number, name or e-mail, with the count. */
export async function listAllOrders(
  db: Database,
  filter: { status?: OrderStatus; q?: string; limit: number; offset: number; late?: boolean; today: string },
): Promise<{ orders: AdminOrderSummary[]; total: number }> {
  const q = filter.q?.trim().toLowerCase();
  // late: the promised last day is past (src/lib/delivery-estimate.ts, isLate) and the order still owed
  const lateSql = sql`coalesce(o.promised_to < ${filter.today}::date and o.status in (${sql.join(
    LATE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )}), false)`;
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = sql`where (${filter.status ?? null}::text is null or o.status = ${filter.status ?? null})
    and (${like}::text is null or lower(o.number) like ${like} or lower(o.email) like ${like} or lower(o.full_name) like ${like})
    and (${filter.late === true} = false or (${lateSql}))`;
  const [rows, counts] = await Promise.all([
    db.execute(sql`
      select o.number, o.created_at, o.status, o.total, o.full_name, o.email, o.payment_method, o.promised_to::text as promised_to, (${lateSql}) as late,
             (select coalesce(sum(l.quantity), 0) from order_lines l where l.order_id = o.id) as item_count,
             ${testOrderSql(sql.raw("o.id"))} as test
      from orders o ${where}
      order by o.created_at desc, o.id desc limit ${filter.limit} offset ${filter.offset}`),
    db.execute(sql`select count(*) as n from orders o ${where}`),
  ]);
  return {
    orders: rowsOf<SummaryRow & { promised_to: string | null; late: boolean | null }>(rows).map((r) => ({
      ...summary(r),
      fullName: r.full_name,
      email: r.email,
      paymentMethod: r.payment_method,
      promisedTo: r.promised_to,
      late: r.late === true,
    })),
    total: Number(rowsOf<{ n: number | string }>(counts)[0]?.n ?? 0),
  };
}
