"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import type { ReviewModerationMode } from "@/lib/reviews";
import { Button } from "../ui/button";
import { ReviewDialog, type OwnReview } from "./review-form";

/** What the buyer may do about one product of the order: write, edit theirs, or nothing (not known, or not allowed). */
type LineState = { mine: OwnReview | null; canReview: boolean } | "unknown";

interface Props {
  /** the order's lines (a review is per product, whatever option was bought: one entry per product) */
  lines: readonly { productId: number; name: string }[];
  /** a guest's order: its signed link's token stands for the sign-in */
  token?: string;
  moderation: ReviewModerationMode;
}

/**
 * A delivered order's "Review your purchase" panel: each product with "Write a review" (or "Edit
 * your review" once written). A signed-in buyer's page reads per product whether they have written
 * one; a guest's (the signed link) cannot be told apart from any visitor by the list, so each
 * product offers the form, and a second review is refused with words saying so.
 */
export function OrderReviews({ lines: orderLines, token, moderation }: Props) {
  const lines = orderLines.filter((line, i) => orderLines.findIndex((other) => other.productId === line.productId) === i);
  const t = useTranslations("orders.reviews");
  const [states, setStates] = useState<Record<number, LineState>>({});

  useEffect(() => {
    if (token) return;
    const controller = new AbortController();
    for (const line of lines)
      api.reviews
        .list(line.productId, { limit: 1 }, { signal: controller.signal })
        .then((list) => setStates((now) => ({ ...now, [line.productId]: { mine: list.mine, canReview: list.canReview } })))
        // the order page stands without this: the line then offers the form, whose answer says what is wrong
        .catch(() => undefined);
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the lines of one order page do not change
  }, [token]);

  return (
    <section aria-labelledby="order-reviews-heading" className="rounded-xl border border-[var(--border)] p-4 text-sm" data-testid="order-reviews">
      <h2 id="order-reviews-heading" className="mb-1 text-base font-semibold">
        {t("title")}
      </h2>
      <p className="mb-3 text-[var(--muted-fg)]">{t("intro")}</p>
      <ul className="space-y-3">
        {lines.map((line) => {
          const state = states[line.productId] ?? "unknown";
          const mine = state === "unknown" ? null : state.mine;
          const closed = state !== "unknown" && !state.mine && !state.canReview;
          return (
            <li
              key={line.productId}
              className="flex flex-wrap items-center justify-between gap-2"
              data-testid="order-review-line"
              data-product-id={line.productId}
            >
              <span className="min-w-0 flex-1 break-words">{line.name}</span>
              {mine && <span className="text-xs text-[var(--muted-fg)]">{t(`status.${mine.status}`)}</span>}
              {!closed && (
                <ReviewDialog
                  productId={line.productId}
                  productName={line.name}
                  existing={mine}
                  orderLink={token}
                  moderation={moderation}
                  onSaved={(review) => setStates((now) => ({ ...now, [line.productId]: { mine: review, canReview: false } }))}
                  trigger={
                    <Button variant="secondary" size="sm" className="text-sm" data-testid="order-review-write">
                      {mine ? t("edit") : t("write")}
                    </Button>
                  }
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
