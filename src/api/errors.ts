import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { codeForStatus, type ErrorBody, type ErrorCode } from "@/lib/error-codes";
import { isDomainError, toDomainError } from "@/server/errors";

/** The one place a domain error code becomes an HTTP status. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  "invalid-input": 400,
  "not-found": 404,
  "invalid-variant": 400,
  "out-of-stock": 409,
  "in-stock": 409,
  unauthenticated: 401,
  forbidden: 403,
  "invalid-credentials": 401,
  "wrong-password": 400,
  locked: 429,
  "account-locked": 403,
  "not-verified": 403,
  "rate-limited": 429,
  "invalid-token": 400,
  validation: 400,
  "invalid-code": 400,
  "two-factor-required": 403,
  "sign-in-expired": 401,
  "cross-site": 403,
  "not-an-image": 400,
  "image-damaged": 400,
  "too-large": 413,
  "too-many-pixels": 400,
  "cart-empty": 409,
  "price-changed": 409,
  "coupon-invalid": 409,
  "on-delivery-refused": 409,
  "return-not-allowed": 409,
  "invalid-state": 409,
  "confirmation-required": 409,
  "idempotency-conflict": 422,
  "invalid-signature": 401,
  "unsupported-media-type": 415,
  "review-not-allowed": 403,
  "already-reviewed": 409,
  "refund-refused": 409,
  "store-credit-unavailable": 400,
  "second-factor-failed": 403,
  "payment-failed": 502,
  busy: 503,
  unavailable: 503,
  internal: 500,
};

/** Codes that mean "try again shortly": the answer says when. */
const RETRY_AFTER_SECONDS: Partial<Record<ErrorCode, number>> = { busy: 5, unavailable: 30 };

/** Sends `{error, code, ...extra}` with the code's status (and Retry-After where it applies). */
export function sendError(reply: FastifyReply, code: ErrorCode, message: string, extra: Record<string, unknown> = {}): FastifyReply {
  // a limit that knows its own wait says so (details.retryAfter, or a lock's minutes left)
  const retryAfter =
    typeof extra.retryAfter === "number" ? extra.retryAfter : typeof extra.minutesLeft === "number" ? extra.minutesLeft * 60 : RETRY_AFTER_SECONDS[code];
  if (retryAfter) reply.header("retry-after", String(retryAfter));
  const body: ErrorBody & Record<string, unknown> = { ...extra, error: message, code };
  return reply.code(STATUS_BY_CODE[code]).send(body);
}

/** The `{error, code}` answer for anything thrown in a route, or null for an unexpected failure (a 500). */
export function describeError(error: unknown): { code: ErrorCode; message: string; details: Record<string, unknown> } | null {
  const domain = toDomainError(error);
  if (domain) return { code: domain.code, message: domain.message, details: domain.details };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const issue = first?.params?.issue as { path?: PropertyKey[]; message?: string } | undefined;
    const where = issue?.path?.length ? String(issue.path[0]) : first?.instancePath?.replace(/^\//, "");
    const message = issue?.message ?? first?.message ?? "Invalid request";
    const named = where && !message.toLowerCase().startsWith(where.toLowerCase()) ? `${where}: ${message}` : message;
    return { code: "invalid-input", message: named, details: {} };
  }
  const status = (error as FastifyError | undefined)?.statusCode;
  if (status && status >= 400 && status < 500) return { code: codeForStatus(status), message: (error as Error).message || "Bad request", details: {} };
  return null;
}

/** Every API error leaves as {error, code} with the status its code maps to. */
export function installErrorHandling(app: FastifyInstance, hooks: { onRateLimited?: (request: FastifyRequest) => Promise<void> } = {}): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const known = describeError(error);
    if (known?.code === "rate-limited" && hooks.onRateLimited)
      await hooks.onRateLimited(request).catch((failure: unknown) => request.log.warn({ err: failure }, "could not log a rate-limit hit"));
    // a database in trouble is worth a line in the log, without the query (it may carry personal data)
    if (known && !isDomainError(error) && (known.code === "busy" || known.code === "unavailable"))
      request.log.warn({ code: known.code }, "database busy or unavailable");
    if (known) return sendError(reply, known.code, known.message, known.details);
    request.log.error({ err: error }, "unhandled API error");
    return sendError(reply, "internal", "Internal server error");
  });
  app.setNotFoundHandler((request, reply) => sendError(reply, "not-found", `No API route for ${request.method} ${request.url.split("?")[0]}`));
}

/**
 * For the plugins whose answers always say `success: true` or `false` (sign-in, the account's
 * security, settings): their refusals carry `success: false` beside `{error, code}`, plus what
 * `extra` adds for a route (the sign-in answer's own fields). Unexpected failures go on to the
 * API's handler (a 500).
 */
export function answerErrorsWithSuccessFlag(app: FastifyInstance, extra?: (request: FastifyRequest, code: ErrorCode) => Record<string, unknown>): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = describeError(error);
    if (!known) throw error;
    return sendError(reply, known.code, known.message, { success: false, ...extra?.(request, known.code), ...known.details });
  });
}
