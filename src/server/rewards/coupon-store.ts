import { and, eq, isNull, sql } from "drizzle-orm";
import { applyCoupon, normaliseCouponCode, shopDate, type CouponResult, type CouponRule, type CouponView } from "@/lib/coupons";
import { rowsOf, type Database } from "../db";
import { couponRedemptions, coupons } from "../db/schema";
import type { CouponHolder } from "../orders/buyer";

export type CouponRow = typeof coupons.$inferSelect;

export function couponRule(row: CouponRow): CouponRule {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    minSubtotal: row.minSubtotal,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    active: row.active,
    firstOrderOnly: row.firstOrderOnly,
  };
}

export function couponView(row: CouponRow, timeZone: string): CouponView {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    minSubtotal: row.minSubtotal,
    validFrom: row.validFrom ? shopDate(row.validFrom, timeZone) : null,
    validUntil: row.validUntil ? shopDate(row.validUntil, timeZone) : null,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    active: row.active,
    firstOrderOnly: row.firstOrderOnly,
    public: row.public,
    description: row.description,
  };
}

/**
 * Uses that count (not released by a cancelled order): all together and by one shopper (an account,
 * or a guest by the number: a guest's uses carry the phone, and an account's orders placed as a
 * guest with the same number before it was made count too once claimed, by their user id).
 */
async function usesOf(db: Database, couponId: number, holder: CouponHolder): Promise<{ total: number; byUser: number }> {
  const mine = "userId" in holder ? sql`user_id = ${holder.userId}` : holder.phone ? sql`phone = ${holder.phone}` : sql`false`;
  const [row] = rowsOf<{ total: number | string; by_user: number | string }>(
    await db.execute(sql`select count(*) as total, count(*) filter (where ${mine}) as by_user
      from coupon_redemptions where coupon_id = ${couponId} and released_at is null`),
  );
  return { total: Number(row?.total ?? 0), byUser: Number(row?.by_user ?? 0) };
}

/** Orders of the shopper that still count (a cancelled one does not), for first-order-only coupons. */
async function ordersBefore(db: Database, holder: CouponHolder): Promise<number> {
  if (!("userId" in holder) && !holder.phone) return 0;
  const mine = "userId" in holder ? sql`user_id = ${holder.userId}` : sql`guest_phone = ${holder.phone}`;
  const [row] = rowsOf<{ n: number | string }>(await db.execute(sql`select count(*) as n from orders where ${mine} and status <> 'cancelled'`));
  return Number(row?.n ?? 0);
}

/**
 * Checks a code for a shopper's goods subtotal. With `lock` (inside the placing transaction) the
 * coupon's row is locked first, so parallel orders count its uses one after the other and a use
 * limit holds exactly.
 */
export async function evaluateCoupon(
  db: Database,
  input: { code: string; holder: CouponHolder; subtotal: number; now: Date; lock: boolean },
): Promise<{ coupon: CouponRow | null; result: CouponResult }> {
  const code = normaliseCouponCode(input.code);
  if (!code) return { coupon: null, result: { ok: false, reason: "not-found" } };
  const query = db.select().from(coupons).where(eq(coupons.code, code));
  const [row] = input.lock ? await query.for("update") : await query;
  if (!row) return { coupon: null, result: { ok: false, reason: "not-found" } };
  // one after the other: inside a transaction both go through its one connection anyway
  const uses = await usesOf(db, row.id, input.holder);
  const before = row.firstOrderOnly ? await ordersBefore(db, input.holder) : 0;
  const result = applyCoupon(couponRule(row), {
    subtotal: input.subtotal,
    now: input.now,
    usesTotal: uses.total,
    usesByCustomer: uses.byUser,
    ordersBefore: before,
  });
  return { coupon: row, result };
}

export async function redeemCoupon(
  tx: Database,
  input: { couponId: number; userId: number | null; phone: string | null; orderId: number; discount: number },
): Promise<void> {
  await tx.insert(couponRedemptions).values(input);
}

/** A cancelled or expired order gives its coupon use back. */
export async function releaseCoupon(tx: Database, orderId: number): Promise<void> {
  await tx
    .update(couponRedemptions)
    .set({ releasedAt: sql`now()` })
    .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)));
}
