import { desc, eq, sql } from "drizzle-orm";
import { coinBalance, coinsValue, type CoinsSummary } from "@/lib/coins";
import { shopDayEnd, shopDayStart, type AdminCouponView, type CouponInput, type CouponView, type UsedCoupon } from "@/lib/coupons";
import { rowsOf, type Database } from "../db";
import { coupons } from "../db/schema";
import { DomainError } from "../errors";
import type { SettingsService } from "../settings/settings";
import { couponView, type CouponRow } from "./coupon-store";
import { coinLedger } from "./ledger";

/**
 * Coupons and coins as the shopper's account pages and the admin's coupon page see them. Checking
 * and redeeming a coupon and moving coins happen inside the orders' transactions
 * (src/server/orders/orders.ts, with ./coupon-store.ts and ./ledger.ts).
 */
export function createRewardsService(options: { db: Database; settings: SettingsService; now?: () => Date }) {
  const { db, settings } = options;
  const now = options.now ?? (() => new Date());

  async function usesByCoupon(): Promise<Map<number, number>> {
    const rows = rowsOf<{ coupon_id: number; n: number | string }>(
      await db.execute(sql`select coupon_id, count(*) as n from coupon_redemptions where released_at is null group by coupon_id`),
    );
    return new Map(rows.map((r) => [Number(r.coupon_id), Number(r.n)]));
  }

  return {
    /** Coupons offered to every shopper that can be used now or later, and the shopper's own uses. */
    async shopperCoupons(userId: number): Promise<{ available: CouponView[]; used: UsedCoupon[] }> {
      const shop = await settings.get();
      const at = now().toISOString();
      const [available, used] = await Promise.all([
        db
          .select()
          .from(coupons)
          .where(
            sql`${coupons.active} and ${coupons.public} and (${coupons.validUntil} is null or ${coupons.validUntil} >= ${at}::timestamptz)
            and (${coupons.usageLimit} is null or ${coupons.usageLimit} > (select count(*) from coupon_redemptions r where r.coupon_id = ${coupons.id} and r.released_at is null))`,
          )
          .orderBy(desc(coupons.createdAt)),
        db.execute(sql`select c.code, o.number, r.discount, r.created_at, r.released_at
          from coupon_redemptions r join coupons c on c.id = r.coupon_id join orders o on o.id = r.order_id
          where r.user_id = ${userId} order by r.created_at desc limit 100`),
      ]);
      return {
        available: available.map((row) => couponView(row, shop.timezone)),
        used: rowsOf<{ code: string; number: string; discount: number; created_at: Date | string; released_at: Date | string | null }>(used).map((r) => ({
          code: r.code,
          orderNumber: r.number,
          discount: Number(r.discount),
          usedAt: new Date(r.created_at).toISOString(),
          released: r.released_at !== null,
        })),
      };
    },

    async coins(userId: number): Promise<CoinsSummary> {
      const shop = await settings.get();
      const entries = await coinLedger(db, userId);
      const { balance, lots } = coinBalance(entries, now());
      const numbers = new Map<number, string>();
      const ids = [...new Set(entries.map((e) => e.orderId).filter((id): id is number => id !== null))];
      if (ids.length) {
        const rows = rowsOf<{ id: number; number: string }>(
          await db.execute(
            sql`select id, number from orders where id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          ),
        );
        for (const r of rows) numbers.set(Number(r.id), r.number);
      }
      const first = lots[0];
      return {
        balance,
        value: coinsValue(balance, shop.loyalty),
        rule: shop.loyalty,
        nextExpiry: first?.expiresAt ? { coins: first.coins, at: first.expiresAt.toISOString() } : null,
        history: entries
          .slice()
          .reverse()
          .slice(0, 200)
          .map((e) => ({
            at: e.createdAt.toISOString(),
            delta: e.delta,
            reason: e.reason,
            orderNumber: e.orderId !== null ? (numbers.get(e.orderId) ?? null) : null,
            expiresAt: e.expiresAt ? e.expiresAt.toISOString() : null,
          })),
      };
    },

    async adminList(): Promise<AdminCouponView[]> {
      const shop = await settings.get();
      const [rows, uses] = await Promise.all([db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id)).limit(500), usesByCoupon()]);
      return rows.map((row) => ({ ...couponView(row, shop.timezone), uses: uses.get(row.id) ?? 0, createdAt: row.createdAt.toISOString() }));
    },

    async adminCreate(input: CouponInput, adminId: number): Promise<CouponView> {
      const shop = await settings.get();
      const values = {
        code: input.code,
        kind: input.kind,
        value: input.value,
        minSubtotal: input.minSubtotal,
        validFrom: input.validFrom ? shopDayStart(input.validFrom, shop.timezone) : null,
        validUntil: input.validUntil ? shopDayEnd(input.validUntil, shop.timezone) : null,
        usageLimit: input.usageLimit ?? null,
        perCustomerLimit: input.perCustomerLimit ?? null,
        firstOrderOnly: input.firstOrderOnly,
        public: input.public,
        description: input.description || null,
        createdBy: adminId,
      };
      const [row] = await db.insert(coupons).values(values).onConflictDoNothing({ target: coupons.code }).returning();
      if (!row) throw new DomainError("validation", "A coupon with this code exists already", { field: "code", reason: "code-taken" });
      return couponView(row, shop.timezone);
    },

    /** Switches a coupon on or off (a coupon that was used is never deleted: orders name it). */
    async adminSetActive(code: string, active: boolean): Promise<CouponView> {
      const shop = await settings.get();
      const [row]: CouponRow[] = await db
        .update(coupons)
        .set({ active, updatedAt: sql`now()` })
        .where(eq(coupons.code, code.trim().toUpperCase()))
        .returning();
      if (!row) throw new DomainError("not-found", "No coupon has this code");
      return couponView(row, shop.timezone);
    },
  };
}

export type RewardsService = ReturnType<typeof createRewardsService>;
