import { describe, expect, it } from "vitest";
import { formatMoney, isCurrency } from "./money";

describe("formatMoney", () => {
  it("shows TZS as whole shillings with thousands separators", () => {
    expect(formatMoney(12345)).toBe("TSh\u00a012,345");
    expect(formatMoney(1234567.5, "TZS")).toBe("TSh\u00a01,234,568");
  });
  it("converts to USD at 0.0004 with two decimals", () => {
    expect(formatMoney(12345, "USD")).toBe("$4.94");
    expect(formatMoney(2_500_000, "USD")).toBe("$1,000.00");
  });
  it("shows zero or invalid amounts as zero", () => {
    for (const bad of [0, NaN, Infinity, "abc", null, undefined, {}]) {
      expect(formatMoney(bad)).toBe("TSh\u00a00");
      expect(formatMoney(bad, "USD")).toBe("$0.00");
    }
  });
  it("accepts numeric strings", () => {
    expect(formatMoney("5000")).toBe("TSh\u00a05,000");
  });
});

describe("isCurrency", () => {
  it("knows only TZS and USD", () => {
    expect(isCurrency("TZS")).toBe(true);
    expect(isCurrency("USD")).toBe(true);
    expect(isCurrency("EUR")).toBe(false);
  });
});
