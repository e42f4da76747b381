import { z } from "zod";
import { SECURITY_LOCK_REASON_MAX, type AdminLockResponse, type AdminUnlockResponse } from "../security-log";
import type { Same } from "./common";
import { text } from "./fields";

/**
 * The security view: the log with its filters (the query is `securityLogQuerySchema` in
 * src/lib/security-log.ts, shared with the page's form), failures over time, the top addresses,
 * the locked accounts, the CSV export, and locking or unlocking an account.
 */

const moment = z.iso.datetime({ offset: true });
const email = text("email", 254, { min: 3, minMessage: "email is required" });

/** POST /api/admin/security/lock */
export const lockAccountBodySchema = z.object({ email, reason: text("reason", SECURITY_LOCK_REASON_MAX, { min: 1, minMessage: "reason is required" }) });
export type LockAccountRequest = z.input<typeof lockAccountBodySchema>;

/** POST /api/admin/security/unlock */
export const unlockAccountBodySchema = z.object({ email });
export type UnlockAccountRequest = z.input<typeof unlockAccountBodySchema>;

// ---- answers ------------------------------------------------------------------------------

export const securityEventSchema = z.object({
  id: z.number().int(),
  at: moment,
  type: z.string(),
  userId: z.number().int().nullable(),
  email: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  detail: z.unknown(),
});
export type SecurityEvent = z.input<typeof securityEventSchema>;

/** GET /api/admin/security/events: a page of the log, newest first; `nextBefore` continues it (as `before`). */
export const securityEventsResponseSchema = z.object({
  /** the period as shop calendar dates, both ends included */
  period: z.object({ from: z.string(), to: z.string() }),
  events: z.array(securityEventSchema),
  nextBefore: z.number().int().nullable(),
});
export type SecurityEventsResponse = z.input<typeof securityEventsResponseSchema>;

/** GET /api/admin/security/failures: failures per hour (up to three days) or per shop day, empty buckets included. */
export const securityFailuresResponseSchema = z.object({
  unit: z.enum(["hour", "day"]),
  points: z.array(z.object({ start: moment, count: z.number().int().min(0) })),
});
export type SecurityFailuresResponse = z.input<typeof securityFailuresResponseSchema>;

/** GET /api/admin/security/top-addresses: the addresses behind most failures, with how many accounts they tried. */
export const securityTopAddressesResponseSchema = z.object({
  addresses: z.array(z.object({ ip: z.string(), failures: z.number().int(), accounts: z.number().int(), last: moment })),
});
export type SecurityTopAddressesResponse = z.input<typeof securityTopAddressesResponseSchema>;

export const lockedAccountSchema = z.object({
  email: z.string(),
  userId: z.number().int().nullable(),
  fullName: z.string().nullable(),
  /** `admin`: locked by an administrator until unlocked; `sign-in` or `two-factor`: too many wrong guesses, lifts itself */
  kind: z.enum(["admin", "sign-in", "two-factor"]),
  since: moment.nullable(),
  until: moment.nullable(),
  reason: z.string().nullable(),
});
export type LockedAccount = z.input<typeof lockedAccountSchema>;

/** GET /api/admin/security/locked */
export const lockedAccountsResponseSchema = z.object({ accounts: z.array(lockedAccountSchema) });
export type LockedAccountsResponse = z.input<typeof lockedAccountsResponseSchema>;

/** POST /api/admin/security/lock */
export const lockAccountResponseSchema = z.object({ email: z.string(), lockedAt: moment, sessionsEnded: z.number().int().min(0) });
export const lockAnswerIsAdminLockResponse: Same<z.input<typeof lockAccountResponseSchema>, AdminLockResponse> = true;

/** POST /api/admin/security/unlock */
export const unlockAccountResponseSchema = z.object({ email: z.string(), unlocked: z.literal(true) });
export const unlockAnswerIsAdminUnlockResponse: Same<z.input<typeof unlockAccountResponseSchema>, AdminUnlockResponse> = true;
