import type { ErrorCode, ErrorDetails } from "@/lib/error-codes";
import { databaseFailure } from "./db/errors";

/**
 * What marks a DomainError, whichever copy of this module made it: Next bundles the pages apart from
 * server.ts, so one process holds two DomainError classes, and an error the services (built by
 * server.ts) throw must still be known as one by a page (`instanceof` would say no).
 */
const DOMAIN_ERROR = Symbol.for("storefront.DomainError");

/**
 * A failure the domain expects and can name: a product that does not exist, an empty stock, a wrong
 * password. It carries a stable code (see src/lib/error-codes.ts) and an English message for people;
 * which HTTP status a code becomes is the API's business, decided in one place (src/api/errors.ts).
 */
export class DomainError<C extends ErrorCode = ErrorCode> extends Error {
  readonly [DOMAIN_ERROR] = true;
  /** extra fields the answer carries beside {error, code}, typed by code (src/lib/error-codes.ts), e.g. minutes left on a lock */
  readonly details: Partial<ErrorDetails<C>> & Record<string, unknown>;

  constructor(
    readonly code: C,
    message: string,
    details: ErrorDetails<C> | Partial<ErrorDetails<C>> = {},
  ) {
    super(message);
    this.details = details as Partial<ErrorDetails<C>> & Record<string, unknown>;
    this.name = "DomainError";
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof Error && (error as Partial<Record<typeof DOMAIN_ERROR, unknown>>)[DOMAIN_ERROR] === true;
}

/**
 * What a thrown value means to the domain: a DomainError as it is, a failure of the database itself
 * (a lock or statement time limit, no free connection, the server unreachable) as `busy` or
 * `unavailable`, anything else null (an unexpected failure).
 */
export function toDomainError(error: unknown): DomainError | null {
  if (isDomainError(error)) return error;
  const failure = databaseFailure(error);
  return failure ? new DomainError(failure.code, failure.message) : null;
}
