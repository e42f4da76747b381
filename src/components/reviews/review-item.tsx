"use client";

import { useState } from "react";
import { BadgeCheck, Flag, ThumbsUp } from "lucide-react";
import { useFormatter, useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import { DATE_FORMATS } from "@/lib/date-format";
import type { ReviewView } from "@/lib/reviews";
import { openAuthDialog } from "../auth/auth-dialog-state";
import { signedInStore } from "../cart/cart-store";
import { useErrorText } from "../i18n/error-text";
import { Dialog, DialogContent, DialogTrigger } from "../ui/dialog";
import { cx } from "../ui/cx";
import { toast } from "../ui/toaster";
import { ReviewStars } from "./review-stars";

/**
 * One published review: its stars, title and text (always as text: whatever a reviewer typed, markup
 * included, is shown as the characters they typed), who wrote it and when, its language, whether it
 * is a verified purchase or one of the demo data's reviews, the option bought, its photos (a
 * thumbnail opens the photo larger), the shop's public answer, and "Helpful (n)" and "Report".
 */
export function ReviewItem({ review, productName }: { review: ReviewView; productName: string }) {
  const t = useTranslations("catalog.reviews");
  const format = useFormatter();
  const signedIn = signedInStore.use();
  const errorText = useErrorText();
  const [helpful, setHelpful] = useState({ count: review.helpfulCount, marked: review.markedHelpful });
  const [reported, setReported] = useState(false);
  const [busy, setBusy] = useState<"helpful" | "report" | null>(null);

  const toggleHelpful = async () => {
    if (!signedIn) {
      openAuthDialog("login");
      return;
    }
    setBusy("helpful");
    try {
      const answer = await api.reviews.helpful(review.productId, review.id);
      setHelpful({ count: answer.helpfulCount, marked: answer.markedHelpful });
    } catch (error) {
      toast({ title: errorText(error, t("helpfulFailed")), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };

  const report = async () => {
    setBusy("report");
    try {
      await api.reviews.report(review.productId, review.id);
      setReported(true);
      toast({ title: t("reported") });
    } catch (error) {
      toast({ title: errorText(error, t("reportFailed")), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };

  return (
    <article className="border-b border-[var(--border)] py-4 text-sm last:border-b-0" data-testid="review" data-review-id={review.id}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <ReviewStars rating={review.rating} />
        {review.title && (
          <h3 className="font-semibold break-words" data-testid="review-title">
            {review.title}
          </h3>
        )}
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-[var(--muted-fg)]">
        <span>{t("byOn", { name: review.authorName, date: format.dateTime(new Date(review.createdAt), DATE_FORMATS.date) })}</span>
        <span lang={review.locale}>{t(`language.${review.locale}`)}</span>
        {review.verifiedPurchase && (
          <span className="inline-flex items-center gap-1 font-semibold text-emerald-700 dark:text-emerald-400" data-testid="review-verified">
            <BadgeCheck className="h-3.5 w-3.5" aria-hidden />
            {t("verified")}
          </span>
        )}
        {review.demo && (
          <span className="rounded bg-[var(--surface)] px-1.5 py-0.5 font-semibold" data-testid="review-demo">
            {t("demo")}
          </span>
        )}
      </p>
      {review.variantLabel && <p className="mt-1 text-xs text-[var(--muted-fg)]">{t("option", { option: review.variantLabel })}</p>}
      {review.body && (
        <p className="mt-2 leading-relaxed break-words whitespace-pre-line" lang={review.locale} data-testid="review-body">
          {review.body}
        </p>
      )}
      {review.photos.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={t("photos")}>
          {review.photos.map((src, i) => (
            <li key={src}>
              <ReviewPhoto src={src} alt={t("photoAlt", { index: i + 1, product: productName })} />
            </li>
          ))}
        </ul>
      )}
      {review.shopAnswer && (
        <div className="mt-3 rounded-lg bg-[var(--surface)] p-3" data-testid="review-shop-answer">
          <p className="text-xs font-semibold">{t("shopAnswer", { date: format.dateTime(new Date(review.shopAnswer.at), DATE_FORMATS.date) })}</p>
          <p className="mt-1 break-words whitespace-pre-line">{review.shopAnswer.body}</p>
        </div>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={() => void toggleHelpful()}
          aria-pressed={helpful.marked}
          disabled={busy !== null || review.mine}
          className={cx(
            "inline-flex h-9 items-center gap-1.5 rounded-lg border border-[var(--border)] px-3 text-xs font-semibold hover:bg-[var(--surface)] disabled:opacity-60",
            helpful.marked && "border-brand text-brand",
          )}
          data-testid="review-helpful"
        >
          <ThumbsUp className="h-3.5 w-3.5" fill={helpful.marked ? "currentColor" : "none"} aria-hidden />
          {t("helpful", { count: helpful.count })}
        </button>
        {!review.mine && (
          <button
            type="button"
            onClick={() => void report()}
            disabled={busy !== null || reported}
            className="inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-xs text-[var(--muted-fg)] hover:bg-[var(--surface)] disabled:opacity-60"
            data-testid="review-report"
          >
            <Flag className="h-3.5 w-3.5" aria-hidden />
            {reported ? t("reportedShort") : t("report")}
          </button>
        )}
      </div>
    </article>
  );
}

/** A photo's thumbnail; pressed, the photo larger in a dialog. */
function ReviewPhoto({ src, alt }: { src: string; alt: string }) {
  const t = useTranslations("catalog.reviews");
  return (
    <Dialog>
      <DialogTrigger asChild>
        <button type="button" className="block overflow-hidden rounded-lg border border-[var(--border)]" aria-label={t("openPhoto", { alt })}>
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={src} alt={alt} width={72} height={72} loading="lazy" className="h-18 w-18 object-cover" />
        </button>
      </DialogTrigger>
      <DialogContent title={alt} hideTitle className="top-1/2 w-[min(48rem,calc(100vw-1rem))] -translate-y-1/2 p-2">
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img src={src} alt={alt} className="max-h-[85vh] w-full rounded-lg object-contain" />
      </DialogContent>
    </Dialog>
  );
}
