import { z } from "zod";
import type { CallbackOutcome } from "@/server/payments/rules";
import { notJson, type Same } from "./common";
import { paymentViewSchema } from "./orders";

/**
 * Payments: the providers' callbacks (server to server, signed) and a payment as its order's owner
 * sees it (the waiting screen's status, the sandbox page's buttons).
 */

// ---- requests ------------------------------------------------------------------------------

/**
 * GET /api/payments/:reference. The reference's shape and the sandbox's decisions are the payments
 * module's (src/server/payments), so the route passes them in.
 */
export const paymentReferenceParamsSchema = (referencePattern: RegExp) =>
  z.object({ reference: z.string().regex(referencePattern, "Not a payment reference") });

/** POST /api/payments/sandbox/:reference/:decision (confirm | decline | expire) */
export const sandboxDecisionParamsSchema = <D extends readonly [string, ...string[]]>(referencePattern: RegExp, decisions: D) =>
  paymentReferenceParamsSchema(referencePattern).extend({ decision: z.enum(decisions) });

// ---- answers -------------------------------------------------------------------------------

export const CALLBACK_OUTCOMES = [
  "paid",
  "replay",
  "awaiting-confirmation",
  "failed",
  "unchanged",
  "unknown-reference",
  "query-mismatch",
  "provider-unreachable",
] as const;
export const callbackOutcomesAreTheServices: Same<(typeof CALLBACK_OUTCOMES)[number], CallbackOutcome> = true;

/** POST /api/payments/{clickpesa,sandbox}/webhook: the callback was kept, and what it did. */
export const webhookResponseSchema = z.object({ received: z.literal(true), outcome: z.enum(CALLBACK_OUTCOMES) });
export type WebhookResponse = z.input<typeof webhookResponseSchema>;

/** GET /api/payments/:reference: the waiting screen's status (someone else's reference answers 404). */
export const paymentStatusResponseSchema = z.object({
  payment: paymentViewSchema,
  orderNumber: z.string(),
  /** the order's status (one of ORDER_STATUSES; the payments service reads it as text) */
  orderStatus: z.string(),
});
export type PaymentStatusResponse = z.input<typeof paymentStatusResponseSchema>;

/** POST /api/payments/sandbox/:reference/:decision as JSON: the payment after the decision. */
export const sandboxDecisionResponseSchema = z.object({ payment: paymentViewSchema });
export type SandboxDecisionResponse = z.input<typeof sandboxDecisionResponseSchema>;

/** The same as a plain form post (the sandbox page without script): 303 back to the sandbox page. */
export const sandboxDecisionRedirectSchema = notJson("303 See Other to the sandbox page, no body");
