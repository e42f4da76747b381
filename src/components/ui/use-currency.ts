"use client";

import { DEFAULT_CURRENCY, isCurrency, type Currency } from "@/lib/money";
import { useLocalValue, writeLocal } from "./local-store";

export const CURRENCY_KEY = "preferred-currency";

export function useCurrency(): [Currency, (c: Currency) => void] {
  const stored = useLocalValue(CURRENCY_KEY);
  const currency = isCurrency(stored) ? stored : DEFAULT_CURRENCY;
  return [currency, (c) => writeLocal(CURRENCY_KEY, c)];
}
