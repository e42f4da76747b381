import { and, eq, gt, lt, sql } from "drizzle-orm";
import { normaliseEmail } from "@/lib/auth-rules";
import type { Database } from "../db";
import { rateCounters } from "../db/schema";
import type { DomainError } from "../errors";
import { refusal, type Reason } from "./texts";
import { hashSecret } from "./tokens";

export interface RateLimit {
  max: number;
  windowMinutes: number;
}

/** The account routes limited per client address (by the API, in each app server's memory). */
export type AddressLimitedRoute = "register" | "login" | "login-two-factor" | "forgot-password" | "reset-password" | "resend-verification";
/** The account actions limited per e-mail address (in the database, shared by every app server). */
export type EmailLimitedAction = "register" | "login" | "login-two-factor" | "forgot-password" | "resend-verification";

export interface AuthLimits {
  perAddress: Record<AddressLimitedRoute, RateLimit>;
  perEmail: Record<EmailLimitedAction, RateLimit>;
}

/**
 * Per client address generous, per e-mail address strict. Tanzanian mobile carriers put many
 * shoppers behind one carrier-grade NAT address, so an address limit only stops floods (and the
 * hashing each request costs); the tight limits are per e-mail address, which one person owns.
 * Wrong passwords are limited apart from these: five lock the account (login_locks), and 100
 * failures from one address slow that address down. The second sign-in step (a code from the
 * authenticator app) has the sign-in's limits, counted apart, and its own lock: a code has only a
 * million values, so wrong codes lock that step (only a right code unlocks it) and count toward the
 * address's failures.
 */
export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  perAddress: {
    register: { max: 30, windowMinutes: 15 },
    login: { max: 300, windowMinutes: 15 },
    "login-two-factor": { max: 300, windowMinutes: 15 },
    "forgot-password": { max: 30, windowMinutes: 15 },
    "reset-password": { max: 30, windowMinutes: 15 },
    "resend-verification": { max: 30, windowMinutes: 15 },
  },
  perEmail: {
    register: { max: 3, windowMinutes: 60 },
    login: { max: 30, windowMinutes: 15 },
    "login-two-factor": { max: 30, windowMinutes: 15 },
    "forgot-password": { max: 3, windowMinutes: 15 },
    "resend-verification": { max: 3, windowMinutes: 15 },
  },
};

export function authLimits(overrides: { perAddress?: Partial<AuthLimits["perAddress"]>; perEmail?: Partial<AuthLimits["perEmail"]> } = {}): AuthLimits {
  return {
    perAddress: { ...DEFAULT_AUTH_LIMITS.perAddress, ...overrides.perAddress },
    perEmail: { ...DEFAULT_AUTH_LIMITS.perEmail, ...overrides.perEmail },
  };
}

/**
 * Counts one request for this action and e-mail address in a fixed window, in one statement (so
 * parallel requests cannot all slip through), and throws `rate-limited` with the seconds to wait
 * once the window's limit is passed. Unknown and known addresses count alike.
 */
export async function countPerEmail(db: Database, action: EmailLimitedAction, rawEmail: string, limit: RateLimit): Promise<void> {
  const email = normaliseEmail(rawEmail);
  if (!email) return;
  await countPerKey(db, `${action}:${email}`, limit);
}

/**
 * Counts one request under a key (an action and what it is about: an e-mail address, an order
 * number) in the database, shared by every app server; past the limit it throws `rate-limited`
 * with the seconds to wait, worded by `reason` (an e-mail address's limit by default). The key is
 * stored hashed: the table keeps no addresses.
 */
export async function countPerKey(db: Database, rawKey: string, limit: RateLimit, reason: Reason = "addressLimited"): Promise<void> {
  const window = await reservePerKey(db, rawKey, limit);
  if (window.hits > limit.max) throw rateLimited(reason, window.secondsLeft);
}

/** A key's count in its current window, and the seconds until the window ends. */
export interface KeyWindow {
  hits: number;
  secondsLeft: number;
}

/**
 * Adds one to a key's count in a fixed window, in one statement (parallel requests each get their
 * own number, so none slips past a limit checked on the answer), and returns the count with this
 * one included.
 */
export async function reservePerKey(db: Database, rawKey: string, limit: RateLimit): Promise<KeyWindow> {
  const key = hashSecret(rawKey);
  const expired = sql`${rateCounters.windowEnds} <= now()`;
  const [row] = await db
    .insert(rateCounters)
    .values({ key, hits: 1, windowEnds: sql`now() + make_interval(mins => ${limit.windowMinutes})` })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateCounters.hits} + 1 end`,
        windowEnds: sql`case when ${expired} then now() + make_interval(mins => ${limit.windowMinutes}) else ${rateCounters.windowEnds} end`,
      },
    })
    .returning({ hits: rateCounters.hits, secondsLeft: sql<number>`ceil(extract(epoch from (${rateCounters.windowEnds} - now())))::int` });
  // now and then, forget windows that ended long ago (the table stays small without a job)
  if (Math.random() < 0.01) await db.delete(rateCounters).where(lt(rateCounters.windowEnds, sql`now() - interval '1 day'`));
  return { hits: row?.hits ?? 1, secondsLeft: Math.max(1, row?.secondsLeft ?? 1) };
}

/** Gives back one reserved count (a request that turned out not to be what the limit counts). */
export async function releasePerKey(db: Database, rawKey: string): Promise<void> {
  await db
    .update(rateCounters)
    .set({ hits: sql`greatest(${rateCounters.hits} - 1, 0)` })
    .where(and(eq(rateCounters.key, hashSecret(rawKey)), gt(rateCounters.windowEnds, sql`now()`)));
}

/** A key's count in its current window, without counting (no hits when no window is open). */
export async function readPerKey(db: Database, rawKey: string): Promise<KeyWindow> {
  const [row] = await db
    .select({ hits: rateCounters.hits, secondsLeft: sql<number>`ceil(extract(epoch from (${rateCounters.windowEnds} - now())))::int` })
    .from(rateCounters)
    .where(and(eq(rateCounters.key, hashSecret(rawKey)), gt(rateCounters.windowEnds, sql`now()`)));
  return row ? { hits: row.hits, secondsLeft: Math.max(1, row.secondsLeft) } : { hits: 0, secondsLeft: 0 };
}

/** `rate-limited` with the seconds to wait (Retry-After) and the minutes the text names. */
export function rateLimited(reason: Reason, secondsLeft: number): DomainError {
  const retryAfter = Math.max(1, secondsLeft);
  return refusal("rate-limited", reason, { minutes: Math.ceil(retryAfter / 60) }, { retryAfter });
}
