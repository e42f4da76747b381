"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import { formatMoney } from "@/lib/money";

/**
 * A signed-in shopper's store credit at checkout: shown only when there is some, a box to use it.
 * The server spends at most the order's total (and refuses more than the balance); the provider is
 * asked for the rest. Not with pay on delivery.
 */
export function StoreCreditChoice({
  use,
  onUse,
  onBalance,
  disabled = false,
}: {
  use: boolean;
  onUse: (use: boolean) => void;
  onBalance: (balance: number) => void;
  disabled?: boolean;
}) {
  const t = useTranslations("checkout.storeCredit");
  const [balance, setBalance] = useState(0);
  useEffect(() => {
    let live = true;
    api.refunds
      .storeCredit()
      .then((answer) => {
        if (!live) return;
        setBalance(answer.balance);
        onBalance(answer.balance);
      })
      // no credit shown is the safe answer when it cannot be read: the order is paid as chosen
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [onBalance]);
  if (balance <= 0) return null;
  return (
    <label className="flex items-start gap-2 rounded-xl border border-[var(--border)] p-3 text-sm" data-testid="store-credit-choice">
      <input type="checkbox" className="mt-0.5" checked={use && !disabled} disabled={disabled} onChange={(e) => onUse(e.target.checked)} />
      <span>
        {t("use", { balance: formatMoney(balance, "TZS") })}
        {disabled && <span className="block text-xs text-[var(--muted-fg)]">{t("notOnDelivery")}</span>}
      </span>
    </label>
  );
}
