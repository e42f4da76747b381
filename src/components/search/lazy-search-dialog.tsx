"use client";

import { Suspense, lazy, useEffect, useState } from "react";
import { loadOnce, preloadOnIntent, preloadWhenIdle } from "../ui/prefetch";
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
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  useEffect(() => {
    const stopIdle = preloadWhenIdle(loadSearchDialog);
    const stopIntent = preloadOnIntent('[data-opens~="search"]', loadSearchDialog);
    return () => {
      stopIdle();
      stopIntent();
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense>
      <SearchDialog />
    </Suspense>
  );
}
