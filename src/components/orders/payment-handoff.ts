"use client";

import { useMemo, useSyncExternalStore } from "react";
import type { PaymentStart } from "@/lib/orders";

/**
 * How to pay, handed from the checkout to the order page in this tab: the POST's answer carries the
 * sandbox or redirect address, which the order itself does not. Session storage: it ends with the
 * tab and never leaves the browser.
 */
export interface PaymentHandoff {
  /** null: a bank transfer, or the provider could not be reached (the order is kept; the page offers to pay again) */
  payment: PaymentStart | null;
}

const key = (number: string) => `order_payment:${number}`;

export function saveHandoff(number: string, handoff: PaymentHandoff): void {
  try {
    sessionStorage.setItem(key(number), JSON.stringify(handoff));
  } catch {
    // storage off (private modes): the order page works from the order alone
  }
}

const noSubscription = () => () => undefined;

/** The handoff of an order in this tab, read after hydration (the server has none). */
export function useHandoff(number: string): PaymentHandoff | null {
  const text = useSyncExternalStore(
    noSubscription,
    () => {
      try {
        return sessionStorage.getItem(key(number));
      } catch {
        return null;
      }
    },
    () => null,
  );
  return useMemo(() => {
    if (!text) return null;
    try {
      const value = JSON.parse(text) as PaymentHandoff;
      return value && typeof value === "object" ? value : null;
    } catch {
      return null;
    }
  }, [text]);
}
