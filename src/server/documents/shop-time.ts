import { SHOP_TIME_ZONE } from "@/lib/locale";

const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/**
 * A moment as the shop's clock shows it (Africa/Dar_es_Salaam, UTC+3 all year): the business day
 * of a receipt is Tanzania's calendar day, not the server's or UTC's, so a sale at 01:30 in Dar es
 * Salaam (22:30 UTC the day before) counts on the day the shopper sees on the receipt.
 */
export function shopTime(at: Date): { day: string; date: string; time: string; hhmmss: string } {
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.formatToParts(at).find((p) => p.type === type)?.value ?? "00";
  const [year, month, day, hour, minute, second] = [get("year"), get("month"), get("day"), get("hour"), get("minute"), get("second")];
  return {
    /** YYYY-MM-DD */
    day: `${year}-${month}-${day}`,
    /** DD/MM/YYYY, as Tanzanian receipts print it */
    date: `${day}/${month}/${year}`,
    /** HH:mm:ss */
    time: `${hour}:${minute}:${second}`,
    hhmmss: `${hour}${minute}${second}`,
  };
}
