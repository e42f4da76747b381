"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import { REVIEW_SORTS, type ReviewListView, type ReviewModerationMode, type ReviewSort } from "@/lib/reviews";
import { signedInStore } from "../cart/cart-store";
import { Button } from "../ui/button";
import { Field, Select } from "../ui/form";
import { RatingSummaryView } from "./rating-summary";
import { ReviewDialog, type OwnReview } from "./review-form";
import { ReviewItem } from "./review-item";

interface Props {
  /** `path`: the product page's address (its reviews page is under it) */
  product: { id: number; name: string; path: string };
  /** the first reviews as anyone sees them (the page is the same cached HTML for every guest) */
  initial: ReviewListView;
  moderation: ReviewModerationMode;
  /** how many reviews the section shows before "All reviews" */
  pageSize: number;
}

/**
 * The product page's reviews: the rating summary (no stars at all without reviews), the first
 * reviews with their sort and star filter, and a link to the product's reviews page. What is the
 * viewer's own (their review and its state, whether they may write one, their helpful marks) is
 * read in the browser after the page loads, never baked into the cached page.
 */
export function ProductReviews({ product, initial, moderation, pageSize }: Props) {
  const t = useTranslations("catalog.reviews");
  const signedIn = signedInStore.use();
  const [list, setList] = useState(initial);
  const [sort, setSort] = useState<ReviewSort>(initial.sort);
  const [stars, setStars] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const request = useRef<AbortController | null>(null);

  const load = async (next: { sort: ReviewSort; stars: number | null }) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setLoading(true);
    try {
      setList(await api.reviews.list(product.id, { sort: next.sort, stars: next.stars ?? undefined, limit: pageSize }, { signal: controller.signal }));
    } catch {
      // the reviews already shown stay; the section works without the viewer's parts
    } finally {
      if (request.current === controller) setLoading(false);
    }
  };

  // a signed-in viewer's own review, helpful marks and whether they may write one
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    api.reviews
      .list(product.id, { sort: initial.sort, limit: pageSize }, { signal: controller.signal })
      .then(setList)
      // the public reviews already shown stay; only the viewer's own parts are missing
      .catch(() => undefined);
    return () => controller.abort();
  }, [signedIn, product.id, initial.sort, pageSize]);

  const choose = (next: { sort: ReviewSort; stars: number | null }) => {
    setSort(next.sort);
    setStars(next.stars);
    void load(next);
  };
  const saved = async (review: OwnReview) => {
    setList((now) => ({ ...now, mine: review, canReview: false }));
    await load({ sort, stars });
  };

  const { summary, mine } = list;
  const allHref = `${product.path}/reviews`;
  return (
    <section aria-labelledby="reviews-heading" className="mt-10" data-testid="product-reviews">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="reviews-heading" className="text-lg font-semibold">
          {t("title")}
        </h2>
        {list.canReview && !mine && (
          <ReviewDialog
            productId={product.id}
            productName={product.name}
            moderation={moderation}
            onSaved={saved}
            trigger={
              <Button variant="secondary" size="sm" className="text-sm" data-testid="review-write">
                {t("write")}
              </Button>
            }
          />
        )}
      </div>
      <div className="mt-3">
        <RatingSummaryView summary={summary} stars={stars} onStars={(n) => choose({ sort, stars: n })} />
      </div>
      {mine && (
        <div className="mt-4 rounded-xl border border-[var(--border)] p-3 text-sm" data-testid="review-mine" data-status={mine.status}>
          <p className="font-semibold">{t(`mine.${mine.status}`)}</p>
          <ReviewDialog
            productId={product.id}
            productName={product.name}
            moderation={moderation}
            existing={mine}
            onSaved={saved}
            trigger={
              <Button variant="ghost" size="sm" className="mt-1 -ml-3 text-sm" data-testid="review-edit">
                {t("edit")}
              </Button>
            }
          />
        </div>
      )}
      {summary.count > 0 && (
        <>
          <div className="mt-4 flex flex-wrap items-end gap-3 text-sm">
            <Field id="reviews-sort" label={t("sort")} className="min-w-40 flex-1 sm:flex-none">
              {(control) => (
                <Select
                  {...control}
                  compact
                  value={sort}
                  onChange={(event) => choose({ sort: event.target.value as ReviewSort, stars })}
                  data-testid="reviews-sort"
                >
                  {REVIEW_SORTS.map((s) => (
                    <option key={s} value={s}>
                      {t(`sorts.${s}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id="reviews-stars" label={t("filter")} className="min-w-40 flex-1 sm:flex-none">
              {(control) => (
                <Select
                  {...control}
                  compact
                  value={stars ?? ""}
                  onChange={(event) => choose({ sort, stars: event.target.value ? Number(event.target.value) : null })}
                  data-testid="reviews-stars"
                >
                  <option value="">{t("allStars")}</option>
                  {[5, 4, 3, 2, 1].map((n) => (
                    <option key={n} value={n}>
                      {t("starsOnly", { stars: n })}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <div className="mt-2" aria-busy={loading || undefined} data-testid="reviews-list">
            {list.reviews.length === 0 ? (
              <p className="py-4 text-sm text-[var(--muted-fg)]">{t("noneWithStars")}</p>
            ) : (
              list.reviews.map((review) => <ReviewItem key={`${review.id}-${review.markedHelpful}`} review={review} productName={product.name} />)
            )}
          </div>
          <Link href={allHref} prefetch={false} className="mt-2 inline-block text-sm font-semibold text-brand hover:underline" data-testid="reviews-all">
            {t("all", { count: summary.count })}
          </Link>
        </>
      )}
    </section>
  );
}
