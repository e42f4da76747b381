import { PAYMENT_METHODS, type PaymentMethod } from "./checkout";
import { normaliseTanzanianMobile } from "./phone";
import { hasForbiddenCharacter } from "./text";

// in its own module, so the browser's wishlist code does not pull in the account rules (phone numbers, regions)
export { WISHLIST_MAX } from "./wishlist";
/** Saved mobile-money numbers per account. */
export const SAVED_WALLETS_MAX = 5;
export const WALLET_LABEL_MAX = 40;
/** A message centre message and a conversation's subject. */
export const MESSAGE_BODY_MAX = 4000;
export const MESSAGE_SUBJECT_MAX = 120;

/** New conversations and messages a shopper may start in a window (each mails the shop). */
export const MESSAGE_LIMITS = {
  threads: { max: 5, windowMinutes: 60 },
  messages: { max: 30, windowMinutes: 60 },
} as const;

/** A support conversation's state: waiting for the shop, answered by the shop, or closed. */
export const THREAD_STATUSES = ["open", "answered", "closed"] as const;
export type ThreadStatus = (typeof THREAD_STATUSES)[number];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === "string" && (PAYMENT_METHODS as readonly string[]).includes(value);
}

/**
 * A message's body as stored: line breaks made `\n`, trailing spaces of the whole trimmed. Unlike
 * every one-line field of the shop, a message may have line breaks (paragraphs); every other
 * control character, lone surrogate or noncharacter is still refused. Null when the body is
 * empty, too long or holds such a character.
 */
export function normaliseMessageBody(raw: string): string | null {
  const body = raw.replace(/\r\n?/g, "\n").trim();
  if (!body || body.length > MESSAGE_BODY_MAX) return null;
  return body.split("\n").some(hasForbiddenCharacter) ? null : body;
}

export type SavedWalletProblem = "wallet" | "phone" | "label";

/**
 * Checks a mobile-money number to save: the wallet must be one the shop takes (the settings'
 * providers), the phone a Tanzanian mobile number (stored E.164), the label short and plain.
 */
export function checkSavedWallet(
  input: { wallet: string; phone: string; label?: string | null },
  wallets: readonly string[],
): { ok: true; value: { wallet: string; phone: string; label: string | null } } | { ok: false; field: SavedWalletProblem } {
  if (!wallets.includes(input.wallet)) return { ok: false, field: "wallet" };
  const phone = normaliseTanzanianMobile(input.phone);
  if (!phone) return { ok: false, field: "phone" };
  const label = input.label?.trim() || null;
  if (label && (label.length > WALLET_LABEL_MAX || hasForbiddenCharacter(label))) return { ok: false, field: "label" };
  return { ok: true, value: { wallet: input.wallet, phone, label } };
}
