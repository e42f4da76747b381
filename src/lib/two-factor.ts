/**
 * Rules of two-step sign-in (TOTP, RFC 6238) shared by the server and the browser: the code
 * formats and how typed codes are read (the texts people see are in the message catalogue).
 */

/** Digits of an authenticator code and the length of its time step, as every common app uses. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Codes one step early or late are accepted too, for clocks that drift a little. */
export const TOTP_WINDOW = 1;
/** How many one-time recovery codes an enrolment (or a regeneration) hands out. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the second step of a sign-in may wait after the password was right. */
export const CHALLENGE_SECONDS = 5 * 60;

/** Flags in sessionStorage: the second step is on screen / was passed in this tab. Sign-out clears both. */
export const TWO_FACTOR_FLAGS = { pending: "2fa_pending", verified: "2fa_verified" } as const;

/** A typed code as the server compares it: no spaces or dashes, lower case. */
export function normaliseTwoFactorCode(input: string): string {
  return input.replace(/[\s-]/g, "").toLowerCase();
}

/** True for what looks like an authenticator code (six digits) rather than a recovery code. */
export function isTotpCode(normalised: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normalised);
}

/** Recovery codes are ten letters and digits; they are shown in two groups of five for reading aloud or copying. */
export const RECOVERY_CODE_LENGTH = 10;
/** Letters and digits that cannot be mistaken for each other (no 0/o, 1/l/i). */
export const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

export function formatRecoveryCode(code: string): string {
  const plain = normaliseTwoFactorCode(code);
  return `${plain.slice(0, 5)}-${plain.slice(5)}`;
}

/** True for what could be a recovery code (the right length and letters), after normalising. */
export function isRecoveryCode(normalised: string): boolean {
  return normalised.length === RECOVERY_CODE_LENGTH && [...normalised].every((c) => RECOVERY_ALPHABET.includes(c));
}
