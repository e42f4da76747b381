import { and, desc, eq, gte, ilike, inArray, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import { normaliseEmail } from "@/lib/auth-rules";
import {
  SECURITY_EXPORT_MAX,
  SECURITY_FAILURE_TYPES,
  SECURITY_HOURLY_UP_TO_DAYS,
  SECURITY_LOG_PAGE,
  SECURITY_RANGE_MAX_DAYS,
  type SecurityEventType,
  type SecurityLogQuery,
} from "@/lib/security-log";
import { shopDateOf, startOfShopDate } from "@/lib/shop-calendar";
import { spreadsheetSafe } from "@/lib/spreadsheet-safe";
import { logSecurityEvent, type RequestMeta } from "./events";
import { secondStepLockKey } from "./login";
import { rowsOf, withTransaction, type Database } from "../db";
import { loginLocks, securityEvents, sessions, users } from "../db/schema";
import { DomainError } from "../errors";
import type { SettingsService } from "../settings/settings";

const DAY_MS = 86_400_000;
/** How many addresses the "top offenders" list shows. */
export const TOP_ADDRESSES = 10;
/** Rows read per statement while a CSV export streams. */
const EXPORT_BATCH = 1_000;

export interface SecurityEventView {
  id: number;
  at: string;
  type: string;
  userId: number | null;
  email: string | null;
  ip: string | null;
  userAgent: string | null;
  detail: unknown;
}

/** The filters resolved to instants: a period of whole shop days, `to` exclusive. */
export interface ResolvedSecurityFilters {
  types: SecurityEventType[];
  account?: string;
  ip?: string;
  from: Date;
  to: Date;
  /** the period as the form shows it (shop dates, both ends included) */
  fromDate: string;
  toDate: string;
}

export interface LockedAccount {
  email: string;
  userId: number | null;
  fullName: string | null;
  /** `admin`: locked by an administrator until unlocked; `sign-in` or `two-factor`: too many wrong guesses, lifts itself */
  kind: "admin" | "sign-in" | "two-factor";
  since: string | null;
  until: string | null;
  reason: string | null;
}

export interface AdminActor {
  id: number;
  email: string;
}

/** The default period: the last seven shop days, today included. */
const DEFAULT_DAYS = 7;

/**
 * The security view: the log with filters (type, account, address, period), failures over time,
 * the addresses behind most failures, the accounts locked now, locking and unlocking an account,
 * and a CSV export. Every lock and unlock is itself logged with who did it, before and after.
 */
export function createAdminSecurityService(db: Database, settings: SettingsService) {
  async function timeZone(): Promise<string> {
    return (await settings.get()).timezone;
  }

  /** Resolves the query's dates in the shop's time zone, refusing a period that is backwards or too long. */
  async function resolve(query: SecurityLogQuery, now = new Date()): Promise<ResolvedSecurityFilters> {
    const zone = await timeZone();
    const today = shopDateOf(now, zone);
    const toDate = query.to || today;
    const to = startOfShopDate(toDate, zone);
    if (!to) throw new DomainError("invalid-input", "to is not a calendar date");
    const toExclusive = new Date(to.getTime() + DAY_MS);
    const fromDate = query.from || shopDateOf(new Date(toExclusive.getTime() - DEFAULT_DAYS * DAY_MS), zone);
    const from = startOfShopDate(fromDate, zone);
    if (!from) throw new DomainError("invalid-input", "from is not a calendar date");
    if (from >= toExclusive) throw new DomainError("invalid-input", "from must not be after to");
    if (toExclusive.getTime() - from.getTime() > SECURITY_RANGE_MAX_DAYS * DAY_MS + DAY_MS)
      throw new DomainError("invalid-input", `The period can be at most ${SECURITY_RANGE_MAX_DAYS} days`);
    return { types: query.type, account: query.account || undefined, ip: query.ip || undefined, from, to: toExclusive, fromDate, toDate };
  }

  /** The conditions every part of the view shares: account, address and period (types apart: the chart counts failures). */
  function scope(filters: ResolvedSecurityFilters): SQL[] {
    const where: SQL[] = [gte(securityEvents.at, filters.from), lt(securityEvents.at, filters.to)];
    if (filters.account) {
      const account = normaliseEmail(filters.account);
      // a whole address matches itself; a part matches the addresses that begin with it
      where.push(account.includes("@") ? eq(securityEvents.email, account) : ilike(securityEvents.email, `${account.replace(/[\\%_]/g, "\\$&")}%`));
    }
    if (filters.ip) where.push(eq(securityEvents.ip, filters.ip));
    return where;
  }

  const typed = (filters: ResolvedSecurityFilters): SQL[] =>
    filters.types.length ? [...scope(filters), inArray(securityEvents.type, filters.types)] : scope(filters);

  async function page(filters: ResolvedSecurityFilters, before: number | undefined, limit: number): Promise<SecurityEventView[]> {
    const rows = await db
      .select()
      .from(securityEvents)
      .where(and(...typed(filters), before ? lt(securityEvents.id, before) : undefined))
      .orderBy(desc(securityEvents.id))
      .limit(limit);
    return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
  }

  return {
    resolve,

    /** One page of the log, newest first; `nextBefore` continues it. */
    async events(query: SecurityLogQuery, limit = SECURITY_LOG_PAGE) {
      const filters = await resolve(query);
      const rows = await page(filters, query.before, limit + 1);
      return { filters, events: rows.slice(0, limit), nextBefore: rows.length > limit ? rows[limit - 1]!.id : null };
    },

    /**
     * Failures per hour (periods up to three days) or per shop day, with the empty buckets, for the
     * chart. Buckets are counted from the period's start, so a day is the shop's day.
     */
    async failuresOverTime(query: SecurityLogQuery) {
      const filters = await resolve(query);
      const spanDays = (filters.to.getTime() - filters.from.getTime()) / DAY_MS;
      const bucketMs = spanDays <= SECURITY_HOURLY_UP_TO_DAYS ? 3_600_000 : DAY_MS;
      const counts = rowsOf<{ bucket: number; n: number }>(
        await db.execute(sql`
          select floor(extract(epoch from (${securityEvents.at} - ${filters.from.toISOString()}::timestamptz)) * 1000 / ${bucketMs})::int as bucket,
                 count(*)::int as n
            from ${securityEvents}
           where ${and(...scope(filters), inArray(securityEvents.type, [...SECURITY_FAILURE_TYPES]))}
           group by 1`),
      );
      const byBucket = new Map(counts.map((c) => [Number(c.bucket), Number(c.n)]));
      const buckets = Math.ceil((filters.to.getTime() - filters.from.getTime()) / bucketMs);
      return {
        unit: bucketMs === DAY_MS ? ("day" as const) : ("hour" as const),
        points: Array.from({ length: buckets }, (_, i) => ({
          start: new Date(filters.from.getTime() + i * bucketMs).toISOString(),
          count: byBucket.get(i) ?? 0,
        })),
      };
    },

    /** The network addresses behind most failures in the period, with how many accounts they tried. */
    async topAddresses(query: SecurityLogQuery, limit = TOP_ADDRESSES) {
      const filters = await resolve(query);
      const rows = await db
        .select({
          ip: securityEvents.ip,
          failures: sql<number>`count(*)::int`,
          accounts: sql<number>`count(distinct ${securityEvents.email})::int`,
          last: sql<string>`max(${securityEvents.at})`,
        })
        .from(securityEvents)
        .where(and(...scope(filters), inArray(securityEvents.type, [...SECURITY_FAILURE_TYPES]), isNotNull(securityEvents.ip)))
        .groupBy(securityEvents.ip)
        .orderBy(desc(sql`count(*)`), securityEvents.ip)
        .limit(limit);
      return rows.map((r) => ({ ip: r.ip!, failures: Number(r.failures), accounts: Number(r.accounts), last: new Date(r.last).toISOString() }));
    },

    /** Accounts that cannot sign in now: locked by an administrator, or by wrong passwords or codes until a time. */
    async lockedAccounts(): Promise<LockedAccount[]> {
      const byAdmin = await db
        .select({ email: users.email, userId: users.id, fullName: users.fullName, since: users.lockedAt, reason: users.lockedReason })
        .from(users)
        .where(isNotNull(users.lockedAt))
        .orderBy(desc(users.lockedAt))
        .limit(500);
      const byGuesses = rowsOf<{ key: string; until: string | Date; since: string | Date; user_id: number | null; full_name: string | null }>(
        await db.execute(sql`
          select l.email as key, l.locked_until as until, l.updated_at as since, u.id as user_id, u.full_name
            from ${loginLocks} l
            left join ${users} u on u.email = (case when l.email like 'two-factor:%' then substr(l.email, 12) else l.email end)
           where l.locked_until > now()
           order by l.locked_until desc
           limit 500`),
      );
      const iso = (value: string | Date) => new Date(value).toISOString();
      return [
        ...byAdmin.map((r) => ({
          email: r.email,
          userId: r.userId,
          fullName: r.fullName,
          kind: "admin" as const,
          since: r.since ? r.since.toISOString() : null,
          until: null,
          reason: r.reason,
        })),
        ...byGuesses.map((r) => {
          const twoFactor = r.key.startsWith("two-factor:");
          return {
            email: twoFactor ? r.key.slice("two-factor:".length) : r.key,
            userId: r.user_id === null ? null : Number(r.user_id),
            fullName: r.full_name,
            kind: twoFactor ? ("two-factor" as const) : ("sign-in" as const),
            since: iso(r.since),
            until: iso(r.until),
            reason: null,
          };
        }),
      ];
    },

    /**
     * Locks an account until an administrator unlocks it: it cannot sign in, and every session it
     * has ends now. An administrator cannot lock their own account (nobody would be left to open it).
     */
    async lockAccount(actor: AdminActor, rawEmail: string, reason: string, meta: RequestMeta) {
      const email = normaliseEmail(rawEmail);
      if (email === actor.email) throw new DomainError("invalid-state", "You cannot lock your own account");
      return withTransaction(db, async (tx) => {
        const [user] = await tx
          .select({ id: users.id, lockedAt: users.lockedAt, lockedReason: users.lockedReason })
          .from(users)
          .where(eq(users.email, email))
          .for("update");
        if (!user) throw new DomainError("not-found", "No account has this e-mail address");
        if (user.lockedAt) throw new DomainError("invalid-state", "This account is already locked");
        const [after] = await tx
          .update(users)
          .set({ lockedAt: sql`now()`, lockedReason: reason, updatedAt: sql`now()` })
          .where(eq(users.id, user.id))
          .returning({ lockedAt: users.lockedAt });
        const ended = await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning({ id: sessions.id });
        await logSecurityEvent(
          tx,
          {
            type: "admin-account-locked",
            userId: user.id,
            email,
            detail: { by: actor.email, byId: actor.id, before: { locked: false }, after: { locked: true, reason }, sessionsEnded: ended.length },
          },
          meta,
        );
        return { email, lockedAt: after!.lockedAt!.toISOString(), sessionsEnded: ended.length };
      });
    },

    /**
     * Opens an account: lifts an administrator's lock and the locks of wrong passwords and codes
     * (so a shopper who called the shop can sign in at once). Refused when nothing is locked.
     */
    async unlockAccount(actor: AdminActor, rawEmail: string, meta: RequestMeta) {
      const email = normaliseEmail(rawEmail);
      return withTransaction(db, async (tx) => {
        const [user] = await tx
          .select({ id: users.id, lockedAt: users.lockedAt, lockedReason: users.lockedReason })
          .from(users)
          .where(eq(users.email, email))
          .for("update");
        const guesses = await tx
          .delete(loginLocks)
          .where(and(inArray(loginLocks.email, [email, secondStepLockKey(email)]), sql`${loginLocks.lockedUntil} > now()`))
          .returning({ key: loginLocks.email });
        if (!user?.lockedAt && !guesses.length) throw new DomainError("invalid-state", "This account is not locked");
        if (user?.lockedAt)
          await tx
            .update(users)
            .set({ lockedAt: null, lockedReason: null, updatedAt: sql`now()` })
            .where(eq(users.id, user.id));
        const before = {
          lockedByAdmin: Boolean(user?.lockedAt),
          reason: user?.lockedReason ?? null,
          signInLock: guesses.some((g) => g.key === email),
          twoFactorLock: guesses.some((g) => g.key !== email),
        };
        await logSecurityEvent(
          tx,
          { type: "admin-account-unlocked", userId: user?.id ?? null, email, detail: { by: actor.email, byId: actor.id, before, after: { locked: false } } },
          meta,
        );
        return { email, unlocked: true };
      });
    },

    /**
     * The filtered log as CSV, newest first, read in batches so memory stays flat, at most
     * SECURITY_EXPORT_MAX rows. Cells a spreadsheet would run as formulas are made text.
     */
    async *exportCsv(query: SecurityLogQuery): AsyncGenerator<string> {
      const filters = await resolve(query);
      yield stringify([["id", "time", "type", "account", "address", "browser", "detail"]]);
      let before: number | undefined;
      let written = 0;
      while (written < SECURITY_EXPORT_MAX) {
        const rows = await page(filters, before, Math.min(EXPORT_BATCH, SECURITY_EXPORT_MAX - written));
        if (!rows.length) return;
        yield stringify(
          rows.map((r) => [
            r.id,
            r.at,
            r.type,
            spreadsheetSafe(r.email ?? ""),
            spreadsheetSafe(r.ip ?? ""),
            spreadsheetSafe(r.userAgent ?? ""),
            r.detail === null ? "" : spreadsheetSafe(JSON.stringify(r.detail)),
          ]),
        );
        written += rows.length;
        before = rows[rows.length - 1]!.id;
      }
    },
  };
}

export type AdminSecurityService = ReturnType<typeof createAdminSecurityService>;
