import type { PaymentMethod } from "@/lib/checkout";

/** What a provider says of a payment: money received, still waiting for the shopper, or refused. */
export type ProviderStatus = "paid" | "pending" | "failed";

/** One attempt to collect an order's money, as stored in `payments` before the provider is called. */
export interface PaymentAttempt {
  /** unique per attempt, alphanumeric (ClickPesa's orderReference) */
  reference: string;
  orderNumber: string;
  method: PaymentMethod;
  /** whole shillings for TZS */
  amount: number;
  currency: string;
  /** mobile money: the wallet the shopper chose and the number to push to (E.164) */
  wallet: string | null;
  phone: string | null;
}

export interface InitiateResult {
  providerPaymentId?: string;
  /** card: the provider's page where the shopper pays */
  redirectUrl?: string;
}

export interface StatusAnswer {
  status: ProviderStatus;
  amount: number;
  currency: string;
  providerPaymentId?: string;
  /** the provider's own word for the status (SUCCESS, PROCESSING, ...), kept for the record */
  providerStatus?: string;
  /** why it failed, in the provider's words */
  message?: string;
  raw: unknown;
}

/** A callback whose signature was checked: only then are its fields believed at all. */
export interface VerifiedCallback {
  reference: string;
  status: ProviderStatus;
  amount: number;
  currency: string;
  providerPaymentId?: string;
  /** the provider's words for the outcome (e.g. "declined", "expired", "PAYMENT FAILED") */
  reason?: string;
}

export type CallbackHeaders = Record<string, string | string[] | undefined>;

/** A refund sent to a mobile-money number (a payout), as stored in `refunds` before the provider is called. */
export interface PayoutRequest {
  /** unique per refund, alphanumeric (ClickPesa's orderReference) */
  reference: string;
  orderNumber: string;
  /** whole shillings for TZS */
  amount: number;
  currency: string;
  /** the number the money goes to (E.164): the one the order was paid from */
  phone: string;
}

/**
 * A payment provider. The shop trusts none of its answers alone: an order is paid only when a
 * verified callback and a status query agree (see service.ts).
 */
export interface PaymentProvider {
  readonly name: string;
  /** whether this provider can take card payments (the checkout offers card only then) */
  readonly cardAvailable: boolean;
  /** asks the provider to collect (a USSD push to the phone, or a card page); throws DomainError("payment-failed") when refused */
  initiate(attempt: PaymentAttempt): Promise<InitiateResult>;
  /** the provider's current answer for a reference, asked over its authenticated API */
  queryStatus(reference: string): Promise<StatusAnswer>;
  /**
   * Checks a callback's signature over what was received and reads it; throws
   * DomainError("invalid-signature") for a forged, tampered or unsigned one.
   */
  verifyCallback(body: unknown, rawBody: string, headers: CallbackHeaders): Promise<VerifiedCallback>;
  /**
   * Delivers again a callback this provider recorded for a payment but did not manage to deliver,
   * as a provider retries its webhook; whether there was one. Only a provider that calls back in
   * process has any (the sandbox: the shop may stop between its decision and the hand-off).
   */
  redeliverCallback?(reference: string): Promise<boolean>;
  /**
   * Refunds to mobile money: sends `amount` to the number (the provider's payout API); throws
   * DomainError("payment-failed") when refused. A provider without it cannot refund to mobile money.
   * A refund is completed only when a verified payout callback and `queryPayout` agree ("paid" =
   * the money reached the number).
   */
  payout?(request: PayoutRequest): Promise<{ providerPayoutId?: string }>;
  /** the provider's current answer for a payout's reference */
  queryPayout?(reference: string): Promise<StatusAnswer>;
  /** checks a payout callback's signature and reads it; throws DomainError("invalid-signature") for a forged one */
  verifyPayoutCallback?(body: unknown, rawBody: string, headers: CallbackHeaders): Promise<VerifiedCallback>;
  /** delivers again a payout callback recorded but not taken (an in-process provider, as redeliverCallback) */
  redeliverPayoutCallback?(reference: string): Promise<boolean>;
}

/**
 * How a provider's callback reaches the shop: for ClickPesa an HTTP POST to the webhook route; for
 * the built-in sandbox, the composition root hands the signed body straight to the same handler in
 * process (like an HTTP callback: the same raw body and signature header, the same verification).
 */
export type DeliverCallback = (provider: string, rawBody: string, headers: Record<string, string>) => Promise<void>;
