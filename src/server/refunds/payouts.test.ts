import { describe, expect, it } from "vitest";
import { clickPesaPayoutStatus } from "../payments/clickpesa";
import { creditNoteTotals } from "./credit-notes";

describe("ClickPesa's payout statuses", () => {
  it("counts only SUCCESS as money sent; a payout refunded or reversed to the shop's balance is a failure", () => {
    expect(clickPesaPayoutStatus("SUCCESS")).toBe("paid");
    for (const waiting of ["AUTHORIZED", "PROCESSING", "PENDING", "", undefined]) expect(clickPesaPayoutStatus(waiting)).toBe("pending");
    for (const failed of ["FAILED", "REFUNDED", "REVERSED"]) expect(clickPesaPayoutStatus(failed)).toBe("failed");
  });
});

describe("a credit note's totals", () => {
  it("reverse the VAT per rate, adding up to the refunded lines", () => {
    const lines = [
      { vatRateBp: 1800, gross: 11_800, vat: 1_800, net: 10_000 },
      { vatRateBp: 1800, gross: 5_899, vat: 900, net: 4_999 },
      { vatRateBp: 1500, gross: 1_150, vat: 150, net: 1_000 },
    ];
    const totals = creditNoteTotals(lines);
    expect(totals).toEqual({
      net: 15_999,
      vat: 2_850,
      gross: 18_849,
      rates: [
        { rateBp: 1800, net: 14_999, vat: 2_700 },
        { rateBp: 1500, net: 1_000, vat: 150 },
      ],
    });
    expect(totals.gross).toBe(lines.reduce((s, l) => s + l.gross, 0));
  });
});
