import { z } from "zod";
import { orderTotals, splitVat, type OrderTotals, type PricedLine } from "./checkout";
import type { SiteSettings } from "./site-settings";
import { CONTROL_CHARACTER_MESSAGE, hasForbiddenCharacter } from "./text";

/**
 * Coupons: the rules a code must pass to reduce an order, and how the reduction is spread over the
 * lines. Money is whole shillings; prices include VAT, so a discount lowers each line's gross and
 * VAT is worked out again from what is left (VAT is charged on what the shopper really pays).
 * Delivery is never discounted: a coupon reduces the goods only.
 */
export const COUPON_KINDS = ["percent", "fixed"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

export const COUPON_CODE_PATTERN = /^[A-Z0-9-]{4,32}$/;
export const PERCENT_MIN = 1;
export const PERCENT_MAX = 90;

/** A code as typed (any case, spaces around) in its stored form, or null when it cannot be a code. */
export function normaliseCouponCode(input: string | null | undefined): string | null {
  const code = (input ?? "").trim().toUpperCase();
  return COUPON_CODE_PATTERN.test(code) ? code : null;
}

export interface CouponRule {
  code: string;
  kind: CouponKind;
  /** percent: 1–90; fixed: whole shillings off */
  value: number;
  /** goods subtotal the order must reach (VAT-inclusive, before any discount) */
  minSubtotal: number;
  validFrom: Date | null;
  validUntil: Date | null;
  /** uses by every shopper together; null = no limit */
  usageLimit: number | null;
  /** uses by one shopper; null = no limit */
  perCustomerLimit: number | null;
  active: boolean;
  firstOrderOnly: boolean;
}

export const COUPON_REASONS = ["not-found", "inactive", "not-yet-valid", "expired", "below-minimum", "used-up", "already-used", "first-order-only"] as const;
export type CouponReason = (typeof COUPON_REASONS)[number];

export interface CouponUse {
  /** goods subtotal (VAT-inclusive) */
  subtotal: number;
  now: Date;
  /** uses counted so far (a cancelled order's use is released) */
  usesTotal: number;
  usesByCustomer: number;
  /** orders the shopper placed before that still count (not cancelled); for first-order-only coupons */
  ordersBefore?: number;
}

export type CouponResult = { ok: true; discount: number } | { ok: false; reason: CouponReason; /** below-minimum: shillings still missing */ missing?: number };

/** Whether a coupon applies to an order, and the discount it gives (never more than the goods). */
export function applyCoupon(coupon: CouponRule | null | undefined, use: CouponUse): CouponResult {
  if (!coupon) return { ok: false, reason: "not-found" };
  if (!coupon.active) return { ok: false, reason: "inactive" };
  if (coupon.validFrom && use.now < coupon.validFrom) return { ok: false, reason: "not-yet-valid" };
  if (coupon.validUntil && use.now > coupon.validUntil) return { ok: false, reason: "expired" };
  if (coupon.usageLimit !== null && use.usesTotal >= coupon.usageLimit) return { ok: false, reason: "used-up" };
  if (coupon.perCustomerLimit !== null && use.usesByCustomer >= coupon.perCustomerLimit) return { ok: false, reason: "already-used" };
  if (coupon.firstOrderOnly && (use.ordersBefore ?? 0) > 0) return { ok: false, reason: "first-order-only" };
  if (use.subtotal < coupon.minSubtotal) return { ok: false, reason: "below-minimum", missing: coupon.minSubtotal - use.subtotal };
  const raw = coupon.kind === "percent" ? Math.floor((use.subtotal * coupon.value) / 100) : coupon.value;
  return { ok: true, discount: Math.max(0, Math.min(raw, use.subtotal)) };
}

/**
 * Spreads `discount` over amounts in proportion to each, in whole shillings that add up exactly:
 * each gets the floor of its share, and the shillings left go to the largest remainders (ties to
 * the earlier line). No share exceeds its amount.
 */
export function allocateProportionally(amounts: readonly number[], discount: number): number[] {
  const total = amounts.reduce((s, a) => s + a, 0);
  const take = Math.max(0, Math.min(discount, total));
  if (take === 0 || total === 0) return amounts.map(() => 0);
  const exact = amounts.map((a) => (a * take) / total);
  const shares = exact.map((x) => Math.floor(x));
  let left = take - shares.reduce((s, x) => s + x, 0);
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    if (shares[i]! < amounts[i]!) {
      shares[i]! += 1;
      left -= 1;
    }
  }
  return shares;
}

export interface DiscountedTotals extends OrderTotals {
  /** coupon discount and coins redeemed (shillings), both off the goods */
  discount: number;
  coinsValue: number;
  lines: { gross: number; net: number; vat: number; discount: number }[];
}

/**
 * The money of an order after a coupon discount and coins: both come off the goods (never
 * delivery), spread over the lines in proportion to their value; each line's net and VAT are split
 * again from its discounted gross at the order's rate. total = subtotal − discount − coins + delivery.
 */
export function discountedOrderTotals(
  lines: readonly PricedLine[],
  deliveryFee: number,
  region: string | null,
  rates: SiteSettings["vatRates"],
  reductions: { discount: number; coinsValue: number },
): DiscountedTotals {
  const base = orderTotals(lines, deliveryFee, region, rates);
  const discount = Math.max(0, Math.min(reductions.discount, base.subtotal));
  const coinsValue = Math.max(0, Math.min(reductions.coinsValue, base.subtotal - discount));
  const off = allocateProportionally(
    base.lines.map((l) => l.gross),
    discount + coinsValue,
  );
  const priced = base.lines.map((l, i) => {
    const gross = l.gross - off[i]!;
    return { gross, ...splitVat(gross, base.rateBp), discount: off[i]! };
  });
  const vatTotal = priced.reduce((s, l) => s + l.vat, 0) + base.deliveryVat;
  return { ...base, lines: priced, discount, coinsValue, vatTotal, total: base.subtotal - discount - coinsValue + base.deliveryFee };
}

/** The start of a shop-calendar day (YYYY-MM-DD) in a time zone, as an instant. */
export function shopDayStart(date: string, timeZone: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  // the zone's offset at that moment: what the wall clock there reads minus UTC
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(guess))
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
  return new Date(guess - (wall - guess));
}

/** The last instant of a shop-calendar day (YYYY-MM-DD). */
export function shopDayEnd(date: string, timeZone: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return new Date(shopDayStart(next, timeZone).getTime() - 1);
}

/** The shop-calendar day (YYYY-MM-DD) of an instant. */
export function shopDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the date form YYYY-MM-DD")
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), "Not a calendar date");

/** What an admin enters to create a coupon (dates are shop-calendar days, both inclusive). */
export const couponInputSchema = z
  .object({
    code: z
      .string()
      .transform((v) => v.trim().toUpperCase())
      .pipe(z.string().regex(COUPON_CODE_PATTERN, "4 to 32 letters A–Z, digits or -")),
    kind: z.enum(COUPON_KINDS),
    value: z.number().int().min(1),
    minSubtotal: z.number().int().min(0).max(1_000_000_000).default(0),
    validFrom: isoDate.nullish(),
    validUntil: isoDate.nullish(),
    usageLimit: z.number().int().min(1).max(10_000_000).nullish(),
    perCustomerLimit: z.number().int().min(1).max(1000).nullish(),
    firstOrderOnly: z.boolean().default(false),
    public: z.boolean().default(false),
    description: z
      .string()
      .max(200)
      .refine((v) => !hasForbiddenCharacter(v), CONTROL_CHARACTER_MESSAGE)
      .transform((v) => v.trim())
      .optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.kind === "percent" && (c.value < PERCENT_MIN || c.value > PERCENT_MAX))
      ctx.addIssue({ code: "custom", path: ["value"], message: `A percentage is ${PERCENT_MIN} to ${PERCENT_MAX}` });
    if (c.kind === "fixed" && c.value > 100_000_000) ctx.addIssue({ code: "custom", path: ["value"], message: "Too large" });
    if (c.validFrom && c.validUntil && c.validUntil < c.validFrom)
      ctx.addIssue({ code: "custom", path: ["validUntil"], message: "The last day is before the first" });
  });

export type CouponInput = z.infer<typeof couponInputSchema>;
/** What the admin's form sends (defaults filled in by the schema on the server). */
export type CouponRequest = z.input<typeof couponInputSchema>;

/** A coupon as the shopper's and the admin's pages show it. */
export interface CouponView {
  code: string;
  kind: CouponKind;
  value: number;
  minSubtotal: number;
  /** shop-calendar days, inclusive */
  validFrom: string | null;
  validUntil: string | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  active: boolean;
  firstOrderOnly: boolean;
  public: boolean;
  description: string | null;
}

/** What a quote says of the coupon asked for. */
export type CouponQuote = { code: string; applied: true; discount: number } | { code: string; applied: false; reason: CouponReason; missing?: number };

export interface UsedCoupon {
  code: string;
  orderNumber: string;
  discount: number;
  usedAt: string;
  /** the order was cancelled: the use no longer counts */
  released: boolean;
}

export type AdminCouponView = CouponView & { uses: number; createdAt: string };
