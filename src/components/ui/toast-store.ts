import { useSyncExternalStore } from "react";
import type { useTranslations } from "use-intl";
import type { Locale } from "@/lib/locale";

// The toast now shown, apart from the Toaster that mounts its view: the view (toaster-view.tsx,
// loaded on first use) reads it too, and importing it from toaster.tsx, which loads the view,
// made the two modules import each other.

/** Toast durations: default 3 s, errors 6 s, partial stock 8 s; only one toast shows at a time. */
export const TOAST_MS = { default: 3000, cart: 3000, error: 6000, partialStock: 8000 } as const;

/** A translator over the whole catalogue (keys as "cart.toast.added"), in the page's language. */
export type ToastTranslator = ReturnType<typeof useTranslations<never>>;

/**
 * A toast's text: already translated by a component, or (for code that runs outside components,
 * such as add to cart) a function of the translator, called when the toast shows.
 */
export type ToastText = string | ((t: ToastTranslator, locale: Locale) => string);

export interface ToastMessage {
  id: number;
  title: ToastText;
  description?: ToastText;
  variant?: "default" | "destructive";
  duration: number;
}

let current: ToastMessage | null = null;
let counter = 0;
const listeners = new Set<() => void>();

export function toast(message: Omit<ToastMessage, "id" | "duration"> & { duration?: number }): void {
  current = { ...message, id: ++counter, duration: message.duration ?? (message.variant === "destructive" ? TOAST_MS.error : TOAST_MS.default) };
  listeners.forEach((l) => l());
}

export function dismissToast(id: number) {
  if (current?.id === id) {
    current = null;
    listeners.forEach((l) => l());
  }
}

/** The toast shown now, or null; for the view. */
export function useCurrentToast(): ToastMessage | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
}
