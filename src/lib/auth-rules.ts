import type { LoginErrorType } from "./api-contract";
import type { ErrorCode } from "./error-codes";
import { normaliseEmail } from "./newsletter";

export { normaliseEmail };

/** Account rules and limits, shared by the forms and the server, which enforces them too. */
export const PASSWORD_MIN_LENGTH = 8;
/** what the forms suggest: length is what makes a password strong */
export const PASSWORD_RECOMMENDED_LENGTH = 12;
/** long enough for any passphrase; scrypt's cost does not grow with length, the cap only bounds a request */
export const PASSWORD_MAX_LENGTH = 128;
export const MAX_LOGIN_ATTEMPTS = 5;
export const LOCKOUT_MINUTES = 15;
export const REMEMBER_DAYS = 30;
/** a session without "remember me" ends this long after sign-in, however active it stays */
export const SESSION_MAX_HOURS = 12;
/** the session cookie; with the __Host- prefix (Secure, no Domain) when served over https */
export const SESSION_COOKIE = "sid";
export const SECURE_SESSION_COOKIE = "__Host-sid";

/**
 * The session token among a request's cookies: over https only the __Host- cookie (a plain `sid`
 * there may have been set by a sibling subdomain or a plain-http answer); over http only `sid`.
 */
export function sessionTokenFrom(read: (name: string) => string | undefined, secure: boolean): string | undefined {
  return secure ? read(SECURE_SESSION_COOKIE) : read(SESSION_COOKIE);
}

/**
 * What is wrong with a form, as a key: the browser shows `errors.reasons.<key>` of the message
 * catalogue in the page's language, and the server sends the same key as the refusal's `reason`
 * beside the English text. Numbers in the texts are the limits above ({min}, {max}).
 */
export type PasswordProblem = "passwordShort" | "passwordLong" | "passwordCommon";
export type RegistrationProblem = "fillRequired" | "invalidEmail" | "passwordsDiffer" | "acceptTerms" | PasswordProblem;
/** The values the texts of these keys need. */
export const PROBLEM_VALUES = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH } as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function looksLikeEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email.trim());
}

/** A password's length in characters (code points, so "ü" or "日" counts once, an emoji too). */
export function passwordLength(password: string): number {
  return Array.from(password.normalize("NFC")).length;
}

/**
 * The first problem with a new password, or null. Length, with no rules about kinds of characters
 * (they push people to "Password1"): any Unicode, 8 to 128 characters, never truncated; then, when
 * `isGuessable` is given, whether it is too easy to guess (`passwordCommon`: the rule of
 * ./password-guessability, whose dictionaries are too large for a page's first load: the server
 * runs it, and the forms' strength hint loads it on the first keystroke and says the same).
 */
export function passwordProblem(password: string, isGuessable?: (password: string) => boolean): PasswordProblem | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return "passwordShort";
  if (length > PASSWORD_MAX_LENGTH) return "passwordLong";
  if (isGuessable?.(password)) return "passwordCommon";
  return null;
}

export interface RegistrationInput {
  fullName: string;
  email: string;
  phone?: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
  /** where the shopper was (e.g. /checkout): the confirmation link brings them back there after sign-in */
  redirect?: string;
}

/** The first problem with a registration (required fields, address, match, strength, terms), or null. */
export function registrationProblem(input: RegistrationInput, isGuessable?: (password: string) => boolean): RegistrationProblem | null {
  if (!input.fullName.trim() || !input.email.trim() || !input.password || !input.confirmPassword) return "fillRequired";
  if (!looksLikeEmail(input.email)) return "invalidEmail";
  if (input.password !== input.confirmPassword) return "passwordsDiffer";
  const weak = passwordProblem(input.password, isGuessable);
  if (weak) return weak;
  if (!input.acceptTerms) return "acceptTerms";
  return null;
}

/** The header greeting: full name, else the part of the e-mail before @, else 'User'. */
export function greetingName(user: { name?: string | null; email?: string | null } | null): string {
  const name = user?.name?.trim();
  if (name) return name;
  const local = user?.email?.split("@")[0]?.trim();
  return local || "User";
}

/**
 * The token of an e-mail link's query (?token=...), or null: exactly one value of the shape the
 * shop issues (URL-safe base64, at most 100 characters). A repeated parameter arrives as an array
 * and anything else is not a link the shop sent.
 */
export function linkToken(value: unknown): string | null {
  return typeof value === "string" && /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : null;
}

/** The sign-in answer's error type for an error code: the lock and the address limit are both RATE_LIMIT. */
export function loginErrorType(code: ErrorCode): LoginErrorType {
  if (code === "locked" || code === "rate-limited") return "RATE_LIMIT";
  if (code === "not-verified") return "NOT_VERIFIED";
  return "INVALID_CREDENTIALS";
}

/** Who an account is: a shopper, a rider (staff who take pay-on-delivery orders out), or an administrator. */
export const USER_ROLES = ["user", "rider", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];
