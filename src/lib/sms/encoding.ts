/**
 * How long a text message is once encoded, as an SMS centre counts it: GSM-7 (the GSM 03.38
 * default alphabet, 7 bits a character, the extension table's characters taking two) when every
 * character is in it, else UCS-2 (UTF-16 code units). One SMS holds 160 GSM-7 characters or 70
 * UCS-2 units; a longer text is split into parts of 153 or 67 (the rest carries the header that
 * joins them), and each part is billed as one SMS.
 */

/** GSM 03.38 basic characters this shop counts as GSM-7 (see GREEK_COUNTED_AS_UCS2 for the ones left out). */
const GSM7_BASIC = new Set("@£$¥èéùìòÇ\nØø\rÅåÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà_");

/** The extension table: each of these is sent as an escape and the character, two septets. */
const GSM7_EXTENSION = new Set("^{}\\[~]|€\f");

/**
 * The default alphabet also has ten Greek capitals (Δ Φ Γ Λ Ω Π Ψ Σ Θ Ξ), but aggregators and
 * handsets do not all carry them as GSM-7 (some transcode the text to UCS-2, some drop them), and
 * the Ohm sign people paste (U+2126) looks the same as Ω and is not in the table at all. Counting
 * them as UCS-2 means a text this module says fits one SMS fits whichever way it is sent.
 */
export const GREEK_COUNTED_AS_UCS2 = "ΔΦΓΛΩΠΨΣΘΞ";

export type SmsEncoding = "gsm7" | "ucs2";

export const SMS_LIMITS = {
  gsm7: { single: 160, part: 153 },
  ucs2: { single: 70, part: 67 },
} as const satisfies Record<SmsEncoding, { single: number; part: number }>;

export function isGsm7Character(char: string): boolean {
  return GSM7_BASIC.has(char) || GSM7_EXTENSION.has(char);
}

/** GSM-7 when every character is in the alphabet (basic or extension), else UCS-2. */
export function smsEncoding(text: string): SmsEncoding {
  for (const char of text) if (!isGsm7Character(char)) return "ucs2";
  return "gsm7";
}

/** What one character costs: septets in GSM-7, UTF-16 units in UCS-2 (an emoji takes two). */
function unitsOf(char: string, encoding: SmsEncoding): number {
  if (encoding === "ucs2") return char.length;
  return GSM7_EXTENSION.has(char) ? 2 : 1;
}

export interface SmsLength {
  encoding: SmsEncoding;
  /** septets (GSM-7) or UTF-16 units (UCS-2) */
  units: number;
  /** how many SMS the text is sent as (0 for an empty text) */
  segments: number;
}

/**
 * The encoding, length and number of parts of a text. Parts are counted as they are cut: an
 * escaped character (GSM-7) or a surrogate pair (UCS-2) is never split over two parts, so a part
 * may hold one unit less than its limit.
 */
export function smsLength(text: string): SmsLength {
  const encoding = smsEncoding(text);
  const chars = [...text];
  const units = chars.reduce((sum, char) => sum + unitsOf(char, encoding), 0);
  const limits = SMS_LIMITS[encoding];
  if (units === 0) return { encoding, units, segments: 0 };
  if (units <= limits.single) return { encoding, units, segments: 1 };
  let segments = 1;
  let used = 0;
  for (const char of chars) {
    const cost = unitsOf(char, encoding);
    if (used + cost > limits.part) {
      segments++;
      used = 0;
    }
    used += cost;
  }
  return { encoding, units, segments };
}

/** Whether a text goes as one SMS (and one charge) once encoded. */
export function fitsOneSms(text: string): boolean {
  return smsLength(text).segments <= 1;
}

/**
 * Characters that look the same to a reader but are outside GSM-7, each replaced by its GSM-7
 * twin: one no-break space (which the money format puts after "TSh") would otherwise make the
 * whole message UCS-2 and cut its room from 160 characters to 70.
 */
const LOOKALIKES: Record<string, string> = {
  "\u00a0": " ",
  "\u202f": " ",
  "\u2009": " ",
  "\u2018": "'",
  "\u2019": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u2013": "-",
  "\u2014": "-",
  "\u2212": "-",
  "\u2026": "...",
  "\u00d7": "x",
};

/** The text with look-alike characters replaced by GSM-7 ones; every other character is kept. */
export function gsmFriendly(text: string): string {
  return text.replace(/[\u00a0\u202f\u2009\u2018\u2019\u201c\u201d\u2013\u2014\u2212\u2026\u00d7]/g, (char) => LOOKALIKES[char] ?? char);
}
