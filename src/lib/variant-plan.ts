import { variantCombinationId, type PrimaryValue, type VariantConfig, type VariantConfigType } from "./variants";

/**
 * A product's options as an admin edits them: the kind of configuration, its attributes (axes) with
 * their values, and one row (SKU, price, stock) per combination of values. The same check runs in
 * the admin's browser (the preview of the combination ids) and on the server (which trusts only
 * its own result).
 *
 * - simple: one attribute; each value is an option with its own price.
 * - primary-dependent: the first attribute sets the price; the others (colour, length…) only
 *   choose among the same-priced combinations.
 * - multi-dependent: every combination of every attribute has its own price.
 */
export const VARIANT_PLAN_TYPES = ["none", "simple", "primary-dependent", "multi-dependent"] as const;
export type VariantPlanType = (typeof VARIANT_PLAN_TYPES)[number];

export const VARIANT_AXES_MAX = 3;
export const VARIANT_VALUES_MAX = 20;
export const VARIANT_COMBINATIONS_MAX = 200;
export const VARIANT_NAME_MAX = 40;
export const VARIANT_VALUE_MAX = 60;

export interface VariantAxis {
  name: string;
  values: string[];
}

export interface VariantRowInput {
  attributes: Record<string, string>;
  sku: string;
  price: number;
  stock: number;
}

export interface VariantPlanInput {
  type: VariantPlanType;
  axes: VariantAxis[];
  variants: VariantRowInput[];
}

/** A variant as it is stored, in the shop's order. */
export interface PlannedVariant {
  combinationId: string;
  attributes: Record<string, string>;
  sku: string;
  price: number;
  stock: number;
  multiValues: Record<string, string[]>;
  primaryValues: PrimaryValue[];
  sortOrder: number;
}

/** What is wrong, by where: `axes`, `axes.1.values`, `variants.3.price` and so on. */
export interface VariantPlanProblem {
  path: string;
  problem:
    | "needsOneAxis"
    | "needsAxes"
    | "tooManyAxes"
    | "name"
    | "duplicateName"
    | "values"
    | "duplicateValue"
    | "tooManyCombinations"
    | "missingCombination"
    | "unknownCombination"
    | "duplicateCombination"
    | "sku"
    | "duplicateSku"
    /** another product has an option with this SKU (only the server knows) */
    | "skuTaken"
    | "price"
    | "stock"
    | "primaryPrice";
}

const SKU = /^[A-Za-z0-9._-]{1,64}$/;
// the combination id joins "name:value" pairs with "-": a colon in a name would make two different
// options read alike, and a control character has no place in a label
const LABEL_FORBIDDEN = /[:\u0000-\u001f\u007f]/;

/** Every combination of the axes' values, in the axes' order (the first axis varies slowest). */
export function combinationsOf(axes: readonly VariantAxis[]): Record<string, string>[] {
  let combos: Record<string, string>[] = [{}];
  for (const axis of axes) combos = combos.flatMap((prefix) => axis.values.map((value) => ({ ...prefix, [axis.name]: value })));
  return axes.length ? combos : [];
}

/** The configuration stored on the product for a plan (null: a product without options). */
export function configOf(type: VariantPlanType, axes: readonly VariantAxis[]): VariantConfig | null {
  const names = axes.map((a) => a.name);
  if (type === "none") return null;
  if (type === "simple") return { type, attributeOrder: names };
  if (type === "primary-dependent") return { type, primaryAttribute: names[0] ?? null, attributeOrder: names };
  return { type: type as VariantConfigType, primaryAttributes: names, attributeOrder: names };
}

/**
 * Checks a plan and, when it is right, gives the variants to store: every combination exactly
 * once, with its combination id (the cart line's variantId), a valid unique SKU, whole shillings
 * and stock; for primary-dependent options one price per value of the first attribute.
 */
export function planVariants(
  input: VariantPlanInput,
): { ok: true; config: VariantConfig | null; variants: PlannedVariant[] } | { ok: false; problems: VariantPlanProblem[] } {
  const problems: VariantPlanProblem[] = [];
  const add = (path: string, problem: VariantPlanProblem["problem"]) => problems.push({ path, problem });
  const axes = input.type === "none" ? [] : input.axes.map((a) => ({ name: a.name.trim(), values: a.values.map((v) => v.trim()).filter(Boolean) }));

  if (input.type === "simple" && axes.length !== 1) add("axes", "needsOneAxis");
  if ((input.type === "primary-dependent" || input.type === "multi-dependent") && axes.length < 1) add("axes", "needsAxes");
  if (axes.length > VARIANT_AXES_MAX) add("axes", "tooManyAxes");
  const names = new Set<string>();
  axes.forEach((axis, i) => {
    if (!axis.name || axis.name.length > VARIANT_NAME_MAX || LABEL_FORBIDDEN.test(axis.name) || axis.name.endsWith("_raw")) add(`axes.${i}.name`, "name");
    else if (names.has(axis.name.toLowerCase())) add(`axes.${i}.name`, "duplicateName");
    names.add(axis.name.toLowerCase());
    if (axis.values.length === 0 || axis.values.length > VARIANT_VALUES_MAX || axis.values.some((v) => v.length > VARIANT_VALUE_MAX || LABEL_FORBIDDEN.test(v)))
      add(`axes.${i}.values`, "values");
    else if (new Set(axis.values.map((v) => v.toLowerCase())).size !== axis.values.length) add(`axes.${i}.values`, "duplicateValue");
  });
  if (problems.length) return { ok: false, problems };

  const combos = combinationsOf(axes);
  if (combos.length > VARIANT_COMBINATIONS_MAX) return { ok: false, problems: [{ path: "axes", problem: "tooManyCombinations" }] };
  const config = configOf(input.type, axes);
  if (input.type === "none") return { ok: true, config: null, variants: [] };

  const idOf = (attributes: Record<string, string>) => variantCombinationId(attributes, config);
  const wanted = new Map(combos.map((attributes, i) => [idOf(attributes), { attributes, order: i }]));
  const seen = new Map<string, VariantRowInput>();
  const skus = new Set<string>();
  input.variants.forEach((row, i) => {
    const attributes = Object.fromEntries(Object.entries(row.attributes).map(([k, v]) => [k.trim(), v.trim()]));
    const id = idOf(attributes);
    const sameKeys = Object.keys(attributes).length === axes.length && axes.every((a) => a.name in attributes);
    if (!sameKeys || !wanted.has(id)) return add(`variants.${i}`, "unknownCombination");
    if (seen.has(id)) return add(`variants.${i}`, "duplicateCombination");
    seen.set(id, row);
    const sku = row.sku.trim();
    if (!SKU.test(sku)) add(`variants.${i}.sku`, "sku");
    else if (skus.has(sku.toUpperCase())) add(`variants.${i}.sku`, "duplicateSku");
    skus.add(sku.toUpperCase());
    if (!Number.isSafeInteger(row.price) || row.price < 0 || row.price > 2_000_000_000) add(`variants.${i}.price`, "price");
    if (!Number.isSafeInteger(row.stock) || row.stock < 0 || row.stock > 10_000_000) add(`variants.${i}.stock`, "stock");
  });
  for (const id of wanted.keys()) if (!seen.has(id)) add(`variants`, "missingCombination");

  const primary = input.type === "primary-dependent" ? axes[0]! : null;
  const primaryValues: PrimaryValue[] = [];
  if (primary) {
    for (const value of primary.values) {
      const prices = new Set([...seen.values()].filter((row) => row.attributes[primary.name]?.trim() === value).map((row) => row.price));
      if (prices.size > 1) add(`axes.0.values`, "primaryPrice");
      primaryValues.push({ attribute: primary.name, value, price: [...prices][0] ?? 0 });
    }
  }
  if (problems.length) return { ok: false, problems };

  const multiValues = primary ? Object.fromEntries(axes.slice(1).map((a) => [a.name, [...a.values]])) : {};
  const variants = [...wanted.entries()].map(([combinationId, { attributes, order }]) => {
    const row = seen.get(combinationId)!;
    return {
      combinationId,
      attributes,
      sku: row.sku.trim(),
      price: row.price,
      stock: row.stock,
      multiValues: primary ? multiValues : {},
      primaryValues: primary ? primaryValues : [],
      sortOrder: order,
    };
  });
  return { ok: true, config, variants };
}
