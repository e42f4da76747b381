"use client";

import { useEffect, useState } from "react";
import { api } from "@/lib/api-client";
import type { CouponQuote } from "@/lib/coupons";
import { readSavedCoupon, saveCoupon } from "./coupon-storage";

/**
 * The cart's coupon: the code remembered for this tab, checked against the signed-in shopper's cart
 * by the checkout quote (again whenever the cart changes), and remembered for the checkout.
 */
export function useCartCoupon(signedIn: boolean, cartKey: string) {
  const [code, setCode] = useState<string | null>(null);
  const [status, setStatus] = useState<CouponQuote | null>(null);
  const [busy, setBusy] = useState(false);

  // read after hydration: the server's HTML has no code
  useEffect(() => setCode(readSavedCoupon()), []);

  useEffect(() => {
    if (!signedIn || !code) return;
    const controller = new AbortController();
    setBusy(true);
    api.checkout
      .quote({ couponCode: code }, { signal: controller.signal })
      .then(({ quote }) => setStatus(quote.coupon))
      .catch(() => undefined)
      .finally(() => {
        if (!controller.signal.aborted) setBusy(false);
      });
    return () => controller.abort();
  }, [signedIn, code, cartKey]);

  return {
    code,
    status: status && status.code === code ? status : null,
    busy,
    apply: (next: string) => {
      setStatus(null);
      setCode(next);
      saveCoupon(next);
    },
    remove: () => {
      setCode(null);
      setStatus(null);
      saveCoupon(null);
    },
  };
}
