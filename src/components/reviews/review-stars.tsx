"use client";

import { useFormatter, useTranslations } from "use-intl";
import { cx } from "../ui/cx";

/**
 * A review's (or the average's) stars, drawn by the shared .star-row CSS: the rating rounded to the
 * nearest half star is filled, read out as "Rated 4.5 out of 5". Only for a rating that exists: a
 * product without reviews shows no stars at all (the summary says "No reviews yet" instead).
 */
export function ReviewStars({ rating, large, className }: { rating: number; large?: boolean; className?: string }) {
  const t = useTranslations("catalog.stars");
  const format = useFormatter();
  const filled = Math.max(0, Math.min(5, Math.round(rating * 2) / 2));
  return (
    <span
      className={cx("star-row shrink-0", large && "origin-left scale-125", className)}
      role="img"
      aria-label={t("rated", { rating: format.number(rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}
      style={{ "--filled": filled } as React.CSSProperties}
    />
  );
}
