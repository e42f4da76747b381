import type { Locale } from "@/lib/locale";
import { normalizePackage, packageLabel } from "./packages";
import { formatSpecNumber, parseSpecNumber, SPEC_UNITS, type SpecUnit } from "./units";

/**
 * A specification's value as the shop reads and shows it, by its attribute definition: numbers
 * in the definition's base unit, a list value in the definition's own spelling, yes or no. The
 * admin's product form, the CSV import, the listing's `spec.<key>` filters and the search all
 * read values here, so a value typed anywhere means the same.
 */

export type SpecKind = "number" | "list" | "boolean";
export const SPEC_KINDS: readonly SpecKind[] = ["number", "list", "boolean"];

/** One attribute of a category, as stored in spec_attributes. */
export interface SpecAttributeDef {
  /** lower-case words, the same meaning in every category (`resistance` is ohms everywhere) */
  key: string;
  nameEn: string;
  nameSw: string;
  kind: SpecKind;
  /** the base unit of a number; null for lists, yes/no and plain counts */
  unit: SpecUnit | null;
  /** a list's values in display order; empty accepts any short text */
  options: string[];
  /** offered as a filter on the category's listing */
  isFilter: boolean;
  /** alternatives must match it */
  isKey: boolean;
  sortOrder: number;
}

export type SpecValue = number | string | boolean;

export type SpecParseResult = { ok: true; value: SpecValue } | { ok: false; reason: string };
export type SpecRangeResult = { ok: true; min: number | null; max: number | null } | { ok: false; reason: string };

/**
 * The keys other code relies on (the search's understanding, the BOM matcher, the API's clients),
 * with their kind and unit. A category that defines one of them must give it this kind and unit.
 */
export const STANDARD_SPEC_KEYS = {
  resistance: { kind: "number", unit: "ohm" },
  capacitance: { kind: "number", unit: "farad" },
  inductance: { kind: "number", unit: "henry" },
  voltage: { kind: "number", unit: "volt" },
  current: { kind: "number", unit: "ampere" },
  power: { kind: "number", unit: "watt" },
  frequency: { kind: "number", unit: "hertz" },
  tolerance: { kind: "number", unit: "percent" },
  flash: { kind: "number", unit: "byte" },
  ram: { kind: "number", unit: "byte" },
  package: { kind: "list", unit: null },
} as const satisfies Record<string, { kind: SpecKind; unit: SpecUnit | null }>;

export type StandardSpecKey = keyof typeof STANDARD_SPEC_KEYS;

/** The longest text a list value without options may have. */
export const MAX_SPEC_TEXT = 80;

/** Yes and no in both languages; lib code cannot read the message catalogue, so the two words live here. */
const YES_NO: Record<Locale, readonly [yes: string, no: string]> = { en: ["Yes", "No"], sw: ["Ndiyo", "Hapana"] };
const TRUE_WORDS = new Set(["yes", "true", "1", "ndiyo", "y"]);
const FALSE_WORDS = new Set(["no", "false", "0", "hapana", "n"]);

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A number without a unit (a count of pins or channels): plain decimal notation. */
const PLAIN_NUMBER = /^[+-]?\d+(?:\.\d+)?(?:e[+-]?\d{1,3})?$/i;

/** The unit a definition's numbers are read in: tolerances are percent whatever the definition says ("±1%", "1"). */
function unitOf(def: Pick<SpecAttributeDef, "key" | "unit">): SpecUnit | null {
  return def.key === "tolerance" ? "percent" : def.unit;
}

/** A list value compared without case, spaces or hyphens: "Li-ion" = "li ion" = "LIION". */
const listForm = (text: string): string => text.toLowerCase().replace(/[\s\-_]+/g, "");

function parseNumber(def: SpecAttributeDef, input: string | number): SpecParseResult {
  const unit = unitOf(def);
  if (typeof input === "number") return Number.isFinite(input) ? { ok: true, value: input } : { ok: false, reason: "not a number" };
  if (unit === null) {
    const text = input.trim();
    return PLAIN_NUMBER.test(text) && Number.isFinite(Number(text)) ? { ok: true, value: Number(text) } : { ok: false, reason: "not a number" };
  }
  const value = parseSpecNumber(input, unit);
  return value === null ? { ok: false, reason: `not a value in ${SPEC_UNITS[unit].symbol}` } : { ok: true, value };
}

function parseList(def: SpecAttributeDef, text: string): SpecParseResult {
  if (def.key === "package") {
    const code = normalizePackage(text);
    if (def.options.length === 0) return code ? { ok: true, value: code } : parseFreeText(text);
    // an option is matched by its code too, whichever way the admin spelled it ("TO220" for "to-220")
    const option = def.options.find((o) => (code !== null && normalizePackage(o) === code) || listForm(o) === listForm(text));
    return option ? { ok: true, value: option } : { ok: false, reason: `not one of ${def.options.join(", ")}` };
  }
  if (def.options.length === 0) return parseFreeText(text);
  const option = def.options.find((o) => listForm(o) === listForm(text));
  return option ? { ok: true, value: option } : { ok: false, reason: `not one of ${def.options.join(", ")}` };
}

function parseFreeText(text: string): SpecParseResult {
  const value = text.trim();
  if (!value) return { ok: false, reason: "empty" };
  if (value.length > MAX_SPEC_TEXT) return { ok: false, reason: `longer than ${MAX_SPEC_TEXT} characters` };
  if (CONTROL.test(value)) return { ok: false, reason: "control characters" };
  return { ok: true, value };
}

/**
 * A value typed for an attribute (on the product form, in a CSV cell, in a `spec.<key>`
 * filter), read: numbers in base units ("10k" → 10000), list values in the option's own
 * spelling, packages as their canonical code, yes/no in either language.
 */
export function parseSpecValue(def: SpecAttributeDef, input: string | number | boolean): SpecParseResult {
  if (def.kind === "number") {
    if (typeof input === "boolean") return { ok: false, reason: "not a number" };
    return parseNumber(def, input);
  }
  if (def.kind === "boolean") {
    if (typeof input === "boolean") return { ok: true, value: input };
    const word = String(input).trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return { ok: true, value: true };
    if (FALSE_WORDS.has(word)) return { ok: true, value: false };
    return { ok: false, reason: "not yes or no" };
  }
  if (typeof input !== "string") return { ok: false, reason: "not a text" };
  return parseList(def, input);
}

/** A value as shown to a reader of `locale`: "10 kΩ", "±1%", "0805 (2012 metric)", "Ndiyo". */
export function formatSpecValue(def: SpecAttributeDef, value: SpecValue, locale: Locale): string {
  if (typeof value === "boolean") return YES_NO[locale][value ? 0 : 1];
  if (typeof value === "number") {
    const unit = unitOf(def);
    if (unit === null) return String(Number(value.toPrecision(6)));
    const shown = formatSpecNumber(value, unit, locale);
    // tolerances are written as a spread either side
    return def.key === "tolerance" && value > 0 ? `±${shown}` : shown;
  }
  return def.key === "package" ? packageLabel(value) : value;
}

/**
 * A number range as the API's `spec.<key>=<min>..<max>` writes it: either bound may be empty, and
 * bounds are read like any value ("1k..10k", "..5V", "-40..85").
 */
export function parseSpecRange(input: string, def: SpecAttributeDef): SpecRangeResult {
  if (def.kind !== "number") return { ok: false, reason: "not a number attribute" };
  const at = input.indexOf("..");
  if (at < 0) return { ok: false, reason: "not a range (min..max)" };
  const bound = (text: string): { ok: true; value: number | null } | { ok: false; reason: string } => {
    if (!text.trim()) return { ok: true, value: null };
    const parsed = parseNumber(def, text);
    return parsed.ok ? { ok: true, value: parsed.value as number } : parsed;
  };
  const low = bound(input.slice(0, at));
  if (!low.ok) return low;
  const high = bound(input.slice(at + 2));
  if (!high.ok) return high;
  if (low.value === null && high.value === null) return { ok: false, reason: "a range needs at least one bound" };
  if (low.value !== null && high.value !== null && low.value > high.value) return { ok: false, reason: "the lower bound is above the upper one" };
  return { ok: true, min: low.value, max: high.value };
}
