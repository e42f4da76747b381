"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";
import { DEFAULT_FILTERS, filtersFromParams, listingHref, listingKey, type ListingFilters } from "@/lib/listing";
import { clearImageResults, setImageResults, type ImageResults } from "./image-search-state";
import { liveSearchSent, typedSearch } from "./search-state";

/**
 * Submitting a search goes to /products?search=…. On the listing itself the URL changes in
 * place (history API, which Next's router follows) and the listing fetches the new batch; elsewhere
 * it is a normal navigation. A text search clears image results.
 */
export function useSearchNavigation() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();

  const submit = useCallback(
    (text: string) => {
      const search = text.trim();
      if (!search) return;
      clearImageResults();
      typedSearch.set({ text: search, dirty: false });
      const href = listingHref({ ...filtersFromParams({}), search });
      if (pathname === "/products") window.history.pushState(null, "", href);
      else router.push(href);
    },
    [pathname, router],
  );

  /** A category's listing (an image search's category chip): like a search, it ends image results. */
  const openCategory = useCallback(
    (category: string) => {
      clearImageResults();
      typedSearch.set({ text: "", dirty: false });
      const href = listingHref({ ...filtersFromParams({}), category });
      if (pathname === "/products") window.history.pushState(null, "", href);
      else router.push(href);
    },
    [pathname, router],
  );

  /** Live search while typing on /products: keeps the other filters, replaces the history entry. */
  const live = useCallback(
    (text: string) => {
      if (pathname !== "/products") return;
      clearImageResults();
      const current = filtersFromParams(Object.fromEntries(params.entries()));
      const next: ListingFilters = { ...current, search: text.trim() };
      liveSearchSent.text = next.search;
      window.history.replaceState(null, "", listingHref(next));
    },
    [pathname, params],
  );

  /**
   * Results of a search by image go to the listing, which shows them instead of its grid. They clear
   * category, filters and text search: the listing URL becomes plain /products.
   */
  const showImageResults = useCallback(
    (results: Omit<ImageResults, "key">) => {
      const href = listingHref(DEFAULT_FILTERS);
      typedSearch.set({ text: "", dirty: false });
      // the URL first, so the listing never sees these results beside the old filters
      if (pathname === "/products") window.history.replaceState(null, "", href);
      setImageResults({ ...results, key: listingKey(DEFAULT_FILTERS, 1) });
      if (pathname !== "/products") router.push(href);
    },
    [pathname, router],
  );

  return { submit, openCategory, live, showImageResults, onListing: pathname === "/products" };
}
