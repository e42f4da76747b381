import { describe, expect, it } from "vitest";
import { groupBusinessHours, isOpenAt, openAllWeekAllDay, shopWeekdayAndTime } from "./business-hours";
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

describe("open now", () => {
  const zone = "Africa/Dar_es_Salaam";
  const hours = DEFAULT_SITE_SETTINGS.businessHours;
  // 24 Nov 2026 is a Tuesday; Dar es Salaam is UTC+3 all year
  const at = (iso: string) => new Date(iso);

  it("reads the weekday and time in the shop's zone, not the server's", () => {
    expect(shopWeekdayAndTime(at("2026-11-24T21:30:00Z"), zone)).toEqual({ day: "wednesday", time: "00:30" });
  });

  it("is open between opening and closing time, closed at closing time", () => {
    expect(isOpenAt(hours, at("2026-11-24T05:59:00Z"), zone)).toBe(false); // 08:59
    expect(isOpenAt(hours, at("2026-11-24T06:00:00Z"), zone)).toBe(true); // 09:00
    expect(isOpenAt(hours, at("2026-11-24T14:59:00Z"), zone)).toBe(true); // 17:59
    expect(isOpenAt(hours, at("2026-11-24T15:00:00Z"), zone)).toBe(false); // 18:00
  });

  it("follows each day's own hours and closed days", () => {
    expect(isOpenAt(hours, at("2026-11-29T10:30:00Z"), zone)).toBe(true); // Sunday 13:30
    expect(isOpenAt(hours, at("2026-11-29T11:00:00Z"), zone)).toBe(false); // Sunday 14:00
    const closedSunday = { ...hours, sunday: { ...hours.sunday, closed: true } };
    expect(isOpenAt(closedSunday, at("2026-11-29T10:30:00Z"), zone)).toBe(false);
  });

  it("carries hours past midnight into the next morning", () => {
    const late = { ...hours, friday: { open: "20:00", close: "02:00", closed: false } };
    expect(isOpenAt(late, at("2026-11-27T18:00:00Z"), zone)).toBe(true); // Friday 21:00
    expect(isOpenAt(late, at("2026-11-27T22:30:00Z"), zone)).toBe(true); // Saturday 01:30
    expect(isOpenAt(late, at("2026-11-27T23:00:00Z"), zone)).toBe(false); // Saturday 02:00, before Saturday opens
    const allDay = { ...hours, tuesday: { open: "00:00", close: "24:00", closed: false } };
    expect(isOpenAt(allDay, at("2026-11-24T20:59:00Z"), zone)).toBe(true); // 23:59
  });
});
