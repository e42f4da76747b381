"use client";

import { useEffect, useMemo, useState } from "react";
import { api } from "@/lib/api-client";
import { deliveryOptions, orderTotals, type DeliveryMethod, type DeliveryOption } from "@/lib/checkout";
import type { CheckoutFormValues } from "@/lib/checkout-form";
import type { CheckoutQuote } from "@/lib/orders";
import { ALL_USABLE_COINS } from "../rewards/checkout-rewards";
import { useSavedCoupon } from "../rewards/coupon-storage";
import { normaliseTanzanianMobile } from "@/lib/phone";
import { requestedLines, type CheckoutLine, type CheckoutShop } from "./checkout-types";

const QUOTE_DELAY_MS = 250;

/** The first method that can be chosen, the cheapest first (pick-up last: it asks the shopper to travel). */
function firstAvailable(options: DeliveryOption[]): DeliveryMethod | null {
  const open = options.filter((o) => o.available);
  const delivered = open.filter((o) => o.method !== "pickup").sort((a, b) => a.fee - b.fee);
  return (delivered[0] ?? open[0])?.method ?? null;
}

/**
 * The delivery options, the method and the totals. They show at once from the same rules the server
 * uses (src/lib/checkout.ts) and are then confirmed by the server's quote, asked a moment after the
 * shopper stops changing the destination, the method, the coupon or the coins.
 */
export function useCheckoutQuote({
  lines,
  shop,
  values,
  clock,
  guest = false,
}: {
  lines: CheckoutLine[];
  shop: CheckoutShop;
  values: CheckoutFormValues;
  clock: Date;
  /** a guest: the lines go with the quote (the cart lives in the browser), and the number once typed (a coupon's per-shopper limit counts by it) */
  guest?: boolean;
}) {
  // the code applied in the cart or here, remembered for this tab; coupon and coins go with the quote and the order
  const couponCode = useSavedCoupon();
  const [useCoins, setUseCoins] = useState(false);
  const rewardsKey = `${couponCode ?? ""}|${useCoins ? "coins" : ""}`;
  const [quote, setQuote] = useState<{ key: string; quote: CheckoutQuote } | null>(null);

  // the delivery options for this cart and region, by the shared rules; the server's quote replaces
  // them when it answers for the same cart and region (a pick-up quote has no region: its options are not)
  const region = values.region || null;
  const cartKey = lines.map((l) => `${l.productId}:${l.variantId}:${l.quantity}:${l.unitPrice}`).join(",");
  const regionKey = `${region ?? ""}|${cartKey}`;
  const localOptions = useMemo(() => deliveryOptions(lines, region, clock, shop), [lines, region, clock, shop]);
  const quoteForRegion = quote?.key.startsWith(`${regionKey}|`) ? quote.quote : null;
  const options = quoteForRegion && quoteForRegion.method !== "pickup" ? quoteForRegion.options : localOptions;

  // the shopper's pick while the region allows it; otherwise, once a region is chosen, the cheapest method it allows
  const picked = options.find((o) => o.method === values.method && o.available);
  const method: DeliveryMethod | null = picked ? picked.method : region ? firstAvailable(options) : null;
  const chosen = options.find((o) => o.method === method);
  const guestPhone = guest ? (normaliseTanzanianMobile(values.phone) ?? "") : "";
  const quoteKey = `${regionKey}|${method ?? ""}|${guestPhone}|${rewardsKey}`;
  const serverQuote = quote?.key === quoteKey ? quote.quote : null;
  // the coupon's and the coins' figures come from the server only (the last quote for them while a new one is asked)
  const rewardsQuote = serverQuote ?? (quote?.key.endsWith(`|${rewardsKey}`) ? quote.quote : null);

  const fee = chosen?.available ? chosen.fee : 0;
  const local = orderTotals(lines, fee, method === "pickup" ? null : region, shop.vatRates);
  const total = serverQuote?.total ?? local.total;
  const shown = {
    subtotal: serverQuote?.subtotal ?? local.subtotal,
    deliveryFee: serverQuote?.deliveryFee ?? local.deliveryFee,
    vatTotal: serverQuote?.vatTotal ?? local.vatTotal,
    rate: (serverQuote?.vatRateBp ?? local.rateBp) / 100,
  };

  // the server's figure for this destination and method, a moment after the shopper stops changing them
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.checkout
        .quote(
          {
            region: method === "pickup" ? null : region,
            method,
            couponCode: couponCode ?? undefined,
            coinsToSpend: useCoins && !guest ? ALL_USABLE_COINS : undefined,
            ...(guest ? { lines: requestedLines(lines), guest: guestPhone ? { phone: guestPhone } : {} } : {}),
          },
          { signal: controller.signal },
        )
        .then(({ quote: answer }) => setQuote({ key: quoteKey, quote: answer }))
        .catch(() => undefined); // the shared rules' figures stay; placing the order checks the total anyway
    }, QUOTE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // lines and the number are in quoteKey
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [quoteKey, region, method, couponCode, useCoins, guest]);

  return {
    options,
    method,
    serverQuote,
    rewardsQuote,
    total,
    shown,
    couponCode,
    useCoins,
    setUseCoins,
    rewardsKey,
    /** Takes a quote the server sent with a refusal as the one for what the form shows now. */
    accept: (next: CheckoutQuote) => setQuote({ key: quoteKey, quote: next }),
  };
}

export type CheckoutQuoteState = ReturnType<typeof useCheckoutQuote>;
