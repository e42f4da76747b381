import "./zod-browser";
import { z } from "zod";
import type { DeliveryMethod, OrderStatus } from "./checkout";
import type { Locale } from "./locale";
import { shopDateOf } from "./shop-calendar";

/**
 * Delivery estimates ("arrives Tue 3 – Thu 5 Dec"): when an order placed now would reach the
 * shopper, as shop-time calendar dates, shared by the server (the API, the promise an order is sold
 * with, the slip job) and the browser (which only formats the server's answer).
 *
 * The rule, in the shop's time zone:
 * - The dispatch day is today when today is a dispatch day (a weekday the shop sends on, not a
 *   public holiday) and the order comes before the cut-off; otherwise the next dispatch day. A
 *   product that is not in stock starts at the day it is available instead (the first dispatch day
 *   on or after it). An order already placed is dispatched today until the day is over (its
 *   cut-off was checked when it was placed).
 * - Courier and same day: the shop's own riders, who work the shop's dispatch days: the range
 *   counts dispatch days after the dispatch day (same day: 0–0, delivered on the dispatch day; its
 *   own cut-off is the same-day setting's).
 * - Bus parcel: handed to the bus on the dispatch day; buses run every day, so the region's transit
 *   range counts calendar days.
 * - Pick-up: ready at the counter from the dispatch day plus the range's dispatch days.
 * Public holidays marked approximate (Eid follows the moon) count as holidays; an estimate whose
 * dates moved because of one says so (`approximate`).
 */

export const WEEKDAY_NAMES = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date "YYYY-MM-DD" that exists (no 31 April). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const check = new Date(Date.UTC(y, m - 1, d));
  return check.getUTCFullYear() === y && check.getUTCMonth() === m - 1 && check.getUTCDate() === d;
}

const isoDate = z.string().refine(isIsoDate, { message: "must be a date YYYY-MM-DD" });

/** A range of days, the fewest and the most. */
const dayRange = z
  .object({ min: z.number().int().min(0).max(90), max: z.number().int().min(0).max(90) })
  .refine((range) => range.min <= range.max, { message: "min must not be more than max", path: ["max"] });
export type DayRange = z.infer<typeof dayRange>;

const regionCode = z.string().regex(/^[a-z-]{2,40}$/);
const holidayName = z.string().max(80);

const holiday = z.object({
  date: isoDate,
  name: z.object({ en: holidayName, sw: holidayName }).strict(),
  /** the date is expected, not announced yet (Eid, Maulid: set by the moon sighting); shown as "about" */
  approximate: z.boolean(),
});
export type PublicHoliday = z.infer<typeof holiday>;

export const deliveryEstimatesSchema = z.object({
  /** courier in the courier regions: dispatch days from the dispatch day to the door */
  courier: dayRange,
  /** same day in the courier regions: dispatch days after the dispatch day (0–0: that day) */
  sameDay: dayRange,
  /** bus parcels: calendar days on the bus, per region, and for regions without their own */
  parcel: z.object({ defaultDays: dayRange, regions: z.record(regionCode, dayRange) }),
  /** pick-up: dispatch days until the order is ready at the counter */
  pickup: dayRange,
  /** orders before this time (shop time) go out the same dispatch day */
  cutoff: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  /** the weekdays the shop dispatches on */
  dispatchDays: z.array(z.enum(WEEKDAY_NAMES)).min(1).max(7),
  /** days the shop does not dispatch (Tanzania's public holidays) */
  holidays: z.array(holiday).max(200),
});
export type DeliveryEstimateSettings = z.infer<typeof deliveryEstimatesSchema>;

const fixed = (date: string, en: string, sw: string): PublicHoliday => ({ date, name: { en, sw }, approximate: false });
const about = (date: string, en: string, sw: string): PublicHoliday => ({ date, name: { en, sw }, approximate: true });

/**
 * Tanzania's public holidays of 2026 and 2027. Easter's follow the church calendar; Eid al-Fitr,
 * Eid al-Adha and Maulid follow the moon and are entered "about" until the government announces
 * them (the admin then changes the date and clears the flag).
 */
export const TANZANIA_HOLIDAYS_2026_2027: PublicHoliday[] = [
  fixed("2026-01-01", "New Year's Day", "Mwaka Mpya"),
  fixed("2026-01-12", "Zanzibar Revolution Day", "Mapinduzi ya Zanzibar"),
  about("2026-03-20", "Eid al-Fitr", "Idd el-Fitr"),
  fixed("2026-04-03", "Good Friday", "Ijumaa Kuu"),
  fixed("2026-04-06", "Easter Monday", "Jumatatu ya Pasaka"),
  fixed("2026-04-07", "Karume Day", "Siku ya Karume"),
  fixed("2026-04-26", "Union Day", "Siku ya Muungano"),
  fixed("2026-05-01", "Workers' Day", "Siku ya Wafanyakazi"),
  about("2026-05-27", "Eid al-Adha", "Idd el-Hajj"),
  fixed("2026-07-07", "Saba Saba", "Sabasaba"),
  fixed("2026-08-08", "Nane Nane", "Nanenane"),
  about("2026-08-26", "Maulid", "Maulidi"),
  fixed("2026-10-14", "Nyerere Day", "Siku ya Nyerere"),
  fixed("2026-12-09", "Independence Day", "Siku ya Uhuru"),
  fixed("2026-12-25", "Christmas Day", "Krismasi"),
  fixed("2026-12-26", "Boxing Day", "Siku ya Kufungua Zawadi"),
  fixed("2027-01-01", "New Year's Day", "Mwaka Mpya"),
  fixed("2027-01-12", "Zanzibar Revolution Day", "Mapinduzi ya Zanzibar"),
  about("2027-03-10", "Eid al-Fitr", "Idd el-Fitr"),
  fixed("2027-03-26", "Good Friday", "Ijumaa Kuu"),
  fixed("2027-03-29", "Easter Monday", "Jumatatu ya Pasaka"),
  fixed("2027-04-07", "Karume Day", "Siku ya Karume"),
  fixed("2027-04-26", "Union Day", "Siku ya Muungano"),
  fixed("2027-05-01", "Workers' Day", "Siku ya Wafanyakazi"),
  about("2027-05-17", "Eid al-Adha", "Idd el-Hajj"),
  fixed("2027-07-07", "Saba Saba", "Sabasaba"),
  fixed("2027-08-08", "Nane Nane", "Nanenane"),
  about("2027-08-15", "Maulid", "Maulidi"),
  fixed("2027-10-14", "Nyerere Day", "Siku ya Nyerere"),
  fixed("2027-12-09", "Independence Day", "Siku ya Uhuru"),
  fixed("2027-12-25", "Christmas Day", "Krismasi"),
  fixed("2027-12-26", "Boxing Day", "Siku ya Kufungua Zawadi"),
];

export const DEFAULT_DELIVERY_ESTIMATES: DeliveryEstimateSettings = {
  courier: { min: 1, max: 2 },
  sameDay: { min: 0, max: 0 },
  parcel: {
    defaultDays: { min: 2, max: 4 },
    regions: {
      pwani: { min: 1, max: 1 },
      morogoro: { min: 1, max: 2 },
      tanga: { min: 1, max: 2 },
      dodoma: { min: 1, max: 2 },
      "urban-west": { min: 1, max: 2 },
      arusha: { min: 1, max: 2 },
      kilimanjaro: { min: 1, max: 2 },
      kagera: { min: 2, max: 4 },
      kigoma: { min: 2, max: 4 },
      katavi: { min: 3, max: 5 },
      rukwa: { min: 2, max: 4 },
    },
  },
  pickup: { min: 0, max: 0 },
  cutoff: "12:00",
  dispatchDays: ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday"],
  holidays: TANZANIA_HOLIDAYS_2026_2027,
};

/** What the rule reads of the settings. */
export interface EstimateSettings {
  timezone: string;
  /** the same-day cut-off lives with the same-day delivery setting */
  delivery: { sameDay: { cutoff: string } };
  deliveryEstimates: DeliveryEstimateSettings;
}

export interface EstimateInput {
  now: Date;
  settings: EstimateSettings;
  method: DeliveryMethod;
  /** the destination region's code (parcels' transit depends on it; pick-up needs none) */
  region?: string | null;
  /** the first day the goods are at the shop, when they are not in stock now ("YYYY-MM-DD", shop time) */
  availableFrom?: string | null;
  /** an order already placed: today still counts as its dispatch day whatever the clock says */
  placed?: boolean;
}

export interface DeliveryEstimate {
  /** the earliest and latest day it arrives (pick-up: is ready), "YYYY-MM-DD" in shop time */
  from: string;
  to: string;
  /** the day it leaves the shop (pick-up: is packed) */
  dispatchDate: string;
  /** a holiday whose date is not confirmed yet moved these dates */
  approximate: boolean;
}

/** A date moved by days (dates as "YYYY-MM-DD", calendar arithmetic in UTC so no zone shifts them). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The weekday of a date. */
export function weekdayOf(date: string): WeekdayName {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return WEEKDAY_NAMES[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!;
}

/** The shop's HH:MM at an instant. */
function clockOf(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(at);
  return `${parts.find((p) => p.type === "hour")?.value ?? "00"}:${parts.find((p) => p.type === "minute")?.value ?? "00"}`;
}

/** Walks the shop's calendar: which days it dispatches on, noting an approximate holiday it had to pass. */
function dispatchCalendar(settings: DeliveryEstimateSettings) {
  const holidays = new Map(settings.holidays.map((h) => [h.date, h]));
  const days = new Set<WeekdayName>(settings.dispatchDays);
  let approximate = false;
  const isDispatchDay = (date: string): boolean => {
    if (!days.has(weekdayOf(date))) return false;
    const holiday = holidays.get(date);
    if (!holiday) return true;
    if (holiday.approximate) approximate = true;
    return false;
  };
  return {
    /** the first dispatch day on or after a date (a year ahead at most: a settings list with no dispatch day at all cannot loop) */
    firstOnOrAfter(date: string): string {
      let day = date;
      for (let i = 0; i < 370 && !isDispatchDay(day); i++) day = addDays(day, 1);
      return day;
    },
    /** the dispatch day `count` dispatch days after a dispatch day */
    after(date: string, count: number): string {
      let day = date;
      for (let left = count; left > 0; left--) day = this.firstOnOrAfter(addDays(day, 1));
      return day;
    },
    get approximate() {
      return approximate;
    },
  };
}

/** The range of a method (and region, for a parcel) in the settings. */
export function rangeFor(settings: DeliveryEstimateSettings, method: DeliveryMethod, region: string | null | undefined): DayRange {
  switch (method) {
    case "courier":
      return settings.courier;
    case "same_day":
      return settings.sameDay;
    case "pickup":
      return settings.pickup;
    case "parcel":
      return (region ? settings.parcel.regions[region] : undefined) ?? settings.parcel.defaultDays;
  }
}

/** When an order placed at `now` would arrive (or be ready), by the rule above. */
export function estimateDelivery(input: EstimateInput): DeliveryEstimate {
  const { settings, method } = input;
  const rules = settings.deliveryEstimates;
  const today = shopDateOf(input.now, settings.timezone);
  const cutoff = method === "same_day" ? settings.delivery.sameDay.cutoff : rules.cutoff;
  const calendar = dispatchCalendar(rules);

  let start = input.placed || clockOf(input.now, settings.timezone) < cutoff ? today : addDays(today, 1);
  if (input.availableFrom && isIsoDate(input.availableFrom) && input.availableFrom > start) start = input.availableFrom;
  const dispatchDate = calendar.firstOnOrAfter(start);
  const range = rangeFor(rules, method, input.region);

  let from: string;
  let to: string;
  if (method === "parcel") {
    // buses run every day: transit counts calendar days
    from = addDays(dispatchDate, range.min);
    to = addDays(dispatchDate, range.max);
  } else {
    from = calendar.after(dispatchDate, range.min);
    to = calendar.after(dispatchDate, range.max);
  }
  return { from, to, dispatchDate, approximate: calendar.approximate };
}

/** Orders still owed to the shopper: late once their promised last day has passed (a pick-up waiting at the counter is not). */
export const LATE_STATUSES = ["confirmed", "paid", "processing", "shipped", "partly_shipped"] as const satisfies readonly OrderStatus[];

/** Whether an order is late on `today` (shop time): its promised last day is past and it is still owed. */
export function isLate(order: { status: OrderStatus; promisedTo: string | null }, today: string): boolean {
  return order.promisedTo !== null && order.promisedTo < today && (LATE_STATUSES as readonly OrderStatus[]).includes(order.status);
}

/** The later of two optional dates. */
export function laterDate(a: string | null | undefined, b: string | null | undefined): string | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return a > b ? a : b;
}

/**
 * The day a product is at the shop to be sent, or null when it is in stock: its incoming stock's
 * date, or (imported on demand) today plus its weeks. A product neither in stock nor coming has no
 * date (`unavailable`).
 */
export function availableFromOf(
  product: { inStock: boolean; incomingDate?: string | null; onDemandWeeks?: number | null },
  today: string,
): { availableFrom: string | null } | { unavailable: true } {
  if (product.inStock) return { availableFrom: null };
  if (product.incomingDate && isIsoDate(product.incomingDate)) return { availableFrom: product.incomingDate > today ? product.incomingDate : today };
  if (product.onDemandWeeks && product.onDemandWeeks > 0) return { availableFrom: addDays(today, product.onDemandWeeks * 7) };
  return { unavailable: true };
}

function intlLocale(locale: Locale): string {
  return locale === "sw" ? "sw-TZ" : "en-GB";
}

function utcDate(date: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, 12));
}

/** One date as "Thu 3 Dec" (or "Thu 3" without its month), the language's names, the same spacing in both languages. */
function dayText(date: string, locale: Locale, withMonth: boolean): string {
  const parts = new Intl.DateTimeFormat(intlLocale(locale), { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }).formatToParts(utcDate(date));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return [part("weekday"), part("day"), ...(withMonth ? [part("month")] : [])].join(" ");
}

/**
 * A range of dates as a shopper reads it, in the language's weekday and month names: "Tue 3 – Thu 5
 * Dec", "Mon 30 Nov – Wed 2 Dec", or one day "Thu 3 Dec". The dates are calendar dates already in
 * shop time, so they are formatted as such (in UTC, which moves nothing).
 */
export function formatDateRange(from: string, to: string, locale: Locale): string {
  if (from === to) return dayText(from, locale, true);
  const sameMonth = from.slice(0, 7) === to.slice(0, 7);
  return `${dayText(from, locale, !sameMonth)} – ${dayText(to, locale, true)}`;
}
