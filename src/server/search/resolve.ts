import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { onInvalidate } from "../cache/tagged-cache";
import { rowsOf, type Database } from "../db";
import { translateQueryWords } from "./synonyms";
import { pickCorrection, queryWords, type LexiconCandidate } from "./terms";

// Shoppers repeat the same few hundred words; their resolution is cached for a few minutes
// (and dropped at once when this process refreshes the lexicon).
const resolved = new LRUCache<string, { word: string | null }>({ max: 20_000, ttl: 5 * 60_000 });

export function clearResolvedWords(): void {
  resolved.clear();
  frequencies.clear();
}

// a catalogue write may have taught the lexicon new words (on this app server or another one, whose
// invalidations arrive through the relay): resolve queries afresh
onInvalidate((tags) => {
  if (tags.includes("catalog")) clearResolvedWords();
});

const frequencies = new LRUCache<string, WordUse>({ max: 20_000, ttl: 5 * 60_000 });

export interface WordUse {
  /** how often the catalogue's text has words starting with this one: an upper bound of the products it matches */
  frequency: number;
  /** the word is itself a catalogue word (not only the start of one) */
  whole: boolean;
}

/**
 * How the catalogue uses each (resolved) word. A search matches a whole catalogue word as a word
 * (with its English forms: "module" finds "modules"), which the text index answers from one entry,
 * and a partial one as a prefix ("lm259" finds "lm2596"), which merges every entry it starts;
 * and it reads the most popular products in order rather than the index when every word is common.
 */
export async function wordUse(db: Database, words: readonly string[]): Promise<WordUse[]> {
  const unknown = words.filter((w) => !frequencies.has(w));
  if (unknown.length) {
    const checks = sql.join(
      unknown.map(
        (w, i) =>
          sql`(select coalesce(sum(frequency), 0)::float8 from search_lexicon where word like ${`${w.replace(/[%_\\]/g, "")}%`}) as ${sql.raw(`f${i}`)},
              exists (select 1 from search_lexicon where word = ${w}) as ${sql.raw(`w${i}`)}`,
      ),
      sql`, `,
    );
    const row = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${checks}`))[0] ?? {};
    unknown.forEach((w, i) => frequencies.set(w, { frequency: Number(row[`f${i}`] ?? 0), whole: Boolean(row[`w${i}`]) }));
  }
  return words.map((w) => frequencies.get(w) ?? { frequency: 0, whole: false });
}

/** Rebuilds the search lexicon from the catalogue (after seeding or product changes). */
export async function refreshSearchLexicon(db: Database): Promise<void> {
  await db.execute(sql`select refresh_search_lexicon()`);
  clearResolvedWords();
}

/**
 * Adds the words of some products' text (after an admin created or renamed them) to the lexicon,
 * so a word only they use is searched as typed instead of being "corrected" to another word; the
 * words of products' current text, in the same split the full rebuild uses. A word a change took
 * away stays until the next full rebuild: searching it finds nothing, as it should. The caller's
 * catalogue invalidation (after its commit) empties the resolved-word cache on every server.
 */
export async function addProductsToSearchLexicon(db: Database, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  await db.execute(sql`
    insert into search_lexicon (word, frequency)
    select w, count(*)::int
    from products p, regexp_split_to_table(lower(p.name || ' ' || p.brand || ' ' || p.category || ' ' || p.description), '[^a-z0-9]+') as w
    where p.id = any(${`{${productIds.join(",")}}`}::int[]) and length(w) >= 2
    group by w
    on conflict (word) do update set frequency = search_lexicon.frequency + excluded.frequency`);
}

/**
 * The catalogue words a query means: a Kiswahili word for a catalogue thing read as the
 * catalogue's word (src/server/search/synonyms.ts), each query word that is a catalogue word (or
 * the start of one) as typed, a misspelt one replaced by its nearest catalogue word, and words
 * that match nothing dropped. An empty result means nothing in the catalogue can match.
 */
export async function resolveQueryWords(db: Database, text: string): Promise<string[]> {
  const words = translateQueryWords(queryWords(text));
  const unknown = words.filter((w) => !resolved.has(w));
  if (unknown.length) await resolveUncached(db, unknown);
  const out: string[] = [];
  for (const w of words) {
    const hit = resolved.get(w)?.word;
    if (hit && !out.includes(hit)) out.push(hit);
  }
  return out;
}

async function resolveUncached(db: Database, words: string[]): Promise<void> {
  // One constant pattern per word, so the text_pattern_ops index answers each prefix test.
  const checks = sql.join(
    words.map((w) => sql`exists (select 1 from search_lexicon where word like ${`${w}%`})`),
    sql`, `,
  );
  const row = rowsOf<{ known: boolean[] }>(await db.execute(sql`select array[${checks}] as known`))[0];
  const known = words.map((w, i) => ({ w, known: Boolean(row?.known[i]) }));
  const misspelt: string[] = [];
  for (const row of known) {
    if (row.known) resolved.set(row.w, { word: row.w });
    else misspelt.push(row.w);
  }
  for (const w of misspelt) {
    if (/\d/.test(w) || w.length <= 3) {
      resolved.set(w, { word: null });
      continue;
    }
    const candidates = rowsOf<LexiconCandidate>(
      await db.execute(sql`
        select word, frequency, similarity(word, ${w})::float8 as similarity
        from search_lexicon where word % ${w}
        order by similarity desc, frequency desc limit 12`),
    );
    resolved.set(w, { word: pickCorrection(w, candidates) });
  }
}
