/**
 * The newsletter box's rules and texts, shared by the API (src/api/newsletter.ts) and the footer
 * form. No zod here: the browser imports this file and only needs the texts and the reply reading.
 */

/** The longest address SMTP can carry (RFC 5321 path limit). */
export const NEWSLETTER_EMAIL_MAX = 254;

export const NEWSLETTER_TEXT = {
  /**
   * The one answer to every valid sign-up, new address or already on the list: the confirmation
   * (or a note for a subscribed address) goes by e-mail, so the answer tells nobody who is subscribed.
   */
  subscribed: "Check your inbox to confirm your subscription.",
  invalidEmail: "Please enter a valid email address",
  network: "Network error. Please check your connection and try again.",
  failed: "Sorry, we could not save your subscription just now. Please try again in a moment.",
  consent: "We'll email you offers and news once you confirm your address. Unsubscribe any time.",
  confirmed: "Your subscription is confirmed. Our offers and news are on their way to your inbox.",
  confirmFailed: "This confirmation link is invalid, already used or older than 48 hours. Subscribe again to get a new one.",
  unsubscribed: "You are unsubscribed. We will not send the newsletter to this address any more.",
  unsubscribeFailed: "This unsubscribe link is invalid or expired, or the address is already unsubscribed.",
  /** when the confirm or unsubscribe button's call got no answer */
  actionFailed: "Sorry, that did not work just now. Please try again in a moment.",
} as const;

/** One stored form per address: surrounding spaces dropped, lower case (duplicates differ by neither). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface NewsletterOutcome {
  ok: boolean;
  message: string;
}

/**
 * What the form shows for an answer of POST /api/newsletter: the server's own message when it sent
 * one it meant for people (success, or a 4xx error such as the invalid-address or rate-limit text),
 * otherwise a plain apology (a 5xx, a proxy's HTML page, an empty body).
 */
export function readNewsletterReply(status: number, body: unknown): NewsletterOutcome {
  const record = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  if (status >= 200 && status < 300 && record.success === true) {
    return { ok: true, message: typeof record.message === "string" && record.message ? record.message : NEWSLETTER_TEXT.subscribed };
  }
  if (status >= 400 && status < 500 && typeof record.error === "string" && record.error) {
    return { ok: false, message: record.error };
  }
  return { ok: false, message: NEWSLETTER_TEXT.failed };
}
