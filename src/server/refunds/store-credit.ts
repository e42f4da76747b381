import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../db";
import { storeCreditEntries } from "../db/schema";
import { DomainError } from "../errors";

/**
 * Store credit: a shopper's balance in shillings (refunds put money in, checkouts spend it). The
 * balance lives in one row per account, changed by a single UPDATE whose CHECK (balance >= 0)
 * refuses anything that would take it below zero, whatever runs at the same time: two checkouts
 * spending the same credit cannot both succeed. Each change writes its ledger entry with the
 * balance after it, in the caller's transaction.
 */

export type StoreCreditReason = "refund" | "spent" | "returned";

export interface StoreCreditEntryView {
  id: number;
  delta: number;
  reason: StoreCreditReason;
  orderNumber: string | null;
  balanceAfter: number;
  createdAt: string;
}

/** Adds to (delta > 0) or takes from (delta < 0) a balance; refuses to go below zero. Answers the balance after. */
async function change(
  tx: Database,
  userId: number,
  delta: number,
  entry: { reason: StoreCreditReason; refundId?: number | null; orderId?: number | null },
): Promise<number> {
  if (!Number.isInteger(delta) || delta === 0) throw new Error(`a store credit change must be a whole, non-zero sum (${delta})`);
  await tx.execute(sql`insert into store_credit_accounts (user_id, balance) values (${userId}, 0) on conflict (user_id) do nothing`);
  // the row's lock is held until the caller commits; the WHERE keeps a debit from failing the CHECK mid-statement
  const [row] = rowsOf<{ balance: number }>(
    await tx.execute(sql`
      update store_credit_accounts set balance = balance + ${delta}, updated_at = now()
       where user_id = ${userId} and balance + ${delta} >= 0
      returning balance`),
  );
  if (!row) throw new DomainError("validation", "Your store credit is not enough for that", { field: "storeCredit", reason: "storeCredit" });
  const balance = Number(row.balance);
  await tx.insert(storeCreditEntries).values({
    userId,
    delta,
    reason: entry.reason,
    refundId: entry.refundId ?? null,
    orderId: entry.orderId ?? null,
    balanceAfter: balance,
  });
  return balance;
}

/** A refund's money put on the shopper's balance (once per refund: the ledger's unique index). */
export function creditRefund(tx: Database, userId: number, amount: number, refundId: number, orderId: number): Promise<number> {
  return change(tx, userId, amount, { reason: "refund", refundId, orderId });
}

/** Store credit spent on an order being placed; refuses more than the balance. */
export async function spendStoreCredit(tx: Database, userId: number, orderId: number, amount: number): Promise<void> {
  if (amount <= 0) return;
  await change(tx, userId, -amount, { reason: "spent", orderId });
}

/** The store credit an order spent, given back when the order ends unpaid (cancelled, expired); once. */
export async function returnSpentStoreCredit(tx: Database, order: { id: number; userId: number | null; storeCreditSpent: number }): Promise<void> {
  if (!order.userId || order.storeCreditSpent <= 0) return;
  const [already] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from store_credit_entries where order_id = ${order.id} and reason = 'returned' and refund_id is null`),
  );
  if (Number(already?.n ?? 0) > 0) return;
  await change(tx, order.userId, order.storeCreditSpent, { reason: "returned", orderId: order.id });
}

/** The balance now (0 without an account row). */
export async function storeCreditBalance(db: Database, userId: number, lock = false): Promise<number> {
  const [row] = rowsOf<{ balance: number }>(
    await db.execute(
      lock
        ? sql`select balance from store_credit_accounts where user_id = ${userId} for update`
        : sql`select balance from store_credit_accounts where user_id = ${userId}`,
    ),
  );
  return Number(row?.balance ?? 0);
}

/** The balance and its history, newest first. */
export async function storeCreditHistory(db: Database, userId: number, limit = 100): Promise<{ balance: number; entries: StoreCreditEntryView[] }> {
  const balance = await storeCreditBalance(db, userId);
  const rows = rowsOf<{
    id: number | string;
    delta: number;
    reason: StoreCreditReason;
    order_number: string | null;
    balance_after: number;
    created_at: Date | string;
  }>(
    await db.execute(sql`
      select e.id, e.delta, e.reason, o.number as order_number, e.balance_after, e.created_at
        from store_credit_entries e left join orders o on o.id = e.order_id
       where e.user_id = ${userId}
       order by e.created_at desc, e.id desc
       limit ${limit}`),
  );
  return {
    balance,
    entries: rows.map((r) => ({
      id: Number(r.id),
      delta: Number(r.delta),
      reason: r.reason,
      orderNumber: r.order_number,
      balanceAfter: Number(r.balance_after),
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}

/**
 * Store credit spent on an order being placed (a signed-in shopper's, not pay on delivery): at most
 * the order's total, refused beyond the balance. It is part of the payment: the order's total and
 * VAT stay as sold, and the provider is asked only for the rest. Answers the amount spent.
 */
export async function applyStoreCreditToOrder(
  tx: Database,
  order: { id: number; userId: number | null; total: number; paymentMethod: string },
  asked: number | undefined,
): Promise<number> {
  if (!asked || asked <= 0) return 0;
  if (order.userId === null) throw new DomainError("store-credit-unavailable", "Store credit belongs to an account: sign in to use it");
  if (order.paymentMethod === "on_delivery")
    throw new DomainError("validation", "Store credit cannot be used with pay on delivery", { field: "storeCredit", reason: "storeCredit" });
  const amount = Math.min(asked, order.total);
  await spendStoreCredit(tx, order.userId, order.id, amount);
  await tx.execute(sql`update orders set store_credit_spent = ${amount}, updated_at = now() where id = ${order.id}`);
  return amount;
}
