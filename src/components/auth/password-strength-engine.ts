import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";

/**
 * The feedback as keys of the message catalogue ("warnings.dates", "suggestions.useWords"), not as
 * the package's English: the hint translates them into the page's language (auth.strength.feedback).
 */
function asKeys<G extends "warnings" | "suggestions">(group: G): (typeof en.translations)[G] {
  return Object.fromEntries(Object.keys(en.translations[group]).map((key) => [key, `${group}.${key}`])) as (typeof en.translations)[G];
}

/**
 * The strength estimator (zxcvbn-ts with its common and English dictionaries, ~1.5 MB). Only ever
 * loaded with a dynamic import on the first keystroke in a new-password field, so it never adds
 * to the first-load JavaScript of any page.
 */
const zxcvbn = new ZxcvbnFactory({
  translations: { ...en.translations, warnings: asKeys("warnings"), suggestions: asKeys("suggestions") },
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...en.dictionary },
});

export interface StrengthRating {
  /** 0 (guessed at once) to 4 (very hard to guess) */
  score: 0 | 1 | 2 | 3 | 4;
  /** a key of auth.strength.feedback, e.g. "warnings.dates" */
  warning: string | null;
  /** a key of auth.strength.feedback, e.g. "suggestions.useWords" */
  suggestion: string | null;
}

export function rate(password: string, userInputs: string[] = []): StrengthRating {
  const result = zxcvbn.check(password.slice(0, 128), userInputs);
  return { score: result.score, warning: result.feedback.warning || null, suggestion: result.feedback.suggestions[0] ?? null };
}
