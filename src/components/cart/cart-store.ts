"use client";

import { CART_CHANGED_KEY } from "@/lib/browser-storage";
import { useEffect, useMemo } from "react";
import { api, isApiError } from "@/lib/api-client";
import { EMPTY_CART, type Cart } from "@/lib/guest-cart";
import { createStore } from "../ui/create-store";
import { useLocalValue, writeLocal } from "../ui/local-store";
import { useGuestCart } from "./use-guest-cart";

/** Whether this page was rendered for a signed-in shopper (set once by the layout). */
export const signedInStore = createStore(false);
/** The signed-in shopper's server cart, as last read. */
export const serverCart = createStore<Cart | null>(null);

export async function refreshServerCart(): Promise<void> {
  try {
    serverCart.set(await api.cart.get());
  } catch (error) {
    // signed out meanwhile: no server cart; any other failure (offline) keeps what is shown
    if (isApiError(error, "unauthenticated")) serverCart.set(null);
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
