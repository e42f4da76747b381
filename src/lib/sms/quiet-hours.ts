/**
 * Quiet hours: from 21:00 to 07:00 shop time (Tanzania, UTC+3 all year, no daylight saving; the
 * shop may set other hours, or none, with SMS_QUIET_HOURS) no
 * text message goes out but the ones a person is waiting for at that moment: a one-time code they
 * just asked for, and the mobile-money prompt of a payment they just started.
 */

/** Tanzania's offset from UTC, in hours: the same all year. */
export const SHOP_UTC_OFFSET_HOURS = 3;
/** The hour (shop time) quiet hours begin, and the hour they end; null: no quiet hours. */
export type QuietHours = { start: number; end: number } | null;

/** The shop's quiet hours unless SMS_QUIET_HOURS says otherwise. */
export const QUIET_HOURS = { start: 21, end: 7 } as const;

/**
 * SMS_QUIET_HOURS as written: "21-7" (from 21:00 to 07:00 shop time, across midnight when the start
 * is the later hour) or "off"; null when it is neither (the caller refuses it).
 */
export function parseQuietHours(text: string): { hours: QuietHours } | null {
  if (text.trim().toLowerCase() === "off") return { hours: null };
  const match = /^\s*(\d{1,2})\s*-\s*(\d{1,2})\s*$/.exec(text);
  if (!match) return null;
  const start = Number(match[1]);
  const end = Number(match[2]);
  if (start > 23 || end > 23 || start === end) return null;
  return { hours: { start, end } };
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The hour of the day (0-23) the shop's clock shows at a moment. */
export function shopHour(at: Date): number {
  return new Date(at.getTime() + SHOP_UTC_OFFSET_HOURS * HOUR_MS).getUTCHours();
}

export function isQuietHour(at: Date, hours: QuietHours = QUIET_HOURS): boolean {
  if (!hours) return false;
  const hour = shopHour(at);
  return hours.start > hours.end ? hour >= hours.start || hour < hours.end : hour >= hours.start && hour < hours.end;
}

/** The moment a message may go: `at` itself outside quiet hours, else the next end of them (07:00 shop time). */
export function nextSendTime(at: Date, hours: QuietHours = QUIET_HOURS): Date {
  if (!hours || !isQuietHour(at, hours)) return at;
  const shifted = new Date(at.getTime() + SHOP_UTC_OFFSET_HOURS * HOUR_MS);
  const end = Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate(), hours.end);
  // before midnight in quiet hours that cross it, they end tomorrow
  const local = shifted.getUTCHours() >= hours.end ? end + DAY_MS : end;
  return new Date(local - SHOP_UTC_OFFSET_HOURS * HOUR_MS);
}

/** Midnight at the start of the shop's calendar day of `at` (the daily budget's day). */
export function startOfShopDay(at: Date): Date {
  const shifted = new Date(at.getTime() + SHOP_UTC_OFFSET_HOURS * HOUR_MS);
  return new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()) - SHOP_UTC_OFFSET_HOURS * HOUR_MS);
}
