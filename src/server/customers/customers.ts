import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { UserRole } from "@/lib/auth-rules";
import type { OrderStatus } from "@/lib/checkout";
import { ADMIN_PRODUCTS_EXACT_LIMIT as ADMIN_LIST_COUNT_CAP } from "../catalog/admin/products";
import type { Database } from "../db";
import { orders, securityEvents, sessions, supportMessages, supportThreads, userTwoFactor, users } from "../db/schema";

/** How many of a customer's orders, conversations and security events their page shows. */
export const CUSTOMER_PAGE_ROWS = 20;

export interface AdminCustomerRow {
  id: number;
  email: string;
  fullName: string;
  phone: string | null;
  company: string | null;
  role: UserRole;
  verified: boolean;
  lockedAt: string | null;
  createdAt: string;
  orders: number;
}

export interface AdminCustomer extends AdminCustomerRow {
  lockedReason: string | null;
  locale: string | null;
  twoFactor: boolean;
  /** sessions open now (their tokens never leave the database) */
  openSessions: number;
  recentOrders: { number: string; status: OrderStatus; total: number; createdAt: string }[];
  threads: { id: number; subject: string; status: string; messages: number; updatedAt: string }[];
  events: { id: number; at: string; type: string; email: string | null; ip: string | null; userAgent: string | null; detail: unknown }[];
}

// the columns an admin may see of an account: never the password hash, never a session token
const listed = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  phone: users.phone,
  company: users.company,
  role: users.role,
  verifiedAt: users.emailVerifiedAt,
  lockedAt: users.lockedAt,
  createdAt: users.createdAt,
  orders: sql<number>`(select count(*)::int from ${orders} o where o.user_id = "users"."id")`,
};

function toRow(r: {
  id: number;
  email: string;
  fullName: string;
  phone: string | null;
  company: string | null;
  role: UserRole;
  verifiedAt: Date | null;
  lockedAt: Date | null;
  createdAt: Date;
  orders: number;
}): AdminCustomerRow {
  return {
    id: r.id,
    email: r.email,
    fullName: r.fullName,
    phone: r.phone,
    company: r.company,
    role: r.role,
    verified: r.verifiedAt !== null,
    lockedAt: r.lockedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    orders: Number(r.orders),
  };
}

/** A LIKE pattern that matches `text` literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/**
 * The admin's customers: newest accounts first, found by e-mail (its beginning), name or phone;
 * one customer with their orders, conversations and security events. Locking goes through the
 * security view's service, which logs it.
 */
export function createAdminCustomersService(db: Database) {
  return {
    async list(options: { q?: string; locked?: boolean; limit: number; offset: number }) {
      const where: SQL[] = [];
      const q = options.q?.trim();
      if (q) {
        const digits = q.replace(/\D/g, "");
        where.push(
          or(
            ilike(users.email, `${literal(q.toLowerCase())}%`),
            ilike(users.fullName, `%${literal(q)}%`),
            // phones are stored as +255…: the last digits find them whatever the shopper typed
            ...(digits.length >= 6 ? [ilike(users.phone, `%${digits.slice(-9)}`)] : []),
          )!,
        );
      }
      if (options.locked) where.push(sql`${users.lockedAt} is not null`);
      const condition = where.length ? and(...where) : undefined;
      const [rows, [counted]] = await Promise.all([
        db.select(listed).from(users).where(condition).orderBy(desc(users.createdAt), desc(users.id)).limit(options.limit).offset(options.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(
          db
            .select({ id: users.id })
            .from(users)
            .where(condition)
            .limit(ADMIN_LIST_COUNT_CAP + 1)
            .as("capped"),
        ),
      ]);
      const n = Number(counted?.n ?? 0);
      return { customers: rows.map(toRow), total: Math.min(n, ADMIN_LIST_COUNT_CAP), totalIsLowerBound: n > ADMIN_LIST_COUNT_CAP };
    },

    async get(id: number): Promise<AdminCustomer | null> {
      const [row] = await db
        .select({ ...listed, lockedReason: users.lockedReason, locale: users.locale })
        .from(users)
        .where(eq(users.id, id));
      if (!row) return null;
      const [twoFactor, open, recentOrders, threads, events] = await Promise.all([
        db
          .select({ on: sql<boolean>`${userTwoFactor.enabledAt} is not null` })
          .from(userTwoFactor)
          .where(eq(userTwoFactor.userId, id)),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(sessions)
          .where(and(eq(sessions.userId, id), sql`${sessions.expiresAt} > now()`)),
        db
          .select({ number: orders.number, status: orders.status, total: orders.total, createdAt: orders.createdAt })
          .from(orders)
          .where(eq(orders.userId, id))
          .orderBy(desc(orders.createdAt))
          .limit(CUSTOMER_PAGE_ROWS),
        db
          .select({
            id: supportThreads.id,
            subject: supportThreads.subject,
            status: supportThreads.status,
            updatedAt: supportThreads.updatedAt,
            messages: sql<number>`(select count(*)::int from ${supportMessages} m where m.thread_id = "support_threads"."id")`,
          })
          .from(supportThreads)
          .where(eq(supportThreads.userId, id))
          .orderBy(desc(supportThreads.updatedAt))
          .limit(CUSTOMER_PAGE_ROWS),
        db
          .select()
          .from(securityEvents)
          .where(or(eq(securityEvents.userId, id), eq(securityEvents.email, row.email)))
          .orderBy(desc(securityEvents.id))
          .limit(CUSTOMER_PAGE_ROWS),
      ]);
      return {
        ...toRow(row),
        lockedReason: row.lockedReason,
        locale: row.locale,
        twoFactor: twoFactor[0]?.on === true,
        openSessions: Number(open[0]?.n ?? 0),
        recentOrders: recentOrders.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
        threads: threads.map((t) => ({ ...t, messages: Number(t.messages), updatedAt: t.updatedAt.toISOString() })),
        events: events.map((e) => ({ id: e.id, at: e.at.toISOString(), type: e.type, email: e.email, ip: e.ip, userAgent: e.userAgent, detail: e.detail })),
      };
    },
  };
}

export type AdminCustomersService = ReturnType<typeof createAdminCustomersService>;
