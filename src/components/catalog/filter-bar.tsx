"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import { SORT_OPTIONS, isSortOption, listingHref, type ListingFilters } from "@/lib/listing";
import { useInputBeforeHydration } from "../hooks/use-input-before-hydration";
import { CATEGORY_DEBOUNCE_MS, CategoryToggles, PriceFilter } from "./filter-panels";

/** Sort, category and price: each change reloads the listing from its first product. */
export function FilterBar({
  filters,
  categories,
  total,
  totalIsEstimate = false,
  priceCeiling,
  specFilters,
}: {
  filters: ListingFilters;
  categories: { name: string; slug: string }[];
  total: number | null;
  /** the total is an estimate: "about N products" */
  totalIsEstimate?: boolean;
  priceCeiling: number;
  /** the chosen category's spec filters (their button and panel) */
  specFilters?: ReactNode;
}) {
  const t = useTranslations("catalog.filters");
  // The URL holds the filters; the listing follows it (history API, which Next's router tracks).
  const go = (next: ListingFilters) => window.history.pushState(null, "", listingHref(next));
  // Category choices settle for 300 ms before the list reloads, so quick changes make one request.
  const [pendingCategory, setPendingCategory] = useState<string | null>(null);
  const categoryTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(categoryTimer.current), []);
  const chooseCategory = (slug: string) => {
    setPendingCategory(slug);
    clearTimeout(categoryTimer.current);
    // choosing a category clears the text search
    categoryTimer.current = setTimeout(() => {
      setPendingCategory(null);
      // another category has other specifications: its spec filters go with it
      go({ ...filters, category: slug, search: slug ? "" : filters.search, specs: {} });
    }, CATEGORY_DEBOUNCE_MS);
  };

  return (
    <div className="grid grid-cols-2 gap-2 text-sm sm:flex sm:flex-wrap sm:items-center">
      <LabelledSelect
        label={t("category")}
        ariaLabel={t("category")}
        value={pendingCategory ?? filters.category}
        onChange={chooseCategory}
        options={[{ value: "", label: t("allCategories") }, ...categories.map((c) => ({ value: c.slug, label: c.name }))]}
      />
      <LabelledSelect
        label={t("sort")}
        ariaLabel={t("sortBy")}
        value={filters.sort}
        onChange={(value) => isSortOption(value) && go({ ...filters, sort: value })}
        options={SORT_OPTIONS.map((value) => ({ value, label: t(`sortOptions.${value}`) }))}
      />
      <div className="col-span-2 flex items-center gap-2 sm:contents">
        <CategoryToggles categories={categories} selected={filters.categories} onChange={(next) => go({ ...filters, categories: next })} />
        <PriceFilter filters={filters} ceiling={priceCeiling} onApply={(minPrice, maxPrice) => go({ ...filters, minPrice, maxPrice })} />
        {specFilters}
        {total !== null && (
          <p className="ml-auto text-[var(--muted-fg)]" aria-live="polite">
            {t(totalIsEstimate ? "totalAbout" : "total", { count: total })}
          </p>
        )}
      </div>
    </div>
  );
}

/** A select with a label that is visible from the small breakpoint up (screen-reader-only below). */
function LabelledSelect({
  label,
  ariaLabel,
  value,
  onChange,
  options,
}: {
  label: string;
  ariaLabel: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  const selectRef = useRef<HTMLSelectElement>(null);
  useInputBeforeHydration(selectRef, value, onChange);
  return (
    <label className="flex min-w-0 items-center gap-1">
      <span className="sr-only sm:not-sr-only">{label}</span>
      <select
        ref={selectRef}
        // no form restoration on reload: a restored choice would look like early input
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 w-full min-w-0 rounded-md border border-[var(--border)] bg-[var(--page-bg)] px-2 sm:w-auto"
        aria-label={ariaLabel}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
