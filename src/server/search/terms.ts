import { distance } from "fastest-levenshtein";

export const MAX_QUERY_WORDS = 8;

/** Lowercase alphanumeric words of a query, in order, without repeats. */
export function queryWords(text: string): string[] {
  const words = foldText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

/**
 * A query as typed, in order, without repeats: runs of letters and digits, where hyphens, dots and
 * slashes inside a run keep it one piece ("mq-2", "hc-sr04", "3.3v", "1/4w"), as an engineer types
 * a part number or a value. `parts` are its runs of letters and digits. The micro sign counts as a
 * letter ("1000µf" is one word, as the products' text index reads it; the Greek mu is read as it).
 */
export interface QueryChunk {
  text: string;
  parts: string[];
}

export function queryChunks(text: string): QueryChunk[] {
  const seen = new Set<string>();
  const chunks: QueryChunk[] = [];
  for (const piece of foldText(text)
    .replace(/\u03bc/g, "\u00b5")
    .split(/[^a-z0-9\u00b5./-]+/)) {
    const chunk = piece.replace(/^[./-]+|[./-]+$/g, "").replace(/([./-])[./-]+/g, "$1");
    if (!chunk || seen.has(chunk)) continue;
    seen.add(chunk);
    chunks.push({ text: chunk, parts: chunk.split(/[./-]/) });
    if (chunks.length === MAX_QUERY_WORDS) break;
  }
  return chunks;
}

function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");
}

/**
 * A hyphenated part number written together, as the search terms of product names hold it
 * ("mq-2" → "mq2", "hc-sr04" → "hcsr04"); null for a chunk that is not one (a dotted or slashed
 * value such as "3.3v" is no part number, and "3-6v" is a range). The same rule as the database's
 * search_part_terms (migration 0031): the first part has a letter, and the whole has a digit.
 */
export function compactPartNumber(chunk: QueryChunk): string | null {
  if (chunk.parts.length < 2 || chunk.text.includes(".") || chunk.text.includes("/")) return null;
  const compact = chunk.parts.join("");
  return /[a-z]/.test(chunk.parts[0]!) && /\d/.test(compact) ? compact : null;
}

/**
 * The starts of a hyphenated part number written together, longest first, as product names'
 * search terms hold each, down to its first part where that has a digit ("mor-14w-22r-x1" →
 * mor14w22rx1, mor14w22r, mor14w): a part number the catalogue lacks is found by its family
 * ("esp32-wroom-32d" finds the ESP32-WROOM-32 boards).
 */
export function partNumberStarts(chunk: QueryChunk): string[] {
  const compact = compactPartNumber(chunk);
  if (!compact) return [];
  const starts: string[] = [];
  for (let j = chunk.parts.length; j >= 1; j--) {
    const start = chunk.parts.slice(0, j).join("");
    if (/\d/.test(start)) starts.push(start);
  }
  return starts;
}

/**
 * A part number without its maker's letters (and a "74hc"/"1n" family prefix), as product names'
 * search terms also hold it: "lm7805" → "7805", "atmega328p" → "328p", "74hc595" → "595"; null
 * when the word is no such part number (fewer than three digits follow the letters: "esp32").
 */
export function partStem(word: string): string | null {
  return /^\d{0,2}[a-z]{1,6}(\d{3,}[a-z0-9]*)$/.exec(word)?.[1] ?? null;
}

/** The number at the heart of a part number: "7805cv" → "7805" (its package and grade letters dropped). */
export function partCore(stem: string): string | null {
  return /^\d+/.exec(stem)?.[0] ?? null;
}

/** How many edits a word may be from a catalogue word and still be read as that word. */
export function allowedEdits(word: string): number {
  if (/\d/.test(word)) return 0; // part numbers and values ("10k", "2560") are never "corrected"
  if (word.length <= 3) return 0;
  if (word.length <= 5) return 1;
  return 2;
}

export interface LexiconCandidate {
  word: string;
  frequency: number;
  similarity: number;
}

/**
 * Picks the catalogue word a misspelt query word most likely meant: the fewest edits
 * (an adjacent swap counts as one), then the most trigram-similar, then the most frequent.
 */
export function pickCorrection(word: string, candidates: readonly LexiconCandidate[]): string | null {
  const limit = allowedEdits(word);
  if (limit === 0) return null;
  let best: { word: string; edits: number; similarity: number; frequency: number } | null = null;
  for (const candidate of candidates) {
    const edits = editDistance(word, candidate.word);
    if (edits > limit) continue;
    const better =
      !best ||
      edits < best.edits ||
      (edits === best.edits && (candidate.similarity > best.similarity || (candidate.similarity === best.similarity && candidate.frequency > best.frequency)));
    if (better) best = { word: candidate.word, edits, similarity: candidate.similarity, frequency: candidate.frequency };
  }
  return best?.word ?? null;
}

/** Levenshtein distance that counts one swap of adjacent letters as a single edit. */
export function editDistance(a: string, b: string): number {
  const plain = distance(a, b);
  if (plain < 2 || a.length !== b.length) return plain;
  const diffs: number[] = [];
  for (let i = 0; i < a.length && diffs.length <= 4; i++) if (a[i] !== b[i]) diffs.push(i);
  const swaps = diffs.length === 2 && diffs[1] === diffs[0]! + 1 && a[diffs[0]!] === b[diffs[1]!] && a[diffs[1]!] === b[diffs[0]!];
  return swaps ? 1 : plain;
}

/**
 * One form of a search term in the text index: a catalogue word, matched as a word (stemmed, so
 * with its English forms) or as the start of words; or words that must follow one another, each
 * written as the query held it, for the text parser to split as it split the products' text
 * ("mq-2" is 'mq' followed by '-2' to it, so the phrase finds MQ-2 and not every product with a 2).
 */
export type TermForm = { word: string; prefix: boolean } | { phrase: readonly string[] };

/** What one part of a query asks for: any of its forms matches it. */
export interface SearchTerm {
  /** the words the shopper typed for it, or the catalogue word they mean (for the ranking's phrase test) */
  text: string;
  forms: TermForm[];
  /** how often the catalogue's text has words these forms match: an upper bound of the products it matches */
  frequency: number;
}

/**
 * A to_tsquery text from resolved terms, all required or any; `weights` (e.g. "A") limits every
 * form to those parts of the text. Terms hold only letters, digits and in-word hyphens, dots and
 * slashes, so nothing in them is tsquery syntax.
 */
export function toTsQueryText(terms: readonly SearchTerm[], join: "&" | "|", weights = ""): string {
  return terms
    .map((term) => {
      const forms = term.forms.map((form) =>
        "phrase" in form
          ? form.phrase.map((piece) => (weights ? `${piece}:${weights}` : piece)).join(" <-> ")
          : form.prefix
            ? `${form.word}:*${weights}`
            : weights
              ? `${form.word}:${weights}`
              : form.word,
      );
      return forms.length === 1 && (terms.length === 1 || !forms[0]!.includes(" ")) ? forms[0]! : `(${forms.join(" | ")})`;
    })
    .join(` ${join} `);
}
