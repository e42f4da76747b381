"use client";

import { useFormatter, useTranslations } from "use-intl";
import type { RatingSummary } from "@/lib/reviews";
import { cx } from "../ui/cx";
import { ReviewStars } from "./review-stars";

/**
 * A product's rating as its published reviews make it: the average, the count and one bar per
 * number of stars. With `onStars` each bar filters the list to that many stars (`stars` marks the
 * chosen one). No reviews: the words "No reviews yet", never zero stars.
 */
export function RatingSummaryView({ summary, stars, onStars }: { summary: RatingSummary; stars?: number | null; onStars?: (stars: number | null) => void }) {
  const t = useTranslations("catalog.reviews");
  const format = useFormatter();
  if (summary.count === 0)
    return (
      <p className="text-sm text-[var(--muted-fg)]" data-testid="reviews-none">
        {t("none")}
      </p>
    );
  return (
    <div className="grid gap-4 sm:grid-cols-[10rem_1fr] sm:items-center" data-testid="reviews-summary">
      <div>
        <p className="text-3xl font-bold" data-testid="reviews-average">
          {format.number(summary.average, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
        </p>
        <ReviewStars rating={summary.average} />
        <p className="text-sm text-[var(--muted-fg)]" data-testid="reviews-count">
          {t("count", { count: summary.count })}
        </p>
      </div>
      <ul className="space-y-1 text-sm" aria-label={t("distribution")}>
        {[5, 4, 3, 2, 1].map((n) => {
          const count = summary.distribution[n - 1] ?? 0;
          const share = summary.count ? Math.round((count / summary.count) * 100) : 0;
          const label = t("barLabel", { stars: n, count, share });
          const bar = (
            <>
              <span className="w-14 shrink-0 text-left">{t("starsShort", { stars: n })}</span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-[var(--surface)]" aria-hidden>
                <span className="block h-full rounded-full bg-amber-400" style={{ width: `${share}%` }} />
              </span>
              <span className="w-10 shrink-0 text-right text-[var(--muted-fg)] tabular-nums">{format.number(count)}</span>
            </>
          );
          return (
            <li key={n}>
              {onStars ? (
                <button
                  type="button"
                  onClick={() => onStars(stars === n ? null : n)}
                  aria-pressed={stars === n}
                  // named by the text it shows (WCAG 2.5.3, "label in name"); the whole sentence is its title
                  title={label}
                  disabled={count === 0}
                  className={cx(
                    "flex w-full items-center gap-2 rounded px-1 py-0.5 hover:bg-[var(--surface)] disabled:cursor-default disabled:hover:bg-transparent",
                    stars === n && "bg-[var(--surface)] font-semibold",
                  )}
                >
                  {bar}
                </button>
              ) : (
                <span className="flex items-center gap-2 px-1 py-0.5" role="img" aria-label={label}>
                  {bar}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
