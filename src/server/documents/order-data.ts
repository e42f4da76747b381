import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { defaultReceipt, type ReceiptKind } from "@/lib/order-documents";
import { mergeSiteSettings, type SiteSettings } from "@/lib/site-settings";
import type { Database } from "../db";
import { fiscalReceipts, orderEvents, orderLines, orders, siteSettings } from "../db/schema";

/** What the documents and e-mails of an order need, read straight from its tables. */
export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = Pick<
  typeof orderLines.$inferSelect,
  "name" | "sku" | "attributes" | "quantity" | "unitPrice" | "net" | "vat" | "gross" | "vatRateBp"
>;
export type ReceiptRow = typeof fiscalReceipts.$inferSelect;

export interface OrderDocumentData {
  order: OrderRow;
  lines: OrderLineRow[];
  /** the receipt the document is about: the one asked for, by default the sale's (a deposit order's: its deposit's) */
  receipt: ReceiptRow | null;
  /** every receipt of the order, oldest first (an order paid by deposit has one per payment) */
  receipts: ReceiptRow[];
}

/** Which of an order's receipts a document is about: one kind, or one receipt (the fiscal device's record). */
export type ReceiptChoice = { kind: ReceiptKind } | { id: number };

/**
 * An order with its lines and receipts, by id or by number; null when there is none. `receipt` is
 * the one chosen (none when the order has no such receipt), by default the sale's or deposit's.
 */
export async function readOrder(db: Database, key: { id: number } | { number: string }, choice?: ReceiptChoice): Promise<OrderDocumentData | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where("id" in key ? eq(orders.id, key.id) : eq(orders.number, key.number))
    .limit(1);
  if (!order) return null;
  // one after the other: inside a caller's transaction the queries share one connection
  const lines = await db
    .select({
      name: orderLines.name,
      sku: orderLines.sku,
      attributes: orderLines.attributes,
      quantity: orderLines.quantity,
      unitPrice: orderLines.unitPrice,
      net: orderLines.net,
      vat: orderLines.vat,
      gross: orderLines.gross,
      vatRateBp: orderLines.vatRateBp,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  // issue order: the global counter only grows
  const receipts = await db.select().from(fiscalReceipts).where(eq(fiscalReceipts.orderId, order.id)).orderBy(asc(fiscalReceipts.globalCounter));
  const receipt = !choice ? defaultReceipt(receipts) : (receipts.find((r) => ("id" in choice ? r.id === choice.id : r.kind === choice.kind)) ?? null);
  return { order, lines, receipt, receipts };
}

/**
 * The receipt another document names for an order (a credit note, a refused reversal): the sale's,
 * else the latest (a deposit order's balance receipt once paid, before it the deposit's). Null
 * when the order has none.
 */
export async function namedReceipt(db: Database, orderId: number): Promise<ReceiptRow | null> {
  const [receipt] = await db
    .select()
    .from(fiscalReceipts)
    .where(eq(fiscalReceipts.orderId, orderId))
    .orderBy(desc(sql`${fiscalReceipts.kind} = 'sale'`), desc(fiscalReceipts.globalCounter))
    .limit(1);
  return receipt ?? null;
}

/** The latest cancellation of an order on its timeline: who did it, and their note. */
export async function lastCancellation(db: Database, orderId: number) {
  const [event] = await db
    .select({ actor: orderEvents.actor, note: orderEvents.note })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, "cancelled")))
    .orderBy(desc(orderEvents.at), desc(orderEvents.id))
    .limit(1);
  return event ?? null;
}

/**
 * The site settings read through the caller's connection. Inside a transaction this matters: the
 * embedded database is one connection whose transactions queue in JavaScript, so a read through
 * the settings service's own handle would wait for the very transaction that is waiting for it.
 */
export async function settingsIn(db: Database, keys: readonly (keyof SiteSettings)[]): Promise<SiteSettings> {
  const rows = await db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, [...keys]));
  return mergeSiteSettings(Object.fromEntries(rows.map((r) => [r.key, r.value])));
}
