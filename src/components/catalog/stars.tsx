"use client";

import { useFormatter, useTranslations } from "use-intl";

/**
 * Filled stars: the floor of the rating. Drawn by CSS from one star image (globals.css
 * .star-row) instead of five inline SVGs per card: a grid of 20 cards is ~60 KB lighter.
 * A client component: the product page (a server page) and the listing's cards both show it.
 */
export function Stars({ rating, reviews }: { rating: number; reviews: number }) {
  const t = useTranslations("catalog.stars");
  const format = useFormatter();
  // a product nobody has reviewed shows no stars at all: five empty stars would read as a bad rating
  if (reviews <= 0) return null;
  const filled = Math.max(0, Math.min(5, Math.floor(rating)));
  return (
    <div className="flex flex-wrap items-center gap-x-1 text-[11px] text-[var(--muted-fg)] sm:text-xs">
      <span
        className="star-row"
        role="img"
        aria-label={t("rated", { rating: format.number(rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}
        style={{ "--filled": filled } as React.CSSProperties}
      />
      <span>{t("reviews", { count: reviews })}</span>
    </div>
  );
}
