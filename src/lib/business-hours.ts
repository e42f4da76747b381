import type { SiteSettings } from "./site-settings";

export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Consecutive days with the same hours: "monday–friday 09:00–18:00", or closed. */
export interface HoursGroup {
  from: Weekday;
  to: Weekday;
  open: string;
  close: string;
  closed: boolean;
}

type Hours = SiteSettings["businessHours"];

/** The week from Monday, consecutive days with the same hours (or all closed) joined into one group. */
export function groupBusinessHours(hours: Hours): HoursGroup[] {
  const groups: HoursGroup[] = [];
  for (const day of WEEKDAYS) {
    const { open, close, closed } = hours[day];
    const last = groups.at(-1);
    if (last && last.closed === closed && (closed || (last.open === open && last.close === close))) last.to = day;
    else groups.push({ from: day, to: day, open, close, closed });
  }
  return groups;
}

/** Open round the clock every day: only then may the shop promise support "24/7". */
export function openAllWeekAllDay(hours: Hours): boolean {
  return WEEKDAYS.every((day) => !hours[day].closed && hours[day].open === "00:00" && (hours[day].close === "24:00" || hours[day].close === "23:59"));
}

/**
 * Whether the shop is open at an instant, by its hours for that weekday in the shop's time zone
 * (Africa/Dar_es_Salaam unless the settings say otherwise). A close of "24:00" means midnight.
 */
export function isOpenAt(hours: Hours, now: Date, timeZone = "Africa/Dar_es_Salaam"): boolean {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "long", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const day = part("weekday").toLowerCase() as Weekday;
  const today = hours[day];
  if (!today || today.closed) return false;
  const time = `${part("hour")}:${part("minute")}`;
  return time >= today.open && time < today.close;
}
