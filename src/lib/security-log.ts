import { z } from "zod";
import { CONTROL_CHARACTER_MESSAGE, hasForbiddenCharacter } from "./text";

/**
 * The security view's vocabulary, shared by the server (filters, chart, export) and the admin
 * pages (the filter form): which event types exist, which count as failures, and the limits of a
 * query.
 */

/** Every type the security log records, in the order the filter lists them. */
export const SECURITY_EVENT_TYPES = [
  "login-success",
  "login-failed",
  "login-locked",
  "login-unverified",
  "logout",
  "register",
  "email-verified",
  "password-reset-requested",
  "password-reset",
  "password-changed",
  "password-change-failed",
  "sessions-revoked",
  "two-factor-enabled",
  "two-factor-disabled",
  "two-factor-recovery-regenerated",
  "two-factor-challenge",
  "two-factor-success",
  "two-factor-recovery-used",
  "two-factor-failed",
  "rate-limited",
  "mail-quota-exceeded",
  "mail-failed",
  "message-quota-exceeded",
  "message-failed",
  "payment-callback-refused",
  "order-late-payment",
  "admin-created",
  "admin-settings-changed",
  "admin-order-action",
  "admin-refund",
  "return-requested",
  "admin-return-action",
  "admin-review-moderated",
  "admin-order-placed",
  "admin-payment-prompt-sent",
  "admin-payment-link-sent",
  "admin-phone-code-sent",
  "admin-payment-recorded",
  "admin-payment-reversed",
  "admin-rider-assigned",
  "admin-delivery-refused",
  "admin-role-changed",
  "admin-cash-handover",
  "rider-payment-recorded",
  "rider-delivery-refused",
  "admin-product-changed",
  "admin-products-imported",
  "admin-ad-changed",
  "admin-taxonomy-changed",
  "admin-account-locked",
  "admin-account-unlocked",
  "admin-question-moderated",
] as const;

export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/**
 * The events that are something going wrong: what the chart counts and what ranks an address
 * among the top offenders.
 */
export const SECURITY_FAILURE_TYPES = [
  "login-failed",
  "login-locked",
  "two-factor-failed",
  "password-change-failed",
  "rate-limited",
  "payment-callback-refused",
  "mail-quota-exceeded",
  "mail-failed",
  "message-quota-exceeded",
  "message-failed",
] as const satisfies readonly SecurityEventType[];

export const isSecurityEventType = (value: string): value is SecurityEventType => (SECURITY_EVENT_TYPES as readonly string[]).includes(value);

/** Rows per page of the security log. */
export const SECURITY_LOG_PAGE = 50;
/** The most rows one CSV export carries (newest first), so an export is a bounded read. */
export const SECURITY_EXPORT_MAX = 50_000;
/** The longest period the chart and the top addresses cover, in days. */
export const SECURITY_RANGE_MAX_DAYS = 90;
/** Up to this many days the chart counts per hour; beyond, per day. */
export const SECURITY_HOURLY_UP_TO_DAYS = 3;
export const SECURITY_LOCK_REASON_MAX = 300;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
// a filter value is typed by an admin: printable, no control characters
const filterText = (field: string, max: number) =>
  z
    .string()
    .max(max, `${field} is too long`)
    .refine((value) => !hasForbiddenCharacter(value), `${field} ${CONTROL_CHARACTER_MESSAGE}`);

/**
 * The security log's filters as they travel in a query string (the page's form and the API):
 * event types, an account (an e-mail address, or its beginning), a network address, and a period
 * of shop calendar dates, both ends included.
 */
export const securityLogQuerySchema = z.object({
  type: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]).filter((t) => t !== ""))
    .pipe(z.array(z.enum(SECURITY_EVENT_TYPES, { message: "type is not a security event type" })).max(SECURITY_EVENT_TYPES.length)),
  account: filterText("account", 254).optional(),
  ip: filterText("ip", 64).optional(),
  from: z.string().regex(DATE, "from must be a date (YYYY-MM-DD)").optional().or(z.literal("")),
  to: z.string().regex(DATE, "to must be a date (YYYY-MM-DD)").optional().or(z.literal("")),
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});

export type SecurityLogQuery = z.output<typeof securityLogQuerySchema>;

export interface AdminLockResponse {
  email: string;
  lockedAt: string;
  sessionsEnded: number;
}
export interface AdminUnlockResponse {
  email: string;
  unlocked: true;
}
