import { sql } from "drizzle-orm";
import { z } from "zod";
import { NEWSLETTER_EMAIL_MAX, NEWSLETTER_TEXT, normaliseEmail } from "@/lib/newsletter";
import type { Database } from "../db";
import { newsletterSubscription } from "../db/schema";

/**
 * The body of POST /api/newsletter: {email}, trimmed and lower-cased before it is checked, at most
 * 254 characters. Every failure (no body, not an object, not a string, bad address) carries the
 * one message the form shows.
 */
export const newsletterRequestSchema = z.object(
  {
    email: z
      .string(NEWSLETTER_TEXT.invalidEmail)
      .trim()
      .toLowerCase()
      .max(NEWSLETTER_EMAIL_MAX, NEWSLETTER_TEXT.invalidEmail)
      .pipe(z.email(NEWSLETTER_TEXT.invalidEmail)),
  },
  NEWSLETTER_TEXT.invalidEmail,
);

export type NewsletterRequest = z.infer<typeof newsletterRequestSchema>;

export type SubscribeResult = { status: "subscribed" | "already-subscribed" };

/**
 * Adds an address to the newsletter list, recording consent now. One statement: under parallel
 * calls for the same address exactly one inserts and the others see the conflict, so nothing fails
 * and there is never a second row. `email` must already be a valid address (the route checks it);
 * it is normalised here again so no caller can store a second spelling.
 */
export async function subscribe(db: Database, email: string, source: string): Promise<SubscribeResult> {
  const inserted = await db
    .insert(newsletterSubscription)
    .values({ email: normaliseEmail(email), source, consentAt: sql`now()` })
    .onConflictDoNothing({ target: newsletterSubscription.email })
    .returning({ id: newsletterSubscription.id });
  return { status: inserted.length ? "subscribed" : "already-subscribed" };
}
