/**
 * Filled stars: the floor of the rating. Drawn by CSS from one star image (globals.css
 * .star-row) instead of five inline SVGs per card: a grid of 20 cards is ~60 KB lighter.
 */
export function Stars({ rating, reviews }: { rating: number; reviews: number }) {
  const filled = Math.max(0, Math.min(5, Math.floor(rating)));
  return (
    <div className="flex flex-wrap items-center gap-x-1 text-[11px] text-[var(--muted-fg)] sm:text-xs">
      <span className="star-row" role="img" aria-label={`Rated ${rating.toFixed(1)} out of 5`} style={{ "--filled": filled } as React.CSSProperties} />
      <span>({reviews.toLocaleString("en-US")})</span>
    </div>
  );
}
