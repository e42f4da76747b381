/**
 * Comparing products side by side: how many, how the chosen ids travel (the browser keeps them;
 * the page's address `/compare?ids=1,2,3` carries them), and which rows differ.
 */

/** At most this many products side by side: more do not fit a phone's width, even scrolled. */
export const COMPARE_MAX = 4;

/** Where the browser keeps the ids chosen for comparison (localStorage). */
export const COMPARE_STORAGE_KEY = "compare_ids";

const ID = /^[1-9]\d{0,8}$/;

/**
 * The ids of a `ids=1,2,3` value, in order and without repeats; null when one is not a product
 * id or there are more than COMPARE_MAX (an address nobody made through the shop).
 */
export function parseCompareIds(value: string | null | undefined): number[] | null {
  const text = (value ?? "").trim();
  if (!text) return [];
  const parts = text.split(",").map((p) => p.trim());
  if (parts.some((p) => !ID.test(p))) return null;
  const ids = [...new Set(parts.map(Number))];
  return ids.length > COMPARE_MAX ? null : ids;
}

/** The comparison page's address for these ids. */
export function compareHref(ids: readonly number[]): string {
  return ids.length ? `/compare?ids=${ids.join(",")}` : "/compare";
}

/** A product chosen for comparison, as the browser keeps it: enough to show it in the tray without asking the server. */
export interface CompareItem {
  id: number;
  name: string;
  image: string;
}

/** The stored list as the browser keeps it, read leniently (damaged entries are dropped, a damaged value is an empty list). */
export function readStoredCompare(text: string | null): CompareItem[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    if (!Array.isArray(value)) return [];
    const items: CompareItem[] = [];
    for (const entry of value as unknown[]) {
      if (!entry || typeof entry !== "object") continue;
      const { id, name, image } = entry as Record<string, unknown>;
      if (!Number.isInteger(id) || (id as number) <= 0 || typeof name !== "string" || typeof image !== "string") continue;
      if (items.some((i) => i.id === id)) continue;
      items.push({ id: id as number, name: name.slice(0, 200), image: image.startsWith("/") ? image : "" });
    }
    return items.slice(0, COMPARE_MAX);
  } catch {
    return [];
  }
}

/** The list with `item` added at the end; `full` when there was no room (the list is then unchanged). */
export function addToCompare(items: readonly CompareItem[], item: CompareItem): { items: CompareItem[]; full: boolean } {
  if (items.some((i) => i.id === item.id)) return { items: [...items], full: false };
  if (items.length >= COMPARE_MAX) return { items: [...items], full: true };
  return { items: [...items, item], full: false };
}

/** One specification as a compared product has it (its display text; a product may have several, one per option). */
export interface ComparedSpec {
  key: string;
  label: string;
  display: string;
}

/** A row of the comparison: one attribute, the value of each product (null where it has none), and whether they differ. */
export interface CompareRow {
  key: string;
  label: string;
  values: (string | null)[];
  differs: boolean;
}

/**
 * The union of the products' specifications as rows, in the order they first appear (each
 * product's list is in its category's attribute order). A product with several values of a key
 * (one per option) shows them joined. A row differs when any two products' values differ,
 * a missing value included.
 */
export function compareRows(products: readonly (readonly ComparedSpec[])[]): CompareRow[] {
  const rows = new Map<string, { label: string; values: string[][] }>();
  products.forEach((specs, column) => {
    for (const spec of specs) {
      let row = rows.get(spec.key);
      if (!row) rows.set(spec.key, (row = { label: spec.label, values: products.map(() => []) }));
      const cell = row.values[column]!;
      if (!cell.includes(spec.display)) cell.push(spec.display);
    }
  });
  return [...rows].map(([key, row]) => {
    const values = row.values.map((cell) => (cell.length ? cell.join(", ") : null));
    return { key, label: row.label, values, differs: products.length > 1 && new Set(values).size > 1 };
  });
}
