"use client";

import { useMemo } from "react";
import { GUEST_CART_KEY, parseGuestCart, serializeGuestCart, type Cart } from "@/lib/guest-cart";
import { readLocal, useLocalValue, writeLocal } from "../ui/local-store";

export function useGuestCart(): Cart {
  const text = useLocalValue(GUEST_CART_KEY);
  return useMemo(() => parseGuestCart(text), [text]);
}

export function readGuestCart(): Cart {
  return parseGuestCart(readLocal(GUEST_CART_KEY));
}

export function saveGuestCart(cart: Cart): void {
  writeLocal(GUEST_CART_KEY, serializeGuestCart(cart));
}
