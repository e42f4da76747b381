import type { Locale } from "./locale";
import { SPEC_KEY_PATTERN } from "./specs/params";
import { isSpecUnit, type SpecUnit } from "./specs/units";
import {
  formatSpecValue,
  MAX_SPEC_TEXT,
  parseSpecValue,
  SPEC_KINDS,
  STANDARD_SPEC_KEYS,
  type SpecAttributeDef,
  type SpecKind,
  type SpecValue,
} from "./specs/values";

/**
 * The admin's side of specifications: the rules an attribute definition must keep (checked by the
 * attribute form as it is typed and again by the server), and how a value typed on the product
 * form reads back ("4k7" → "= 4.7 kΩ"), with the same parser the shop's filters and the CSV use.
 */

/** An attribute's English or Kiswahili name. */
export const SPEC_NAME_MAX = 60;
/** A list attribute's options. */
export const SPEC_OPTIONS_MAX = 200;
/** One option's text: what a list value may be. */
export const SPEC_OPTION_MAX = MAX_SPEC_TEXT;
/** Attributes one category may have. */
export const SPEC_ATTRIBUTES_MAX = 60;

/** An attribute definition as the admin writes it (the key is fixed once products carry values). */
export interface SpecAttributeInput {
  key: string;
  nameEn: string;
  nameSw: string;
  kind: SpecKind;
  /** the base unit of a number; null for lists and yes/no */
  unit: SpecUnit | null;
  /** a list's values in display order (none: any short text) */
  options: string[];
  isFilter: boolean;
  isKey: boolean;
}

/**
 * A product's own values as the product form sends them, by attribute key: text as typed ("4k7",
 * "100nF", "0805", "yes"), or a JSON number (base units) or boolean; null or "" for none. As the
 * admin's product answer carries them: numbers in base units, list values, booleans.
 */
export type ProductSpecValues = Record<string, string | number | boolean | null>;

/** An attribute as the admin's list shows it: the definition, and how many values products carry. */
export interface AdminSpecAttribute extends SpecAttributeDef {
  id: number;
  categoryId: number;
  /** product values stored for it (a product whose options change the value has one per option) */
  values: number;
  /** products carrying at least one value */
  products: number;
}

export type SpecAttributeField = "key" | "nameEn" | "nameSw" | "kind" | "unit" | "options";

/** What is wrong with a definition: the field, a stable reason, and a sentence in English (the server's message). */
export interface SpecAttributeProblem {
  field: SpecAttributeField;
  reason:
    | "specKeyPattern"
    | "specNameMissing"
    | "specNameTooLong"
    | "specUnitMissing"
    | "specUnitUnknown"
    | "specUnitNotAllowed"
    | "specStandardKey"
    | "specOptionsNotAllowed"
    | "specOptionBad"
    | "specOptionTwice"
    | "specTooManyOptions";
  message: string;
}

/** A list value compared as the parser compares it: without case, spaces, hyphens or underscores. */
const listForm = (text: string): string => text.toLowerCase().replace(/[\s\-_]+/g, "");

/**
 * The first problem of a definition, or null. A number needs its base unit (values are stored in
 * it); lists and yes/no have none. The keys other code relies on (`resistance`, `package`, …) keep
 * their kind and unit in every category. Two options the parser could not tell apart
 * ("Li-ion", "li ion") are one option.
 */
export function checkSpecAttribute(input: SpecAttributeInput): SpecAttributeProblem | null {
  if (!SPEC_KEY_PATTERN.test(input.key))
    return { field: "key", reason: "specKeyPattern", message: "The key is lower-case letters, digits and _ (starting with a letter), at most 40" };
  for (const field of ["nameEn", "nameSw"] as const) {
    const name = input[field].trim();
    if (!name) return { field, reason: "specNameMissing", message: `${field === "nameEn" ? "The English" : "The Kiswahili"} name is required` };
    if (name.length > SPEC_NAME_MAX) return { field, reason: "specNameTooLong", message: `A name is at most ${SPEC_NAME_MAX} characters` };
  }
  if (input.kind === "number") {
    if (input.unit === null) return { field: "unit", reason: "specUnitMissing", message: "A number needs its unit: values are stored in it" };
    if (!isSpecUnit(input.unit)) return { field: "unit", reason: "specUnitUnknown", message: `${String(input.unit)} is not a unit the shop knows` };
  } else if (input.unit !== null) return { field: "unit", reason: "specUnitNotAllowed", message: "Only a number has a unit" };
  const standard = (STANDARD_SPEC_KEYS as Record<string, { kind: SpecKind; unit: SpecUnit | null }>)[input.key];
  if (standard && (standard.kind !== input.kind || standard.unit !== input.unit)) {
    const what = standard.kind === "number" ? `a number in ${standard.unit}` : `a ${standard.kind}`;
    return {
      field: standard.kind !== input.kind ? "kind" : "unit",
      reason: "specStandardKey",
      message: `${input.key} is ${what} in every category (the search and other shops' tools read it so)`,
    };
  }
  if (input.kind !== "list") {
    if (input.options.length) return { field: "options", reason: "specOptionsNotAllowed", message: "Only a list has options" };
    return null;
  }
  if (input.options.length > SPEC_OPTIONS_MAX)
    return { field: "options", reason: "specTooManyOptions", message: `A list has at most ${SPEC_OPTIONS_MAX} options` };
  const seen = new Map<string, string>();
  for (const option of input.options) {
    const text = option.trim();
    if (!text || text.length > SPEC_OPTION_MAX || text !== option)
      return { field: "options", reason: "specOptionBad", message: `An option is 1 to ${SPEC_OPTION_MAX} characters without spaces around it` };
    const form = listForm(text);
    const twin = seen.get(form);
    if (twin !== undefined) return { field: "options", reason: "specOptionTwice", message: `"${twin}" and "${text}" are the same option to the shop's search` };
    seen.set(form, text);
  }
  return null;
}

/** Options as typed in one box, one per line (or separated by commas): trimmed, empty lines left out. */
export function splitOptions(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((o) => o.trim())
    .filter(Boolean);
}

/** What the product form shows under a spec box: nothing while it is empty, else the value read back or why it does not read. */
export type SpecInputPreview = { state: "empty" } | { state: "ok"; value: SpecValue; display: string } | { state: "bad"; reason: string };

/** A value typed on the product form, read with the shop's parser and shown as the shop will show it. */
export function previewSpecInput(def: SpecAttributeDef, input: string, locale: Locale): SpecInputPreview {
  if (!input.trim()) return { state: "empty" };
  const parsed = parseSpecValue(def, input);
  if (!parsed.ok) return { state: "bad", reason: parsed.reason };
  return { state: "ok", value: parsed.value, display: formatSpecValue(def, parsed.value, locale) };
}

/** A stored value as the product form's box starts with it: a number in the shop's notation ("4.7 kΩ"), which reads back the same. */
export function specInputText(def: SpecAttributeDef, value: SpecValue): string {
  if (typeof value === "boolean") return value ? "true" : "false";
  // a list value is the option's own spelling (a package's label "0805 (2012 metric)" is for reading)
  if (typeof value === "string") return value;
  return formatSpecValue(def, value, "en");
}

export { SPEC_KINDS };
