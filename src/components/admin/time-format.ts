import { shopDateFormat } from "@/lib/date-format";
import type { Locale } from "@/lib/locale";

/**
 * Date and time to the second in Tanzania's time, for the admin's logs: day first in both
 * languages ("23 Nov 2026, 10:00:00"; Kiswahili month names where they differ).
 */
export function adminTimeFormat(locale: Locale): Intl.DateTimeFormat {
  return shopDateFormat(locale, "stamp");
}

/** Whole numbers with the language's grouping, for the admin's counts ("1,234" / "1.234"). */
export function adminNumberFormat(locale: Locale): Intl.NumberFormat {
  return new Intl.NumberFormat(locale === "sw" ? "sw-TZ" : "en-GB");
}
