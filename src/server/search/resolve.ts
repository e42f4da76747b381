import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { onInvalidate } from "../cache/tagged-cache";
import { rowsOf, type Database } from "../db";
import { translateQuery, type TranslatedChunk } from "./synonyms";
import {
  compactPartNumber,
  partCore,
  partNumberStarts,
  partStem,
  pickCorrection,
  queryChunks,
  type LexiconCandidate,
  type QueryChunk,
  type SearchTerm,
  type TermForm,
} from "./terms";

// Shoppers repeat the same few hundred queries; their resolution is cached for a few minutes
// (and dropped at once when this process refreshes the lexicon).
const resolved = new LRUCache<string, SearchTerm[]>({ max: 20_000, ttl: 5 * 60_000 });

export function clearResolvedWords(): void {
  resolved.clear();
  lexiconWords.clear();
  corrections.clear();
}

// a catalogue write may have taught the lexicon new words (on this app server or another one, whose
// invalidations arrive through the relay): resolve queries afresh
onInvalidate((tags) => {
  if (tags.includes("catalog")) clearResolvedWords();
});

const lexiconWords = new LRUCache<string, WordUse>({ max: 20_000, ttl: 5 * 60_000 });
const corrections = new LRUCache<string, { word: string | null }>({ max: 20_000, ttl: 5 * 60_000 });

/** How many lexicon words a prefix test reads at most (see `wordUse`). */
const PREFIX_WORDS_READ = 2_000;
/** The frequency given to a prefix that starts PREFIX_WORDS_READ words or more: common by any measure. */
const MANY_WORDS_FREQUENCY = 1_000_000;

export interface WordUse {
  /** how often the catalogue's text has words starting with this one: an upper bound of the products it matches (0: none) */
  frequency: number;
  /** the word is itself a catalogue word (not only the start of one) */
  whole: boolean;
}

/**
 * How the catalogue uses each word, in one statement for those not known yet. A search matches a
 * whole catalogue word as a word (with its English forms: "module" finds "modules"), which the text
 * index answers from one entry, and a partial one as a prefix ("lm259" finds "lm2596"), which
 * merges every entry it starts; and it reads the most popular products in order rather than the
 * index when every word is common.
 */
async function wordUse(db: Database, words: readonly string[]): Promise<Map<string, WordUse>> {
  const unknown = [...new Set(words)].filter((w) => !lexiconWords.has(w));
  if (unknown.length) {
    // one constant pattern per word, so the text_pattern_ops index answers each prefix test; a
    // prefix that starts PREFIX_WORDS_READ words or more is common whatever their sum (at a million
    // products a two-letter prefix starts hundreds of thousands of words: summing them all took
    // 100-300 ms), so no more are read
    const checks = sql.join(
      unknown.map(
        (w, i) =>
          sql`(select case when count(*) >= ${PREFIX_WORDS_READ} then ${MANY_WORDS_FREQUENCY} else coalesce(sum(frequency), 0) end::float8
                 from (select frequency from search_lexicon where word like ${`${w}%`} limit ${PREFIX_WORDS_READ}) l) as ${sql.raw(`f${i}`)},
              exists (select 1 from search_lexicon where word = ${w}) as ${sql.raw(`w${i}`)}`,
      ),
      sql`, `,
    );
    const row = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${checks}`))[0] ?? {};
    unknown.forEach((w, i) => lexiconWords.set(w, { frequency: Number(row[`f${i}`] ?? 0), whole: Boolean(row[`w${i}`]) }));
  }
  return new Map(words.map((w) => [w, lexiconWords.get(w) ?? { frequency: 0, whole: false }]));
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
    from products p,
      regexp_split_to_table(lower(p.name || ' ' || p.brand || ' ' || p.category || ' ' || p.description) || ' ' || search_part_terms(p.name), '[^a-z0-9µ]+') as w
    where p.id = any(${`{${productIds.join(",")}}`}::int[]) and length(w) >= 2
    group by w
    on conflict (word) do update set frequency = search_lexicon.frequency + excluded.frequency`);
}

/**
 * What a query asks for, in the catalogue's words: each term one part of the query, matched by any
 * of its forms. A Kiswahili word or phrase for a catalogue thing is read as the catalogue's words
 * (src/server/search/synonyms.ts). A word is searched as typed when the catalogue has it (or words
 * it starts), a misspelt one as its nearest catalogue word; a part number the catalogue writes
 * otherwise by its stem ("lm7805" finds L7805CV by 7805); a hyphenated one as the catalogue's
 * products write it together ("mq2") and as the words it is made of in a row (never as a lone "2");
 * and two words that the catalogue writes together ("pi 5", "dht 22") as one. Words that match
 * nothing are dropped; no terms means nothing in the catalogue can match.
 */
export async function resolveQuery(db: Database, text: string): Promise<SearchTerm[]> {
  const items = translateQuery(queryChunks(text));
  const key = items.map((item) => ("chunk" in item ? item.chunk.text : `=${item.text}`)).join(" ");
  const cached = resolved.get(key);
  if (cached) return cached;
  const terms = await resolveItems(db, items);
  resolved.set(key, terms);
  return terms;
}

async function resolveItems(db: Database, items: TranslatedChunk[]): Promise<SearchTerm[]> {
  // the words every reading needs first: as typed, written together, and the meanings' words
  const first: string[] = [];
  items.forEach((item, i) => {
    if ("meaning" in item) first.push(...item.meaning.flat());
    else {
      const { chunk } = item;
      if (chunk.parts.length === 1) first.push(chunk.text);
      else first.push(...chunk.parts, ...partNumberStarts(chunk));
      const next = items[i + 1];
      if (next && "chunk" in next && joinable(chunk, next.chunk)) first.push(chunk.text + next.chunk.text);
    }
  });
  const use = await wordUse(db, first);
  const known = (w: string) => (use.get(w)?.frequency ?? 0) > 0;

  // a word or part number the catalogue does not write as typed: its stem, then (for words) a correction
  const missing = items.flatMap((item) => ("chunk" in item ? missingWords(item.chunk, known) : []));
  const stems = missing.flatMap((w) => {
    const stem = partStem(w);
    const core = stem ? partCore(stem) : null;
    return [stem, core].filter((s): s is string => s !== null);
  });
  if (stems.length) for (const [w, u] of await wordUse(db, stems)) use.set(w, u);
  const corrected = new Map<string, string>();
  for (const w of missing) {
    if (/\d/.test(w) || w.length <= 3) continue;
    const correction = await correct(db, w);
    if (correction) corrected.set(w, correction);
  }
  const newWords = [...corrected.values()].filter((w) => !use.has(w));
  if (newWords.length) for (const [w, u] of await wordUse(db, newWords)) use.set(w, u);

  const facts = (w: string) => use.get(w) ?? { frequency: 0, whole: false };
  const asWord = (w: string): TermForm => ({ word: w, prefix: w.length > 1 && !facts(w).whole });
  const term = (text: string, forms: TermForm[]): SearchTerm => ({ text, forms, frequency: forms.reduce((sum, f) => sum + formFrequency(f, facts), 0) });
  /** a part number by its stem, and by the stem's number where the catalogue has it whole ("lm358n" → 358) */
  const partForms = (w: string): TermForm[] => {
    const stem = partStem(w);
    const core = stem ? partCore(stem) : null;
    const forms: TermForm[] = [];
    if (stem && facts(stem).frequency > 0) forms.push(asWord(stem));
    if (core && core !== stem && facts(core).whole) forms.push({ word: core, prefix: false });
    return forms;
  };
  /** a single word: as typed, else as a part number's stem, else its correction */
  const word = (w: string): SearchTerm | null => {
    if (facts(w).frequency > 0) return term(w, [asWord(w)]);
    const forms = partForms(w);
    if (forms.length) return term(w, forms);
    const correction = corrected.get(w);
    return correction ? term(correction, [asWord(correction)]) : null;
  };

  const terms: SearchTerm[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if ("meaning" in item) {
      for (const group of item.meaning) {
        const forms = group.filter(known).map(asWord);
        if (forms.length) terms.push(term(group[0]!, forms));
      }
      continue;
    }
    const { chunk } = item;
    const next = items[i + 1];
    if (next && "chunk" in next && joinable(chunk, next.chunk) && facts(chunk.text + next.chunk.text).whole) {
      // written together in the catalogue ("pi5", "dht22"): that word, or the two in a row
      terms.push(term(`${chunk.text} ${next.chunk.text}`, [{ word: chunk.text + next.chunk.text, prefix: false }, { phrase: [chunk.text, next.chunk.text] }]));
      i++;
      continue;
    }
    if (chunk.parts.length === 1) {
      const found = word(chunk.text);
      if (found) terms.push(found);
      continue;
    }
    // a part number as the catalogue writes it together, else by its stem ("lm-7805" → 7805) and
    // by its family (the longest start the catalogue has: "mor-14w-22r-x1" → mor14w22r*); and its
    // words in a row (as the text parser split the products' own "MQ-2")
    const compact = compactPartNumber(chunk);
    const forms: TermForm[] = [];
    if (compact && known(compact)) forms.push(asWord(compact));
    else if (compact) {
      forms.push(...partForms(compact));
      const family = partNumberStarts(chunk).find(known);
      if (family) forms.push({ word: family, prefix: true });
    }
    const long = chunk.parts.filter((p) => p.length > 1);
    if (long.length && long.every(known)) forms.push({ phrase: [chunk.text] });
    if (forms.length) terms.push(term(chunk.text, forms));
    else {
      // nothing reads it whole: its words one by one, as any other words
      for (const part of chunk.parts) {
        const found = part.length > 1 || /\d/.test(part) ? word(part) : null;
        if (found) terms.push(found);
      }
    }
  }
  return terms;
}

/** Two words typed apart that the catalogue may write as one ("nema 17", "esp32 s3"): single words, one with a digit. */
function joinable(a: QueryChunk, b: QueryChunk): boolean {
  return a.parts.length === 1 && b.parts.length === 1 && /\d/.test(a.text + b.text);
}

/** The words of a chunk that no catalogue text has as typed (for a part number: nor written together). */
function missingWords(chunk: QueryChunk, known: (w: string) => boolean): string[] {
  if (chunk.parts.length === 1) return known(chunk.text) ? [] : [chunk.text];
  const compact = compactPartNumber(chunk);
  if (compact && known(compact)) return [];
  return [...(compact ? [compact] : []), ...chunk.parts.filter((p) => !known(p))];
}

/** The upper bound of the products a form matches: its word's use, or its rarest word's. */
function formFrequency(form: TermForm, facts: (w: string) => WordUse): number {
  if ("word" in form) return facts(form.word).frequency;
  const words = form.phrase.flatMap((piece) => piece.split(/[./-]/)).filter((w) => w.length > 1);
  return words.length ? Math.min(...words.map((w) => facts(w).frequency)) : 0;
}

/** The catalogue word a misspelt word most likely meant (pg_trgm similarity, then edits), or null. */
async function correct(db: Database, w: string): Promise<string | null> {
  const cached = corrections.get(w);
  if (cached) return cached.word;
  const candidates = rowsOf<LexiconCandidate>(
    await db.execute(sql`
      select word, frequency, similarity(word, ${w})::float8 as similarity
      from search_lexicon where word % ${w}
      order by similarity desc, frequency desc limit 12`),
  );
  const word = pickCorrection(w, candidates);
  corrections.set(w, { word });
  return word;
}
