import { and, asc, desc, eq, inArray } from "drizzle-orm";
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
  receipt: ReceiptRow | null;
}

/** An order with its lines and receipt, by id or by number; null when there is none. */
export async function readOrder(db: Database, key: { id: number } | { number: string }): Promise<OrderDocumentData | null> {
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
  const [receipt] = await db.select().from(fiscalReceipts).where(eq(fiscalReceipts.orderId, order.id)).limit(1);
  return { order, lines, receipt: receipt ?? null };
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
