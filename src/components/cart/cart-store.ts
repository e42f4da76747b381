"use client";

import { CART_CHANGED_KEY } from "@/lib/browser-storage";
import { useEffect, useMemo } from "react";
import { api, isApiError } from "@/lib/api-client";
import { EMPTY_CART, type Cart } from "@/lib/guest-cart";
import { createStore } from "../stores/create-store";
import { useLocalValue, writeLocal } from "../stores/local-store";
import { useGuestCart } from "./use-guest-cart";

/** Whether this page was rendered for a signed-in shopper (set once by the layout). */
export const signedInStore = createStore(false);
/** The signed-in shopper's server cart, as last read. */
export const serverCart = createStore<Cart | null>(null);

/** Changes shown here before the server confirmed them (an edit on /cart, a sign-out), counted. */
let localChanges = 0;
/** Reads of the server cart started, counted. */
let reads = 0;

/**
 * Shows a change of the server cart at once, before the server answers. A read started before it
 * no longer overwrites it: quick taps on /cart (one more, then remove) would otherwise see the
 * first tap's read, answered with the line still there, bring the removed line back.
 */
export function showServerCart(cart: Cart | null): void {
  localChanges++;
  serverCart.set(cart);
}

/**
 * Reads the server cart and shows it, unless it is stale by the time it arrives: a later read
 * started meanwhile (answers can arrive out of order) or a change was shown meanwhile (its own
 * read follows it).
 */
export async function refreshServerCart(): Promise<void> {
  const read = ++reads;
  const changesBefore = localChanges;
  const newest = () => read === reads && changesBefore === localChanges;
  try {
    const cart = await api.cart.get();
    if (newest()) serverCart.set(cart);
  } catch (error) {
    // signed out meanwhile: no server cart; any other failure (offline) keeps what is shown
    if (isApiError(error, "unauthenticated") && newest()) serverCart.set(null);
  }
}

export function announceCartChange(): void {
  writeLocal(CART_CHANGED_KEY, String(Date.now()));
}

/** The cart the header and /cart show: the server's when signed in, else the guest cart. */
export function useCart(): { cart: Cart; signedIn: boolean; loading: boolean } {
  const signedIn = signedInStore.use();
  const guest = useGuestCart();
  const server = serverCart.use();
  const changed = useLocalValue(CART_CHANGED_KEY);
  useEffect(() => {
    if (signedIn) void refreshServerCart();
  }, [signedIn, changed]);
  return useMemo(
    () => (signedIn ? { cart: server ?? EMPTY_CART, signedIn, loading: server === null } : { cart: guest, signedIn, loading: false }),
    [signedIn, server, guest],
  );
}
