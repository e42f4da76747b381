import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { PublicUser } from "@/lib/api-contract";
import { REMEMBER_DAYS, SESSION_MAX_HOURS } from "@/lib/auth-rules";
import type { Database } from "../db";
import { sessions, users } from "../db/schema";
import type { RequestMeta } from "./events";
import { hashSecret, newSecret } from "./tokens";

/** The signed-in user of a session: what a browser may know about its own account. */
export type SessionUser = PublicUser;

export interface OpenSession {
  token: string;
  /** cookie lifetime in seconds; undefined = a browser-session cookie */
  maxAge: number | undefined;
}

const DAY_MS = 86_400_000;
/** Sliding sessions are extended at most once a minute, not on every request. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Two clocks end a session without "remember me": the idle timeout (pushed forward while it is
 * used) and an absolute lifetime from sign-in (never pushed), so a stolen or forgotten session
 * cannot be kept alive forever by using it. A remembered session keeps its fixed 30 days.
 */
const notTooOld = (maxHours: number) => sql`(${sessions.remember} or ${sessions.createdAt} > now() - make_interval(hours => ${maxHours}))`;

/** Starts a session: a new random token every sign-in (no fixation). */
export async function openSession(db: Database, userId: number, remember: boolean, idleMinutes: number, meta: RequestMeta): Promise<OpenSession> {
  const { token, hash } = newSecret();
  const lifetime = remember ? REMEMBER_DAYS * DAY_MS : Math.min(idleMinutes * 60_000, SESSION_MAX_HOURS * 3_600_000);
  await db.insert(sessions).values({
    tokenHash: hash,
    userId,
    remember,
    expiresAt: new Date(Date.now() + lifetime),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 400) ?? null,
  });
  return { token, maxAge: remember ? REMEMBER_DAYS * 86_400 : undefined };
}

/** The signed-in user of a session token, or null; an idle session's clock is pushed forward. */
export async function sessionUser(
  db: Database,
  token: string | undefined | null,
  idleMinutes: number,
  maxHours: number = SESSION_MAX_HOURS,
): Promise<(SessionUser & { sessionId: number }) | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({
      sessionId: sessions.id,
      remember: sessions.remember,
      lastSeenAt: sessions.lastSeenAt,
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      phone: users.phone,
      company: users.company,
      role: users.role,
      verifiedAt: users.emailVerifiedAt,
      locale: users.locale,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // an account an administrator locked is signed out everywhere at once
    .where(and(eq(sessions.tokenHash, hashSecret(token)), gt(sessions.expiresAt, sql`now()`), notTooOld(maxHours), isNull(users.lockedAt)))
    .limit(1);
  if (!row) return null;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({
        lastSeenAt: sql`now()`,
        ...(row.remember
          ? {}
          : { expiresAt: sql`least(now() + make_interval(mins => ${idleMinutes}), ${sessions.createdAt} + make_interval(hours => ${maxHours}))` }),
      })
      .where(eq(sessions.id, row.sessionId));
  }
  return {
    sessionId: row.sessionId,
    id: row.id,
    email: row.email,
    name: row.fullName,
    role: row.role,
    isVerified: row.verifiedAt !== null,
    profile: { fullName: row.fullName, phone: row.phone, company: row.company },
    locale: row.locale,
  };
}

export async function closeSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashSecret(token)));
}

/** Signs a user out everywhere, optionally keeping the session in use. */
export async function closeAllSessions(db: Database, userId: number, exceptSessionId?: number): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return rows.length;
}

export async function listSessions(db: Database, userId: number) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      remember: sessions.remember,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`), notTooOld(SESSION_MAX_HOURS)))
    .orderBy(desc(sessions.lastSeenAt));
}
