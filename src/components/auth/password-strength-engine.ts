import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";

/**
 * The strength estimator (zxcvbn-ts with its common and English dictionaries, ~1.5 MB). Only ever
 * loaded with a dynamic import on the first keystroke in a new-password field, so it never adds
 * to the first-load JavaScript of any page.
 */
const zxcvbn = new ZxcvbnFactory({
  translations: en.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...en.dictionary },
});

export interface StrengthRating {
  /** 0 (guessed at once) to 4 (very hard to guess) */
  score: 0 | 1 | 2 | 3 | 4;
  warning: string | null;
  suggestion: string | null;
}

export function rate(password: string, userInputs: string[] = []): StrengthRating {
  const result = zxcvbn.check(password.slice(0, 128), userInputs);
  return { score: result.score, warning: result.feedback.warning || null, suggestion: result.feedback.suggestions[0] ?? null };
}
