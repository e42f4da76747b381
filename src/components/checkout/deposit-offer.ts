import { DEPOSIT_PAYMENT_METHODS, depositSplit, type BackOrderPaymentChoice, type BackOrderPlan, type DepositSplit } from "@/lib/back-orders";
import type { PaymentMethod } from "@/lib/checkout";

/**
 * Whether this checkout may pay a deposit for its waiting goods, and how much: nothing to offer
 * where the shop takes back-orders paid in full or nothing waits; "method" where the shop would
 * take a deposit but not with the chosen way of paying (only one the provider confirms by itself
 * can carry the balance's second payment); else the split the server will make, by the same rule.
 */
export type DepositOffer = { kind: "none" } | { kind: "method"; percent: number } | { kind: "offered"; percent: number; split: DepositSplit };

/** The checkout's figures the split is made of: the server's quote's once it answered, the shared rules' until then. */
export interface DepositFigures {
  total: number;
  deliveryFee: number;
  /** the cart's lines in cart order, each with its gross (after the coupon and coins where the quote says so) */
  lines: readonly { productId: number; variantId: string; quantity: number; gross: number }[];
}

export function depositOffer({ plan, payment, figures }: { plan: BackOrderPlan | null; payment: PaymentMethod | null; figures: DepositFigures }): DepositOffer {
  if (!plan || plan.payment !== "deposit" || !plan.lines.some((l) => l.waiting > 0)) return { kind: "none" };
  const percent = plan.depositPercent;
  if (!payment || !(DEPOSIT_PAYMENT_METHODS as readonly string[]).includes(payment)) return { kind: "method", percent };
  const waitingOf = new Map(plan.lines.map((l) => [`${l.productId}:${l.variantId}`, l.waiting]));
  const split = depositSplit({
    total: figures.total,
    lines: figures.lines.map((l) => ({ gross: l.gross, quantity: l.quantity, waiting: waitingOf.get(`${l.productId}:${l.variantId}`) ?? 0 })),
    deliveryFee: figures.deliveryFee,
    percent,
  });
  return split ? { kind: "offered", percent, split } : { kind: "none" };
}

/** The deposit the order goes with: the shopper's choice while a deposit is offered, else none (paid in full). */
export function chosenDeposit(offer: DepositOffer, choice: BackOrderPaymentChoice): DepositSplit | null {
  return offer.kind === "offered" && choice === "deposit" ? offer.split : null;
}
