import { randomInt } from "node:crypto";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/**
 * A payment reference: the order number without its dashes and four random characters, e.g.
 * KE2026000123A1B2. ClickPesa's orderReference must be alphanumeric and unique per attempt, and the
 * shop's number in it lets a person find the order from a provider's statement. The characters
 * that look alike (0/O, 1/I) are left out, for references read aloud over the phone.
 */
export function newPaymentReference(orderNumber: string): string {
  let suffix = "";
  for (let i = 0; i < 4; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `${orderNumber.replace(/[^A-Za-z0-9]/g, "").toUpperCase()}${suffix}`;
}

/** What a reference looks like (routes refuse anything else before touching the database). */
export const PAYMENT_REFERENCE_PATTERN = /^[A-Z0-9]{8,40}$/;
