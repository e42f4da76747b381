import { normalizePackage } from "./packages";
import { formatSpecNumber, isSpecUnit, parseSpecNumber, parseSpecQuantity, SPEC_UNIT_NAMES, type SpecUnit } from "./units";
import { formatSpecValue, type SpecAttributeDef } from "./values";

/**
 * Reads the specifications in a search as typed by engineers and makers ("10k 0805",
 * "100nF 50V", "3.3v ldo 1a", "esp32 8mb", "lm7805 to-220"), leaving the other words for the
 * text search. It errs on the side of reading too little: a word taken for a value becomes a
 * filter that hides every product without it, while a word left alone only ranks results.
 * So part numbers (esp32, hc-05, nema17, 18650, 1n4007) and bare numbers are never values.
 */

export interface UnderstoodSpec {
  key: string;
  /** the value (base units for numbers, the canonical text for lists) */
  value?: number | string | boolean;
  /** a range's bounds, in base units */
  min?: number;
  max?: number;
  /** the value as shown, in English ("10 kΩ", "0805 (2012 metric)"); callers may render it again from key and value */
  display: string;
  /** the words of the query it was read from, lower-case: dropping them from the query removes the filter */
  words: string[];
}

export interface QueryUnderstanding {
  understood: UnderstoodSpec[];
  /** the words not read as specifications, in their order, as typed */
  remaining: string;
}

/**
 * Which key a value in a unit is read as, in order, where the shop defines it: the keys other
 * code relies on. A unit without one here (mAh, rpm, …) goes to the definitions that use it.
 */
const PREFERRED_KEYS: Partial<Record<SpecUnit, readonly string[]>> = {
  ohm: ["resistance"],
  farad: ["capacitance"],
  henry: ["inductance"],
  volt: ["voltage"],
  ampere: ["current"],
  watt: ["power"],
  hertz: ["frequency"],
  percent: ["tolerance"],
  // a board's first size is its flash, a second its RAM ("esp32 4mb 520kb")
  byte: ["flash", "ram"],
};

/**
 * Values written without a unit that the trade reads anyway: "10k", "4K7", "2M2" are resistances
 * (upper-case M only: "1m" may be a metre of cable), "100n", "4u7" capacitances ("2p" is more
 * often two pins than 2 pF). Short forms only, so that 1N4007 or 4N35 stay part numbers.
 */
const BARE_RESISTANCE = /^(?:\d{1,3}(?:\.\d{1,3})?[kKM]|\d{1,3}[kKM]\d{1,2})$/;
const BARE_CAPACITANCE = /^(?:\d{1,4}(?:\.\d{1,3})?[nuµμ]|\d{1,3}[nuµμ]\d)$/;

/**
 * The resistances sold: the E24 and E96 series, and 5 for potentiometers (5k, 50k). A bare "4k"
 * or "8k" is a screen, not a resistor.
 */
const E24 = [10, 11, 12, 13, 15, 16, 18, 20, 22, 24, 27, 30, 33, 36, 39, 43, 47, 51, 56, 62, 68, 75, 82, 91].map((n) => n * 10);
const E96 = [
  100, 102, 105, 107, 110, 113, 115, 118, 121, 124, 127, 130, 133, 137, 140, 143, 147, 150, 154, 158, 162, 165, 169, 174, 178, 182, 187, 191, 196, 200, 205,
  210, 215, 221, 226, 232, 237, 243, 249, 255, 261, 267, 274, 280, 287, 294, 301, 309, 316, 324, 332, 340, 348, 357, 365, 374, 383, 392, 402, 412, 422, 432,
  442, 453, 464, 475, 487, 499, 511, 523, 536, 549, 562, 576, 590, 604, 619, 634, 649, 665, 681, 698, 715, 732, 750, 768, 787, 806, 825, 845, 866, 887, 909,
  931, 953, 976,
];
const SOLD_RESISTANCES = new Set([...E24, ...E96, 500]);

/** Whether a resistance is a series value: its three significant digits are one of them. */
function isSeriesValue(ohms: number): boolean {
  if (!(ohms > 0)) return false;
  // "4.99e+4" → 499, without logarithms' float edges
  const digits = Number(ohms.toExponential(2).split("e")[0]!.replace(".", ""));
  return SOLD_RESISTANCES.has(digits);
}

/** A value starts with a digit or a sign: "R3" is an Arduino's revision, "v2" a version. */
const STARTS_AS_NUMBER = /^[±+-]?\.?\d/;

/** A number that may take its unit from the next word: "100 nF", "10 k", "1/4 w". */
const NUMBER_FIRST = /^[±+-]?[\d./]+[a-zA-Zµμ]?$/;
/** A range: "1k..10k", or one bound: ">10k", "<=5v". */
const RANGE = /^(.*?)\.\.(.*)$/;
const BOUND = /^(<=|>=|≤|≥|<|>)(.+)$/;

/** Punctuation around a word that is not part of it: "100nF," "(0805)". */
const cleanWord = (word: string): string => word.replace(/^[([{]+|[,;:)\]}]+$/g, "");

interface KeyInfo {
  def: SpecAttributeDef;
  unit: SpecUnit | null;
  /** the list options of every definition of the key */
  options: string[];
  /** some definition of the key takes any value (no options) */
  open: boolean;
}

interface Reading {
  key: string;
  value?: number | string;
  min?: number;
  max?: number;
}

class Reader {
  private readonly keys = new Map<string, KeyInfo>();
  private readonly used = new Set<string>();
  /** The units the shop's numbers use, in the units' own order (it settles "10nm": nanometres before newton-metres). */
  private readonly units: SpecUnit[];

  constructor(defs: readonly SpecAttributeDef[]) {
    for (const def of defs) {
      const info = this.keys.get(def.key);
      if (info) {
        for (const o of def.options) if (!info.options.includes(o)) info.options.push(o);
        info.open ||= def.options.length === 0;
        continue;
      }
      const unit = def.kind !== "number" ? null : def.key === "tolerance" ? "percent" : isSpecUnit(def.unit) ? def.unit : null;
      this.keys.set(def.key, { def, unit, options: [...def.options], open: def.options.length === 0 });
    }
    const present = new Set([...this.keys.values()].map((k) => k.unit));
    this.units = SPEC_UNIT_NAMES.filter((u) => present.has(u));
  }

  /** The key a value in `unit` goes to: the first preferred key the shop has and the query has not used yet. */
  private keyFor(unit: SpecUnit): string | null {
    const preferred = (PREFERRED_KEYS[unit] ?? []).filter((k) => this.keys.get(k)?.unit === unit);
    const candidates = preferred.length > 0 ? preferred : [...this.keys.values()].filter((k) => k.unit === unit).map((k) => k.def.key);
    return candidates.find((k) => !this.used.has(k)) ?? null;
  }

  private numberKey(key: string): string | null {
    return this.keys.get(key)?.unit && !this.used.has(key) ? key : null;
  }

  /** The key and unit a number is written in: a unit typed after it, or the trade's bare forms. */
  private numberOf(text: string): { key: string; unit: SpecUnit; value: number } | null {
    if (!STARTS_AS_NUMBER.test(text)) return null;
    for (const unit of this.units) {
      const quantity = parseSpecQuantity(text, unit);
      if (!quantity?.explicitUnit) continue;
      const key = this.keyFor(unit);
      return key ? { key, unit, value: quantity.value } : null;
    }
    const bare = BARE_RESISTANCE.test(text) ? "resistance" : BARE_CAPACITANCE.test(text) ? "capacitance" : null;
    const key = bare && this.numberKey(bare);
    const unit = key && this.keys.get(key)!.unit;
    if (!key || !unit) return null;
    const value = parseSpecNumber(text, unit);
    if (value === null || (bare === "resistance" && !isSeriesValue(value))) return null;
    return { key, unit, value };
  }

  /** "1k..10k", "3..5v", ">10k", "<=5v": a range of one key, at least one bound typed with its unit or the trade's form. */
  private rangeOf(text: string): Reading | null {
    const bound = BOUND.exec(text);
    const range = RANGE.exec(text);
    let low: string, high: string;
    if (bound) [low, high] = bound[1]!.includes(">") || bound[1] === "≥" ? [bound[2]!, ""] : ["", bound[2]!];
    else if (range) [low, high] = [range[1]!, range[2]!];
    else return null;
    const typed = (low && this.numberOf(low)) || (high && this.numberOf(high));
    if (!typed) return null;
    const min = low ? parseSpecNumber(low, typed.unit) : null;
    const max = high ? parseSpecNumber(high, typed.unit) : null;
    if ((low && min === null) || (high && max === null) || (min !== null && max !== null && min > max)) return null;
    return { key: typed.key, ...(min !== null && { min }), ...(max !== null && { max }) };
  }

  /** A package written with digits ("0805", "to-220", "sot223"), where the shop has it: listed, or the key takes any package. */
  private packageOf(text: string): Reading | null {
    const info = this.keys.get("package");
    if (!info || info.def.kind !== "list" || this.used.has("package")) return null;
    const code = normalizePackage(text);
    // "module", "smd", "axial" describe a search more often than they narrow it
    if (!code || !/\d/.test(code)) return null;
    const listed = info.options.find((o) => normalizePackage(o) === code);
    if (listed) return { key: "package", value: listed };
    return info.open ? { key: "package", value: code } : null;
  }

  read(text: string): Reading | null {
    if (!text) return null;
    const number = this.numberOf(text);
    if (number) return { key: number.key, value: number.value };
    return this.rangeOf(text) ?? this.packageOf(text);
  }

  /** Two words that are one value ("100 nF", "10 k", "to 220", "0805 smd"). */
  readPair(first: string, second: string): Reading | null {
    if (NUMBER_FIRST.test(first) && !/\d/.test(second)) {
      const number = this.numberOf(`${first}${second}`);
      if (number) return { key: number.key, value: number.value };
    }
    return this.packageOf(`${first} ${second}`);
  }

  take(reading: Reading, words: string[]): UnderstoodSpec {
    this.used.add(reading.key);
    const def = this.keys.get(reading.key)!.def;
    return { ...reading, display: this.display(def, reading), words: words.map((w) => w.toLowerCase()) };
  }

  private display(def: SpecAttributeDef, reading: Reading): string {
    if (reading.value !== undefined) return formatSpecValue(def, reading.value, "en");
    const unit = this.keys.get(def.key)!.unit!;
    const min = reading.min !== undefined ? formatSpecNumber(reading.min, unit, "en") : null;
    const max = reading.max !== undefined ? formatSpecNumber(reading.max, unit, "en") : null;
    return min && max ? `${min}–${max}` : min ? `≥ ${min}` : `≤ ${max}`;
  }
}

/**
 * The specifications a search names, read against the shop's attribute definitions (every
 * category's that the search covers; a key means the same in all of them), and the words left.
 * Each key is read at most once: a second value of it stays a word.
 */
export function understandQuery(text: string, defs: readonly SpecAttributeDef[]): QueryUnderstanding {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const reader = new Reader(defs);
  const understood: UnderstoodSpec[] = [];
  const remaining: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const next = words[i + 1];
    const pair = next !== undefined ? reader.readPair(cleanWord(word), cleanWord(next)) : null;
    if (pair) {
      understood.push(reader.take(pair, [word, next!]));
      i++;
      continue;
    }
    const single = reader.read(cleanWord(word));
    if (single) understood.push(reader.take(single, [word]));
    else remaining.push(word);
  }
  return { understood, remaining: remaining.join(" ") };
}
