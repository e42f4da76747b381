"use client";

import { useTranslations } from "use-intl";
import { formatMoney } from "@/lib/money";
import type { CheckoutQuote } from "@/lib/orders";
import { Section } from "../checkout/section";
import { CouponField } from "./coupon-field";

/** The most coins a checkout asks the quote for: the quote answers how many the order can use. */
export const ALL_USABLE_COINS = 10_000_000;

interface Props {
  quote: CheckoutQuote | null;
  couponCode: string | null;
  onCoupon: (code: string | null) => void;
  useCoins: boolean;
  onUseCoins: (use: boolean) => void;
  busy: boolean;
  /** a guest: coins belong to accounts, so none are offered */
  guest?: boolean;
}

/** The checkout's coupon code and "use my coins", priced by the server's quote. */
export function CheckoutRewards({ quote, couponCode, onCoupon, useCoins, onUseCoins, busy, guest }: Props) {
  const t = useTranslations("rewards");
  const money = (n: number) => formatMoney(n, "TZS");
  const coins = quote?.coins;
  return (
    <Section id="rewards" title={t("coupon.section")}>
      <div className="space-y-4">
        <CouponField code={couponCode} status={quote?.coupon ?? null} busy={busy} onApply={(code) => onCoupon(code)} onRemove={() => onCoupon(null)} />
        {coins?.enabled && !guest && (
          <fieldset className="text-sm">
            <legend className="font-medium">{t("coins.legend")}</legend>
            {coins.balance === 0 ? (
              <p className="mt-1 text-[var(--muted-fg)]">{t("coins.none")}</p>
            ) : (
              <>
                <p className="mt-1">{t("coins.balance", { count: coins.balance, value: money(coins.balance * coins.coinValue) })}</p>
                <label className="mt-2 flex items-start gap-2">
                  <input
                    type="checkbox"
                    checked={useCoins}
                    disabled={coins.usable === 0}
                    onChange={(e) => onUseCoins(e.target.checked)}
                    className="mt-0.5 h-4 w-4 accent-[var(--brand)]"
                    aria-describedby="coins-usable"
                  />
                  <span>{t("coins.use")}</span>
                </label>
                <p id="coins-usable" className="mt-1 text-xs text-[var(--muted-fg)]">
                  {coins.usable === 0 ? t("coins.noneUsable") : t("coins.usable", { count: coins.usable, value: money(coins.usable * coins.coinValue) })}
                </p>
              </>
            )}
          </fieldset>
        )}
      </div>
    </Section>
  );
}
