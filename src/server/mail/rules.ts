/**
 * The outbox's pure rules: how long to wait before the next attempt, and how an address or an
 * error text is shown to an admin.
 */

export interface RetryPolicy {
  /** attempts in all, the first included; after the last failed one the message is dead */
  maxAttempts: number;
  /** the wait after the first failure; each further failure doubles it */
  baseDelayMs: number;
  /** no wait is longer than this */
  maxDelayMs: number;
}

/**
 * 30 s, 1, 2, 4, 8, 16, 30 min (each ± jitter): eight attempts over about an hour, the lifetime of
 * a reset link, so a mail server that is down for a while delays mail instead of losing it.
 */
export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 8, baseDelayMs: 30_000, maxDelayMs: 30 * 60_000 };

/**
 * The wait before the next attempt after `attempts` failed ones: exponential, capped, with "equal
 * jitter" (half fixed, half random) so that many messages failing together (a mail server that
 * went down) do not all come back at the same instant.
 */
export function retryDelayMs(attempts: number, policy: RetryPolicy = DEFAULT_RETRY, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 30));
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** exponent);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** "jane@example.com" → "j***@example.com": enough for an admin to tell messages apart, not to read the address. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "***";
  return `${address[0]}***${address.slice(at)}`;
}

/** An error text with every e-mail address in it masked (mail servers quote the recipient). */
export function maskEmailsIn(text: string): string {
  return text.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, (address) => maskEmail(address));
}
