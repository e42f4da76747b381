"use client";

import { Suspense, lazy } from "react";
import { loadOnce } from "../hooks/prefetch";
import { useLoadOnFirstUse } from "../ui/use-load-on-first-use";
import { searchDialog } from "./search-state";

/** The dialog's script: not part of any page's first load (the image-search panel is yet another chunk). */
export const loadSearchDialog = loadOnce(() => import("./search-dialog"));
const SearchDialog = lazy(() => loadSearchDialog().then((m) => ({ default: m.SearchDialog })));

/**
 * The 'Search Products' dialog, loaded on first use: fetched while the browser is idle after load
 * (on a connection that allows prefetching), or when a pointer or finger reaches a button that opens
 * it (`data-opens` naming "search"), so opening it stays instant.
 */
export function LazySearchDialog() {
  const { open } = searchDialog.use();
  const wanted = useLoadOnFirstUse(open, loadSearchDialog, '[data-opens~="search"]');
  if (!wanted) return null;
  return (
    <Suspense>
      <SearchDialog />
    </Suspense>
  );
}
