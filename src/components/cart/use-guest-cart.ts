"use client";

import { useMemo } from "react";
import { GUEST_CART_KEY, parseGuestCart, type GuestCart } from "@/lib/guest-cart";
import { readLocal, useLocalValue, writeLocal } from "../ui/local-store";

export function useGuestCart(): GuestCart {
  const text = useLocalValue(GUEST_CART_KEY);
  return useMemo(() => parseGuestCart(text), [text]);
}

export function readGuestCart(): GuestCart {
  return parseGuestCart(readLocal(GUEST_CART_KEY));
}

export function saveGuestCart(cart: GuestCart): void {
  writeLocal(GUEST_CART_KEY, JSON.stringify(cart));
}
