import { describe, expect, it } from "vitest";
import { isQuietHour, nextSendTime, parseQuietHours, shopHour, startOfShopDay } from "./quiet-hours";
import { isMarketing, mayGoInQuietHours, MESSAGE_EVENTS } from "./events";

/** A moment given in shop time (UTC+3). */
const eat = (iso: string) => new Date(`${iso}+03:00`);

describe("quiet hours (21:00-07:00 Tanzania time)", () => {
  it("reads the hour on the shop's clock, UTC+3", () => {
    expect(shopHour(new Date("2026-11-28T18:00:00Z"))).toBe(21);
    expect(shopHour(new Date("2026-11-28T23:30:00Z"))).toBe(2);
  });

  it("is quiet from 21:00 up to 07:00, and not at 07:00 or 20:59", () => {
    expect(isQuietHour(eat("2026-11-28T21:00:00"))).toBe(true);
    expect(isQuietHour(eat("2026-11-28T23:59:59"))).toBe(true);
    expect(isQuietHour(eat("2026-11-29T00:00:00"))).toBe(true);
    expect(isQuietHour(eat("2026-11-29T06:59:59"))).toBe(true);
    expect(isQuietHour(eat("2026-11-29T07:00:00"))).toBe(false);
    expect(isQuietHour(eat("2026-11-28T20:59:59"))).toBe(false);
    expect(isQuietHour(eat("2026-11-28T12:00:00"))).toBe(false);
  });

  it("sends outside quiet hours at once, and otherwise at the next 07:00 shop time", () => {
    const noon = eat("2026-11-28T12:00:00");
    expect(nextSendTime(noon)).toEqual(noon);
    expect(nextSendTime(eat("2026-11-28T21:00:00"))).toEqual(eat("2026-11-29T07:00:00"));
    expect(nextSendTime(eat("2026-11-28T23:45:00"))).toEqual(eat("2026-11-29T07:00:00"));
    expect(nextSendTime(eat("2026-11-29T02:10:00"))).toEqual(eat("2026-11-29T07:00:00"));
    // across a month's and a year's end
    expect(nextSendTime(eat("2026-12-31T22:00:00"))).toEqual(eat("2027-01-01T07:00:00"));
    // 22:30 UTC is already 01:30 the next day in Dar es Salaam
    expect(nextSendTime(new Date("2026-11-28T22:30:00Z"))).toEqual(new Date("2026-11-29T04:00:00Z"));
  });

  it("reads SMS_QUIET_HOURS, and keeps other hours or none", () => {
    expect(parseQuietHours("21-7")).toEqual({ hours: { start: 21, end: 7 } });
    expect(parseQuietHours(" 22 - 6 ")).toEqual({ hours: { start: 22, end: 6 } });
    expect(parseQuietHours("OFF")).toEqual({ hours: null });
    for (const bad of ["", "21", "21-24", "7-7", "nine-five", "21-7-1"]) expect(parseQuietHours(bad)).toBeNull();

    // hours within one day, and hours across midnight other than the default
    const afternoon = { start: 13, end: 15 };
    expect(isQuietHour(eat("2026-11-28T14:00:00"), afternoon)).toBe(true);
    expect(isQuietHour(eat("2026-11-28T15:00:00"), afternoon)).toBe(false);
    expect(isQuietHour(eat("2026-11-28T22:00:00"), afternoon)).toBe(false);
    expect(nextSendTime(eat("2026-11-28T13:30:00"), afternoon)).toEqual(eat("2026-11-28T15:00:00"));
    expect(nextSendTime(eat("2026-11-28T23:00:00"), { start: 22, end: 6 })).toEqual(eat("2026-11-29T06:00:00"));
    expect(nextSendTime(eat("2026-11-29T05:00:00"), { start: 22, end: 6 })).toEqual(eat("2026-11-29T06:00:00"));
    // none: every moment may send
    const night = eat("2026-11-28T23:00:00");
    expect(isQuietHour(night, null)).toBe(false);
    expect(nextSendTime(night, null)).toEqual(night);
  });

  it("starts the shop's day at midnight Tanzania time", () => {
    expect(startOfShopDay(new Date("2026-11-28T22:30:00Z"))).toEqual(eat("2026-11-29T00:00:00"));
    expect(startOfShopDay(eat("2026-11-28T20:00:00"))).toEqual(eat("2026-11-28T00:00:00"));
  });

  it("lets only one-time codes and payment prompts through quiet hours", () => {
    expect(MESSAGE_EVENTS.filter(mayGoInQuietHours)).toEqual(["payment-prompt", "one-time-code"]);
    expect(mayGoInQuietHours("order-placed")).toBe(false);
  });

  it("treats only promotions as marketing", () => {
    expect(MESSAGE_EVENTS.filter(isMarketing)).toEqual(["promotion"]);
  });
});
