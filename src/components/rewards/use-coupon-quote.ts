"use client";

import { useEffect, useState } from "react";
import { api } from "@/lib/api-client";
import type { CouponQuote } from "@/lib/coupons";
import { saveCoupon, useSavedCoupon } from "./coupon-storage";

/**
 * The cart's coupon: the code remembered for this tab, checked against the signed-in shopper's cart
 * by the checkout quote (again whenever the cart changes), and remembered for the checkout.
 */
export function useCartCoupon(signedIn: boolean, cartKey: string) {
  const code = useSavedCoupon();
  const [answer, setAnswer] = useState<{ key: string; coupon: CouponQuote | null } | null>(null);
  const key = `${code ?? ""}|${cartKey}`;

  useEffect(() => {
    if (!signedIn || !code) return;
    const controller = new AbortController();
    api.checkout
      .quote({ couponCode: code }, { signal: controller.signal })
      .then(({ quote }) => setAnswer({ key, coupon: quote.coupon }))
      .catch(() => {
        if (!controller.signal.aborted) setAnswer({ key, coupon: null });
      });
    return () => controller.abort();
  }, [signedIn, code, key]);

  const current = answer?.key === key ? answer : null;
  return {
    code,
    status: current?.coupon ?? null,
    busy: Boolean(signedIn && code && !current),
    apply: (next: string) => saveCoupon(next),
    remove: () => saveCoupon(null),
  };
}
