import { desc } from "drizzle-orm";
import type { Locale } from "@/lib/locale";
import type { Database } from "../db";
import { securityEvents } from "../db/schema";

export type SecurityEventType =
  | "register"
  | "email-verified"
  | "login-success"
  | "login-failed"
  | "login-locked"
  | "login-unverified"
  | "logout"
  | "password-reset-requested"
  | "password-reset"
  | "password-changed"
  | "password-change-failed"
  | "sessions-revoked"
  | "admin-settings-changed"
  | "admin-created"
  /** a mail asked for by a request was not sent: its recipient or the client address is over its quota */
  | "mail-quota-exceeded"
  | "two-factor-enabled"
  | "two-factor-disabled"
  | "two-factor-recovery-regenerated"
  | "two-factor-challenge"
  | "two-factor-success"
  | "two-factor-recovery-used"
  | "two-factor-failed"
  /** an administrator changed an order (marked paid, shipped, cancelled, refunded...) */
  | "admin-order-action"
  /** an administrator changed a product's price or stock (detail: the values before and after, and why) */
  | "admin-product-changed"
  /** money arrived for an order that had already been cancelled: an admin must refund or reinstate it */
  | "order-late-payment"
  /** a payment callback refused: a missing or wrong signature, or an amount or currency that is not the payment's */
  | "payment-callback-refused";

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
