import { understandQuery, type UnderstoodSpec } from "@/lib/specs/understand";
import type { Database } from "../db";
import { attributeIndex } from "./attributes";
import type { SpecFilter } from "./filters";

export interface SearchUnderstanding {
  /** what the search read as specifications ("10k" → resistance 10 kΩ), each with the words it came from */
  understood: UnderstoodSpec[];
  /** the words left for the text search, as typed */
  remaining: string;
  /** the understood specifications as filters */
  filters: SpecFilter[];
}

/**
 * Reads a search's specifications ("10k 0805", "100nF 50V", "3.3v ldo 1a") as filters, leaving the
 * other words for the text search. Only keys the chosen category defines (every category's
 * without one) are read, and none the query already filters by explicitly.
 */
export async function understandSearch(db: Database, text: string, categoryId: number | null, explicitKeys: readonly string[]): Promise<SearchUnderstanding> {
  const index = await attributeIndex(db);
  const pool = categoryId === null ? [...index.byKey.values()] : (index.byCategory.get(categoryId) ?? []);
  const defs = pool.filter((d) => !explicitKeys.includes(d.key));
  if (defs.length === 0) return { understood: [], remaining: text, filters: [] };
  const { understood, remaining } = understandQuery(text, defs);
  const filters = understood.flatMap((u): SpecFilter[] => {
    const def = defs.find((d) => d.key === u.key);
    if (!def) return [];
    if (def.kind === "number") {
      if (typeof u.value === "number") return [{ key: u.key, kind: "number", values: [u.value] }];
      if (u.min !== undefined || u.max !== undefined) return [{ key: u.key, kind: "number", min: u.min ?? null, max: u.max ?? null }];
      return [];
    }
    if (def.kind === "boolean" && typeof u.value === "boolean") return [{ key: u.key, kind: "boolean", value: u.value }];
    if (def.kind === "list" && typeof u.value === "string") return [{ key: u.key, kind: "list", values: [u.value] }];
    return [];
  });
  // an understanding that became no filter gives its words back to the text search
  if (filters.length !== understood.length) return { understood: [], remaining: text, filters: [] };
  return { understood, remaining, filters };
}
