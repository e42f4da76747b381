import type { CouponReason } from "./coupons";
import type { CheckoutQuote } from "./orders";
import type { RefundRefusalReason } from "./refunds";

/**
 * The stable codes every API error answer carries beside its English text: `{error, code}`.
 * The browser decides what happened from the code, never from the message, so texts can be
 * reworded or translated without breaking a branch. The server maps each code to an HTTP status
 * in one place (src/api/errors.ts).
 */
export const ERROR_CODES = [
  /** the request's shape or a value in it is wrong */
  "invalid-input",
  /** what the request names does not exist (or is not the caller's) */
  "not-found",
  /** a cart line names a variant the product does not have */
  "invalid-variant",
  "out-of-stock",
  /** a stock alert ("notify me") for a product or option that can be bought now */
  "in-stock",
  /** the request needs a signed-in shopper */
  "unauthenticated",
  /** signed in, but not allowed (e.g. not an admin) */
  "forbidden",
  "invalid-credentials",
  /** the current password given to confirm a change is wrong (the session itself is fine) */
  "wrong-password",
  /** the account is locked after too many failed sign-ins */
  "locked",
  /** an administrator locked the account: it stays shut until an administrator unlocks it */
  "account-locked",
  "not-verified",
  /** too many requests from this address (or for this account) in the window */
  "rate-limited",
  /** a one-time link that is unknown, used or expired */
  "invalid-token",
  /** a two-step sign-in code (authenticator or recovery code) that is wrong or already used */
  "invalid-code",
  /** an administrator must set up two-step sign-in before using admin pages and calls */
  "two-factor-required",
  /** the second step of a sign-in came too late or was already used: sign in again */
  "sign-in-expired",
  /** a form value breaks a rule (password too short, passwords differ, ...); the message says which */
  "validation",
  /** a write from another site */
  "cross-site",
  "not-an-image",
  "image-damaged",
  /** an upload larger than its byte limit */
  "too-large",
  /** a picture with more pixels than decoding allows (a small file can claim a huge size) */
  "too-many-pixels",
  /** the cart is empty: there is nothing to order */
  "cart-empty",
  /** a price or a delivery fee changed since the shopper saw the total; the answer carries the new one */
  "price-changed",
  /** the coupon code of an order does not apply; the answer carries `reason` (and `missing` below a minimum) */
  "coupon-invalid",
  /** the order's state does not allow this (cancelling a paid order, shipping an unpaid one) */
  "invalid-state",
  /** an action that needs an explicit confirmation flag (shipping a test order) came without it; the message says which */
  "confirmation-required",
  /** the same Idempotency-Key was used for a different request */
  "idempotency-conflict",
  /** a payment callback whose signature is missing or wrong */
  "invalid-signature",
  /** a body in a format the route does not take (a payment callback that is not JSON) */
  "unsupported-media-type",
  /** pay on delivery refused for this number: `reason` says why (an unconfirmed number, the new customer's limit, the units cap with `lines`) */
  "on-delivery-refused",
  /** a return or warranty claim the order does not allow now: `reason` says why (not delivered yet, the window and warranty over, the order closed) */
  "return-not-allowed",
  /** a review only a buyer may write: `reason` says why (the product not in a delivered order of theirs, the order not delivered yet, paid in the sandbox) */
  "review-not-allowed",
  /** this person has reviewed this product already: they edit theirs (PUT …/reviews/mine) */
  "already-reviewed",
  /** a refund the order does not allow: `reason` says why (more than was paid, more units than bought, a method its payment cannot take back) */
  "refund-refused",
  /** store credit asked for an order without an account (a guest is refunded by the route they paid) */
  "store-credit-unavailable",
  /** a money action asked the admin's second factor again and the code was missing, wrong or used */
  "second-factor-failed",
  /** the payment provider refused or could not be reached; nothing was charged */
  "payment-failed",
  /** the server is busy (a full queue or pool): try again shortly */
  "busy",
  /** a feature is switched off or its backing service is down */
  "unavailable",
  "internal",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (ERROR_CODES as readonly string[]).includes(value);
}

/**
 * The code an answer carries by its status alone: for framework errors (body parsing, rate
 * limiting) and for answers from something in front of the shop (a proxy's 429 or 503).
 */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return "unauthenticated";
    case 403:
      return "forbidden";
    case 404:
      return "not-found";
    case 413:
      return "too-large";
    case 429:
      return "rate-limited";
    case 502:
    case 503:
    case 504:
      return "unavailable";
    default:
      return status >= 500 ? "internal" : "invalid-input";
  }
}

/** A short cart line that stopped an order: what is left of it. */
export interface OutOfStockLine {
  productId: number;
  variantId: string;
  name: string;
  available: number;
}

/**
 * The fields an error answer carries beside `{error, code}`, by code: the server's DomainError is
 * typed by this map, and the browser reads them through `isApiError(error, code)`, which narrows
 * the answer's body to the code's details. Every field is optional on the way in (an answer from a
 * proxy in front of the shop has none of them), so a reader must check what it uses.
 */
export interface ErrorDetailsByCode {
  /** the new figures: the total or a delivery fee changed since the shopper saw them */
  "price-changed": { quote: CheckoutQuote };
  "out-of-stock": { lines: OutOfStockLine[] };
  /** why the coupon does not apply, what is missing below its minimum, and the order's quote without it */
  "coupon-invalid": { reason: CouponReason; missing?: number; quote?: CheckoutQuote };
  /** why this number may not pay this order on delivery; for the units cap, the products over it and what could still be held */
  "on-delivery-refused": { reason: OnDeliveryRefusal; lines?: OnDeliveryCapLine[] };
  /** why this person may not review the product (yet) */
  "review-not-allowed": { reason: "not-bought" | "not-delivered" | "test-order" };
  /** why the refund is refused, and what is still refundable (whole shillings) where that is the reason */
  "refund-refused": { reason: RefundRefusalReason; remaining?: number; field?: string };
  /** why the order takes no return now, and until when it did (ISO) where it had a window */
  "return-not-allowed": { reason: "not-delivered" | "window-closed" | "order-closed"; until?: string | null };
  /** the field refused and why (a stable reason name); some refusals carry what the form needs next */
  validation: FieldProblem & {
    quote?: CheckoutQuote;
    balance?: number;
    min?: number;
    max?: number;
    product?: number;
    problems?: unknown;
    /** the attribute a specification's refusal is about (its key) */
    key?: string;
  };
  "invalid-input": FieldProblem & { problems?: unknown };
  "too-large": FieldProblem;
  /** a sign-in lock: how long it lasts */
  locked: { minutesLeft: number };
}

/** Why pay on delivery was refused for a number: not confirmed by a code, a new customer's limit reached, or too many units of a product held. */
export type OnDeliveryRefusal = "phone-not-confirmed" | "new-customer-limit" | "units-cap";

/** A product over the units a number may hold in open pay-on-delivery orders, with the units it could still hold. */
export interface OnDeliveryCapLine {
  productId: number;
  name: string;
  available: number;
}

/** Which field of a form a refusal is about (`phone`, `region`, `wallet`, `sku`, ...), and why. */
export interface FieldProblem {
  field?: string;
  reason?: string;
}

/** The details an error answer of this code carries (none named for most codes). */
export type ErrorDetails<C extends ErrorCode> = C extends keyof ErrorDetailsByCode ? ErrorDetailsByCode[C] : Record<string, unknown>;

/** The body of every error answer of the API; narrowed by its code, the fields that code carries. */
export type ErrorBody<C extends ErrorCode = ErrorCode> = { error: string; code: C } & Partial<ErrorDetails<C>>;
