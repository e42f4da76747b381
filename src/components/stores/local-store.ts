"use client";

import { useSyncExternalStore } from "react";

// One tiny store over localStorage: components re-render on changes in this tab (notify) and in
// other tabs (the storage event), and the server render sees the fallback.
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // storage full or blocked (private mode): the page still works for this visit
  }
  listeners.forEach((l) => l());
}

/** A localStorage value; `serverValue` is what the server rendered with (and so hydration renders). */
export function useLocalValue(key: string, serverValue: string | null = null): string | null {
  return useSyncExternalStore(
    subscribe,
    () => readLocal(key),
    () => serverValue,
  );
}
