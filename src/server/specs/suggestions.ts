import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../db";
import { listingConditions } from "../catalog/products";
import { understandSearch } from "./understanding";

/** At most this many spec refinements lead the suggestions. */
export const SPEC_SUGGESTIONS = 3;

/**
 * Searches that narrow a typed value by a spec where one fits: "10k" → "10k 0805", "10k 0603"
 * (the packages the catalogue has that value in, most products first), so a shopper who typed a
 * value picks the package in one press. Nothing when the text holds no value, or names a package.
 */
export async function specSuggestions(db: Database, text: string): Promise<string[]> {
  const typed = text.trim();
  if (typed.length < 2) return [];
  const understanding = await understandSearch(db, typed, null, []);
  if (understanding.filters.length === 0 || understanding.filters.some((f) => f.key === "package")) return [];
  const conditions = await listingConditions(db, {}, understanding.filters);
  if (conditions === null) return [];
  const rows = rowsOf<{ text: string; n: number }>(
    await db.execute(sql`
      select s.text, count(distinct s.product_id)::int as n from product_specs s
      where s.key = 'package' and s.text is not null and s.product_id in (select products.id from products where ${sql.join(conditions, sql` and `)})
      group by s.text order by n desc, s.text limit ${SPEC_SUGGESTIONS}`),
  );
  return rows.map((r) => `${typed} ${r.text}`);
}
