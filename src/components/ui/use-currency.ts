"use client";

import { DEFAULT_CURRENCY, isCurrency, type Currency } from "@/lib/money";
import { CURRENCY_KEY } from "@/lib/browser-storage";
import { useLocalValue, writeLocal } from "./local-store";

export function useCurrency(): [Currency, (c: Currency) => void] {
  const stored = useLocalValue(CURRENCY_KEY);
  const currency = isCurrency(stored) ? stored : DEFAULT_CURRENCY;
  return [currency, (c) => writeLocal(CURRENCY_KEY, c)];
}
