"use client";

import { ArrowLeft, Search } from "lucide-react";
import { Suspense, useEffect, useRef } from "react";
import { useLocale, useTranslations } from "use-intl";
import { IMAGE_RESULTS_HEADING_ID, takeImageResultsFocus, type ImageResults } from "../search/image-search-state";
import type { PopularRule } from "@/lib/listing";
import { ProductCard } from "./product-card";

/**
 * What a search by image found, shown by the listing in place of its grid: the photo,
 * the keywords the server read from it, and the matching products. It is one answer, not a list
 * to scroll endlessly. A keyword chip reads in the page's language: a category's chip (named in
 * that language) opens the category; another searches the words it shows (a Kiswahili word the
 * search reads as the catalogue's).
 */
export function ImageResultsView({
  results,
  gridClass,
  returnTo,
  popular = null,
  onKeyword,
  onCategory,
  onClose,
}: {
  results: ImageResults;
  gridClass: string;
  returnTo: string;
  popular?: PopularRule | null;
  onKeyword: (keyword: string) => void;
  onCategory: (slug: string) => void;
  onClose: () => void;
}) {
  const t = useTranslations("catalog.imageResults");
  const locale = useLocale();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeImageResultsFocus()) heading.current?.focus();
  }, []);
  const { products, keywords, keywordDetails = {}, previewUrl } = results;
  const chips = keywords.map((keyword) => {
    const detail = keywordDetails[keyword];
    return { keyword, label: locale === "sw" && detail?.sw ? detail.sw : keyword, category: detail?.category };
  });
  const count = products.length;

  return (
    <div className="mt-4" data-testid="image-results-view">
      <div className="flex flex-wrap items-start gap-3 rounded-xl border border-[var(--border)] bg-[var(--surface)] p-3 sm:p-4">
        {previewUrl && (
          // eslint-disable-next-line @next/next/no-img-element -- an object URL of the shopper's own photo
          <img
            src={previewUrl}
            alt={t("photoAlt")}
            width={64}
            height={64}
            className="h-16 w-16 shrink-0 rounded-md border border-[var(--border)] bg-[var(--page-bg)] object-cover"
          />
        )}
        <div className="min-w-[12rem] flex-1">
          <h2 id={IMAGE_RESULTS_HEADING_ID} ref={heading} tabIndex={-1} className="scroll-mt-40 text-base font-semibold sm:text-lg">
            {t("heading")}
          </h2>
          <p role="status" className="text-sm text-[var(--muted-fg)]">
            {count === 0 ? t("none") : t("matching", { count })}
          </p>
          {keywords.length > 0 && (
            <div className="mt-2 flex flex-wrap items-center gap-1.5 text-sm">
              <span id="image-keywords-label" className="text-[var(--muted-fg)]">
                {t("searchInstead")}
              </span>
              <ul aria-labelledby="image-keywords-label" className="flex flex-wrap gap-1.5" data-testid="image-keywords">
                {chips.map(({ keyword, label, category }) => (
                  <li key={keyword}>
                    <button
                      type="button"
                      onClick={() => (category ? onCategory(category) : onKeyword(label))}
                      className="inline-flex min-h-8 items-center gap-1 rounded-full border border-[var(--border)] bg-[var(--page-bg)] px-3 py-1 text-xs hover:border-brand hover:text-brand sm:text-sm"
                    >
                      <Search className="h-3.5 w-3.5" aria-hidden />
                      {label}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
        <button
          type="button"
          onClick={onClose}
          className="inline-flex h-9 w-full shrink-0 items-center justify-center gap-1 rounded-md border border-[var(--border)] bg-[var(--page-bg)] px-3 text-sm font-semibold hover:border-brand hover:text-brand sm:w-auto"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden /> {t("back")}
        </button>
      </div>

      {count > 0 ? (
        <div className={gridClass} data-testid="image-results">
          {products.map((product, i) => (
            <Suspense key={product.id}>
              <ProductCard product={product} returnTo={returnTo} eager={i < 6} popular={popular} />
            </Suspense>
          ))}
        </div>
      ) : (
        <p className="mt-10 text-center text-[var(--muted-fg)]">{t("tryAnother")}</p>
      )}
    </div>
  );
}
