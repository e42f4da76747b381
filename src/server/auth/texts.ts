import { PROBLEM_VALUES } from "@/lib/auth-rules";
import type { ErrorCode } from "@/lib/error-codes";
import { SOURCE_CATALOGUES, type Messages } from "@/messages";
import { DomainError } from "../errors";
import { translator } from "../i18n";

/**
 * The English words of the account workflows' refusals and answers, from the English catalogue
 * (one source for each sentence). The API sends them beside a code, and a `reason` where the code
 * alone is not precise; the browser shows the catalogue's text for those in the page's language.
 */
const errors = translator("en", "errors");
const auth = translator("en", "auth");
const account = translator("en", "account");

export type Reason = keyof Messages["errors"]["reasons"];

/** A refusal with a reason: the English text and the values its Kiswahili twin needs travel in the answer. */
export function refusal(code: ErrorCode, reason: Reason, values: Record<string, number | string> = {}, extra: Record<string, unknown> = {}): DomainError {
  const all = { ...PROBLEM_VALUES, ...values };
  return new DomainError(code, errors(`reasons.${reason}`, all), { ...extra, reason, ...pick(reason, all) });
}

/** A validation refusal (`validation`) for a problem key of the forms' rules. */
export function invalid(reason: Reason): DomainError {
  return refusal("validation", reason);
}

/** Only the values a reason's text uses ride along in the answer (min for passwordShort, ...). */
function pick(reason: Reason, values: Record<string, number | string>): Record<string, number | string> {
  const text = SOURCE_CATALOGUES.en.errors.reasons[reason];
  return Object.fromEntries(Object.entries(values).filter(([name]) => new RegExp(`\\{${name}[,}]`).test(text)));
}

/** The English text of a code, as the catalogue words it (e.g. `invalid-credentials`). */
export function codeText(code: ErrorCode): string {
  return errors(`codes.${code}`, { minutes: 1, seconds: 60 });
}

/** A refusal whose English text is the code's own. */
export function refused(code: ErrorCode): DomainError {
  return new DomainError(code, codeText(code));
}

/** An account locked for a while: the minutes left travel with it (the browser words them itself). */
export function locked(minutesLeft: number): DomainError {
  const minutes = Math.max(1, Math.ceil(minutesLeft));
  return new DomainError("locked", errors("codes.locked", { minutes }), { minutesLeft: Math.ceil(minutesLeft) });
}

/** English success texts of the API (the browser shows its own catalogue's, in the page's language). */
export const authMessage = (key: keyof Messages["auth"]["messages"]) => auth(`messages.${key}`);
export const accountMessage = (key: "profile.saved" | "password.changed" | "twoFactor.off") => account(key);
