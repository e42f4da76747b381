"use client";

import { useTranslations } from "use-intl";
import { formatMoney } from "@/lib/money";
import { PCB_LIMITS, type PcbPricing, type pcbPrice } from "@/lib/pcb-pricing";

/** The PCB's indicative price as the shopper types, with what it is made of. */
export function PriceBox({ pricing, price }: { pricing: PcbPricing; price: ReturnType<typeof pcbPrice> }) {
  const t = useTranslations("requests.price");
  const money = (n: number) => formatMoney(n, "TZS");
  return (
    <section aria-labelledby="pcb-price-title" className="rounded-xl border border-[var(--border)] bg-[var(--surface)] p-4" data-testid="pcb-price">
      <h3 id="pcb-price-title" className="text-sm font-semibold">
        {t("title")}
      </h3>
      <div aria-live="polite">
        {price ? (
          <>
            <p className="mt-1 text-2xl font-bold" data-testid="pcb-price-total">
              {t("total", { price: money(price.total) })}
            </p>
            <ul className="mt-1 text-xs text-[var(--muted-fg)]">
              <li>{t("area", { area: price.areaCm2 })}</li>
              {price.percentOff > 0 && <li>{t("discount", { percent: price.percentOff })}</li>}
              <li>{t("setup", { fee: money(price.setupFee) })}</li>
              {price.minimumApplied && <li>{t("minimum", { minimum: money(pricing.minimumOrder) })}</li>}
            </ul>
          </>
        ) : (
          <p className="mt-1 text-sm">{t("invalid", { min: PCB_LIMITS.minMm, max: PCB_LIMITS.maxMm })}</p>
        )}
      </div>
      <p className="mt-2 text-sm">{t("note")}</p>
    </section>
  );
}
