"use client";

import { type RefObject, useLayoutEffect } from "react";

/**
 * On a slow phone the shopper can type in a box or pick from a select before React has hydrated
 * it. Hydration keeps what the element holds, but the next render writes the rendered value back
 * and the early input is lost. Right after hydration this hands that input, once, to the control's
 * own change handler, as if it had been typed a moment later. A null rendered value means the
 * control is uncontrolled: the element keeps its input by itself and nothing is handed on.
 */
export function useInputBeforeHydration(
  ref: RefObject<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null>,
  renderedValue: string | null,
  onEarlyInput: (value: string) => void,
): void {
  useLayoutEffect(() => {
    const current = ref.current?.value;
    if (renderedValue !== null && current !== undefined && current !== renderedValue) onEarlyInput(current);
    // only the first commit after hydration can hold input React has not seen
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
