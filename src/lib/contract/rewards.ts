import { z } from "zod";
import { COIN_REASONS, type CoinsSummary } from "../coins";
import { COUPON_KINDS, type CouponView, type UsedCoupon } from "../coupons";
import { siteSettingsSchema } from "../site-settings";
import type { Same } from "./common";

/**
 * The signed-in shopper's coupons and loyalty coins (/api/account/coupons, /api/account/coins).
 * Checking a code against the cart is the checkout quote's (./orders.ts).
 */

/** A coupon as the shopper's and the admin's pages show it. */
export const couponViewSchema = z.object({
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  /** percent: the percentage off; fixed: whole shillings off */
  value: z.number().int(),
  minSubtotal: z.number().int(),
  /** shop-calendar days (YYYY-MM-DD), inclusive */
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  active: z.boolean(),
  firstOrderOnly: z.boolean(),
  public: z.boolean(),
  description: z.string().nullable(),
});
export const couponViewIsCouponView: Same<z.output<typeof couponViewSchema>, CouponView> = true;

export const usedCouponSchema = z.object({
  code: z.string(),
  orderNumber: z.string(),
  discount: z.number().int(),
  usedAt: z.string(),
  /** the order was cancelled: the use no longer counts */
  released: z.boolean(),
});
export const usedCouponIsUsedCoupon: Same<z.output<typeof usedCouponSchema>, UsedCoupon> = true;

/** GET /api/account/coupons: public coupons on offer and the shopper's uses. */
export const accountCouponsResponseSchema = z.object({ available: z.array(couponViewSchema), used: z.array(usedCouponSchema) });
export type AccountCouponsResponse = z.input<typeof accountCouponsResponseSchema>;

export const coinsSummarySchema = z.object({
  balance: z.number().int(),
  /** what the balance takes off an order, in shillings */
  value: z.number().int(),
  rule: siteSettingsSchema.shape.loyalty.unwrap(),
  /** the oldest coins still valid and when they lapse */
  nextExpiry: z.object({ coins: z.number().int(), at: z.string() }).nullable(),
  history: z.array(
    z.object({ at: z.string(), delta: z.number().int(), reason: z.enum(COIN_REASONS), orderNumber: z.string().nullable(), expiresAt: z.string().nullable() }),
  ),
});
export const coinsSummaryIsCoinsSummary: Same<z.output<typeof coinsSummarySchema>, CoinsSummary> = true;

/** GET /api/account/coins */
export const accountCoinsResponseSchema = z.object({ coins: coinsSummarySchema });
export type AccountCoinsResponse = z.input<typeof accountCoinsResponseSchema>;
