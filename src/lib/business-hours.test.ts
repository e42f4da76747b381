import { describe, expect, it } from "vitest";
import { groupBusinessHours, isOpenAt, openAllWeekAllDay } from "./business-hours";
import { DEFAULT_SITE_SETTINGS } from "./site-settings";

describe("business hours", () => {
  it("joins consecutive days with the same hours", () => {
    expect(groupBusinessHours(DEFAULT_SITE_SETTINGS.businessHours)).toEqual([
      { from: "monday", to: "friday", open: "09:00", close: "18:00", closed: false },
      { from: "saturday", to: "saturday", open: "09:00", close: "16:00", closed: false },
      { from: "sunday", to: "sunday", open: "10:00", close: "14:00", closed: false },
    ]);
  });

  it("keeps closed days together whatever their stored times", () => {
    const hours = {
      ...DEFAULT_SITE_SETTINGS.businessHours,
      saturday: { open: "09:00", close: "13:00", closed: true },
      sunday: { open: "10:00", close: "14:00", closed: true },
    };
    expect(groupBusinessHours(hours).at(-1)).toEqual({ from: "saturday", to: "sunday", open: "09:00", close: "13:00", closed: true });
  });

  it("promises round-the-clock support only when every day is open all day", () => {
    expect(openAllWeekAllDay(DEFAULT_SITE_SETTINGS.businessHours)).toBe(false);
    const day = { open: "00:00", close: "24:00", closed: false };
    const always = { monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: day, sunday: day };
    expect(openAllWeekAllDay(always)).toBe(true);
    expect(openAllWeekAllDay({ ...always, sunday: { ...day, closed: true } })).toBe(false);
  });
});

describe("isOpenAt", () => {
  const hours = {
    monday: { open: "09:00", close: "18:00", closed: false },
    tuesday: { open: "09:00", close: "18:00", closed: false },
    wednesday: { open: "09:00", close: "18:00", closed: false },
    thursday: { open: "09:00", close: "18:00", closed: false },
    friday: { open: "09:00", close: "18:00", closed: false },
    saturday: { open: "09:00", close: "16:00", closed: false },
    sunday: { open: "00:00", close: "00:00", closed: true },
  };
  it("reads the hours of the weekday in Dar es Salaam time (UTC+3)", () => {
    // Monday 2026-11-23 05:59 UTC is 08:59 in Dar es Salaam: not yet open; 06:00 UTC is 09:00: open
    expect(isOpenAt(hours, new Date("2026-11-23T05:59:00Z"))).toBe(false);
    expect(isOpenAt(hours, new Date("2026-11-23T06:00:00Z"))).toBe(true);
    // 17:59 open, 18:00 closed
    expect(isOpenAt(hours, new Date("2026-11-23T14:59:00Z"))).toBe(true);
    expect(isOpenAt(hours, new Date("2026-11-23T15:00:00Z"))).toBe(false);
    // Saturday closes at 16:00; Sunday is closed all day
    expect(isOpenAt(hours, new Date("2026-11-28T12:30:00Z"))).toBe(true);
    expect(isOpenAt(hours, new Date("2026-11-28T13:30:00Z"))).toBe(false);
    expect(isOpenAt(hours, new Date("2026-11-29T09:00:00Z"))).toBe(false);
  });
  it("takes the weekday of the shop's time zone, not the server's", () => {
    // Sunday 2026-11-22 22:30 UTC is already Monday 01:30 in Dar es Salaam
    expect(isOpenAt({ ...hours, monday: { open: "00:00", close: "24:00", closed: false } }, new Date("2026-11-22T22:30:00Z"))).toBe(true);
  });
});
