import { LOCALES, type Locale } from "@/lib/locale";
import type { PayOnDeliverySettings } from "@/lib/pay-on-delivery";

/**
 * How each setting is edited: its path in the settings (dotted) and the kind of input, and how a
 * value and the input's text turn into each other. Which fields each tab shows is in tabs.ts.
 */
export type FieldKind =
  | "text"
  | "textarea"
  | "email"
  | "tel"
  | "color"
  | "int"
  | "decimal"
  | "bool"
  | "select"
  | "multi"
  | "lines"
  | "time"
  | "pairs"
  | "tiers"
  /** a range of days, "1-2" (delivery estimates) */
  | "range"
  /** a range of days per region, one "region = 2-4" a line */
  | "ranges"
  /** public holidays, one "2026-12-09 = Independence Day / Siku ya Uhuru" a line, "~" instead of "=" for an approximate date */
  | "holidays";

export type PayOnDeliveryField = keyof PayOnDeliverySettings;
/** The back-order settings that need a word on what they do to a shopper's order. */
export type BackOrderHinted = "payment" | "depositPercent" | "balanceDays";
/** The review settings, each with a word on what it does (src/lib/reviews.ts). */
export type ReviewHinted = "moderation" | "buyersAnswer" | "popularBasis" | "popularTopPercent" | "inviteAfterDays";

export interface FieldSpec {
  path: string;
  kind: FieldKind;
  options?: readonly string[];
  /** the catalogue key of the hint under the input (a list's box has its kind's own hint when absent) */
  hint?:
    | "pairsHint"
    | "factorsHint"
    | "pricePerCm2Hint"
    | "whatsappHint"
    | `payOnDeliveryHints.${PayOnDeliveryField}`
    | `backOrderHints.${BackOrderHinted}`
    | `reviewHints.${ReviewHinted}`;
  /** a text a shopper reads: one input per language, each at `<path>.<locale>` */
  localized?: true;
}

/** The languages a localized field has an input for, English first (its text stands in for an empty one). */
export const FIELD_LOCALES: readonly Locale[] = ["en", ...LOCALES.filter((l) => l !== "en")];

/** The paths of a field's inputs: the field's own, or one per language. */
export function inputPaths(field: FieldSpec): string[] {
  return field.localized ? FIELD_LOCALES.map((locale) => `${field.path}.${locale}`) : [field.path];
}

/** The hint under a list's box, by kind: one item per line, "key = value" pairs, "quantity = percent" tiers. */
export const LIST_HINTS: Partial<Record<FieldKind, "onePerLine" | "pairsHint" | "tiersHint" | "rangeHint" | "rangesHint" | "holidaysHint">> = {
  lines: "onePerLine",
  pairs: "pairsHint",
  tiers: "tiersHint",
  range: "rangeHint",
  ranges: "rangesHint",
  holidays: "holidaysHint",
};

/** The value at a dotted path of an object. */
export function valueAt(source: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((value, part) => (value && typeof value === "object" ? (value as Record<string, unknown>)[part] : undefined), source);
}

/** A copy of `source` with the value at a dotted path replaced (the objects on the way are copied, nothing else). */
export function withValueAt<T>(source: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split(".");
  const object = (source ?? {}) as Record<string, unknown>;
  return { ...object, [head!]: rest.length ? withValueAt(object[head!], rest.join("."), value) : value } as T;
}

/** A range of days as typed: "1-2", or "1" for one day. */
function rangeText(value: unknown): string {
  const range = (value ?? {}) as { min?: unknown; max?: unknown };
  return range.min === range.max ? String(range.min ?? "") : `${String(range.min ?? "")}-${String(range.max ?? "")}`;
}

/** A typed range: "1-2" or "1"; anything else stays text for the settings check to name. */
function rangeValue(text: string): unknown {
  const trimmed = text.trim();
  const match = /^(\d+)\s*(?:[-–]\s*(\d+))?$/.exec(trimmed);
  return match ? { min: Number(match[1]), max: Number(match[2] ?? match[1]) } : trimmed;
}

/** The text an input shows for a value of a kind (lists one per line, pairs as "key = value"). */
export function textOf(kind: FieldKind, value: unknown): string {
  if (kind === "range") return rangeText(value);
  if (kind === "ranges")
    return value && typeof value === "object"
      ? Object.entries(value as Record<string, unknown>)
          .map(([key, v]) => `${key} = ${rangeText(v)}`)
          .join("\n")
      : "";
  if (kind === "holidays")
    return Array.isArray(value)
      ? value
          .map((h: { date?: unknown; name?: { en?: unknown; sw?: unknown }; approximate?: unknown }) => {
            const en = String(h?.name?.en ?? "");
            const sw = String(h?.name?.sw ?? "");
            return `${String(h?.date ?? "")} ${h?.approximate ? "~" : "="} ${sw && sw !== en ? `${en} / ${sw}` : en}`;
          })
          .join("\n")
      : "";
  if (kind === "lines") return Array.isArray(value) ? value.join("\n") : "";
  if (kind === "tiers")
    return Array.isArray(value)
      ? value
          .map((tier: { minQuantity?: unknown; percentOff?: unknown }) => `${String(tier?.minQuantity ?? "")} = ${String(tier?.percentOff ?? "")}`)
          .join("\n")
      : "";
  if (kind === "pairs")
    return value && typeof value === "object"
      ? Object.entries(value as Record<string, unknown>)
          .map(([key, v]) => `${key} = ${String(v)}`)
          .join("\n")
      : "";
  return value === undefined || value === null ? "" : String(value);
}

/**
 * The value an input's text stands for. A number that does not read as one stays text, so the
 * settings check reports it (as the wrong type) rather than the form guessing; a "pairs" line
 * without "=" is kept whole as a key with no number, which the check refuses the same way.
 */
export function valueOf(kind: FieldKind, text: string): unknown {
  const trimmed = text.trim();
  switch (kind) {
    case "int":
      return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
    case "decimal": {
      const normal = trimmed.replace(",", ".");
      return /^-?\d+(\.\d+)?$/.test(normal) ? Number(normal) : trimmed;
    }
    case "lines":
      return text
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean);
    case "pairs":
      return Object.fromEntries(
        text
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean)
          .map((line) => {
            const [key, amount] = line.split("=").map((part) => part.trim());
            return [key!, amount !== undefined && /^\d+$/.test(amount) ? Number(amount) : (amount ?? "")];
          }),
      );
    case "range":
      return rangeValue(text);
    case "ranges":
      return Object.fromEntries(
        text
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean)
          .map((line) => {
            const [key, range] = line.split("=").map((part) => part.trim());
            return [key!, rangeValue(range ?? "")];
          }),
      );
    case "holidays":
      // "date = English / Kiswahili", "~" for a date not announced yet; a line that does not read stays its date for the check to name
      return text
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line) => {
          const match = /^(\S+)\s*([=~])\s*(.*)$/.exec(line);
          if (!match) return { date: line, name: { en: "", sw: "" }, approximate: false };
          const [en = "", sw = ""] = match[3]!.split("/").map((part) => part.trim());
          return { date: match[1]!, name: { en, sw: sw || en }, approximate: match[2] === "~" };
        });
    case "tiers":
      // "from quantity = percent off"; a part that is not a number stays text for the check to name
      return text
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line) => {
          const [quantity, percent] = line.split("=").map((part) => part.trim());
          const number = (part: string | undefined) => (part !== undefined && /^\d+(\.\d+)?$/.test(part) ? Number(part) : (part ?? ""));
          return { minQuantity: number(quantity), percentOff: number(percent) };
        });
    default:
      return text;
  }
}
