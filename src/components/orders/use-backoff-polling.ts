"use client";

import { useEffect, useRef } from "react";
import { isApiError } from "@/lib/api-client";

const FIRST_POLL_MS = 3000;
const MAX_POLL_MS = 15_000;
const BACKOFF = 1.5;

/**
 * Asks the server about a payment until it is decided: every 3 s at first, slowing to every 15 s,
 * never while the tab is hidden (and at once when it is shown again). `poll` answers true when it
 * is done; a request aborted by leaving the page ends quietly, any other failure is asked again.
 * `key` restarts the polling (a new payment to follow); null stops it.
 */
export function useBackoffPolling(key: string | null, poll: (signal: AbortSignal) => Promise<boolean>): void {
  // the latest poll, so a parent's new closure does not restart the timer
  const latest = useRef(poll);
  useEffect(() => {
    latest.current = poll;
  });
  useEffect(() => {
    if (key === null) return;
    let delay = FIRST_POLL_MS;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let done = false;
    const controller = new AbortController();
    const check = async () => {
      timer = null;
      try {
        if (await latest.current(controller.signal)) {
          done = true;
          return;
        }
      } catch (error) {
        if (isApiError(error) && error.kind === "aborted") return;
      }
      delay = Math.min(MAX_POLL_MS, delay * BACKOFF);
      schedule();
    };
    const schedule = () => {
      if (done || document.visibilityState === "hidden" || timer) return;
      timer = setTimeout(() => void check(), delay);
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") {
        if (timer) clearTimeout(timer);
        timer = null;
      } else if (!done) {
        // back on the tab: look at once, then at the first pace again
        delay = FIRST_POLL_MS;
        if (!timer) void check();
      }
    };
    document.addEventListener("visibilitychange", onVisibility);
    schedule();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [key]);
}
