import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";

/**
 * Whether a new password is too easy to guess: ONE rule for the server, which refuses such a
 * password (`passwordCommon`), and the forms' strength hint, which says the same thing as it is
 * typed. It is zxcvbn-ts's estimate of how many guesses an attacker needs, with its bundled lists
 * (about 49,000 passwords from breaches, English words and names, diceware words; nothing is looked
 * up online), and the words of this shop and of the person as extra dictionary words. zxcvbn sees
 * through the usual decorations: a listed word or name with digits or symbols added
 * ("Password123!", "Kilima123"), letters swapped for look-alikes ("Passw0rd!"), repeats
 * ("aaaaaaaa", "abcabcab"), sequences, keyboard rows and dates. No rule about kinds of characters:
 * a few unrelated words in any script pass.
 *
 * This module carries the dictionaries (about 1.5 MB): the browser loads it only with a dynamic
 * import, and the server runs it in a worker thread (a long password takes tens of milliseconds).
 */

/**
 * Fewer estimated guesses than this and the password is refused: a hundred million, where
 * zxcvbn's score 3 ("safely unguessable") begins. A random 8-character password is estimated at
 * exactly this and passes; a known password or word with a few characters added stays far below.
 */
export const MIN_GUESSES = 1e8;

/**
 * Only this many characters (UTF-16 units) are judged. The estimate's time grows with the length
 * (the look-alike substitutions above all): a password this long is judged on its start, which a
 * decorated word never outgrows, and the check stays within tens of milliseconds.
 */
export const CHECKED_LENGTH = 40;
/** how many look-alike readings of a password are tried; "P4$$w0rd" needs a handful */
const LOOK_ALIKE_READINGS = 10;

/** The country's and the shop's own words, tried first by anyone guessing a password here. */
export const PLACE_WORDS = ["Tanzania", "Tanganyika", "Zanzibar", "Kilimanjaro", "Kilima", "Dar es Salaam", "Dodoma", "Arusha", "Mwanza", "Kiswahili"];

/** The feedback as keys of the message catalogue ("warnings.dates"), which the hint words in the page's language. */
function asKeys<G extends "warnings" | "suggestions">(group: G): (typeof en.translations)[G] {
  return Object.fromEntries(Object.keys(en.translations[group]).map((key) => [key, `${group}.${key}`])) as (typeof en.translations)[G];
}

let estimator: ZxcvbnFactory | null = null;
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    translations: { ...en.translations, warnings: asKeys("warnings"), suggestions: asKeys("suggestions") },
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
    maxLength: CHECKED_LENGTH,
    l33tMaxSubstitutions: LOOK_ALIKE_READINGS,
  });
  return estimator;
}

/**
 * The words a password is checked against besides the lists: the shop's name and its words, the
 * place words, and the person's name and e-mail address with their parts.
 */
export function passwordContext({ companyName, fullName, email }: { companyName: string; fullName?: string | null; email?: string | null }): string[] {
  const [local = "", domain = ""] = (email ?? "").trim().split("@");
  const words = [companyName, ...PLACE_WORDS, fullName ?? "", email ?? "", local, domain.split(".")[0] ?? ""].flatMap((text) => {
    const trimmed = text.trim();
    return [trimmed, ...trimmed.split(/[\s._+-]+/u)];
  });
  return [...new Set(words.filter((word) => word.length >= 3))];
}

export interface PasswordAssessment {
  /** true: refused (fewer than MIN_GUESSES estimated guesses) */
  guessable: boolean;
  /** zxcvbn's 0 (guessed at once) to 4 (very hard to guess), capped at 1 for a refused password */
  score: 0 | 1 | 2 | 3 | 4;
  /** a key of auth.strength.feedback, e.g. "warnings.dates" */
  warning: string | null;
  /** a key of auth.strength.feedback, e.g. "suggestions.useWords" */
  suggestion: string | null;
}

export function assessPassword(password: string, context: readonly string[]): PasswordAssessment {
  const result = zxcvbn().check(password, [...context]);
  const guessable = result.guesses < MIN_GUESSES;
  const score = guessable ? (Math.min(result.score, 1) as 0 | 1) : result.score;
  return { guessable, score, warning: result.feedback.warning || null, suggestion: result.feedback.suggestions[0] ?? null };
}
