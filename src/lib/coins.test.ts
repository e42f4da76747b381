import { describe, expect, it } from "vitest";
import { coinBalance, coinExpiry, coinsEarned, coinsValue, maxCoinsUsable, type CoinEntry, type LoyaltyRule } from "./coins";
import { DEFAULT_SITE_SETTINGS } from "./site-settings";

const rule: LoyaltyRule = DEFAULT_SITE_SETTINGS.loyalty;
const at = (iso: string) => new Date(iso);

describe("the coin rule", () => {
  it("earns 1 coin per full TSh 1,000 of goods paid, by the default settings", () => {
    expect(rule).toMatchObject({ shillingsPerStep: 1000, coinsPerStep: 1, coinValue: 10, maxSharePercent: 20, expiryMonths: 12 });
    expect(coinsEarned(45_999, rule)).toBe(45);
    expect(coinsEarned(999, rule)).toBe(0);
    expect(coinsEarned(-5, rule)).toBe(0);
    expect(coinsEarned(10_000, { ...rule, coinsPerStep: 3 })).toBe(30);
    expect(coinsEarned(10_000, { ...rule, enabled: false })).toBe(0);
  });

  it("values a coin at TSh 10 and lets coins pay at most 20 % of the goods", () => {
    expect(coinsValue(45, rule)).toBe(450);
    expect(maxCoinsUsable(50_000, 5_000, rule)).toBe(1000);
    expect(maxCoinsUsable(50_000, 300, rule)).toBe(300);
    expect(maxCoinsUsable(99, 300, rule)).toBe(1);
    expect(maxCoinsUsable(0, 300, rule)).toBe(0);
    expect(maxCoinsUsable(50_000, 300, { ...rule, enabled: false })).toBe(0);
  });

  it("expires coins 12 calendar months after they are credited", () => {
    expect(coinExpiry(at("2026-03-15T10:00:00Z"), 12).toISOString()).toBe("2027-03-15T10:00:00.000Z");
    expect(coinExpiry(at("2028-02-29T10:00:00Z"), 12).toISOString()).toBe("2029-02-28T10:00:00.000Z");
  });
});

describe("coinBalance", () => {
  const earned = (coins: number, created: string, expires: string): CoinEntry => ({
    delta: coins,
    reason: "earned",
    createdAt: at(created),
    expiresAt: at(expires),
  });
  const debit = (coins: number, created: string, reason: CoinEntry["reason"] = "spent"): CoinEntry => ({
    delta: -coins,
    reason,
    createdAt: at(created),
    expiresAt: null,
  });

  it("sums credits and debits, spending the coins that expire first", () => {
    const entries = [earned(100, "2026-01-01", "2027-01-01"), earned(50, "2026-02-01", "2027-02-01"), debit(120, "2026-03-01")];
    expect(coinBalance(entries, at("2026-06-01"))).toMatchObject({ balance: 30, lapsed: 0 });
    // the 30 left are from the second lot: they live until February
    expect(coinBalance(entries, at("2027-01-15"))).toMatchObject({ balance: 30, lapsed: 0 });
    expect(coinBalance(entries, at("2027-02-02"))).toMatchObject({ balance: 0, lapsed: 30 });
  });

  it("stops counting coins past their expiry, and a write-off takes the lapsed ones", () => {
    const entries = [earned(100, "2026-01-01", "2027-01-01"), earned(40, "2026-12-01", "2027-12-01")];
    expect(coinBalance(entries, at("2027-01-02"))).toMatchObject({ balance: 40, lapsed: 100 });
    const written = [...entries, debit(100, "2027-01-02", "expired")];
    expect(coinBalance(written, at("2027-01-03"))).toMatchObject({ balance: 40, lapsed: 0 });
  });

  it("does not let a debit use coins that had already lapsed when it was made", () => {
    const entries = [earned(100, "2026-01-01", "2027-01-01"), earned(40, "2026-12-01", "2027-12-01"), debit(30, "2027-02-01")];
    expect(coinBalance(entries, at("2027-03-01"))).toMatchObject({ balance: 10, lapsed: 100 });
  });

  it("gives coins back to a cancelled order's shopper and takes back a refunded order's earned coins", () => {
    const entries: CoinEntry[] = [
      earned(200, "2026-01-01", "2027-01-01"),
      debit(150, "2026-02-01"),
      { delta: 150, reason: "refunded", createdAt: at("2026-02-02"), expiresAt: at("2027-02-02") },
      debit(50, "2026-03-01", "reversed"),
    ];
    expect(coinBalance(entries, at("2026-04-01")).balance).toBe(150);
  });
});
