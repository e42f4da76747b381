"use client";

import { prefetchAllowed, shouldPrefetchPage, shouldPrefetchWhenIdle, type ConnectionHints, type PrefetchReason } from "@/lib/prefetch-budget";

/** The browser's connection hints (Network Information API), where it has them. */
export function connectionHints(): ConnectionHints | undefined {
  if (typeof navigator === "undefined") return undefined;
  return (navigator as Navigator & { connection?: ConnectionHints }).connection;
}

/** Whether this browser, on its connection right now, may fetch anything ahead. */
export function mayPrefetch(): boolean {
  return prefetchAllowed(connectionHints());
}

const prefetched = new Set<string>();

/**
 * The one way a page is fetched ahead of a tap: on intent (hover, touch, focus) and within the data
 * budget (src/lib/prefetch-budget.ts). Each address is asked for once per page load. Answers
 * whether it prefetched.
 */
export function prefetchPage(router: { prefetch(href: string): void }, href: string, reason: PrefetchReason): boolean {
  if (prefetched.has(href) || !shouldPrefetchPage(reason, connectionHints())) return false;
  prefetched.add(href);
  router.prefetch(href);
  return true;
}

/**
 * Fetches code the shopper will likely need (a dialog's script) once the browser is idle after the
 * page has loaded, on a connection that allows it. Answers a function that cancels it.
 */
export function preloadWhenIdle(load: () => unknown, delayMs = 2_000): () => void {
  if (typeof window === "undefined" || !shouldPrefetchWhenIdle(connectionHints())) return () => {};
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === "function") idle = window.requestIdleCallback(() => !cancelled && load(), { timeout: 5_000 });
    else load();
  };
  const afterLoad = () => (timer = setTimeout(run, delayMs));
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
  return () => {
    cancelled = true;
    clearTimeout(timer);
    window.removeEventListener("load", afterLoad);
    if (idle !== undefined && typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(idle);
  };
}

/**
 * Fetches code when the shopper shows they are about to use it: a pointer over, a finger on, or
 * focus in an element matching `selector` (the buttons that open a dialog carry `data-opens`).
 * Intent is a tap a moment away, so this runs on any connection. Answers a function that stops it.
 */
export function preloadOnIntent(selector: string, load: () => unknown): () => void {
  let done = false;
  const onIntent = (event: Event) => {
    if (done || !(event.target as Element | null)?.closest?.(selector)) return;
    done = true;
    load();
    stop();
  };
  const events = ["pointerover", "touchstart", "focusin"] as const;
  const stop = () => events.forEach((name) => document.removeEventListener(name, onIntent, true));
  events.forEach((name) => document.addEventListener(name, onIntent, { capture: true, passive: true }));
  return stop;
}

/** A module loaded once, on first call (a failed load may be tried again). */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | null = null;
  return () =>
    (promise ??= load().catch((error: unknown) => {
      promise = null;
      throw error;
    }));
}
