"use client";

import { Cpu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import type { FacetBody } from "@/lib/contract/specs";
import { facetKey, listingQuery, type ListingFilters } from "@/lib/listing";
import { rangeValue, splitSpecValue, toggleListValue } from "@/lib/specs/params";
import type { Locale } from "@/lib/locale";
import { formatSpecNumber, parseSpecNumber, type SpecUnit } from "@/lib/specs/units";
import { PopoverPanel } from "../ui/popover";

/*
 * The chosen category's specification filters (resistance, package, flash, …) with how many
 * products each value would leave, in a side panel (a sheet on a phone). Each choice changes the
 * address at once (the listing follows it) and the counts follow the new selection. A facet's
 * counts leave out its own choice, so several values of one list can be ticked.
 */

const PANEL_ID = "filter-specs";
/** A number facet shows this many values before "show all". */
const VALUES_SHOWN = 8;
/** Quick changes settle this long before the address changes, so they make one request. */
const SETTLE_MS = 250;

/**
 * The facets of the listing's selection: the server's for the address it rendered, then fetched
 * again whenever the selection changes (`fresh` is false meanwhile; the last counts stay shown).
 */
export function useFacets(filters: ListingFilters, initial: FacetBody[], initialKey: string): { facets: FacetBody[]; fresh: boolean } {
  const key = facetKey(filters);
  const [loaded, setLoaded] = useState<{ key: string; facets: FacetBody[] }>({ key: initialKey, facets: initial });
  useEffect(() => {
    if (!filters.category || loaded.key === key) return;
    const controller = new AbortController();
    api.catalog
      .facets(listingQuery(filters, 0), { signal: controller.signal })
      .then((body) => setLoaded({ key, facets: body.facets }))
      // a failed count keeps the last counts: the filters themselves still work
      .catch(() => undefined);
    return () => controller.abort();
  }, [filters, key, loaded.key]);
  return { facets: filters.category ? loaded.facets : [], fresh: loaded.key === key };
}

/** A chip's words for one active spec filter: the facet's name and the values chosen, as the shop shows them. */
export function specFilterLabel(facet: FacetBody | undefined, key: string, value: string, locale: Locale): string {
  if (!facet) return `${key}: ${value}`;
  const split = splitSpecValue(value);
  if ("range" in split) {
    const unit = facet.unit as SpecUnit;
    const bound = (text: string) => {
      const n = text ? Number(text) : NaN;
      return Number.isFinite(n) ? (facet.values.find((v) => v.value === n)?.label ?? formatSpecNumber(n, unit, locale)) : text;
    };
    const [low, high] = split.range;
    return `${facet.label}: ${low ? bound(low) : "…"} – ${high ? bound(high) : "…"}`;
  }
  const labels = split.list.map((item) => facet.values.find((v) => String(v.value) === item)?.label ?? item);
  return `${facet.label}: ${labels.join(", ")}`;
}

export function SpecFacets({
  filters,
  facets,
  fresh,
  onChange,
}: {
  filters: ListingFilters;
  facets: FacetBody[];
  /** false while the counts of a new selection are on their way */
  fresh: boolean;
  onChange: (specs: Record<string, string>) => void;
}) {
  const t = useTranslations("catalog.specFilters");
  const closeText = useTranslations("common.ui");
  // the choices made since the address last changed; a new address (a chip removed, the back
  // button) starts from its own filters again
  const addressKey = JSON.stringify(filters.specs);
  const [pending, setPending] = useState<{ from: string; specs: Record<string, string> } | null>(null);
  const draft = pending && pending.from === addressKey ? pending.specs : filters.specs;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (!filters.category) return null;
  const active = Object.keys(filters.specs).length;
  if (facets.length === 0 && active === 0) return null;

  const change = (next: Record<string, string>) => {
    setPending({ from: addressKey, specs: next });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onChange(next), SETTLE_MS);
  };
  const setValue = (facetKey: string, value: string | null) => {
    const next = { ...draft };
    if (value) next[facetKey] = value;
    else delete next[facetKey];
    change(next);
  };

  return (
    <>
      <button
        type="button"
        popoverTarget={PANEL_ID}
        aria-haspopup="dialog"
        className={`flex h-9 items-center gap-1 rounded-md border px-3 ${active ? "border-brand text-brand" : "border-[var(--border)]"}`}
      >
        <Cpu className="h-4 w-4" aria-hidden />
        {active ? t("buttonCount", { count: active }) : t("button")}
      </button>
      <PopoverPanel id={PANEL_ID} title={t("title")} description={t("description")} closeLabel={closeText("close")}>
        <div className="mt-3 flex-1 space-y-4 overflow-y-auto text-sm" aria-busy={!fresh}>
          {facets.map((facet) => (
            <fieldset key={facet.key} className="border-b border-[var(--border)] pb-3">
              <legend className="mb-1 font-semibold">{facet.label}</legend>
              {facet.kind === "number" ? (
                <NumberFacet facet={facet} value={draft[facet.key]} onChange={(value) => setValue(facet.key, value)} />
              ) : (
                <ul className="space-y-0.5">
                  {facet.values.map((v) => {
                    const text = String(v.value);
                    const current = draft[facet.key];
                    const split = current ? splitSpecValue(current) : null;
                    const checked = split !== null && "list" in split && split.list.includes(text);
                    return (
                      <li key={text}>
                        <label className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 hover:bg-[var(--surface)]">
                          <input
                            type="checkbox"
                            checked={checked}
                            onChange={() => setValue(facet.key, facet.kind === "boolean" ? (checked ? null : text) : toggleListValue(current, text) || null)}
                            className="h-4 w-4 accent-[var(--brand)]"
                          />
                          <span className="flex-1">{v.label}</span>
                          <span className="text-xs text-[var(--muted-fg)]">{v.count}</span>
                        </label>
                      </li>
                    );
                  })}
                </ul>
              )}
            </fieldset>
          ))}
        </div>
        <div className="mt-3 flex gap-2">
          <button
            type="button"
            disabled={Object.keys(draft).length === 0}
            onClick={() => change({})}
            className="flex-1 rounded-md border border-[var(--border)] px-3 py-2 text-sm disabled:opacity-50"
          >
            {t("clear")}
          </button>
          <button
            type="button"
            popoverTarget={PANEL_ID}
            popoverTargetAction="hide"
            className="flex-1 rounded-md bg-brand px-3 py-2 text-sm font-semibold text-white"
          >
            {t("done")}
          </button>
        </div>
      </PopoverPanel>
    </>
  );
}

type NumberFacetBody = Extract<FacetBody, { kind: "number" }>;

/** A number's values present (ticked as a list), and a typed range in the shop's notation ("1k" to "10k"). */
function NumberFacet({ facet, value, onChange }: { facet: NumberFacetBody; value: string | undefined; onChange: (value: string | null) => void }) {
  const t = useTranslations("catalog.specFilters");
  const [all, setAll] = useState(false);
  const split = value ? splitSpecValue(value) : null;
  const ticked = split && "list" in split ? split.list : [];
  const range = split && "range" in split ? split.range : null;
  const [low, setLow] = useState(range?.[0] ?? "");
  const [high, setHigh] = useState(range?.[1] ?? "");
  const [refused, setRefused] = useState(false);
  const shown = all ? facet.values : facet.values.slice(0, VALUES_SHOWN);
  const unit = facet.unit as SpecUnit;
  const applyRange = () => {
    const min = low.trim() ? parseSpecNumber(low, unit) : null;
    const max = high.trim() ? parseSpecNumber(high, unit) : null;
    if ((low.trim() && min === null) || (high.trim() && max === null) || (min !== null && max !== null && min > max)) {
      setRefused(true);
      return;
    }
    setRefused(false);
    onChange(rangeValue(min, max));
  };
  return (
    <>
      <ul className="space-y-0.5">
        {shown.map((v) => {
          const text = String(v.value);
          const checked = ticked.includes(text);
          return (
            <li key={text}>
              <label className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 hover:bg-[var(--surface)]">
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={() => onChange(toggleListValue(ticked.join(","), text) || null)}
                  className="h-4 w-4 accent-[var(--brand)]"
                />
                <span className="flex-1">{v.label}</span>
                <span className="text-xs text-[var(--muted-fg)]">{v.count}</span>
              </label>
            </li>
          );
        })}
      </ul>
      {facet.values.length > VALUES_SHOWN && (
        <button type="button" onClick={() => setAll(!all)} className="mt-1 px-2 text-xs font-semibold text-brand hover:underline" aria-expanded={all}>
          {all ? t("fewer") : t("allValues", { count: facet.values.length })}
        </button>
      )}
      <div className="mt-2 flex items-end gap-2 px-2">
        <label className="min-w-0 flex-1 text-xs">
          {t("from")}
          <input
            value={low}
            onChange={(e) => setLow(e.target.value)}
            onKeyDown={(e) => e.key === "Enter" && applyRange()}
            placeholder={facet.values[0]?.label}
            autoComplete="off"
            aria-invalid={refused}
            className="mt-0.5 h-8 w-full rounded-md border border-[var(--border)] bg-[var(--page-bg)] px-2"
          />
        </label>
        <label className="min-w-0 flex-1 text-xs">
          {t("to")}
          <input
            value={high}
            onChange={(e) => setHigh(e.target.value)}
            onKeyDown={(e) => e.key === "Enter" && applyRange()}
            placeholder={facet.values.at(-1)?.label}
            autoComplete="off"
            aria-invalid={refused}
            className="mt-0.5 h-8 w-full rounded-md border border-[var(--border)] bg-[var(--page-bg)] px-2"
          />
        </label>
        <button type="button" onClick={applyRange} className="h-8 rounded-md border border-[var(--border)] px-2 text-xs font-semibold">
          {t("applyRange")}
        </button>
      </div>
      {refused && (
        <p role="alert" className="mt-1 px-2 text-xs text-red-700">
          {t("rangeRefused", { symbol: facet.symbol })}
        </p>
      )}
    </>
  );
}

/** The active spec filters and what a search understood, as chips that remove themselves. */
export function SpecChips({ chips }: { chips: { id: string; label: string; onRemove: () => void }[] }) {
  const t = useTranslations("catalog.specFilters");
  if (chips.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t("active")}>
      {chips.map((chip) => (
        <li key={chip.id}>
          <button
            type="button"
            onClick={chip.onRemove}
            className="flex items-center gap-1 rounded-full border border-brand/40 bg-brand/5 px-2.5 py-1 text-xs text-brand hover:bg-brand/10"
            aria-label={t("remove", { filter: chip.label })}
          >
            {chip.label}
            <X className="h-3 w-3" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
