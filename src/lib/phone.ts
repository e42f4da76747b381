import { parsePhoneNumberFromString } from "libphonenumber-js/mobile";

/**
 * A Tanzanian mobile number as people type it (`0754 123 456`, `255754123456`, `+255 754 123 456`)
 * in E.164 (`+255754123456`), or null when it is not a valid Tanzanian mobile number. Validity
 * comes from libphonenumber's metadata (its "mobile" set: a number must be a mobile number to be
 * valid), never from a hand-written prefix table: numbers move between operators, and new ranges
 * are opened.
 */
export function normaliseTanzanianMobile(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed || trimmed.length > 32) return null;
  // "255..." without the plus is how many people (and ClickPesa) write it
  const candidate = /^255\d{9}$/.test(trimmed.replace(/[\s-]/g, "")) ? `+${trimmed.replace(/[\s-]/g, "")}` : trimmed;
  const parsed = parsePhoneNumberFromString(candidate, "TZ");
  if (!parsed || parsed.country !== "TZ" || !parsed.isValid()) return null;
  return parsed.number;
}

/** +255754123456 → "+255 754 123 456", how the number is shown back. */
export function formatTanzanianPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164, "TZ");
  return parsed ? parsed.formatInternational() : e164;
}

/** E.164 → the 255XXXXXXXXX form mobile-money APIs take. */
export function msisdn(e164: string): string {
  return e164.replace(/^\+/, "");
}
