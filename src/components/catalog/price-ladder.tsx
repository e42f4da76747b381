"use client";

import { useTranslations } from "use-intl";
import { formatMoney, type Currency } from "@/lib/money";
import { stepAt, type PriceLadder } from "@/lib/price-breaks";

/**
 * The product page's prices by quantity, compact: "1+ TSh 3,000 · 10+ TSh 2,600 · 100+ TSh 2,200"
 * as a two-row table (quantities, prices), the step the chosen quantity reaches marked. Says when
 * the prices are the shop's quantity discount rather than the product's own, and when they are
 * per pack. Nothing for a ladder of one step.
 */
export function PriceLadderTable({
  ladder,
  quantity,
  packSize,
  currency,
}: {
  /** null: not known yet (a choice of options that leaves the price open) */
  ladder: PriceLadder | null;
  quantity: number;
  packSize: number;
  currency: Currency;
}) {
  const t = useTranslations("catalog.priceBreaks");
  if (!ladder || ladder.steps.length < 2)
    return packSize > 1 ? (
      <p className="mt-2 text-xs text-[var(--muted-fg)]" data-testid="pack-note">
        {t("packOnly", { size: packSize })}
      </p>
    ) : null;
  const current = stepAt(ladder, quantity);
  const shop = ladder.source === "shop";
  return (
    <section aria-labelledby="price-ladder-heading" className="mt-3" data-testid="price-ladder" data-source={ladder.source}>
      <h2 id="price-ladder-heading" className="text-sm font-semibold">
        {shop ? t("headingShop") : t("heading")}
      </h2>
      <div className="mt-1 overflow-x-auto">
        <table className="border-collapse text-sm tabular-nums">
          <tbody>
            <tr>
              <th scope="row" className="pr-3 text-left text-xs font-medium text-[var(--muted-fg)]">
                {t("quantity")}
              </th>
              {ladder.steps.map((step, i) => (
                <td
                  key={step.minQuantity}
                  className={`border-l border-[var(--border)] px-3 py-0.5 text-center ${i === current ? "font-semibold text-brand" : ""}`}
                  aria-current={i === current ? "true" : undefined}
                >
                  {t("step", { quantity: step.minQuantity })}
                  {i === current && <span className="sr-only"> ({t("yours")})</span>}
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row" className="pr-3 text-left text-xs font-medium text-[var(--muted-fg)]">
                {packSize > 1 ? t("perPack") : t("each")}
              </th>
              {ladder.steps.map((step, i) => (
                <td
                  key={step.minQuantity}
                  className={`border-l border-[var(--border)] px-3 py-0.5 text-center whitespace-nowrap ${i === current ? "font-semibold text-brand" : ""}`}
                  data-testid="price-ladder-price"
                >
                  {formatMoney(step.price, currency)}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      {packSize > 1 && <p className="mt-1 text-xs text-[var(--muted-fg)]">{t("packNote", { size: packSize })}</p>}
      {shop && <p className="mt-1 text-xs text-[var(--muted-fg)]">{t("shopNote")}</p>}
    </section>
  );
}
