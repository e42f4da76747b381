import type { SeedCategory } from "../types";

/** A variant option: its value and the price added to the row's base price (plain string = +0). */
export type OptionInput = string | readonly [value: string, delta: number];
export type Option = readonly [value: string, delta: number];

export type VariantDef =
  | { kind: "simple"; attribute: string; options: Option[] }
  | { kind: "primary"; attribute: string; options: Option[]; multi: Record<string, string[]> }
  | { kind: "multi"; combine: "add" | "multiply"; axes: { attribute: string; options: Option[] }[] };

/**
 * [name, brand, base price in TZS (= cheapest variant), image label (≤ 10 chars), description, variants?]
 * For "multiply" grids the option numbers are price factors instead of amounts added.
 */
export type Row = readonly [name: string, brand: string, price: number, label: string, spec: string, variants?: VariantDef];

/** One category of the demo catalogue: its listing data, the SKU code ("KE-MCU-0001") and its rows. */
export interface CatalogCategory extends SeedCategory {
  code: string;
  rows: Row[];
}

const toOptions = (values: readonly OptionInput[]): Option[] => values.map((v) => (typeof v === "string" ? ([v, 0] as const) : v));

/** One attribute (e.g. Color); every option may carry its own price. */
export const simple = (attribute: string, values: readonly OptionInput[]): VariantDef => ({
  kind: "simple",
  attribute,
  options: toOptions(values),
});

/** A price-deciding attribute (e.g. Pack) plus attributes that do not change the price. */
export const packs = (attribute: string, values: readonly OptionInput[], multi: Record<string, string[]> = {}): VariantDef => ({
  kind: "primary",
  attribute,
  options: toOptions(values),
  multi,
});

/** One variant per combination of the axes; prices add up (or multiply) from the base price. */
export const grid = (combine: "add" | "multiply", ...axes: [string, readonly OptionInput[]][]): VariantDef => ({
  kind: "multi",
  combine,
  axes: axes.map(([attribute, values]) => ({ attribute, options: toOptions(values) })),
});
