"use client";

import { CURRENCIES, isCurrency } from "@/lib/money";
import { useCurrency } from "../ui/use-currency";

export function CurrencySelect() {
  const [currency, setCurrency] = useCurrency();
  return (
    <select
      aria-label="Currency"
      value={currency}
      onChange={(e) => isCurrency(e.target.value) && setCurrency(e.target.value)}
      className="h-10 rounded-lg border border-[var(--border)] bg-[var(--page-bg)] px-1 text-sm"
    >
      {CURRENCIES.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </select>
  );
}
