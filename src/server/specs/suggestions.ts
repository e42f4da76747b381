import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../db";
import { specRowCondition } from "./filters";
import { understandSearch } from "./understanding";

/** At most this many spec refinements lead the suggestions. */
export const SPEC_SUGGESTIONS = 3;

/** How many products with the typed value rank the packages offered. */
const SAMPLE = 200;

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
  // the packages of a sample of the products with the value (the first SAMPLE rows of the value's
  // index): enough to rank the few shown, and as fast at a million products as at a hundred (the
  // count over every product with "10k" took seconds at 1,000,000)
  const [first, ...others] = understanding.filters;
  const alsoHas = others.map(
    (f) => sql` and exists (select 1 from product_specs o where o.product_id = m.product_id and ${specRowCondition(f, sql.raw("o"))})`,
  );
  const rows = rowsOf<{ text: string; n: number }>(
    await db.execute(sql`
      select p.text, count(distinct m.product_id)::int as n
      from (select v.product_id from product_specs v where ${specRowCondition(first!, sql.raw("v"))} limit ${SAMPLE}) m
      join product_specs p on p.product_id = m.product_id and p.key = 'package' and p.text is not null
      where m.product_id not in (select products.id from products where products.archived_at is not null)${sql.join(alsoHas, sql``)}
      group by p.text order by n desc, p.text limit ${SPEC_SUGGESTIONS}`),
  );
  return rows.map((r) => `${typed} ${r.text}`);
}
