"use client";

import { useMemo } from "react";
import { GUEST_CART_KEY, parseGuestCart, serializeGuestCart, type Cart } from "@/lib/guest-cart";
import { PREFERENCE_COOKIES } from "@/lib/preferences";
import { readLocal, useLocalValue, writeLocal } from "../stores/local-store";
import { writePreferenceCookie } from "../ui/preferences";

export function useGuestCart(): Cart {
  const text = useLocalValue(GUEST_CART_KEY);
  return useMemo(() => parseGuestCart(text), [text]);
}

export function readGuestCart(): Cart {
  return parseGuestCart(readLocal(GUEST_CART_KEY));
}

export function saveGuestCart(cart: Cart): void {
  // the count in a cookie too: the next page's header is rendered with it
  writePreferenceCookie(PREFERENCE_COOKIES.guestCartCount, String(cart.totals.total_items));
  writeLocal(GUEST_CART_KEY, serializeGuestCart(cart));
}
