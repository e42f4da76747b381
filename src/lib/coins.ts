import type { SiteSettings } from "./site-settings";

/**
 * Loyalty coins. The rule lives in the settings (`loyalty`):
 * - a paid order earns `coinsPerStep` coins for every full `shillingsPerStep` of goods paid
 *   (after the coupon discount and the coins spent on it; delivery does not earn);
 * - a coin is worth `coinValue` shillings off the goods of a later order, and coins may pay at
 *   most `maxSharePercent` % of the goods (after the coupon discount);
 * - coins expire `expiryMonths` after they were credited; spending uses the oldest coins first.
 * Coins are earned only when an order is paid, spent when an order is placed, given back when an
 * unpaid order is cancelled or expires, and the coins an order earned are taken back when the paid
 * order is cancelled.
 */
export type LoyaltyRule = SiteSettings["loyalty"];

export const COIN_REASONS = ["earned", "spent", "refunded", "expired", "reversed"] as const;
export type CoinReason = (typeof COIN_REASONS)[number];

/** Coins an order earns for the goods the shopper paid (whole shillings). */
export function coinsEarned(goodsPaid: number, rule: LoyaltyRule): number {
  if (!rule.enabled || goodsPaid <= 0) return 0;
  return Math.floor(goodsPaid / rule.shillingsPerStep) * rule.coinsPerStep;
}

/** The shillings that many coins take off an order. */
export function coinsValue(coins: number, rule: LoyaltyRule): number {
  return Math.max(0, coins) * rule.coinValue;
}

/** The most coins one order may use: the balance, within the share of the goods coins may pay. */
export function maxCoinsUsable(goodsAfterCoupon: number, balance: number, rule: LoyaltyRule): number {
  if (!rule.enabled || goodsAfterCoupon <= 0 || balance <= 0) return 0;
  const cap = Math.floor((goodsAfterCoupon * rule.maxSharePercent) / 100 / rule.coinValue);
  return Math.max(0, Math.min(balance, cap));
}

/** When coins credited at `at` expire: `months` calendar months later. */
export function coinExpiry(at: Date, months: number): Date {
  const d = new Date(at.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export interface CoinEntry {
  delta: number;
  reason: CoinReason;
  createdAt: Date;
  /** credits only: when what is left of them lapses */
  expiresAt: Date | null;
}

export interface CoinLot {
  coins: number;
  expiresAt: Date | null;
}

/**
 * The balance at `now` from the ledger, and the coins that lapsed and are not yet written off.
 * Credits form lots; every debit (spent, reversed, expired) uses the lots that expire first, among
 * those still valid when the debit was made. What is left of a lot past its expiry has lapsed.
 */
export function coinBalance(entries: readonly CoinEntry[], now: Date): { balance: number; lapsed: number; lots: CoinLot[] } {
  const sorted = [...entries].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const lots: CoinLot[] = [];
  const byExpiry = (a: CoinLot, b: CoinLot) => (a.expiresAt?.getTime() ?? Infinity) - (b.expiresAt?.getTime() ?? Infinity);
  for (const e of sorted) {
    if (e.delta > 0) {
      lots.push({ coins: e.delta, expiresAt: e.expiresAt });
      continue;
    }
    let owed = -e.delta;
    // an expiry write-off takes the lapsed lots; anything else only the lots still valid at the time
    const usable = lots.filter((l) => l.coins > 0 && (e.reason === "expired" ? true : !l.expiresAt || l.expiresAt > e.createdAt)).sort(byExpiry);
    for (const lot of usable) {
      if (owed === 0) break;
      const take = Math.min(lot.coins, owed);
      lot.coins -= take;
      owed -= take;
    }
  }
  const open = lots.filter((l) => l.coins > 0);
  const lapsed = open.filter((l) => l.expiresAt && l.expiresAt <= now).reduce((s, l) => s + l.coins, 0);
  const live = open.filter((l) => !l.expiresAt || l.expiresAt > now).sort(byExpiry);
  return { balance: live.reduce((s, l) => s + l.coins, 0), lapsed, lots: live };
}

export interface CoinHistoryEntry {
  at: string;
  delta: number;
  reason: CoinReason;
  orderNumber: string | null;
  expiresAt: string | null;
}

export interface CoinsSummary {
  balance: number;
  /** what the balance takes off an order, in shillings */
  value: number;
  rule: LoyaltyRule;
  /** the oldest coins still valid and when they lapse */
  nextExpiry: { coins: number; at: string } | null;
  history: CoinHistoryEntry[];
}
