"use client";

import { useSyncExternalStore } from "react";

/**
 * The coupon code a shopper applied in the cart, carried to the checkout for this browser tab
 * (sessionStorage: it ends with the tab, and the checkout checks it against the cart again).
 */
const KEY = "checkout_coupon";
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function readSavedCoupon(): string | null {
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
  listeners.forEach((l) => l());
}

/** The remembered code (none in the server's HTML; read from the tab's storage after hydration). */
export function useSavedCoupon(): string | null {
  return useSyncExternalStore(subscribe, readSavedCoupon, () => null);
}
