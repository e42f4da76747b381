"use client";

import { CURRENCY_KEY } from "@/lib/browser-storage";
import { DEFAULT_CURRENCY, isCurrency, type Currency } from "@/lib/money";
import { PREFERENCE_COOKIES } from "@/lib/preferences";
import { useLocalValue, writeLocal } from "../stores/local-store";
import { useServerPreferences, writePreferenceCookie } from "../ui/preferences";

/** The shopper's currency: localStorage (the spec's key), mirrored in a cookie the server renders with. */
export function useCurrency(): [Currency, (c: Currency) => void] {
  const stored = useLocalValue(CURRENCY_KEY, useServerPreferences().currency);
  const currency = isCurrency(stored) ? stored : DEFAULT_CURRENCY;
  return [
    currency,
    (c) => {
      writePreferenceCookie(PREFERENCE_COOKIES.currency, c);
      writeLocal(CURRENCY_KEY, c);
    },
  ];
}
