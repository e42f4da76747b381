import type { Locale } from "@/lib/locale";

/**
 * The units of the shop's specifications. Numbers are stored in a base unit (100 nF is 1e-7
 * farad) and read and shown the way the trade writes them: with SI prefixes, the resistor and
 * capacitor codes where the prefix letter stands for the decimal point ("4k7", "4u7", "R47"), and
 * "3V3" for 3.3 V.
 *
 * The list is what an electronics shop's catalogue compares: the passive values, ratings,
 * clocks and memories, sizes, batteries and solar (Ah, Wh), lights (lm), sound and antennas (dB),
 * motors (rpm, torque), links (bit/s) and displays (pixels, inches). A few units are not SI
 * because the trade sells by them: memory in binary bytes, batteries in mAh, screens in inches.
 */

/** An SI prefix as written; "u" is micro (µ and μ are read as it), "" none. */
type Prefix = "p" | "n" | "u" | "m" | "c" | "" | "k" | "M" | "G" | "T";

const PREFIX_EXPONENT: Record<Prefix, number> = { p: -12, n: -9, u: -6, m: -3, c: -2, "": 0, k: 3, M: 6, G: 9, T: 12 };
const PREFIX_SYMBOL: Record<Prefix, string> = { p: "p", n: "n", u: "µ", m: "m", c: "c", "": "", k: "k", M: "M", G: "G", T: "T" };

export interface SpecUnitDef {
  symbol: string;
  nameEn: string;
  nameSw: string;
  /** what may follow the number (lower-case, spaces removed, "·" written "."), besides the prefix */
  words: readonly string[];
  /** prefixes read before the unit; a letter typed in the wrong case is taken when only one prefix fits it ("16mhz", "520KB") */
  prefixes: readonly Prefix[];
  /** prefixes a value is shown with, smallest first; the largest that leaves at least 1 (or `displayMin`) is used */
  display: readonly Prefix[];
  /** the smallest number shown with a prefix, where it is not 1 (batteries read mAh up to 10 Ah) */
  displayMin?: Partial<Record<Prefix, number>>;
  /** letters that stand for the decimal point: the prefix letters of the resistor and capacitor codes, "R" (4R7), "V" (3V3) */
  decimalLetters?: readonly string[];
  /** a bare "m"/"M" after the number means mega: resistors are written "1M" and "1m" for 1 MΩ, never milliohms without "Ω" */
  bareMega?: boolean;
  /** below zero makes sense (temperatures, gains) */
  signed?: boolean;
  /** prefixes step by 1024: memory is sold in binary sizes (8 MB flash = 8 × 2²⁰ bytes) */
  binary?: boolean;
  /** the number and the symbol are separated by a space ("10 kΩ"), or not ("1%") */
  spaced: boolean;
  /** other units of the same quantity, read and converted to this one (kg·cm → N·m, bits → bytes) */
  conversions?: readonly { words: readonly string[]; factor: number }[];
}

export const SPEC_UNITS = {
  ohm: {
    symbol: "Ω",
    nameEn: "ohm",
    nameSw: "ohm",
    words: ["ω", "ohm", "ohms", "r"],
    prefixes: ["m", "", "k", "M", "G"],
    display: ["m", "", "k", "M", "G"],
    decimalLetters: ["r", "k", "m", "g"],
    bareMega: true,
    spaced: true,
  },
  farad: {
    symbol: "F",
    nameEn: "farad",
    nameSw: "faradi",
    words: ["f", "farad", "farads", "faradi"],
    prefixes: ["p", "n", "u", "m", ""],
    // capacitors are written in µF up to the largest electrolytics (4700 µF), never in mF
    display: ["p", "n", "u", ""],
    decimalLetters: ["p", "n", "u"],
    spaced: true,
  },
  henry: {
    symbol: "H",
    nameEn: "henry",
    nameSw: "henri",
    words: ["h", "henry", "henries", "henrys", "henri"],
    prefixes: ["n", "u", "m", ""],
    display: ["n", "u", "m", ""],
    decimalLetters: ["n", "u", "m"],
    spaced: true,
  },
  volt: {
    symbol: "V",
    nameEn: "volt",
    nameSw: "volti",
    words: ["v", "volt", "volts", "volti", "vdc", "vac"],
    prefixes: ["u", "m", "", "k"],
    display: ["m", "", "k"],
    decimalLetters: ["v"],
    spaced: true,
  },
  ampere: {
    symbol: "A",
    nameEn: "ampere",
    nameSw: "ampea",
    words: ["a", "amp", "amps", "ampere", "amperes", "ampea"],
    prefixes: ["n", "u", "m", ""],
    display: ["n", "u", "m", ""],
    spaced: true,
  },
  watt: {
    symbol: "W",
    nameEn: "watt",
    nameSw: "wati",
    words: ["w", "watt", "watts", "wati"],
    prefixes: ["m", "", "k"],
    // resistors are rated "0.25 W", not "250 mW"
    display: ["", "k"],
    spaced: true,
  },
  hertz: {
    symbol: "Hz",
    nameEn: "hertz",
    nameSw: "hezi",
    words: ["hz", "hertz", "hezi"],
    prefixes: ["", "k", "M", "G"],
    display: ["", "k", "M", "G"],
    spaced: true,
  },
  metre: {
    symbol: "m",
    nameEn: "metre",
    nameSw: "mita",
    words: ["m", "metre", "metres", "meter", "meters", "mita"],
    prefixes: ["n", "u", "m", "c", "", "k"],
    // wavelengths in nm, sizes in mm, cables in m, a radio's range in km
    display: ["n", "u", "m", "", "k"],
    spaced: true,
  },
  byte: {
    symbol: "B",
    nameEn: "byte",
    nameSw: "baiti",
    // "8mb" is typed for 8 MB flash: a lower-case b is a byte here, a bit only when written "bit"
    words: ["b", "byte", "bytes", "baiti"],
    prefixes: ["", "k", "M", "G", "T"],
    display: ["", "k", "M", "G", "T"],
    binary: true,
    spaced: true,
    conversions: [{ words: ["bit", "bits"], factor: 1 / 8 }],
  },
  percent: { symbol: "%", nameEn: "percent", nameSw: "asilimia", words: ["%", "percent", "asilimia"], prefixes: [""], display: [""], spaced: false },
  second: {
    symbol: "s",
    nameEn: "second",
    nameSw: "sekunde",
    words: ["s", "sec", "secs", "second", "seconds", "sekunde"],
    prefixes: ["p", "n", "u", "m", ""],
    display: ["p", "n", "u", "m", ""],
    spaced: true,
  },
  gram: {
    symbol: "g",
    nameEn: "gram",
    nameSw: "gramu",
    words: ["g", "gram", "grams", "gramu"],
    prefixes: ["m", "", "k"],
    display: ["m", "", "k"],
    spaced: true,
  },
  celsius: {
    symbol: "°C",
    nameEn: "degree Celsius",
    nameSw: "nyuzi joto",
    words: ["°c", "℃", "°", "c", "degc", "celsius"],
    prefixes: [""],
    display: [""],
    signed: true,
    spaced: true,
  },
  ampere_hour: {
    symbol: "Ah",
    nameEn: "ampere-hour",
    nameSw: "ampea-saa",
    words: ["ah"],
    prefixes: ["m", ""],
    // batteries are sold by mAh (2000 mAh) up to the large lead-acid and lithium packs
    display: ["m", ""],
    displayMin: { "": 10 },
    spaced: true,
  },
  watt_hour: { symbol: "Wh", nameEn: "watt-hour", nameSw: "wati-saa", words: ["wh"], prefixes: ["m", "", "k"], display: ["", "k"], spaced: true },
  lumen: { symbol: "lm", nameEn: "lumen", nameSw: "lumeni", words: ["lm", "lumen", "lumens", "lumeni"], prefixes: ["", "k"], display: [""], spaced: true },
  decibel: {
    symbol: "dB",
    nameEn: "decibel",
    nameSw: "desibeli",
    words: ["db", "dbi", "decibel", "decibels"],
    prefixes: [""],
    display: [""],
    signed: true,
    spaced: true,
  },
  rpm: {
    symbol: "rpm",
    nameEn: "revolutions per minute",
    nameSw: "mizunguko kwa dakika",
    words: ["rpm", "r/min"],
    prefixes: ["", "k"],
    display: [""],
    spaced: true,
  },
  newton_metre: {
    symbol: "N·m",
    nameEn: "newton-metre",
    nameSw: "newtoni-mita",
    words: ["nm", "n.m", "n-m", "newtonmetre", "newtonmeter"],
    prefixes: ["m", ""],
    display: ["m", ""],
    spaced: true,
    // hobby motors and servos are rated in kg·cm (kilogram-force centimetres)
    conversions: [{ words: ["kg.cm", "kgcm", "kg-cm", "kgf.cm", "kgfcm", "kgf-cm"], factor: 0.0980665 }],
  },
  bit_per_second: {
    symbol: "bit/s",
    nameEn: "bit per second",
    nameSw: "biti kwa sekunde",
    words: ["bit/s", "bps", "b/s", "baud", "bd"],
    prefixes: ["", "k", "M", "G"],
    display: ["", "k", "M", "G"],
    spaced: true,
  },
  pixel: { symbol: "px", nameEn: "pixel", nameSw: "pikseli", words: ["px", "pixel", "pixels", "pikseli"], prefixes: [""], display: [""], spaced: true },
  inch: {
    symbol: "″",
    nameEn: "inch",
    nameSw: "inchi",
    // screens are sold by their diagonal in inches (0.96″ OLED, 3.5″ TFT)
    words: ["″", '"', "”", "in", "inch", "inches", "inchi"],
    prefixes: [""],
    display: [""],
    spaced: false,
  },
} as const satisfies Record<string, SpecUnitDef>;

export type SpecUnit = keyof typeof SPEC_UNITS;

export const SPEC_UNIT_NAMES = Object.keys(SPEC_UNITS) as SpecUnit[];

export function isSpecUnit(value: unknown): value is SpecUnit {
  return typeof value === "string" && Object.hasOwn(SPEC_UNITS, value);
}

const unitDef = (unit: SpecUnit): SpecUnitDef => SPEC_UNITS[unit];

export function unitSymbol(unit: SpecUnit): string {
  return unitDef(unit).symbol;
}

/** A number read from text, and how it was written (the search needs to know whether a unit was typed). */
export interface SpecQuantity {
  value: number;
  /** a unit word or symbol followed the number ("10kΩ", "3V3", "100R"; not "10k") */
  explicitUnit: boolean;
  /** a prefix scaled the number ("10k", "100n") */
  prefixed: boolean;
}

/** Longer inputs are not a value: a bound on the work a query can ask for. */
const MAX_INPUT = 40;

/** The sign, the digits and what follows: "4.7 µF", "1e-7", "±5%". */
const DECIMAL = /^([+±-]?)(\d+)(?:\.(\d+))?(?:e([+-]?\d{1,3}))?(.*)$/i;
/** A fraction: "1/4 W". */
const FRACTION = /^(\d{1,4})\/(\d{1,4})(.*)$/;
/** A letter for the decimal point: "4k7", "4u7", "3V3", "R47", "2M2"; a few digits after it, so that 1N4007 and 2N2222 stay part numbers. */
const LETTER_CODE = /^(\d{0,4})([a-z])(\d{1,3})(.*)$/i;

/** Spaces go (they are optional everywhere), the other spellings of µ, Ω, ·, − become one. */
function tidyInput(input: string): string {
  return input.trim().replace(/\s+/g, "").replace(/[µμ]/g, "u").replace(/Ω/g, "Ω").replace(/[·⋅•]/g, ".").replace(/−/g, "-");
}

/** A prefix as written, for a unit: the exact letter first, else a letter in the other case when only one of the unit's prefixes fits. */
function readPrefix(text: string, def: SpecUnitDef, bare: boolean): Prefix | null {
  if (text === "") return "";
  if (bare && def.bareMega && text.toLowerCase() === "m") return "M";
  if (text.toLowerCase() === "meg") return def.prefixes.includes("M") ? "M" : null;
  if (text.length !== 1) return null;
  if ((def.prefixes as readonly string[]).includes(text)) return text as Prefix;
  const fits = def.prefixes.filter((p) => p.toLowerCase() === text.toLowerCase());
  return fits.length === 1 ? fits[0]! : null;
}

/** What follows a number: a prefix and a unit (either may be missing), as a power and a factor. */
function readSuffix(suffix: string, def: SpecUnitDef): { prefix: Prefix; factor: number; explicitUnit: boolean } | null {
  const lower = suffix.toLowerCase();
  if (lower.length !== suffix.length) return null;
  const endings = [
    { word: "", factor: 1 },
    ...def.words.map((word) => ({ word, factor: 1 })),
    ...(def.conversions ?? []).flatMap((c) => c.words.map((word) => ({ word, factor: c.factor }))),
  ];
  endings.sort((a, b) => b.word.length - a.word.length);
  for (const { word, factor } of endings) {
    if (!lower.endsWith(word)) continue;
    const prefix = readPrefix(suffix.slice(0, suffix.length - word.length), def, word === "");
    if (prefix !== null) return { prefix, factor, explicitUnit: word !== "" };
  }
  return null;
}

/** digits × 10^exponent, read as a decimal so that "100n" is exactly 1e-7 and "4.7u" exactly 4.7e-6. */
const decimal = (digits: string, exponent: number): number => Number(`${digits}e${exponent}`);

/** Float noise of a computed value (a fraction, a conversion) rounded away. */
const tidyNumber = (n: number): number => Number(n.toPrecision(15));

function scaled(digits: string, exponent: number, prefix: Prefix, factor: number, def: SpecUnitDef): number {
  let value: number;
  if (def.binary) {
    value = decimal(digits, exponent) * 1024 ** (PREFIX_EXPONENT[prefix] / 3);
  } else {
    value = decimal(digits, exponent + PREFIX_EXPONENT[prefix]);
  }
  return factor === 1 ? value : tidyNumber(value * factor);
}

/**
 * A number in `unit`'s base unit, and how it was written; null when the text is not one.
 * Reads every usual form: "10k", "10 kΩ", "10 kohm", "4k7", "R47", "100R", "1M" (mega: see
 * `bareMega`), "4.7 µF", "4u7", "100n", "1/4 W", "3V3", "500mA", "16MHz", "8MB" (binary),
 * "±5%", "2000mAh", "1e-7", a bare number in base units. Case and spaces do not matter, except
 * that an SI prefix in its own case wins ("1mΩ" is a milliohm, "1MΩ" a megohm).
 */
export function parseSpecQuantity(input: string, unit: SpecUnit): SpecQuantity | null {
  if (typeof input !== "string" || input.length > MAX_INPUT * 2) return null;
  const text = tidyInput(input);
  if (!text || text.length > MAX_INPUT) return null;
  const def = unitDef(unit);
  const code = LETTER_CODE.exec(text);
  if (code) {
    const [, whole = "", letter = "", fraction = "", rest = ""] = code;
    const asDecimal = def.decimalLetters?.includes(letter.toLowerCase());
    if (asDecimal && (whole !== "" || letter.toLowerCase() === "r")) {
      // the letter is a prefix, or the unit itself standing for the point (R, V)
      const isUnitLetter = def.words.includes(letter.toLowerCase());
      const prefix = isUnitLetter ? "" : readPrefix(letter, def, true);
      const after = readSuffix(rest, def);
      if (prefix === null || after === null || after.prefix !== "" || after.factor !== 1) return null;
      const value = scaled(`${whole}${fraction}`, -fraction.length, prefix, 1, def);
      return Number.isFinite(value) ? { value, explicitUnit: isUnitLetter || after.explicitUnit, prefixed: prefix !== "" } : null;
    }
  }
  const fraction = FRACTION.exec(text);
  if (fraction) {
    const [, numerator = "", denominator = "", rest = ""] = fraction;
    const after = readSuffix(rest, def);
    if (!after || Number(denominator) === 0) return null;
    const value = tidyNumber(scaled(numerator, 0, after.prefix, after.factor, def) / Number(denominator));
    return { value, explicitUnit: after.explicitUnit, prefixed: after.prefix !== "" };
  }
  const number = DECIMAL.exec(text);
  if (!number) return null;
  const [, sign = "", whole = "", decimals = "", power = "0", rest = ""] = number;
  if (sign === "-" && !def.signed) return null;
  if (sign === "±" && unit !== "percent") return null;
  const after = readSuffix(rest, def);
  if (!after) return null;
  const magnitude = scaled(`${whole}${decimals}`, Number(power) - decimals.length, after.prefix, after.factor, def);
  if (!Number.isFinite(magnitude)) return null;
  // -0 is 0: a stored value and its text must round-trip
  const value = sign === "-" && magnitude !== 0 ? -magnitude : magnitude;
  return { value, explicitUnit: after.explicitUnit, prefixed: after.prefix !== "" };
}

/** A number in `unit`'s base unit ("10k" → 10000, "100nF" → 1e-7), or null when the text is not one. */
export function parseSpecNumber(input: string, unit: SpecUnit): number | null {
  return parseSpecQuantity(input, unit)?.value ?? null;
}

/**
 * Both languages write the decimal point as ".": it is how Tanzanian price lists, datasheets and
 * the parts themselves print values, and it is what a shopper types in a search.
 */
const DECIMAL_MARK: Record<Locale, string> = { en: ".", sw: "." };

/** Shown numbers keep up to 6 significant digits: enough for 433.92 MHz, and no float noise (4.7 not 4.699999). */
const SHOWN_DIGITS = 6;

function showNumber(n: number, locale: Locale): string {
  const rounded = Number(n.toPrecision(SHOWN_DIGITS));
  const text = Math.abs(rounded) < 1e-6 && rounded !== 0 ? rounded.toExponential() : String(rounded);
  return text.replace(".", DECIMAL_MARK[locale]);
}

function displayPrefix(value: number, def: SpecUnitDef): Prefix {
  const size = Math.abs(value);
  const step = (p: Prefix) => (def.binary ? 1024 ** (PREFIX_EXPONENT[p] / 3) : 10 ** PREFIX_EXPONENT[p]);
  let chosen = def.display[0] ?? "";
  for (const p of def.display) {
    // a hair under the threshold counts as reaching it, so that 999.9999999 nF shows as 1 µF
    if (size / step(p) >= (def.displayMin?.[p] ?? 1) * (1 - 1e-9)) chosen = p;
  }
  return size === 0 ? (def.display.includes("") ? "" : chosen) : chosen;
}

/**
 * A value in base units as the trade writes it: 10000 Ω → "10 kΩ", 1e-7 F → "100 nF",
 * 8388608 B → "8 MB", 2 Ah → "2000 mAh", 1 % → "1%". The prefix is the largest that leaves a
 * number of at least 1; no trailing zeros. Kiswahili uses the same symbols.
 */
export function formatSpecNumber(value: number, unit: SpecUnit, locale: Locale = "en"): string {
  const def = unitDef(unit);
  if (!Number.isFinite(value)) return "";
  const prefix = displayPrefix(value, def);
  const shown = def.binary ? value / 1024 ** (PREFIX_EXPONENT[prefix] / 3) : value / 10 ** PREFIX_EXPONENT[prefix];
  // binary sizes are written KB, not kB
  const prefixSymbol = def.binary && prefix === "k" ? "K" : PREFIX_SYMBOL[prefix];
  return `${showNumber(shown, locale)}${def.spaced ? " " : ""}${prefixSymbol}${def.symbol}`;
}

/** Two stored numbers are the same value within one part in a billion (4k7 read as 4700.000000001 is 4700). */
export const SPEC_RELATIVE_TOLERANCE = 1e-9;

export function specNumbersEqual(a: number, b: number): boolean {
  if (a === b) return true;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  return Math.abs(a - b) <= SPEC_RELATIVE_TOLERANCE * Math.max(Math.abs(a), Math.abs(b));
}
