/**
 * The spec filters of a listing's address, `spec.<key>=<value>`, the same on the pages and the
 * API: a list attribute takes values separated by commas (`spec.package=0805,0603`), a number
 * either such a list of exact values (`spec.resistance=10k,4k7`) or a range `<min>..<max>` in
 * base units or with prefixes, either bound optional (`spec.voltage=3..5`, `spec.flash=4MB..`).
 * Here they are only read and written as text: which keys exist and how a value parses is the
 * shop's data, checked on the server.
 */
export const SPEC_PARAM_PREFIX = "spec.";

/** At most this many spec parameters in one address: a longer list is a crawler, not a shopper. */
export const MAX_SPEC_PARAMS = 12;

/** A spec parameter's key as written after `spec.`: lower-case words (the attribute keys' rule). */
export const SPEC_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;

/** The separator of a number range in a parameter's value. */
export const RANGE_SEPARATOR = "..";

export type RawSpecFilters = Record<string, string>;

type ParamSource = URLSearchParams | Record<string, string | string[] | undefined>;

/**
 * The `spec.<key>` parameters of an address, key → value (repeated parameters joined by commas,
 * empty values left out). Keys are returned as written; the server refuses unknown ones.
 */
export function readSpecParams(source: ParamSource): RawSpecFilters {
  const out: RawSpecFilters = {};
  const add = (name: string, value: string) => {
    if (!name.startsWith(SPEC_PARAM_PREFIX)) return;
    const key = name.slice(SPEC_PARAM_PREFIX.length);
    const trimmed = value.trim();
    if (!trimmed) return;
    out[key] = out[key] ? `${out[key]},${trimmed}` : trimmed;
  };
  if (source instanceof URLSearchParams) {
    for (const [name, value] of source) add(name, value);
  } else {
    for (const [name, value] of Object.entries(source)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) add(name, v);
    }
  }
  return out;
}

/** Sets `filters` on `params` as `spec.<key>` parameters, in key order (one address per selection). */
export function writeSpecParams(params: URLSearchParams, filters: RawSpecFilters): URLSearchParams {
  for (const key of Object.keys(filters).sort()) {
    const value = filters[key];
    if (value) params.set(`${SPEC_PARAM_PREFIX}${key}`, value);
  }
  return params;
}

/** The parts of a value: a range's two bounds (either may be empty), or a list's items. */
export function splitSpecValue(value: string): { range: [string, string] } | { list: string[] } {
  const at = value.indexOf(RANGE_SEPARATOR);
  if (at >= 0) return { range: [value.slice(0, at).trim(), value.slice(at + RANGE_SEPARATOR.length).trim()] };
  return {
    list: [
      ...new Set(
        value
          .split(",")
          .map((v) => v.trim())
          .filter(Boolean),
      ),
    ],
  };
}

/** A list value with one item added or taken away (a facet's checkbox). */
export function toggleListValue(current: string | undefined, item: string): string {
  const split = current ? splitSpecValue(current) : null;
  const parts = split && "list" in split ? split.list : [];
  const next = parts.includes(item) ? parts.filter((p) => p !== item) : [...parts, item];
  return next.join(",");
}

/** A number range as a parameter value; null when both bounds are open. */
export function rangeValue(min: number | null, max: number | null): string | null {
  if (min === null && max === null) return null;
  return `${min ?? ""}${RANGE_SEPARATOR}${max ?? ""}`;
}
