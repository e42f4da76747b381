"use client";

import { useTranslations } from "use-intl";
import type { CartVariantLine } from "@/lib/guest-cart";
import { nextBreak, stepAt } from "@/lib/price-breaks";

/**
 * Under a cart line's price: whose quantity price it is at (the product's own, or the shop's
 * quantity discount) with the price of one alone, and the next step as a button that takes the
 * line to it ("Add 3 more for TSh 2,600 each"), where the stock allows it.
 */
export function LinePricing({
  line,
  max,
  money,
  onSetQuantity,
}: {
  line: CartVariantLine;
  /** the most the line can hold (its stock, at most 999) */
  max: number;
  money: (amount: number) => string;
  onSetQuantity: (quantity: number) => void;
}) {
  const t = useTranslations("cart.pricing");
  const ladder = line.pricing;
  if (!ladder || ladder.steps.length < 2) return null;
  const shop = ladder.source === "shop";
  const step = ladder.steps[stepAt(ladder, line.quantity)]!;
  const next = nextBreak(ladder, line.quantity);
  return (
    <>
      {step.minQuantity > 1 && (
        <p className="text-xs text-emerald-800 dark:text-emerald-300" data-testid="line-break" data-source={ladder.source}>
          {t(shop ? "shop" : "product", { quantity: step.minQuantity, price: money(ladder.steps[0]!.price) })}
        </p>
      )}
      {next && next.minQuantity <= max && (
        <button
          type="button"
          onClick={() => onSetQuantity(next.minQuantity)}
          className="text-left text-xs font-medium text-brand underline-offset-2 hover:underline"
          data-testid="line-next-break"
        >
          {t(shop ? "addMoreShop" : "addMore", { more: next.more, price: money(next.price) })}
        </button>
      )}
    </>
  );
}
