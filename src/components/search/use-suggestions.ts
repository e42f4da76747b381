"use client";

import { useEffect, useState } from "react";
import { api } from "@/lib/api-client";

export const SUGGESTION_MIN_LENGTH = 2;
export const SUGGESTION_DEBOUNCE_MS = 300;

/**
 * Suggestions for a query: asked 300 ms after typing stops and only from 2
 * characters; an older answer never overwrites a newer one; a failure empties the list silently.
 */
export function useSuggestions(query: string, enabled: boolean): { suggestions: string[]; loading: boolean } {
  const [state, setState] = useState<{ for: string; suggestions: string[] }>({ for: "", suggestions: [] });
  const q = query.trim();
  const wanted = enabled && q.length >= SUGGESTION_MIN_LENGTH;

  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const { suggestions } = await api.catalog.suggestions(q, { signal: controller.signal });
        setState({ for: q, suggestions });
      } catch {
        if (!controller.signal.aborted) setState({ for: q, suggestions: [] });
      }
    }, SUGGESTION_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, wanted]);

  if (!wanted) return { suggestions: [], loading: false };
  return state.for === q ? { suggestions: state.suggestions, loading: false } : { suggestions: [], loading: true };
}
