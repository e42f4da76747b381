import { distance } from "fastest-levenshtein";

export const MAX_QUERY_WORDS = 8;

/** Lowercase alphanumeric words of a query, in order, without repeats. */
export function queryWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
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
 * A to_tsquery text from resolved words: each a prefix match, all required or any. Words listed in
 * `whole` are matched as words (stemmed, so with their English forms) rather than as prefixes.
 */
export function toTsQueryText(words: readonly string[], join: "&" | "|", weights = "", whole: ReadonlySet<string> = new Set()): string {
  return words.map((w) => (whole.has(w) ? (weights ? `${w}:${weights}` : w) : `${w}:*${weights}`)).join(` ${join} `);
}
