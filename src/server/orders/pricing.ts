import { deliveryOptions, type DeliveryMethod } from "@/lib/checkout";
import { coinsValue, maxCoinsUsable } from "@/lib/coins";
import { discountedOrderTotals, normaliseCouponCode, type CouponQuote, type DiscountedTotals } from "@/lib/coupons";
import type { CheckoutQuote } from "@/lib/orders";
import type { SiteSettings } from "@/lib/site-settings";
import type { Database } from "../db";
import { shopNow } from "../delivery/shop-clock";
import { evaluateCoupon, type CouponRow } from "../rewards/coupon-store";
import { coinBalanceOf, lockCoinAccount } from "../rewards/ledger";
import { accountOf, couponHolderOf, type Buyer } from "./buyer";
import type { CheckoutLine } from "./cart-lines";

export interface PricedOrder {
  quote: CheckoutQuote;
  totals: DiscountedTotals;
  coupon: CouponRow | null;
  /** the coins asked for, before they were cut to what the order may use */
  coinsWanted: number;
}

/**
 * The price of a cart for a destination and method, with a coupon and coins if asked: what the
 * summary shows before placing, and what placing charges. With `lock` (inside the placing
 * transaction) the coupon's row and the shopper's coin account are locked before they are read.
 * Coins asked beyond what the order may use are cut to that in the quote (placing refuses them).
 */
export async function priceOrder(
  dbx: Database,
  input: {
    buyer: Buyer;
    lines: CheckoutLine[];
    region: string | null;
    method: DeliveryMethod | null;
    shop: SiteSettings;
    rewards: { couponCode?: string; coinsToSpend?: number };
    lock: boolean;
    at: Date;
  },
): Promise<PricedOrder> {
  const { buyer, lines, region, method, shop, rewards, lock, at } = input;
  const userId = accountOf(buyer);
  // the same-day cut-off reads the shop's clock (a test server's test clock)
  const options = deliveryOptions(lines, region, shopNow(shop, at), shop);
  const chosen = options.find((o) => o.method === method && o.available) ?? null;
  const vatRegion = method === "pickup" ? null : region;
  const fee = chosen?.fee ?? 0;
  const subtotal = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);

  let couponQuote: CouponQuote | null = null;
  let coupon: CouponRow | null = null;
  let discount = 0;
  const code = rewards.couponCode?.trim();
  if (code) {
    const shown = normaliseCouponCode(code) ?? code.toUpperCase();
    const evaluated = await evaluateCoupon(dbx, { code, holder: couponHolderOf(buyer), subtotal, now: at, lock });
    if (evaluated.result.ok) {
      coupon = evaluated.coupon;
      discount = evaluated.result.discount;
      couponQuote = { code: shown, applied: true, discount };
    } else {
      couponQuote = { code: shown, applied: false, reason: evaluated.result.reason };
      if (evaluated.result.missing !== undefined) couponQuote.missing = evaluated.result.missing;
    }
  }

  const rule = shop.loyalty;
  // coins belong to accounts: a guest has none to spend
  if (lock && rule.enabled && userId !== null) await lockCoinAccount(dbx, userId);
  const balance = rule.enabled && userId !== null ? await coinBalanceOf(dbx, userId, at) : 0;
  const usable = maxCoinsUsable(subtotal - discount, balance, rule);
  const coinsWanted = rewards.coinsToSpend ?? 0;
  const spent = Math.min(coinsWanted, usable);
  const totals = discountedOrderTotals(lines, fee, vatRegion, shop.vatRates, { discount, coinsValue: coinsValue(spent, rule) });
  const quote: CheckoutQuote = {
    options,
    method: chosen?.method ?? null,
    subtotal: totals.subtotal,
    discount: totals.discount,
    lines: totals.lines,
    coupon: couponQuote,
    coins: { balance, usable, spent, value: totals.coinsValue, coinValue: rule.coinValue, enabled: rule.enabled },
    deliveryFee: totals.deliveryFee,
    vatTotal: totals.vatTotal,
    vatRateBp: totals.rateBp,
    vatZone: totals.zone,
    total: totals.total,
  };
  return { quote, totals, coupon, coinsWanted };
}
