import { describe, expect, it } from "vitest";
import { orderTotals } from "@/lib/checkout";
import { vatBreakdown } from "./fiscal";
import { shopTime } from "./shop-time";

describe("the business day of a receipt", () => {
  it("is Tanzania's calendar day, three hours ahead of UTC", () => {
    expect(shopTime(new Date("2026-11-24T20:59:59Z"))).toEqual({ day: "2026-11-24", date: "24/11/2026", time: "23:59:59", hhmmss: "235959" });
    expect(shopTime(new Date("2026-11-24T21:00:00Z"))).toEqual({ day: "2026-11-25", date: "25/11/2026", time: "00:00:00", hhmmss: "000000" });
    expect(shopTime(new Date("2026-12-31T22:30:05Z")).day).toBe("2027-01-01");
  });
});

describe("the VAT breakdown of a receipt", () => {
  it("adds the delivery to the lines' rate and sums to the order's total and VAT", () => {
    for (const [region, rateBp] of [
      ["dar-es-salaam", 1800],
      ["urban-west", 1500],
    ] as const) {
      const totals = orderTotals(
        [
          { unitPrice: 12_345, quantity: 3 },
          { unitPrice: 999, quantity: 1 },
        ],
        7_000,
        region,
        { mainland: 18, zanzibar: 15 },
      );
      const lines = totals.lines.map((l) => ({ ...l, vatRateBp: totals.rateBp }));
      const breakdown = vatBreakdown(lines, { fee: totals.deliveryFee, vat: totals.deliveryVat });
      expect(breakdown.gross).toBe(totals.total);
      expect(breakdown.vat).toBe(totals.vatTotal);
      expect(breakdown.rates).toEqual([{ rateBp, net: totals.total - totals.vatTotal, vat: totals.vatTotal }]);
    }
  });

  it("keeps rates apart, highest first, and leaves out a free delivery", () => {
    const breakdown = vatBreakdown(
      [
        { vatRateBp: 0, net: 5_000, vat: 0, gross: 5_000 },
        { vatRateBp: 1800, net: 10_000, vat: 1_800, gross: 11_800 },
      ],
      { fee: 0, vat: 0 },
    );
    expect(breakdown).toEqual({
      net: 15_000,
      vat: 1_800,
      gross: 16_800,
      rates: [
        { rateBp: 1800, net: 10_000, vat: 1_800 },
        { rateBp: 0, net: 5_000, vat: 0 },
      ],
    });
  });
});
