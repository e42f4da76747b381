"use client";

import { useTranslations } from "use-intl";
import { CURRENCIES, isCurrency } from "@/lib/money";
import { useCurrency } from "../hooks/use-currency";

export function CurrencySelect() {
  const [currency, setCurrency] = useCurrency();
  const t = useTranslations("common");
  return (
    <select
      aria-label={t("currency")}
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
