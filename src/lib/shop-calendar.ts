/**
 * The shop's calendar: where "today" and "this month" begin in the shop's time zone (the site
 * setting), as instants a database can compare with. A shop in Dar es Salaam closes its day at
 * 21:00 UTC, not at midnight UTC.
 */

export const DEFAULT_SHOP_TIME_ZONE = "Africa/Dar_es_Salaam";

interface LocalDate {
  year: number;
  month: number;
  day: number;
}

function zoneParts(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute"), second: get("second") };
}

/** How far the zone's wall clock is ahead of UTC at `at`, in milliseconds. */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const p = zoneParts(at, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant the zone's calendar date starts (checked twice: the offset can change on that day). */
function startOfLocalDate({ year, month, day }: LocalDate, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  let instant = wall - zoneOffsetMs(new Date(wall), timeZone);
  const corrected = wall - zoneOffsetMs(new Date(instant), timeZone);
  if (corrected !== instant) instant = corrected;
  return new Date(instant);
}

function usableZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    return DEFAULT_SHOP_TIME_ZONE;
  }
}

/**
 * When the shop's current day and month began, for `now`, in `timeZone` (an unknown zone name
 * falls back to East Africa Time rather than failing the page that asked).
 */
export function shopPeriodStarts(now: Date, timeZone: string): { day: Date; month: Date } {
  const zone = usableZone(timeZone);
  const { year, month, day } = zoneParts(now, zone);
  return { day: startOfLocalDate({ year, month, day }, zone), month: startOfLocalDate({ year, month, day: 1 }, zone) };
}

/** The shop's calendar date ("YYYY-MM-DD") at an instant. */
export function shopDateOf(at: Date, timeZone: string): string {
  const { year, month, day } = zoneParts(at, usableZone(timeZone));
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The instant a calendar date ("YYYY-MM-DD") begins in the shop's time zone, or null for a date that does not exist. */
export function startOfShopDate(date: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return startOfLocalDate({ year, month, day }, usableZone(timeZone));
}
