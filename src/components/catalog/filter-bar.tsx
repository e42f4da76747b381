"use client";

import { ListFilter, SlidersHorizontal } from "lucide-react";
import { lazy, useEffect, useRef, useState, type ComponentProps } from "react";
import { useTranslations } from "use-intl";
import { SORT_OPTIONS, isSortOption, listingHref, type ListingFilters } from "@/lib/listing";
import { formatMoney, type Currency } from "@/lib/money";
import { useInputBeforeHydration } from "../ui/use-input-before-hydration";
import { DeferredPopup } from "../ui/deferred-popup";
import { loadOnce } from "../ui/prefetch";
import { useCurrency } from "../ui/use-currency";

export const CATEGORY_DEBOUNCE_MS = 300;

const loadPopups = loadOnce(() => import("./filter-popups"));
const PriceDialogPopup = lazy(() => loadPopups().then((m) => ({ default: m.PriceDialogPopup })));
const CategoryTogglesPopup = lazy(() => loadPopups().then((m) => ({ default: m.CategoryTogglesPopup })));

/** Sort, category and price: each change reloads the listing from its first product. */
export function FilterBar({
  filters,
  categories,
  total,
  totalIsEstimate = false,
  priceCeiling,
}: {
  filters: ListingFilters;
  categories: { name: string; slug: string }[];
  total: number | null;
  /** the total is an estimate: "about N products" */
  totalIsEstimate?: boolean;
  priceCeiling: number;
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
      go({ ...filters, category: slug, search: slug ? "" : filters.search });
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
        <DeferredPopup load={loadPopups} popup="dialog" shell={(props) => <CategoryTogglesButton selected={filters.categories} {...props} />}>
          {(open) => (
            <CategoryTogglesPopup
              categories={categories}
              selected={filters.categories}
              onChange={(next) => go({ ...filters, categories: next })}
              defaultOpen={open}
            />
          )}
        </DeferredPopup>
        <DeferredPopup load={loadPopups} popup="dialog" shell={(props) => <PriceButton filters={filters} {...props} />}>
          {(open) => (
            <PriceDialogPopup
              filters={filters}
              ceiling={priceCeiling}
              onApply={(minPrice, maxPrice) => go({ ...filters, minPrice, maxPrice })}
              defaultOpen={open}
            />
          )}
        </DeferredPopup>
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

/** "1,000 – 5,000 TSh", or "from 1,000 TSh" without an upper bound. */
export function priceRangeText(t: (key: "priceAtLeast", values: { price: string }) => string, low: number, high: number | null, currency: Currency) {
  return high === null ? t("priceAtLeast", { price: formatMoney(low, currency) }) : `${formatMoney(low, currency)} – ${formatMoney(high, currency)}`;
}

/** The price filter's button: the range chosen, or "Price"; the same before and after its dialog's script has loaded. */
export function PriceButton({ filters, ...props }: ComponentProps<"button"> & { filters: ListingFilters }) {
  const t = useTranslations("catalog.filters");
  const [currency] = useCurrency();
  const active = filters.minPrice > 0 || filters.maxPrice !== null;
  return (
    <button
      type="button"
      className={`flex h-9 items-center gap-1 rounded-md border px-3 ${active ? "border-brand text-brand" : "border-[var(--border)]"}`}
      {...props}
    >
      <SlidersHorizontal className="h-4 w-4" aria-hidden />
      {active ? priceRangeText(t, filters.minPrice, filters.maxPrice, currency) : t("price")}
    </button>
  );
}

/** The several-categories button: how many are chosen; the same before and after its panel's script has loaded. */
export function CategoryTogglesButton({ selected, ...props }: ComponentProps<"button"> & { selected: string[] }) {
  const t = useTranslations("catalog.filters");
  return (
    <button
      type="button"
      className={`flex h-9 items-center gap-1 rounded-md border px-3 ${selected.length ? "border-brand text-brand" : "border-[var(--border)]"}`}
      {...props}
    >
      <ListFilter className="h-4 w-4" aria-hidden />
      {selected.length ? t("categoriesCount", { count: selected.length }) : t("categories")}
    </button>
  );
}
