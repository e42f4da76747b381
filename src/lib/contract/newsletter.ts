import { z } from "zod";
import { NEWSLETTER_EMAIL_MAX, NEWSLETTER_TEXT } from "../newsletter";
import { hasForbiddenCharacter } from "../text";
import { messageResponseSchema } from "./common";

/**
 * The newsletter with double opt-in (/api/newsletter). The routes parse their bodies themselves
 * (every failure carries the form's one message, and the unsubscribe link also takes ?token= with
 * a form body), so these schemas are used in the handlers rather than as route body schemas.
 */

/**
 * The body of POST /api/newsletter: {email}, trimmed and lower-cased before it is checked, at most
 * 254 characters. Every failure (no body, not an object, not a string, bad address) carries the
 * one message the form shows.
 */
export const newsletterRequestSchema = z.object(
  {
    email: z
      .string(NEWSLETTER_TEXT.invalidEmail)
      .refine((value) => !hasForbiddenCharacter(value), NEWSLETTER_TEXT.invalidEmail)
      .trim()
      .toLowerCase()
      .max(NEWSLETTER_EMAIL_MAX, NEWSLETTER_TEXT.invalidEmail)
      .pipe(z.email(NEWSLETTER_TEXT.invalidEmail)),
  },
  NEWSLETTER_TEXT.invalidEmail,
);
export type NewsletterRequest = z.input<typeof newsletterRequestSchema>;

/** POST /api/newsletter/confirm and /unsubscribe: {token} in a JSON body, or ?token= in the URL (one-click unsubscribe). */
export const newsletterTokenSchema = z.string().min(1).max(100);
export interface NewsletterTokenRequest {
  token: string;
}

/** The answer of POST /api/newsletter (202, the same for every valid address) and of its confirm and unsubscribe calls (200). */
export const newsletterResponseSchema = messageResponseSchema;
export type NewsletterResponse = z.input<typeof newsletterResponseSchema>;
