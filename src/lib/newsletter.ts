/**
 * The newsletter box's rules and texts, shared by the API (src/api/newsletter.ts) and the footer
 * form. No zod here: the browser imports this file and only needs the texts and the reply reading.
 */

/** The longest address SMTP can carry (RFC 5321 path limit). */
export const NEWSLETTER_EMAIL_MAX = 254;

export const NEWSLETTER_TEXT = {
  subscribed: "Thanks for subscribing! Our offers and news are on their way to your inbox.",
  alreadySubscribed: "You're already subscribed with this address. Thanks for staying with us!",
  invalidEmail: "Please enter a valid email address",
  network: "Network error. Please check your connection and try again.",
  failed: "Sorry, we could not save your subscription just now. Please try again in a moment.",
  consent: "We'll email you offers and news. Unsubscribe any time.",
} as const;

/** One stored form per address: surrounding spaces dropped, lower case (duplicates differ by neither). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface NewsletterOutcome {
  ok: boolean;
  alreadySubscribed: boolean;
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
    const alreadySubscribed = record.alreadySubscribed === true;
    const message =
      typeof record.message === "string" && record.message
        ? record.message
        : alreadySubscribed
          ? NEWSLETTER_TEXT.alreadySubscribed
          : NEWSLETTER_TEXT.subscribed;
    return { ok: true, alreadySubscribed, message };
  }
  if (status >= 400 && status < 500 && typeof record.error === "string" && record.error) {
    return { ok: false, alreadySubscribed: false, message: record.error };
  }
  return { ok: false, alreadySubscribed: false, message: NEWSLETTER_TEXT.failed };
}
