"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";
import { filtersFromParams, listingHref, type ListingFilters } from "@/lib/listing";
import { liveSearchSent, typedSearch } from "./search-state";

/**
 * Submitting a search goes to /products?search=… (§2.2). On the listing itself the URL changes in
 * place (history API, which Next's router follows) and the listing fetches the new batch; elsewhere
 * it is a normal navigation.
 */
export function useSearchNavigation() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();

  const submit = useCallback(
    (text: string) => {
      const search = text.trim();
      if (!search) return;
      typedSearch.set({ text: search, dirty: false });
      const href = listingHref({ ...filtersFromParams({}), search });
      if (pathname === "/products") window.history.pushState(null, "", href);
      else router.push(href);
    },
    [pathname, router],
  );

  /** Live search while typing on /products: keeps the other filters, replaces the history entry. */
  const live = useCallback(
    (text: string) => {
      if (pathname !== "/products") return;
      const current = filtersFromParams(Object.fromEntries(params.entries()));
      const next: ListingFilters = { ...current, search: text.trim() };
      liveSearchSent.text = next.search;
      window.history.replaceState(null, "", listingHref(next));
    },
    [pathname, params],
  );

  return { submit, live, onListing: pathname === "/products" };
}
