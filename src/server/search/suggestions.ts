import { asc, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { rowsOf, type Database } from "../db";
import { brands, categories } from "../db/schema";
import { resolveQuery } from "./resolve";
import { toTsQueryText } from "./terms";
import { specSuggestions } from "../specs/suggestions";
import { cachedList } from "../catalog/catalog-cache";

export const SUGGESTION_MIN_LENGTH = 2;
export const SUGGESTION_LIMIT = 8;

// Everyone types the same first letters: a short prefix matches thousands of products, so the
// answers (the spec refinements with the names) are kept half a minute (the catalogue changes far
// more slowly than people type).
const recent = new LRUCache<string, string[]>({ max: 10_000, ttl: 30_000 });

/** The categories (in the shop's order) and brands (by name) whose names suggestions offer: small, and kept like the counts. */
async function groupNames(db: Database): Promise<{ categories: { name: string; nameSw: string | null }[]; brands: string[] }> {
  return cachedList("suggestion-groups", async () => ({
    categories: await db.select({ name: categories.name, nameSw: categories.nameSw }).from(categories).orderBy(asc(categories.sortOrder), asc(categories.id)),
    brands: (await db.select({ name: brands.name }).from(brands).orderBy(asc(brands.name))).map((b) => b.name),
  }));
}

/** At most this many categories and this many brands are suggested. */
const GROUPS_SHOWN = 3;

/**
 * Up to 8 suggestions, best first: categories (by their English or Kiswahili name) and brands whose name starts with the query,
 * then names of popular products (the top 20,000 by sales) that contain every (typo-corrected)
 * word or part number (as search reads them: "mq2" finds "MQ-2 Gas & Smoke Sensor Module"), most sold first, then
 * categories and brands that merely contain it.
 */
async function findSuggestions(db: Database, q: string): Promise<string[]> {
  const terms = await resolveQuery(db, q);
  const typed = q.replace(/[%_\\]/g, "");
  const [groups, names] = await Promise.all([
    groupNames(db),
    terms.length
      ? db
          .execute(
            sql`select name from search_suggestion where vector @@ to_tsquery('english', ${toTsQueryText(terms, "&")})
                order by popularity desc, name limit 24`,
          )
          .then((result) => rowsOf<{ name: string }>(result))
      : Promise.resolve([] as { name: string }[]),
  ]);

  // a category by its English or Kiswahili name (shown in the language typed), a brand by its name
  const groupRows = [
    ...groups.categories
      .filter((c) => c.name.toLowerCase().includes(typed) || (c.nameSw ?? "").toLowerCase().includes(typed))
      .slice(0, GROUPS_SHOWN)
      .map((c) => ({
        name: c.nameSw && c.nameSw.toLowerCase().includes(typed) ? c.nameSw : c.name,
        starts: c.name.toLowerCase().startsWith(typed) || (c.nameSw ?? "").toLowerCase().startsWith(typed),
      })),
    ...groups.brands
      .filter((b) => b.toLowerCase().includes(typed))
      .slice(0, GROUPS_SHOWN)
      .map((b) => ({ name: b, starts: b.toLowerCase().startsWith(typed) })),
  ];
  const ordered = [
    ...groupRows.filter((r) => r.starts).map((r) => r.name),
    ...names.map((r) => r.name),
    ...groupRows.filter((r) => !r.starts).map((r) => r.name),
  ];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const name of ordered) {
    const key = name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(name);
    if (out.length === SUGGESTION_LIMIT) break;
  }
  return out;
}

export function createSearchService(db: Database) {
  return {
    /**
     * Up to 8 names of categories, brands and popular products for what is being typed, led by a
     * typed value narrowed by a package where one fits ("10k" → "10k 0805").
     */
    suggestions: async (query: string) => {
      // the refinements repeat the value as typed ("100nF 0805"); the names match case aside
      const typed = query.trim().replace(/\s+/g, " ");
      if (typed.length < SUGGESTION_MIN_LENGTH) return [];
      const cached = recent.get(typed);
      if (cached) return cached;
      const [specs, names] = await Promise.all([specSuggestions(db, typed), findSuggestions(db, typed.toLowerCase())]);
      const found = [...specs, ...names.filter((n) => !specs.includes(n))].slice(0, SUGGESTION_LIMIT);
      recent.set(typed, found);
      return found;
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
