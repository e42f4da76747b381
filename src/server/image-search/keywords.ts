import type { ImageKeywordDetail } from "@/lib/api-contract";
import { SWAHILI_WORD_FOR } from "../search/synonyms";

/** Words that say nothing about what a part is. */
const STOP_WORDS = new Set(
  "and the for with from pack pcs pieces set kit lot bulk gen3 v2 pro mini lite plus gen compatible board module new inch mm cm pin pins x".split(" "),
);

export interface KeywordSource {
  name: string;
  category: string;
  brand: string;
  similarity: number;
}

/**
 * What the picture was understood as: the categories, brands and name words of the nearest
 * products, each weighted by how close its product is (the closest dominate), best first.
 */
export function imageKeywords(sources: KeywordSource[], max = 6): string[] {
  if (sources.length === 0) return [];
  const top = Math.max(...sources.map((s) => s.similarity));
  const scores = new Map<string, { text: string; score: number }>();
  const add = (text: string, weight: number) => {
    const key = text.toLowerCase();
    const entry = scores.get(key) ?? { text, score: 0 };
    entry.score += weight;
    scores.set(key, entry);
  };
  for (const s of sources) {
    // a product 0.05 below the best match counts a third as much
    const weight = Math.exp((s.similarity - top) / 0.045);
    add(s.category, weight * 1.2);
    if (s.brand.trim()) add(s.brand.trim(), weight);
    const words = new Set(
      s.name
        .replace(/\(.*?\)/g, " ")
        .split(/[^\p{L}\p{N}.+-]+/u)
        .map((w) => w.replace(/^[.+-]+|[.+-]+$/g, ""))
        .filter((w) => w.length >= 3 && !/^\d+$/.test(w) && !STOP_WORDS.has(w.toLowerCase())),
    );
    for (const word of words) if (word.toLowerCase() !== s.brand.trim().toLowerCase()) add(word, weight * 0.8);
  }
  return [...scores.values()]
    .sort((a, b) => b.score - a.score || a.text.localeCompare(b.text))
    .slice(0, max)
    .map((e) => e.text);
}

/**
 * What a keyword chip shows and does beyond the keyword itself: a category's name is that
 * category (its Kiswahili name where it has one); a catalogue word with a Kiswahili word the
 * search understands gets that word. Brands and part names read the same in both languages.
 */
export function keywordDetails(
  keywords: readonly string[],
  categories: readonly { name: string; nameSw: string | null; slug: string }[],
): Record<string, ImageKeywordDetail> {
  const out: Record<string, ImageKeywordDetail> = {};
  for (const keyword of keywords) {
    const lower = keyword.toLowerCase();
    const category = categories.find((c) => c.name.toLowerCase() === lower);
    if (category) out[keyword] = { category: category.slug, ...(category.nameSw?.trim() ? { sw: category.nameSw.trim() } : {}) };
    else if (SWAHILI_WORD_FOR[lower]) {
      const word = SWAHILI_WORD_FOR[lower]!;
      // capitalised as the keyword is (a word from a product's name usually is)
      out[keyword] = { sw: keyword[0] === keyword[0]!.toLowerCase() ? word : word[0]!.toUpperCase() + word.slice(1) };
    }
  }
  return out;
}
