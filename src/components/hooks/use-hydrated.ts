"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/** False while the server renders and while React hydrates that HTML; true from the first client render after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
