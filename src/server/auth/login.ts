import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { normaliseEmail } from "@/lib/auth-rules";
import type { Database } from "../db";
import { loginLocks, securityEvents, users } from "../db/schema";
import { logSecurityEvent, type RequestMeta } from "./events";
import { defaultPasswordHasher, type PasswordHasher } from "./passwords";
import { locked, refusal, refused } from "./texts";

export interface LoginPolicy {
  maxAttempts: number;
  lockoutMinutes: number;
  /** failed sign-ins from one network address per lockout window before it is slowed down */
  perAddressFailures: number;
}

/**
 * Reserves one guess for this address before the password is checked, in a single statement, so
 * parallel attempts cannot all slip past the limit: the attempt that reaches the limit starts the
 * lock, and any attempt while locked gets no row back. A success deletes the row again.
 */
export async function reserveAttempt(db: Database, email: string, policy: LoginPolicy): Promise<{ allowed: true } | { allowed: false; minutesLeft: number }> {
  const expired = sql`(${loginLocks.lockedUntil} is not null and ${loginLocks.lockedUntil} <= now())`;
  const nextCount = sql`case when ${expired} then 1 else ${loginLocks.failedCount} + 1 end`;
  const rows = await db
    .insert(loginLocks)
    .values({ email, failedCount: 1, lockedUntil: policy.maxAttempts <= 1 ? sql`now() + make_interval(mins => ${policy.lockoutMinutes})` : null })
    .onConflictDoUpdate({
      target: loginLocks.email,
      set: {
        failedCount: nextCount,
        lockedUntil: sql`case when ${nextCount} >= ${policy.maxAttempts} then now() + make_interval(mins => ${policy.lockoutMinutes}) else null end`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${loginLocks.lockedUntil} is null or ${loginLocks.lockedUntil} <= now()`,
    })
    .returning({ failedCount: loginLocks.failedCount });
  if (rows.length) return { allowed: true };
  const [lock] = await db
    .select({ seconds: sql<number>`extract(epoch from (${loginLocks.lockedUntil} - now()))::float8` })
    .from(loginLocks)
    .where(eq(loginLocks.email, email));
  return { allowed: false, minutesLeft: Math.max(1, (lock?.seconds ?? policy.lockoutMinutes * 60) / 60) };
}

/**
 * Gives back a guess reserved for a check that never ran (the password hashing queue was full):
 * a busy server must not count against the account's lock.
 */
async function releaseAttempt(db: Database, email: string, policy: LoginPolicy): Promise<void> {
  const previous = sql`${loginLocks.failedCount} - 1`;
  await db
    .update(loginLocks)
    .set({ failedCount: previous, lockedUntil: sql`case when ${previous} >= ${policy.maxAttempts} then ${loginLocks.lockedUntil} else null end` })
    .where(eq(loginLocks.email, email));
  await db.delete(loginLocks).where(and(eq(loginLocks.email, email), sql`${loginLocks.failedCount} <= 0`));
}

/** Ends an account's run of failures (a right password, or a right second-step code). */
export async function clearLoginLock(db: Database, email: string): Promise<void> {
  await db.delete(loginLocks).where(eq(loginLocks.email, email));
}

/**
 * The lock of the second sign-in step (a code from the authenticator app), apart from the
 * password's: a right password ends a run of wrong passwords, but must not end a run of wrong codes,
 * or someone who knows the password could guess codes without limit by signing in again every few
 * guesses. Only a right code ends it. Kept in the same table, under a key no e-mail address has.
 */
export const secondStepLockKey = (email: string) => `two-factor:${normaliseEmail(email)}`;

/** The minutes left on a lock without counting an attempt, or null when it is not locked. */
export async function lockedMinutesLeft(db: Database, key: string): Promise<number | null> {
  const [lock] = await db
    .select({ seconds: sql<number>`extract(epoch from (${loginLocks.lockedUntil} - now()))::float8` })
    .from(loginLocks)
    .where(and(eq(loginLocks.email, key), sql`${loginLocks.lockedUntil} > now()`));
  return lock ? Math.max(1, lock.seconds / 60) : null;
}

/** Wrong passwords and wrong second-step codes from one network address within the last minutes. */
async function failuresFromAddress(db: Database, ip: string, minutes: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.ip, ip),
        inArray(securityEvents.type, ["login-failed", "two-factor-failed"]),
        gte(securityEvents.at, sql`now() - make_interval(mins => ${minutes})`),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Slows down a network address with too many failed sign-ins (passwords or codes) of any accounts
 * in the lockout window: `rate-limited`. Generous (carrier-grade NAT), see PER_ADDRESS_FAILURES.
 */
export async function checkAddressFailures(db: Database, email: string, policy: LoginPolicy, meta: RequestMeta, step?: "two-factor"): Promise<void> {
  if (meta.ip && (await failuresFromAddress(db, meta.ip, policy.lockoutMinutes)) >= policy.perAddressFailures) {
    await logSecurityEvent(db, { type: "login-locked", email, detail: step ? { scope: "address", step } : { scope: "address" } }, meta);
    throw refusal("rate-limited", "networkLocked", { minutes: policy.lockoutMinutes });
  }
}

/**
 * Checks a sign-in and returns the account's id, or throws a DomainError: `rate-limited` (too many
 * failures from this network), `locked` (this account, with the minutes left), `invalid-credentials`,
 * `account-locked` (by an administrator) or `not-verified`. Wrong address and wrong password give the same answer in about the same time.
 */
export async function checkLogin(
  db: Database,
  rawEmail: string,
  password: string,
  policy: LoginPolicy,
  meta: RequestMeta,
  passwords: PasswordHasher = defaultPasswordHasher(),
): Promise<number> {
  const email = normaliseEmail(rawEmail);
  await checkAddressFailures(db, email, policy, meta);
  const reserved = await reserveAttempt(db, email, policy);
  if (!reserved.allowed) {
    await logSecurityEvent(db, { type: "login-locked", email, detail: { scope: "account" } }, meta);
    throw locked(reserved.minutesLeft);
  }
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, verifiedAt: users.emailVerifiedAt, lockedAt: users.lockedAt })
    .from(users)
    .where(eq(users.email, email));
  let valid: boolean;
  try {
    valid = user ? await passwords.verify(password, user.passwordHash) : (await passwords.burn(password), false);
  } catch (error) {
    await releaseAttempt(db, email, policy);
    throw error;
  }
  if (!user || !valid) {
    await logSecurityEvent(db, { type: "login-failed", userId: user?.id, email }, meta);
    throw refused("invalid-credentials");
  }
  await db.delete(loginLocks).where(eq(loginLocks.email, email));
  // told only to someone who knows the password, so a locked account cannot be found by guessing
  if (user.lockedAt) {
    await logSecurityEvent(db, { type: "login-locked", userId: user.id, email, detail: { scope: "admin" } }, meta);
    throw refused("account-locked");
  }
  if (!user.verifiedAt) {
    await logSecurityEvent(db, { type: "login-unverified", userId: user.id, email }, meta);
    throw refused("not-verified");
  }
  await logSecurityEvent(db, { type: "login-success", userId: user.id, email }, meta);
  return user.id;
}
