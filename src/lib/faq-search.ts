/**
 * The help centre's search: a question matches when every word typed appears in it (question,
 * answer or topic), ignoring case and accents, so "mpesa" finds "M-Pesa" and "risiti" finds
 * "Risiti". Words are matched as prefixes of the text's words or inside them ("receipt" in
 * "receipts", "10k" in "10k").
 */
export function normaliseForSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The typed words, normalised; punctuation-only input gives none (everything matches). */
export function searchWords(query: string): string[] {
  return normaliseForSearch(query).split(" ").filter(Boolean);
}

export function faqMatches(text: string, query: string): boolean {
  const words = searchWords(query);
  if (!words.length) return true;
  const haystack = normaliseForSearch(text);
  // "m pesa" and "mpesa" are the same wallet to a shopper: also compare without spaces
  const joined = haystack.replace(/ /g, "");
  return words.every((word) => haystack.includes(word) || joined.includes(word));
}
