import { describe, expect, it } from "vitest";
import {
  addDays,
  availableFromOf,
  DEFAULT_DELIVERY_ESTIMATES,
  deliveryEstimatesSchema,
  estimateDelivery,
  formatDateRange,
  isLate,
  weekdayOf,
  type DeliveryEstimateSettings,
  type EstimateInput,
} from "./delivery-estimate";
import { readOrderNote, shopperSeesNote } from "./order-notes";
import { mergeSiteSettings } from "./site-settings";

// Dar es Salaam is UTC+3 all year: 10:00 shop time is 07:00Z
const at = (date: string, shopTime: string) => {
  const [h, m] = shopTime.split(":").map(Number) as [number, number];
  return new Date(`${date}T${String(h - 3).padStart(2, "0")}:${String(m).padStart(2, "0")}:00Z`);
};

const rules: DeliveryEstimateSettings = {
  ...DEFAULT_DELIVERY_ESTIMATES,
  courier: { min: 1, max: 2 },
  sameDay: { min: 0, max: 0 },
  pickup: { min: 0, max: 0 },
  cutoff: "12:00",
  parcel: { defaultDays: { min: 2, max: 4 }, regions: { pwani: { min: 1, max: 1 }, kagera: { min: 2, max: 4 } } },
};
const settings = (own: Partial<DeliveryEstimateSettings> = {}): EstimateInput["settings"] => ({
  timezone: "Africa/Dar_es_Salaam",
  delivery: { sameDay: { cutoff: "14:00" } },
  deliveryEstimates: { ...rules, ...own },
});
const estimate = (input: Omit<EstimateInput, "settings"> & { settings?: EstimateInput["settings"] }) => estimateDelivery({ settings: settings(), ...input });

describe("the calendar", () => {
  it("knows the weekdays of the dates used below", () => {
    expect(weekdayOf("2026-11-29")).toBe("sunday");
    expect(weekdayOf("2026-12-05")).toBe("saturday");
    expect(weekdayOf("2026-12-09")).toBe("wednesday");
    expect(addDays("2026-11-30", 2)).toBe("2026-12-02");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });
});

describe("estimateDelivery", () => {
  it("courier before the cut-off: dispatched today, one to two working days", () => {
    expect(estimate({ now: at("2026-11-30", "10:00"), method: "courier", region: "dar-es-salaam" })).toEqual({
      from: "2026-12-01",
      to: "2026-12-02",
      dispatchDate: "2026-11-30",
      approximate: false,
    });
  });

  it("courier after the cut-off: dispatched the next dispatch day", () => {
    const e = estimate({ now: at("2026-11-30", "12:00"), method: "courier", region: "dar-es-salaam" });
    expect(e).toMatchObject({ dispatchDate: "2026-12-01", from: "2026-12-02", to: "2026-12-03" });
  });

  it("the day ends at midnight shop time, not UTC (23:30 in Dar is still that day's evening)", () => {
    const e = estimate({ now: new Date("2026-11-30T20:30:00Z"), method: "courier" });
    expect(e.dispatchDate).toBe("2026-12-01");
    // 21:30Z is 00:30 the next day in Dar: before its cut-off
    expect(estimate({ now: new Date("2026-11-30T21:30:00Z"), method: "courier" }).dispatchDate).toBe("2026-12-01");
  });

  it("a Saturday order before the cut-off goes out Saturday; riders skip Sunday", () => {
    const e = estimate({ now: at("2026-12-05", "09:00"), method: "courier", region: "dar-es-salaam" });
    expect(e).toMatchObject({ dispatchDate: "2026-12-05", from: "2026-12-07", to: "2026-12-08" });
  });

  it("a Saturday order after the cut-off waits for Monday, and Independence Day (Wed 9 Dec) is skipped", () => {
    const e = estimate({ now: at("2026-12-05", "15:00"), method: "courier", region: "dar-es-salaam" });
    expect(e).toMatchObject({ dispatchDate: "2026-12-07", from: "2026-12-08", to: "2026-12-10", approximate: false });
  });

  it("a Sunday order, any time, is dispatched Monday", () => {
    for (const time of ["08:00", "11:59", "18:00"]) expect(estimate({ now: at("2026-12-06", time), method: "courier" }).dispatchDate).toBe("2026-12-07");
  });

  it("a public holiday is no dispatch day", () => {
    const e = estimate({ now: at("2026-12-08", "15:00"), method: "pickup" });
    expect(e).toMatchObject({ dispatchDate: "2026-12-10", from: "2026-12-10", to: "2026-12-10" });
  });

  it("Christmas and Boxing Day, then Sunday: an order on Christmas Eve afternoon goes out on the 28th", () => {
    expect(estimate({ now: at("2026-12-24", "13:00"), method: "courier" })).toMatchObject({ dispatchDate: "2026-12-28", from: "2026-12-29", to: "2026-12-30" });
  });

  it("an approximate holiday (Eid) counts as a holiday and marks the estimate approximate", () => {
    // Thu 19 Mar 2026 after the cut-off: Fri 20 is Eid al-Fitr "about"
    const e = estimate({ now: at("2026-03-19", "13:00"), method: "courier" });
    expect(e).toMatchObject({ dispatchDate: "2026-03-21", from: "2026-03-23", to: "2026-03-24", approximate: true });
    // the same week without passing it: not approximate
    expect(estimate({ now: at("2026-03-16", "10:00"), method: "courier" }).approximate).toBe(false);
  });

  it("an approximate holiday the range runs over marks it too", () => {
    // dispatched Thu 19, riders' next working days: Sat 21 (Fri 20 "about" Eid), Mon 23
    const e = estimate({ now: at("2026-03-19", "10:00"), method: "courier" });
    expect(e).toMatchObject({ dispatchDate: "2026-03-19", from: "2026-03-21", to: "2026-03-23", approximate: true });
  });

  it("same day: delivered today before its own cut-off (the same-day setting's), tomorrow after it", () => {
    // 13:00 is after the dispatch cut-off (12:00) but before the same-day one (14:00)
    expect(estimate({ now: at("2026-11-30", "13:00"), method: "same_day" })).toMatchObject({ from: "2026-11-30", to: "2026-11-30" });
    expect(estimate({ now: at("2026-11-30", "14:00"), method: "same_day" })).toMatchObject({ from: "2026-12-01", to: "2026-12-01" });
    expect(estimate({ now: at("2026-12-05", "15:00"), method: "same_day" })).toMatchObject({ from: "2026-12-07", to: "2026-12-07" });
  });

  it("pick-up: ready from the dispatch day, later with a range of its own", () => {
    expect(estimate({ now: at("2026-11-30", "10:00"), method: "pickup" })).toMatchObject({ from: "2026-11-30", to: "2026-11-30" });
    const slower = estimateDelivery({ now: at("2026-12-05", "10:00"), method: "pickup", settings: settings({ pickup: { min: 1, max: 2 } }) });
    expect(slower).toMatchObject({ from: "2026-12-07", to: "2026-12-08" });
  });

  it("a bus parcel travels calendar days: over a weekend, buses run on Sunday", () => {
    // Fri 4 Dec before the cut-off: on the bus Friday, 2–4 days to Kagera: Sun 6 – Tue 8
    expect(estimate({ now: at("2026-12-04", "10:00"), method: "parcel", region: "kagera" })).toMatchObject({
      dispatchDate: "2026-12-04",
      from: "2026-12-06",
      to: "2026-12-08",
    });
    // Saturday after the cut-off: on the bus Monday (Sunday the shop does not send), Pwani the next day
    expect(estimate({ now: at("2026-12-05", "15:00"), method: "parcel", region: "pwani" })).toMatchObject({
      dispatchDate: "2026-12-07",
      from: "2026-12-08",
      to: "2026-12-08",
    });
  });

  it("a parcel to a region without its own range takes the default", () => {
    expect(estimate({ now: at("2026-11-30", "10:00"), method: "parcel", region: "mbeya" })).toMatchObject({ from: "2026-12-02", to: "2026-12-04" });
    expect(estimate({ now: at("2026-11-30", "10:00"), method: "parcel", region: null })).toMatchObject({ from: "2026-12-02", to: "2026-12-04" });
  });

  it("a product not in stock starts at the day it is available", () => {
    // stock arrives Thu 10 Dec: dispatched that day
    expect(estimate({ now: at("2026-11-30", "10:00"), method: "courier", availableFrom: "2026-12-10" })).toMatchObject({
      dispatchDate: "2026-12-10",
      from: "2026-12-11",
      to: "2026-12-12",
    });
    // arriving on a holiday: dispatched the next dispatch day
    expect(estimate({ now: at("2026-11-30", "10:00"), method: "pickup", availableFrom: "2026-12-09" }).dispatchDate).toBe("2026-12-10");
    // a date already past changes nothing
    expect(estimate({ now: at("2026-11-30", "10:00"), method: "courier", availableFrom: "2026-11-01" }).dispatchDate).toBe("2026-11-30");
  });

  it("an order already placed keeps today as its dispatch day after the cut-off", () => {
    expect(estimate({ now: at("2026-11-30", "17:00"), method: "courier", placed: true })).toMatchObject({ dispatchDate: "2026-11-30", to: "2026-12-02" });
    // but a day that is no dispatch day still moves it
    expect(estimate({ now: at("2026-12-06", "10:00"), method: "courier", placed: true }).dispatchDate).toBe("2026-12-07");
  });

  it("dispatch days are the setting's: a shop that also rests on Saturday", () => {
    const weekdaysOnly = settings({ dispatchDays: ["monday", "tuesday", "wednesday", "thursday", "friday"] });
    expect(estimateDelivery({ now: at("2026-12-05", "09:00"), method: "courier", settings: weekdaysOnly })).toMatchObject({
      dispatchDate: "2026-12-07",
      from: "2026-12-08",
      to: "2026-12-10",
    });
  });
});

describe("availableFromOf", () => {
  const today = "2026-11-30";
  it("in stock: no date; incoming: its date (never before today); on demand: today plus its weeks; else unavailable", () => {
    expect(availableFromOf({ inStock: true, incomingDate: "2026-12-10" }, today)).toEqual({ availableFrom: null });
    expect(availableFromOf({ inStock: false, incomingDate: "2026-12-10" }, today)).toEqual({ availableFrom: "2026-12-10" });
    expect(availableFromOf({ inStock: false, incomingDate: "2026-11-20" }, today)).toEqual({ availableFrom: today });
    expect(availableFromOf({ inStock: false, onDemandWeeks: 3 }, today)).toEqual({ availableFrom: "2026-12-21" });
    expect(availableFromOf({ inStock: false }, today)).toEqual({ unavailable: true });
  });
});

describe("formatDateRange", () => {
  it("reads like the issue's example, in both languages", () => {
    expect(formatDateRange("2026-12-01", "2026-12-03", "en")).toBe("Tue 1 – Thu 3 Dec");
    expect(formatDateRange("2026-11-30", "2026-12-02", "en")).toBe("Mon 30 Nov – Wed 2 Dec");
    expect(formatDateRange("2026-12-03", "2026-12-03", "en")).toBe("Thu 3 Dec");
    expect(formatDateRange("2026-12-01", "2026-12-03", "sw")).toBe("Jumanne 1 – Alhamisi 3 Des");
  });
});

describe("the settings", () => {
  it("refuses a range whose min is above its max, a bad date and an empty week", () => {
    expect(deliveryEstimatesSchema.safeParse({ ...DEFAULT_DELIVERY_ESTIMATES, courier: { min: 3, max: 1 } }).success).toBe(false);
    const badDate = { ...DEFAULT_DELIVERY_ESTIMATES, holidays: [{ date: "2026-02-30", name: { en: "x", sw: "x" }, approximate: false }] };
    expect(deliveryEstimatesSchema.safeParse(badDate).success).toBe(false);
    expect(deliveryEstimatesSchema.safeParse({ ...DEFAULT_DELIVERY_ESTIMATES, dispatchDays: [] }).success).toBe(false);
    expect(deliveryEstimatesSchema.safeParse(DEFAULT_DELIVERY_ESTIMATES).success).toBe(true);
  });

  it("settings stored before the estimates existed get the defaults; no Sunday dispatch; the 2026 and 2027 holidays seeded", () => {
    const merged = mergeSiteSettings({ companyName: "Old shop" });
    expect(merged.deliveryEstimates).toEqual(DEFAULT_DELIVERY_ESTIMATES);
    expect(merged.testClock).toBeNull();
    expect(merged.deliveryEstimates.dispatchDays).not.toContain("sunday");
    const dates = merged.deliveryEstimates.holidays.map((h) => h.date);
    for (const date of ["2026-01-12", "2026-04-07", "2026-07-07", "2026-10-14", "2026-12-09", "2027-08-08", "2027-12-26"]) expect(dates).toContain(date);
    const lunar = merged.deliveryEstimates.holidays.filter((h) => h.approximate).map((h) => h.name.en);
    expect(new Set(lunar)).toEqual(new Set(["Eid al-Fitr", "Eid al-Adha", "Maulid"]));
  });
});

describe("a slip on the order's timeline", () => {
  it("reads back as the new dates, shown to the shopper too", () => {
    const note = readOrderNote("promise-slipped 2026-12-11 2026-12-12");
    expect(note).toEqual({ kind: "promise-slipped", from: "2026-12-11", to: "2026-12-12" });
    expect(shopperSeesNote(note)).toBe(true);
  });
});

describe("isLate", () => {
  it("is late once the promised last day has passed with the order still owed", () => {
    expect(isLate({ status: "paid", promisedTo: "2026-12-10" }, "2026-12-11")).toBe(true);
    expect(isLate({ status: "shipped", promisedTo: "2026-12-10" }, "2026-12-10")).toBe(false);
    expect(isLate({ status: "delivered", promisedTo: "2026-12-10" }, "2026-12-20")).toBe(false);
    expect(isLate({ status: "ready_for_pickup", promisedTo: "2026-12-10" }, "2026-12-20")).toBe(false);
    expect(isLate({ status: "paid", promisedTo: null }, "2026-12-20")).toBe(false);
  });
});
