import { describe, expect, it } from "vitest";
import { shopDateOf, shopPeriodStarts, startOfShopDate } from "./shop-calendar";

describe("shopPeriodStarts", () => {
  it("starts the day and month at midnight in Dar es Salaam (UTC+3), not at midnight UTC", () => {
    // 01:30 on 25 November in Dar es Salaam
    const { day, month } = shopPeriodStarts(new Date("2026-11-24T22:30:00Z"), "Africa/Dar_es_Salaam");
    expect(day.toISOString()).toBe("2026-11-24T21:00:00.000Z");
    expect(month.toISOString()).toBe("2026-10-31T21:00:00.000Z");
  });

  it("keeps the day that has begun in the shop, though it is still yesterday in UTC", () => {
    const { day } = shopPeriodStarts(new Date("2026-11-24T20:59:59Z"), "Africa/Dar_es_Salaam");
    expect(day.toISOString()).toBe("2026-11-23T21:00:00.000Z");
  });

  it("follows a zone whose offset changes on the day (summer time starts in London)", () => {
    const { day, month } = shopPeriodStarts(new Date("2026-03-29T12:00:00Z"), "Europe/London");
    expect(day.toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(month.toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(shopPeriodStarts(new Date("2026-07-10T12:00:00Z"), "Europe/London").day.toISOString()).toBe("2026-07-09T23:00:00.000Z");
  });

  it("falls back to East Africa Time for a zone name it does not know", () => {
    expect(shopPeriodStarts(new Date("2026-11-24T22:30:00Z"), "Mars/Olympus").day.toISOString()).toBe("2026-11-24T21:00:00.000Z");
  });
});

describe("shop calendar dates", () => {
  it("reads the shop's date at an instant, ahead of UTC in the evening", () => {
    expect(shopDateOf(new Date("2026-11-24T20:59:59Z"), "Africa/Dar_es_Salaam")).toBe("2026-11-24");
    expect(shopDateOf(new Date("2026-11-24T21:00:00Z"), "Africa/Dar_es_Salaam")).toBe("2026-11-25");
  });

  it("finds when a date begins in the shop, and refuses dates that do not exist", () => {
    expect(startOfShopDate("2026-11-25", "Africa/Dar_es_Salaam")?.toISOString()).toBe("2026-11-24T21:00:00.000Z");
    expect(startOfShopDate("2026-03-29", "Europe/London")?.toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(startOfShopDate("2026-02-30", "Africa/Dar_es_Salaam")).toBeNull();
    expect(startOfShopDate("25/11/2026", "Africa/Dar_es_Salaam")).toBeNull();
  });
});
