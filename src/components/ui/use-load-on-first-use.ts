"use client";

import { useEffect, useState } from "react";
import { preloadOnIntent, preloadWhenIdle } from "../hooks/prefetch";

/**
 * For a part kept out of the first load: whether to render it yet (once it has been opened, it
 * stays mounted), while its script is fetched when the browser is idle after load (on a
 * connection that allows prefetching) or as soon as a pointer or finger reaches an element
 * matching `intentSelector`, so opening it stays instant.
 */
export function useLoadOnFirstUse(open: boolean, load: () => Promise<unknown>, intentSelector: string): boolean {
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  useEffect(() => {
    const stopIdle = preloadWhenIdle(load);
    const stopIntent = preloadOnIntent(intentSelector, load);
    return () => {
      stopIdle();
      stopIntent();
    };
  }, [load, intentSelector]);
  return wanted;
}
