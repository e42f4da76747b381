"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ApiError, api, isApiError, refusedField } from "@/lib/api-client";
import type { UnderstoodSpecBody } from "@/lib/contract/specs";
import { SPEC_PARAM_PREFIX } from "@/lib/specs/params";
import {
  LISTING_PAGE_CAP,
  filtersFromParams,
  listingKey,
  listingQuery,
  pageOffset,
  parsePage,
  searchIsSendable,
  seededShuffle,
  type ListingFilters,
} from "@/lib/listing";
import type { Product } from "@/lib/product";

const RATE_LIMIT_COOLDOWN_MS = 60_000;
const REFETCH_DELAY_MS = 100;

/**
 * Why the listing (or its next batch) failed; the listing puts it in words: too many requests,
 * another HTTP answer (its status), or no usable answer at all (the first batch's or a later one's).
 */
export type ListingFailure =
  | { kind: "rate-limited" }
  | { kind: "http"; status: number }
  | { kind: "fetch-failed" }
  | { kind: "more-failed" }
  /** the address names a spec filter the shop cannot read (`spec.<key>`) */
  | { kind: "bad-filter"; field: string };
const TOO_MANY_REQUESTS: ListingFailure = { kind: "rate-limited" };

/**
 * `estimate`: the total is an estimate ("about N"); `more`: another batch follows (the server says
 * so, as an estimate cannot); `understood`: what a search read as specifications ("10k" → 10 kΩ).
 */
export type InitialListing =
  { products: Product[]; total: number; estimate: boolean; more: boolean; understood?: UnderstoodSpecBody[] } | { error: ListingFailure };

interface ListingState {
  key: string;
  products: Product[];
  total: number;
  estimate: boolean;
  more: boolean;
  understood: UnderstoodSpecBody[];
  status: "ready" | "error";
  error: ListingFailure | null;
}

async function fetchBatch(filters: ListingFilters, offset: number, signal?: AbortSignal) {
  const body = await api.catalog.products(listingQuery(filters, offset), { signal });
  return {
    products: body.products,
    total: body.pagination.total,
    estimate: body.pagination.totalIsEstimate,
    more: body.pagination.hasMore,
    understood: body.understood ?? [],
  };
}

const rateLimited = (error: unknown) => error instanceof ApiError && error.code === "rate-limited";
/** What the error state says: too many requests, 'HTTP <status>' for another answer, else the default text. */
const failureOf = (error: unknown, fallback: ListingFailure): ListingFailure => {
  if (rateLimited(error)) return TOO_MANY_REQUESTS;
  const refused = isApiError(error, "invalid-input") ? refusedField(error) : null;
  if (refused?.field.startsWith(SPEC_PARAM_PREFIX)) return { kind: "bad-filter", field: refused.field };
  return error instanceof ApiError && error.kind === "http" ? { kind: "http", status: error.status } : fallback;
};

/**
 * The listing's data, driven by the URL: the server renders the first batch; any later change of
 * filters, search, sort or page (pushed into the URL) resets the list and loads it again.
 */
export function useListing({ initialKey, initial, seed }: { initialKey: string; initial: InitialListing; seed: number }) {
  const params = useSearchParams();
  const filters = useMemo(() => filtersFromParams(Object.fromEntries(params.entries())), [params]);
  const page = parsePage(params.get("page"));
  const key = listingKey(filters, page);
  const shuffled = filters.sort === "featured" && !filters.search;
  const arrange = useCallback((batch: Product[], index: number) => (shuffled ? seededShuffle(batch, seed + index) : batch), [shuffled, seed]);

  const [state, setState] = useState<ListingState>(() =>
    "error" in initial
      ? { key: initialKey, products: [], total: 0, estimate: false, more: false, understood: [], status: "error", error: initial.error }
      : {
          key: initialKey,
          products: arrange(initial.products, 0),
          total: initial.total,
          estimate: initial.estimate,
          more: initial.more,
          understood: initial.understood ?? [],
          status: "ready",
          error: null,
        },
  );
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailure, setMoreFailure] = useState<{ key: string; failure: ListingFailure } | null>(null);
  const moreError = moreFailure?.key === key ? moreFailure.failure : null;
  const blockedUntil = useRef(0);
  const batches = useRef(1);
  const [reloads, setReloads] = useState(0);

  const sendable = searchIsSendable(filters.search);
  const stale = state.key !== key;

  // A new URL (or Try Again) loads the first batch again, after a short pause.
  useEffect(() => {
    if ((!stale && reloads === 0) || !sendable) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      if (Date.now() < blockedUntil.current) {
        setState((s) => ({ ...s, key, status: "error", error: TOO_MANY_REQUESTS }));
        return;
      }
      try {
        const batch = await fetchBatch(filters, pageOffset(page), controller.signal);
        batches.current = 1;
        setState({
          key,
          products: arrange(batch.products, 0),
          total: batch.total,
          estimate: batch.estimate,
          more: batch.more,
          understood: batch.understood,
          status: "ready",
          error: null,
        });
      } catch (error) {
        if (controller.signal.aborted) return;
        if (rateLimited(error)) blockedUntil.current = Date.now() + RATE_LIMIT_COOLDOWN_MS;
        setState({
          key,
          products: [],
          total: 0,
          estimate: false,
          more: false,
          understood: [],
          status: "error",
          error: failureOf(error, { kind: "fetch-failed" }),
        });
      } finally {
        setReloads(0);
      }
    }, REFETCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `filters` and `page` are captured through `key`
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, stale, sendable, reloads]);

  const offset = pageOffset(page);
  const capped = state.products.length >= LISTING_PAGE_CAP;
  const hasMore = state.status === "ready" && !stale && reloads === 0 && state.more;

  const loadMore = useCallback(async () => {
    if (loadingMore || capped || !hasMore) return;
    if (Date.now() < blockedUntil.current) {
      setMoreFailure({ key, failure: TOO_MANY_REQUESTS });
      return;
    }
    setLoadingMore(true);
    setMoreFailure(null);
    try {
      const batch = await fetchBatch(filters, offset + state.products.length);
      setState((s) => {
        if (s.key !== key) return s;
        const known = new Set(s.products.map((p) => p.id));
        const fresh = arrange(batch.products, batches.current++).filter((p) => !known.has(p.id));
        return { ...s, products: [...s.products, ...fresh].slice(0, LISTING_PAGE_CAP), total: batch.total, estimate: batch.estimate, more: batch.more };
      });
    } catch (error) {
      if (rateLimited(error)) blockedUntil.current = Date.now() + RATE_LIMIT_COOLDOWN_MS;
      setMoreFailure({ key, failure: rateLimited(error) ? TOO_MANY_REQUESTS : { kind: "more-failed" } });
    } finally {
      setLoadingMore(false);
    }
  }, [loadingMore, capped, hasMore, filters, offset, state.products.length, key, arrange]);

  return {
    key: state.key,
    filters,
    page,
    offset,
    products: state.products,
    total: state.total,
    /** the total is an estimate: shown as "about N" */
    totalIsEstimate: state.estimate,
    /** what the search read as specifications, for its chips */
    understood: stale ? [] : state.understood,
    loading: stale || reloads > 0,
    error: state.status === "error" && !stale && reloads === 0 ? state.error : null,
    hasMore,
    capped,
    loadingMore,
    moreError,
    loadMore,
    retry: () => setReloads((n) => n + 1),
  };
}
