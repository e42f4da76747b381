import { describe, expect, it } from "vitest";
import { splitVat } from "./checkout";
import {
  allocateProportionally,
  applyCoupon,
  couponInputSchema,
  discountedOrderTotals,
  normaliseCouponCode,
  shopDate,
  shopDayEnd,
  shopDayStart,
  type CouponRule,
} from "./coupons";

const rates = { mainland: 18, zanzibar: 15 };
const now = new Date("2026-06-15T09:00:00Z");
const base: CouponRule = {
  code: "KARIBU10",
  kind: "percent",
  value: 10,
  minSubtotal: 0,
  validFrom: null,
  validUntil: null,
  usageLimit: null,
  perCustomerLimit: null,
  active: true,
  firstOrderOnly: false,
};
const use = { subtotal: 50_000, now, usesTotal: 0, usesByCustomer: 0 };

describe("coupon codes", () => {
  it("are matched case-insensitively, 4 to 32 of A–Z, 0–9 and -", () => {
    expect(normaliseCouponCode("  karibu-10 ")).toBe("KARIBU-10");
    expect(normaliseCouponCode("abc")).toBeNull();
    expect(normaliseCouponCode("A".repeat(33))).toBeNull();
    expect(normaliseCouponCode("SALE 10")).toBeNull();
    expect(normaliseCouponCode("PUNGUZO_5")).toBeNull();
    expect(normaliseCouponCode(undefined)).toBeNull();
  });
});

describe("applyCoupon", () => {
  it("takes a percentage of the goods, rounded down to whole shillings", () => {
    expect(applyCoupon(base, use)).toEqual({ ok: true, discount: 5000 });
    expect(applyCoupon({ ...base, value: 15 }, { ...use, subtotal: 33_333 })).toEqual({ ok: true, discount: 4999 });
  });

  it("takes a fixed amount, never more than the goods", () => {
    expect(applyCoupon({ ...base, kind: "fixed", value: 7000 }, use)).toEqual({ ok: true, discount: 7000 });
    expect(applyCoupon({ ...base, kind: "fixed", value: 70_000 }, use)).toEqual({ ok: true, discount: 50_000 });
  });

  it("names the reason it does not apply", () => {
    expect(applyCoupon(null, use)).toEqual({ ok: false, reason: "not-found" });
    expect(applyCoupon({ ...base, active: false }, use)).toMatchObject({ reason: "inactive" });
    expect(applyCoupon({ ...base, validFrom: new Date("2026-06-16T00:00:00Z") }, use)).toMatchObject({ reason: "not-yet-valid" });
    expect(applyCoupon({ ...base, validUntil: new Date("2026-06-15T08:59:59Z") }, use)).toMatchObject({ reason: "expired" });
    expect(applyCoupon({ ...base, usageLimit: 3 }, { ...use, usesTotal: 3 })).toMatchObject({ reason: "used-up" });
    expect(applyCoupon({ ...base, usageLimit: 3 }, { ...use, usesTotal: 2 })).toMatchObject({ ok: true });
    expect(applyCoupon({ ...base, perCustomerLimit: 1 }, { ...use, usesByCustomer: 1 })).toMatchObject({ reason: "already-used" });
    expect(applyCoupon({ ...base, firstOrderOnly: true }, { ...use, ordersBefore: 1 })).toMatchObject({ reason: "first-order-only" });
    expect(applyCoupon({ ...base, firstOrderOnly: true }, { ...use, ordersBefore: 0 })).toMatchObject({ ok: true });
  });

  it("says how much is missing below the minimum", () => {
    expect(applyCoupon({ ...base, minSubtotal: 80_000 }, use)).toEqual({ ok: false, reason: "below-minimum", missing: 30_000 });
    expect(applyCoupon({ ...base, minSubtotal: 50_000 }, use)).toMatchObject({ ok: true });
  });
});

describe("allocateProportionally", () => {
  it("spreads a discount by value, in shillings that add up exactly (largest remainder)", () => {
    const shares = allocateProportionally([10_000, 20_000, 30_001], 1000);
    expect(shares.reduce((s, x) => s + x, 0)).toBe(1000);
    // exact shares 166.66, 333.33, 500.01: the floors leave one shilling, which goes to the largest remainder
    expect(shares).toEqual([167, 333, 500]);
    expect(allocateProportionally([1, 1, 1], 2)).toEqual([1, 1, 0]);
    expect(allocateProportionally([100, 200], 0)).toEqual([0, 0]);
    expect(allocateProportionally([100, 200], 500)).toEqual([100, 200]);
  });

  it("adds up exactly for many awkward amounts", () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    for (let round = 0; round < 300; round++) {
      const amounts = Array.from({ length: 1 + rnd(8) }, () => 1 + rnd(500_000));
      const total = amounts.reduce((s, a) => s + a, 0);
      const discount = rnd(total + 1);
      const shares = allocateProportionally(amounts, discount);
      expect(shares.reduce((s, x) => s + x, 0)).toBe(discount);
      shares.forEach((x, i) => {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(amounts[i]!);
        expect(Math.abs(x - (amounts[i]! * discount) / total)).toBeLessThan(1);
      });
    }
  });
});

describe("discountedOrderTotals", () => {
  it("takes the discount off the goods only and works VAT out again from each discounted line", () => {
    const lines = [
      { unitPrice: 12_500, quantity: 3 },
      { unitPrice: 7_999, quantity: 1 },
    ];
    const t = discountedOrderTotals(lines, 5000, "dar-es-salaam", rates, { discount: 4_549, coinsValue: 0 });
    expect(t.subtotal).toBe(45_499);
    expect(t.discount).toBe(4_549);
    expect(t.total).toBe(45_499 - 4_549 + 5000);
    expect(t.lines.reduce((s, l) => s + l.discount, 0)).toBe(4_549);
    for (const [i, l] of t.lines.entries()) {
      expect(l.gross).toBe(lines[i]!.unitPrice * lines[i]!.quantity - l.discount);
      expect(l).toMatchObject(splitVat(l.gross, 1800));
    }
    expect(t.vatTotal).toBe(t.lines.reduce((s, l) => s + l.vat, 0) + splitVat(5000, 1800).vat);
    expect(t.deliveryFee).toBe(5000);
  });

  it("takes coins after the coupon, and never goes below zero", () => {
    const lines = [{ unitPrice: 10_000, quantity: 1 }];
    const t = discountedOrderTotals(lines, 0, "urban-west", rates, { discount: 9_000, coinsValue: 5_000 });
    expect(t).toMatchObject({ discount: 9_000, coinsValue: 1_000, total: 0, vatTotal: 0, rateBp: 1500 });
    expect(t.lines[0]).toEqual({ gross: 0, net: 0, vat: 0, discount: 10_000 });
  });
});

describe("shop calendar days", () => {
  it("start and end at midnight in Dar es Salaam (UTC+3)", () => {
    expect(shopDayStart("2026-06-15", "Africa/Dar_es_Salaam").toISOString()).toBe("2026-06-14T21:00:00.000Z");
    expect(shopDayEnd("2026-06-15", "Africa/Dar_es_Salaam").toISOString()).toBe("2026-06-15T20:59:59.999Z");
    expect(shopDate(new Date("2026-06-14T21:30:00Z"), "Africa/Dar_es_Salaam")).toBe("2026-06-15");
  });
});

describe("couponInputSchema", () => {
  it("upper-cases the code and checks the value by kind and the window", () => {
    expect(couponInputSchema.parse({ code: "karibu10", kind: "percent", value: 10 })).toMatchObject({ code: "KARIBU10", minSubtotal: 0, public: false });
    expect(couponInputSchema.safeParse({ code: "KARIBU10", kind: "percent", value: 95 }).success).toBe(false);
    expect(couponInputSchema.safeParse({ code: "KARIBU10", kind: "fixed", value: 95_000 }).success).toBe(true);
    expect(couponInputSchema.safeParse({ code: "AB", kind: "fixed", value: 100 }).success).toBe(false);
    expect(couponInputSchema.safeParse({ code: "KARIBU10", kind: "fixed", value: 100, validFrom: "2026-06-10", validUntil: "2026-06-01" }).success).toBe(false);
    expect(couponInputSchema.safeParse({ code: "KARIBU10", kind: "fixed", value: 100, validFrom: "2026-02-30" }).success).toBe(false);
  });
});
