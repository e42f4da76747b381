import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { MAX_SPEC_PARAMS, SPEC_KEY_PATTERN, SPEC_PARAM_PREFIX, splitSpecValue, type RawSpecFilters } from "@/lib/specs/params";
import { parseSpecValue } from "@/lib/specs/values";
import { DomainError } from "../errors";
import type { Database } from "../db";
import { attributeIndex, type CategoryAttribute } from "./attributes";

/** A spec filter the server checked: values parsed into the attribute's base unit or canonical text. */
export type SpecFilter =
  | { key: string; kind: "number"; values: number[] }
  | { key: string; kind: "number"; min: number | null; max: number | null }
  | { key: string; kind: "list"; values: string[] }
  | { key: string; kind: "boolean"; value: boolean };

/** A number as JavaScript prints it: digits, an optional fraction and exponent. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?(e[-+]?\d+)?$/i;

/** At most this many values in one filter. */
const MAX_VALUES = 40;

/** Numbers compare within one part in a billion: a value typed as "4k7" equals one stored as 4700.000000001. */
const RELATIVE_TOLERANCE = 1e-9;

function refuse(key: string, reason: string, message: string): never {
  throw new DomainError("invalid-input", message, { field: `${SPEC_PARAM_PREFIX}${key}`, reason });
}

/**
 * The `spec.<key>` filters of a query, checked against the shop's definitions: those of the
 * category when one is chosen, every category's otherwise (a spec filter then applies across
 * categories). An unknown key or a value that does not parse is refused, naming the parameter.
 */
export async function resolveSpecFilters(db: Database, raw: RawSpecFilters | undefined, categoryId: number | null): Promise<SpecFilter[]> {
  const keys = Object.keys(raw ?? {}).sort();
  if (keys.length === 0) return [];
  if (keys.length > MAX_SPEC_PARAMS) refuse(keys[0]!, "too-many", `At most ${MAX_SPEC_PARAMS} spec filters at once`);
  const index = await attributeIndex(db);
  const scoped = categoryId === null ? null : (index.byCategory.get(categoryId) ?? []);
  return keys.map((key) => {
    if (!SPEC_KEY_PATTERN.test(key)) refuse(key, "unknown-spec", `spec.${key} is not a specification of this shop`);
    const def = scoped ? scoped.find((d) => d.key === key) : index.byKey.get(key);
    if (!def) refuse(key, "unknown-spec", scoped ? `spec.${key} is not a specification of this category` : `spec.${key} is not a specification of this shop`);
    // across categories a list accepts any category's options for the key
    const options = scoped ? def.options : (index.optionsByKey.get(key) ?? def.options);
    return parseFilter({ ...def, options }, raw![key]!);
  });
}

function parseFilter(def: CategoryAttribute, value: string): SpecFilter {
  const key = def.key;
  const parsed = splitSpecValue(value);
  const one = (text: string) => {
    // a number in base units as JavaScript writes it ("1e-7", the facets' own values) is taken as is
    if (def.kind === "number" && PLAIN_NUMBER.test(text) && Number.isFinite(Number(text))) return Number(text);
    const result = parseSpecValue(def, text);
    if (!result.ok) refuse(key, "unparsable", `spec.${key}: "${text}" is not a valid ${def.nameEn.toLowerCase()} (${result.reason})`);
    return result.value;
  };
  if ("range" in parsed) {
    if (def.kind !== "number") refuse(key, "not-a-number", `spec.${key} is not a number: give values separated by commas, not a range`);
    const [low, high] = parsed.range;
    const min = low ? (one(low) as number) : null;
    const max = high ? (one(high) as number) : null;
    if (min === null && max === null) refuse(key, "empty-range", `spec.${key}: a range needs at least one bound`);
    if (min !== null && max !== null && min > max) refuse(key, "inverted-range", `spec.${key}: the lower bound is above the upper one`);
    return { key, kind: "number", min, max };
  }
  if (parsed.list.length === 0) refuse(key, "empty", `spec.${key} needs a value`);
  if (parsed.list.length > MAX_VALUES) refuse(key, "too-many", `spec.${key} takes at most ${MAX_VALUES} values`);
  if (def.kind === "boolean") {
    if (parsed.list.length !== 1) refuse(key, "unparsable", `spec.${key} is yes or no`);
    return { key, kind: "boolean", value: one(parsed.list[0]!) as boolean };
  }
  const values = parsed.list.map(one);
  if (def.kind === "number") return { key, kind: "number", values: [...new Set(values as number[])] };
  return { key, kind: "list", values: [...new Set(values as string[])] };
}

/** A number as PostgreSQL's numeric reads it, exactly as JavaScript prints it ("1e-7"). */
export const numericText = (n: number): string => String(n);

/** The lower and upper edge of the tolerance around `n` (numbers within one part in a billion are equal). */
export function toleranceBand(n: number): [string, string] {
  const delta = Math.abs(n) * RELATIVE_TOLERANCE;
  return [numericText(n - delta), numericText(n + delta)];
}

/** Values as a parenthesised list's items, each its own parameter. */
export const sqlList = (values: readonly string[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The condition one filter asks of the product_specs rows named `alias`. */
export function specRowCondition(filter: SpecFilter, alias: SQL): SQL {
  switch (filter.kind) {
    case "boolean":
      return sql`${alias}.key = ${filter.key} and ${alias}.text = ${String(filter.value)}`;
    case "list":
      return sql`${alias}.key = ${filter.key} and ${alias}.text in (${sqlList(filter.values)})`;
    case "number": {
      if ("values" in filter) {
        const bands = filter.values.map((v) => {
          const [low, high] = toleranceBand(v);
          return sql`${alias}.num between ${low}::numeric and ${high}::numeric`;
        });
        return sql`${alias}.key = ${filter.key} and (${sql.join(bands, sql` or `)})`;
      }
      const parts = [sql`${alias}.key = ${filter.key}`];
      if (filter.min !== null) parts.push(sql`${alias}.num >= ${toleranceBand(filter.min)[0]}::numeric`);
      if (filter.max !== null) parts.push(sql`${alias}.num <= ${toleranceBand(filter.max)[1]}::numeric`);
      return sql.join(parts, sql` and `);
    }
  }
}

/**
 * The condition on a product id column that `filters` ask for together: the product (or one of its
 * options) carries a matching value for each. The filters are one nested set (the first filter's
 * rows whose product is among the second's, …), so PostgreSQL intersects their index ranges before
 * it reads a single product. As one `in` per filter it read every product of one filter's set
 * first: 0.2 s for 23,000 products at 1,000,000 products, where 1,800 matched both.
 */
export function specsCondition(productId: AnyPgColumn | SQL, filters: readonly SpecFilter[]): SQL {
  let set: SQL | null = null;
  for (let i = filters.length - 1; i >= 0; i--) {
    const alias = sql.raw(`s${i}`);
    const row = specRowCondition(filters[i]!, alias);
    set = sql`select ${alias}.product_id from product_specs ${alias} where ${row}${set ? sql` and ${alias}.product_id in (${set})` : sql``}`;
  }
  return set ? sql`${productId} in (${set})` : sql`true`;
}

/** A stable text of the filters, for cache keys. */
export function specFiltersKey(filters: readonly SpecFilter[]): string {
  return JSON.stringify(filters);
}
