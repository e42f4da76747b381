import { describe, expect, it } from "vitest";
import { groupBusinessHours, openAllWeekAllDay } from "./business-hours";
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
