import { SHOP_TIME_ZONE, type Locale } from "./locale";

/**
 * The shop's date and time formats, for every page in both languages: one clock, the 24-hour one
 * usual in Tanzania's shops and timetables (a language's default would give English "2:05 PM"
 * beside the "14:05" of opening hours, cut-offs and e-mails). Pages pass them to use-intl's
 * formatter (`format.dateTime(date, DATE_FORMATS.dateTime)`), which adds the language and
 * Tanzania's time; code outside use-intl takes shopDateFormat.
 */
export const DATE_FORMATS = {
  /** 23 Nov 2026 */
  date: { dateStyle: "medium" },
  /** 23 November 2026 */
  longDate: { dateStyle: "long" },
  /** 23 Nov 2026, 14:05 */
  dateTime: { dateStyle: "medium", timeStyle: "short", hourCycle: "h23" },
  /** 23 November 2026 at 14:05 */
  longDateTime: { dateStyle: "long", timeStyle: "short", hourCycle: "h23" },
  /** to the second, for logs: 23 Nov 2026, 14:05:09 */
  stamp: { dateStyle: "medium", timeStyle: "medium", hourCycle: "h23" },
  /** 14:05 */
  time: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  /** 23 Nov */
  dayMonth: { day: "numeric", month: "short" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateFormatName = keyof typeof DATE_FORMATS;

/**
 * One of the shop's formats in a language and Tanzania's time, day first in both languages (the
 * admin's tables and logs; Kiswahili month names where they differ).
 */
export function shopDateFormat(locale: Locale, name: DateFormatName): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale === "sw" ? "sw-TZ" : "en-GB", { ...DATE_FORMATS[name], timeZone: SHOP_TIME_ZONE });
}
