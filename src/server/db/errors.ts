import type { ErrorCode } from "@/lib/error-codes";

/** A failure of the database itself, named by its domain error code (see toDomainError in ../errors). */
export interface DatabaseFailure {
  code: Extract<ErrorCode, "busy" | "unavailable">;
  message: string;
}

/**
 * The one place a failure of the database itself is recognised (src/server/errors.ts turns it into a DomainError), so the API answers 503
 * with Retry-After (and the shopper's browser tries again) instead of a 500:
 * - `busy`: the database is there but could not serve in time: a row lock not had within
 *   lock_timeout (SQLSTATE 55P03), a statement cancelled by statement_timeout (57014), no free
 *   pooled connection within the acquire time, too many connections (53300);
 * - `unavailable`: the database cannot be reached or went away: connection refused or reset, a
 *   connection class error (08xxx), the server shutting down (57P01 to 57P03), a connection that
 *   ended mid-query or could not be opened in time.
 * Anything else (a bug, a constraint the code did not expect) stays a 500 and is logged.
 */
export function databaseFailure(error: unknown): DatabaseFailure | null {
  // Drizzle wraps the driver's error (DrizzleQueryError) with the failed SQL; the cause is the driver's.
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const found = classify(e as { code?: unknown; message?: unknown });
    if (found) return found;
  }
  return null;
}

const BUSY_SQLSTATES = new Set(["55P03", "57014", "53300"]);
const GONE_SQLSTATES = new Set(["57P01", "57P02", "57P03"]);
const GONE_SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

function classify(error: { code?: unknown; message?: unknown }): DatabaseFailure | null {
  const code = typeof error.code === "string" ? error.code : "";
  const message = typeof error.message === "string" ? error.message : "";
  if (BUSY_SQLSTATES.has(code) || message === "timeout exceeded when trying to connect") return busy();
  if (GONE_SQLSTATES.has(code) || code.startsWith("08") || GONE_SOCKET_CODES.has(code)) return unavailable();
  if (
    /^Connection terminated( unexpectedly| due to connection timeout)?$/.test(message) ||
    message === "Client has encountered a connection error and is not queryable"
  ) {
    return unavailable();
  }
  return null;
}

const busy = (): DatabaseFailure => ({ code: "busy", message: "The shop is busy right now, please try again in a moment" });
const unavailable = (): DatabaseFailure => ({ code: "unavailable", message: "The shop's database is unavailable right now, please try again shortly" });
