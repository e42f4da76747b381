import { z } from "zod";
import { couponInputSchema, type AdminCouponView } from "../coupons";
import type { Same } from "./common";
import { text } from "./fields";
import { couponViewSchema } from "./rewards";

/** The admin's coupons: list, create, switch on or off. The new coupon's schema is `couponInputSchema` (src/lib/coupons.ts, shared with the form). */

/** POST /api/admin/coupons (the days are shop-calendar days, YYYY-MM-DD) */
export type AdminCouponRequest = z.input<typeof couponInputSchema>;

/** POST /api/admin/coupons/{code}/active */
export const couponCodeParamsSchema = z.object({ code: text("code", 40, { min: 1 }) });
export const couponActiveBodySchema = z.object({ active: z.boolean() }).strict();
export type CouponActiveRequest = z.input<typeof couponActiveBodySchema>;

// ---- answers ------------------------------------------------------------------------------

/** A coupon as the admin's list shows it: with how often it was used and when it was made. */
export const adminCouponViewSchema = couponViewSchema.extend({ uses: z.number().int().min(0), createdAt: z.iso.datetime({ offset: true }) });
export const adminCouponViewIsAdminCouponView: Same<z.output<typeof adminCouponViewSchema>, AdminCouponView> = true;

/** GET /api/admin/coupons */
export const adminCouponsResponseSchema = z.object({ coupons: z.array(adminCouponViewSchema) });
export type AdminCouponsResponse = z.input<typeof adminCouponsResponseSchema>;

/** POST /api/admin/coupons (201) and POST /api/admin/coupons/{code}/active */
export const adminCouponResponseSchema = z.object({ coupon: couponViewSchema });
export type AdminCouponResponse = z.input<typeof adminCouponResponseSchema>;
