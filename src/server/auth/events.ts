import { desc } from "drizzle-orm";
import type { Locale } from "@/lib/locale";
import type { SecurityEventType } from "@/lib/security-log";
import type { Database } from "../db";
import { securityEvents } from "../db/schema";

/** The types are listed once, with the view's failure set, in src/lib/security-log.ts. */
export type { SecurityEventType };

export interface RequestMeta {
  ip?: string | null;
  userAgent?: string | null;
  /** the language the request's page was in (cookie, else Accept-Language): for e-mails it causes */
  locale?: Locale | null;
}

export async function logSecurityEvent(
  db: Database,
  event: { type: SecurityEventType; userId?: number | null; email?: string | null; detail?: Record<string, unknown> },
  meta: RequestMeta = {},
): Promise<void> {
  await db.insert(securityEvents).values({
    type: event.type,
    userId: event.userId ?? null,
    email: event.email ?? null,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 400) ?? null,
    detail: event.detail ?? null,
  });
}

/** The latest security events, newest first, for the admin SIEM view. */
export async function recentSecurityEvents(db: Database, limit = 100) {
  return db.select().from(securityEvents).orderBy(desc(securityEvents.id)).limit(limit);
}
