import type { ErrorCode } from "@/lib/error-codes";

/**
 * A failure the domain expects and can name: a product that does not exist, an empty stock, a wrong
 * password. It carries a stable code (see src/lib/error-codes.ts) and an English message for people;
 * which HTTP status a code becomes is the API's business, decided in one place (src/api/errors.ts).
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** extra fields the answer carries beside {error, code}, e.g. minutes left on a lock */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
