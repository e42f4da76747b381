import { sql } from "drizzle-orm";
import { normaliseEmail } from "@/lib/newsletter";
import type { Database } from "../db";
import { newsletterSubscription } from "../db/schema";

export type SubscribeResult = { status: "subscribed" | "already-subscribed" };

/**
 * Adds an address to the newsletter list, recording consent now. One statement: under parallel
 * calls for the same address exactly one inserts and the others see the conflict, so nothing fails
 * and there is never a second row. `email` must already be a valid address (the route checks it);
 * it is normalised here again so no caller can store a second spelling.
 */
async function subscribe(db: Database, email: string, source: string): Promise<SubscribeResult> {
  const inserted = await db
    .insert(newsletterSubscription)
    .values({ email: normaliseEmail(email), source, consentAt: sql`now()` })
    .onConflictDoNothing({ target: newsletterSubscription.email })
    .returning({ id: newsletterSubscription.id });
  return { status: inserted.length ? "subscribed" : "already-subscribed" };
}

export function createNewsletterService(db: Database) {
  return { subscribe: (email: string, source: string) => subscribe(db, email, source) };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
