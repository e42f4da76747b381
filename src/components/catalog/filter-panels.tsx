"use client";

import { ListFilter, SlidersHorizontal } from "lucide-react";
import { useEffect, useRef, useState, type ToggleEvent } from "react";
import { useTranslations } from "use-intl";
import type { ListingFilters } from "@/lib/listing";
import { formatMoney, type Currency } from "@/lib/money";
import { amountInCurrency, priceStops, shillingsFromInput, stopIndex } from "@/lib/price-scale";
import { PopoverPanelHeader, popoverDialog, popoverPanel } from "../ui/popover";
import { useCurrency } from "../hooks/use-currency";

/*
 * The listing's price and several-categories filters: each a button and a panel built on the
 * HTML `popover` attribute (ui/popover.tsx), rendered with the listing, so the first press opens
 * it with nothing to download. A panel starts from the listing's current filters each time it opens.
 */

/** Category choices settle this long before the list reloads, so quick changes make one request. */
export const CATEGORY_DEBOUNCE_MS = 300;

const PRICE_ID = "filter-price";
const CATEGORIES_ID = "filter-categories";

/** "1,000 – 5,000 TSh", or "from 1,000 TSh" without an upper bound. */
function priceRangeText(t: (key: "priceAtLeast", values: { price: string }) => string, low: number, high: number | null, currency: Currency) {
  return high === null ? t("priceAtLeast", { price: formatMoney(low, currency) }) : `${formatMoney(low, currency)} – ${formatMoney(high, currency)}`;
}

const filterButton = (active: boolean) => `flex h-9 items-center gap-1 rounded-md border px-3 ${active ? "border-brand text-brand" : "border-[var(--border)]"}`;

/** The price filter: its button (the range chosen, or "Price"), and a dialog of two sliders on a scale whose steps grow, and typed amounts. */
export function PriceFilter({ filters, ceiling, onApply }: { filters: ListingFilters; ceiling: number; onApply: (min: number, max: number | null) => void }) {
  const t = useTranslations("catalog.filters");
  const closeText = useTranslations("common.ui");
  const [currency] = useCurrency();
  const stops = priceStops(Math.max(ceiling, filters.minPrice, filters.maxPrice ?? 0));
  const top = stops.at(-1)!;
  const panel = useRef<HTMLDivElement>(null);
  const [min, setMin] = useState(filters.minPrice);
  // null: no upper bound
  const [max, setMax] = useState<number | null>(filters.maxPrice);
  const range = (low: number, high: number | null) => priceRangeText(t, low, high, currency);
  const upper = max ?? top;
  const active = filters.minPrice > 0 || filters.maxPrice !== null;
  return (
    <>
      <button type="button" popoverTarget={PRICE_ID} aria-haspopup="dialog" className={filterButton(active)}>
        <SlidersHorizontal className="h-4 w-4" aria-hidden />
        {active ? range(filters.minPrice, filters.maxPrice) : t("price")}
      </button>
      <div
        ref={panel}
        id={PRICE_ID}
        popover="auto"
        role="dialog"
        tabIndex={-1}
        aria-labelledby={`${PRICE_ID}-title`}
        aria-describedby={`${PRICE_ID}-title-description`}
        className={`${popoverDialog} outline-none`}
        onToggle={(event: ToggleEvent<HTMLDivElement>) => {
          if (event.newState !== "open") return;
          setMin(filters.minPrice);
          setMax(filters.maxPrice);
        }}
      >
        <PopoverPanelHeader
          panelId={PRICE_ID}
          titleId={`${PRICE_ID}-title`}
          title={t("priceRange")}
          description={range(min, max)}
          closeLabel={closeText("close")}
        />
        <PriceSlider label={t("minimum")} className="mt-4" stops={stops} value={min} currency={currency} onChange={(value) => setMin(Math.min(value, upper))} />
        <PriceSlider
          label={t("maximum")}
          className="mt-3"
          stops={stops}
          value={upper}
          currency={currency}
          // the top of the scale is "no upper bound": a product priced above it later is not hidden
          onChange={(value) => setMax(value >= top ? null : Math.max(value, min))}
        />
        <div className="mt-4 grid grid-cols-2 gap-3">
          <AmountBox label={t("minimumAmount", { currency })} value={min} currency={currency} onCommit={(value) => setMin(Math.min(value, upper))} />
          <AmountBox
            label={t("maximumAmount", { currency })}
            value={max}
            currency={currency}
            onCommit={(value) => setMax(Math.max(value, min))}
            onClear={() => setMax(null)}
            placeholder={t("noMaximum")}
          />
        </div>
        <div className="mt-5 flex justify-end gap-2">
          <button
            type="button"
            onClick={() => {
              setMin(0);
              setMax(null);
            }}
            className="rounded-md border border-[var(--border)] px-3 py-2 text-sm"
          >
            {t("reset")}
          </button>
          <button
            type="button"
            onClick={() => {
              panel.current?.hidePopover();
              onApply(min, max);
            }}
            className="rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white"
          >
            {t("apply")}
          </button>
        </div>
      </div>
    </>
  );
}

/** A typed amount in the chosen currency, read as whole shillings when the box is left (or Enter). */
function AmountBox({
  label,
  value,
  currency,
  onCommit,
  onClear,
  placeholder,
}: {
  label: string;
  value: number | null;
  currency: Currency;
  onCommit: (tzs: number) => void;
  onClear?: () => void;
  placeholder?: string;
}) {
  const shown = value === null ? "" : String(amountInCurrency(value, currency));
  const [text, setText] = useState(shown);
  const [editing, setEditing] = useState(false);
  const commit = () => {
    setEditing(false);
    if (text.trim() === "" && onClear) return onClear();
    const tzs = shillingsFromInput(text, currency);
    if (tzs !== null) onCommit(tzs);
  };
  return (
    <label className="block text-sm">
      {label}
      <input
        inputMode="decimal"
        autoComplete="off"
        value={editing ? text : shown}
        placeholder={placeholder}
        onFocus={() => {
          setText(shown);
          setEditing(true);
        }}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            commit();
          }
        }}
        className="mt-1 h-9 w-full rounded-md border border-[var(--border)] bg-[var(--page-bg)] px-2"
      />
    </label>
  );
}

/** Several categories at once: its button (how many are chosen), and a side panel of toggles, sent with the listing only when one or more are chosen. */
export function CategoryToggles({
  categories,
  selected,
  onChange,
}: {
  categories: { name: string; slug: string }[];
  selected: string[];
  onChange: (next: string[]) => void;
}) {
  const t = useTranslations("catalog.filters");
  const closeText = useTranslations("common.ui");
  const [draft, setDraft] = useState<string[]>(selected);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const toggle = (slug: string) => {
    const next = draft.includes(slug) ? draft.filter((s) => s !== slug) : [...draft, slug];
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onChange(next), CATEGORY_DEBOUNCE_MS);
  };
  return (
    <>
      <button type="button" popoverTarget={CATEGORIES_ID} aria-haspopup="dialog" className={filterButton(selected.length > 0)}>
        <ListFilter className="h-4 w-4" aria-hidden />
        {selected.length ? t("categoriesCount", { count: selected.length }) : t("categories")}
      </button>
      <div
        id={CATEGORIES_ID}
        popover="auto"
        role="dialog"
        tabIndex={-1}
        aria-labelledby={`${CATEGORIES_ID}-title`}
        aria-describedby={`${CATEGORIES_ID}-title-description`}
        className={`${popoverPanel} outline-none`}
        onToggle={(event: ToggleEvent<HTMLDivElement>) => event.newState === "open" && setDraft(selected)}
      >
        <PopoverPanelHeader
          panelId={CATEGORIES_ID}
          titleId={`${CATEGORIES_ID}-title`}
          title={t("filterByCategories")}
          description={t("filterByCategoriesText")}
          closeLabel={closeText("close")}
        />
        <ul className="mt-3 flex-1 space-y-0.5 overflow-y-auto text-sm">
          {categories.map((c) => (
            <li key={c.slug}>
              <label className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 hover:bg-[var(--surface)]">
                <input type="checkbox" checked={draft.includes(c.slug)} onChange={() => toggle(c.slug)} className="h-4 w-4 accent-[var(--brand)]" />
                {c.name}
              </label>
            </li>
          ))}
        </ul>
        <div className="mt-3 flex gap-2">
          <button
            type="button"
            disabled={draft.length === 0}
            onClick={() => {
              setDraft([]);
              clearTimeout(timer.current);
              onChange([]);
            }}
            className="flex-1 rounded-md border border-[var(--border)] px-3 py-2 text-sm disabled:opacity-50"
          >
            {t("clearAll")}
          </button>
          <button
            type="button"
            popoverTarget={CATEGORIES_ID}
            popoverTargetAction="hide"
            className="flex-1 rounded-md bg-brand px-3 py-2 text-sm font-semibold text-white"
          >
            {t("done")}
          </button>
        </div>
      </div>
    </>
  );
}

/** One end of the price range: a position on the growing-step scale, announced as its price. */
function PriceSlider({
  label,
  className,
  stops,
  value,
  currency,
  onChange,
}: {
  label: string;
  className: string;
  stops: readonly number[];
  value: number;
  currency: Currency;
  onChange: (value: number) => void;
}) {
  const index = stopIndex(stops, value);
  return (
    <label className={`${className} block text-sm`}>
      {label}
      <input
        type="range"
        min={0}
        max={stops.length - 1}
        step={1}
        value={index}
        aria-valuetext={formatMoney(stops[index], currency)}
        onChange={(e) => onChange(stops[Number(e.target.value)] ?? 0)}
        className="mt-1 w-full accent-[var(--brand)]"
      />
    </label>
  );
}
