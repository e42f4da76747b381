/**
 * The coupon code a shopper applied in the cart, carried to the checkout for this browser tab
 * (sessionStorage: it ends with the tab, and the checkout checks it against the cart again).
 */
const KEY = "checkout_coupon";

export function readSavedCoupon(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function saveCoupon(code: string | null): void {
  try {
    if (code) sessionStorage.setItem(KEY, code);
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage blocked: the shopper types the code again at checkout
  }
}
