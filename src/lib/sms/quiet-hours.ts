/**
 * Quiet hours: from 21:00 to 07:00 shop time (Tanzania, UTC+3 all year, no daylight saving) no
 * text message goes out but the ones a person is waiting for at that moment: a one-time code they
 * just asked for, and the mobile-money prompt of a payment they just started.
 */

/** Tanzania's offset from UTC, in hours: the same all year. */
export const SHOP_UTC_OFFSET_HOURS = 3;
/** The hour (shop time) quiet hours begin, and the hour they end. */
export const QUIET_HOURS = { start: 21, end: 7 } as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The hour of the day (0-23) the shop's clock shows at a moment. */
export function shopHour(at: Date): number {
  return new Date(at.getTime() + SHOP_UTC_OFFSET_HOURS * HOUR_MS).getUTCHours();
}

export function isQuietHour(at: Date): boolean {
  const hour = shopHour(at);
  return hour >= QUIET_HOURS.start || hour < QUIET_HOURS.end;
}

/** The moment a message may go: `at` itself outside quiet hours, else the next 07:00 shop time. */
export function nextSendTime(at: Date): Date {
  if (!isQuietHour(at)) return at;
  const shifted = new Date(at.getTime() + SHOP_UTC_OFFSET_HOURS * HOUR_MS);
  const morning = Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate(), QUIET_HOURS.end);
  const local = shifted.getUTCHours() >= QUIET_HOURS.start ? morning + DAY_MS : morning;
  return new Date(local - SHOP_UTC_OFFSET_HOURS * HOUR_MS);
}

/** Midnight at the start of the shop's calendar day of `at` (the daily budget's day). */
export function startOfShopDay(at: Date): Date {
  const shifted = new Date(at.getTime() + SHOP_UTC_OFFSET_HOURS * HOUR_MS);
  return new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()) - SHOP_UTC_OFFSET_HOURS * HOUR_MS);
}
