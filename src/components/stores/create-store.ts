"use client";

import { useSyncExternalStore } from "react";

/** A tiny shared state for islands that are far apart in the tree (header ↔ listing, button ↔ dialog). */
export function createStore<T>(initial: T) {
  let state = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    get: () => state,
    set(next: T | ((previous: T) => T)) {
      const value = typeof next === "function" ? (next as (previous: T) => T)(state) : next;
      if (Object.is(value, state)) return;
      state = value;
      listeners.forEach((l) => l());
    },
    use(): T {
      return useSyncExternalStore(
        subscribe,
        () => state,
        () => initial,
      );
    },
  };
}
