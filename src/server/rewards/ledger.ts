import { and, asc, eq, sql } from "drizzle-orm";
import { coinBalance, coinExpiry, coinsEarned, type CoinEntry, type LoyaltyRule } from "@/lib/coins";
import type { Database } from "../db";
import { coinEntries } from "../db/schema";
import { DomainError } from "../errors";

/**
 * The coin ledger's writes, each inside the caller's transaction. Every change to a shopper's coins
 * first locks the shopper's row (`for no key update`: nothing else about the account is blocked), so
 * two checkouts, a payment and a cancellation of the same shopper change the balance one at a time
 * and a balance read under the lock cannot be spent twice.
 */
export async function lockCoinAccount(tx: Database, userId: number): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId} for no key update`);
}

export async function coinLedger(db: Database, userId: number): Promise<(CoinEntry & { orderId: number | null; id: number })[]> {
  const rows = await db.select().from(coinEntries).where(eq(coinEntries.userId, userId)).orderBy(asc(coinEntries.createdAt), asc(coinEntries.id));
  return rows.map((r) => ({ id: r.id, orderId: r.orderId, delta: r.delta, reason: r.reason, createdAt: r.createdAt, expiresAt: r.expiresAt }));
}

/** The spendable balance now (coins past their expiry not counted, written off or not). */
export async function coinBalanceOf(db: Database, userId: number, now: Date): Promise<number> {
  return coinBalance(await coinLedger(db, userId), now).balance;
}

/** Writes off coins that lapsed (an `expired` entry), under the lock; answers the balance left. */
async function settleLapsed(tx: Database, userId: number, now: Date): Promise<number> {
  const { balance, lapsed } = coinBalance(await coinLedger(tx, userId), now);
  if (lapsed > 0) await tx.insert(coinEntries).values({ userId, delta: -lapsed, reason: "expired", createdAt: now });
  return balance;
}

/** Spends coins on an order being placed; refuses more than the balance. */
export async function spendCoins(tx: Database, userId: number, orderId: number | null, coins: number, now: Date): Promise<void> {
  if (coins <= 0) return;
  await lockCoinAccount(tx, userId);
  const balance = await settleLapsed(tx, userId, now);
  if (coins > balance) throw new DomainError("validation", "You do not have that many coins", { field: "coins", reason: "coins", balance });
  await tx.insert(coinEntries).values({ userId, orderId, delta: -coins, reason: "spent", createdAt: now });
}

/** Credits the coins a paid order earns for the goods paid (once per order). */
export async function earnCoins(
  tx: Database,
  order: { id: number; userId: number | null; subtotal: number; discount: number; coinsValue: number },
  rule: LoyaltyRule,
  now: Date,
): Promise<number> {
  if (!order.userId) return 0;
  const coins = coinsEarned(order.subtotal - order.discount - order.coinsValue, rule);
  if (coins <= 0) return 0;
  await lockCoinAccount(tx, order.userId);
  const inserted = await tx
    .insert(coinEntries)
    .values({ userId: order.userId, orderId: order.id, delta: coins, reason: "earned", createdAt: now, expiresAt: coinExpiry(now, rule.expiryMonths) })
    .onConflictDoNothing()
    .returning({ id: coinEntries.id });
  return inserted.length ? coins : 0;
}

/**
 * An order is cancelled: the coins spent on it come back (as coins credited now, with a new
 * expiry), and the coins it earned, if it had been paid, are taken back (as much as is left of them).
 */
export async function settleCancelledOrder(
  tx: Database,
  order: { id: number; userId: number | null; coinsSpent: number },
  rule: LoyaltyRule,
  now: Date,
): Promise<void> {
  if (!order.userId) return;
  const [earned] = await tx
    .select({ delta: coinEntries.delta })
    .from(coinEntries)
    .where(and(eq(coinEntries.orderId, order.id), eq(coinEntries.reason, "earned")));
  if (order.coinsSpent <= 0 && !earned) return;
  await lockCoinAccount(tx, order.userId);
  if (order.coinsSpent > 0)
    await tx
      .insert(coinEntries)
      .values({
        userId: order.userId,
        orderId: order.id,
        delta: order.coinsSpent,
        reason: "refunded",
        createdAt: now,
        expiresAt: coinExpiry(now, rule.expiryMonths),
      })
      .onConflictDoNothing();
  if (earned) {
    const balance = await settleLapsed(tx, order.userId, now);
    const back = Math.min(earned.delta, balance);
    if (back > 0)
      await tx.insert(coinEntries).values({ userId: order.userId, orderId: order.id, delta: -back, reason: "reversed", createdAt: now }).onConflictDoNothing();
  }
}
