import type { LineSource, RequestedLine } from "./cart-lines";

/**
 * Who is buying: a signed-in shopper (the cart, coins and addresses of the account) or a guest,
 * whose lines come with each request (the cart lives in the browser) and who is known by a mobile
 * number (unset while a quote is asked before the number is typed).
 */
export type Buyer = { kind: "account"; userId: number } | { kind: "guest"; phone: string | null; lines: readonly RequestedLine[] };

/** Whose coupon uses and earlier orders a per-shopper rule counts: the account, or a guest's number. */
export type CouponHolder = { userId: number } | { phone: string | null };

export const lineSourceOf = (buyer: Buyer): LineSource => (buyer.kind === "account" ? { userId: buyer.userId } : { lines: buyer.lines });

export const couponHolderOf = (buyer: Buyer): CouponHolder => (buyer.kind === "account" ? { userId: buyer.userId } : { phone: buyer.phone });

/** The account's id, or null for a guest (no coins, no saved addresses, no cart rows). */
export const accountOf = (buyer: Buyer): number | null => (buyer.kind === "account" ? buyer.userId : null);
