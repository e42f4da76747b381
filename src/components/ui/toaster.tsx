"use client";

import { Toast } from "radix-ui";
import { X } from "lucide-react";
import { useSyncExternalStore } from "react";
import { useTranslations } from "use-intl";

/** Toast durations: default 3 s, errors 6 s, partial stock 8 s; only one toast shows at a time. */
export const TOAST_MS = { default: 3000, cart: 3000, error: 6000, partialStock: 8000 } as const;

/** A translator over the whole catalogue (keys as "cart.toast.added"), in the page's language. */
export type ToastTranslator = ReturnType<typeof useTranslations<never>>;

/**
 * A toast's text: already translated by a component, or (for code that runs outside components,
 * such as add to cart) a function of the translator, called when the toast shows.
 */
export type ToastText = string | ((t: ToastTranslator) => string);

interface ToastMessage {
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

function dismiss(id: number) {
  if (current?.id === id) {
    current = null;
    listeners.forEach((l) => l());
  }
}

export function Toaster() {
  const t = useTranslations();
  const text = (value: ToastText) => (typeof value === "function" ? value(t) : value);
  const message = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
  return (
    <Toast.Provider swipeDirection="right">
      {message && (
        <Toast.Root
          key={message.id}
          duration={message.duration}
          onOpenChange={(open) => !open && dismiss(message.id)}
          className={`flex items-start gap-3 rounded-lg border p-4 shadow-lg ${
            message.variant === "destructive" ? "border-red-700 bg-red-700 text-white" : "border-[var(--border)] bg-[var(--page-bg)] text-[var(--page-fg)]"
          }`}
        >
          <div className="flex-1">
            <Toast.Title className="font-semibold">{text(message.title)}</Toast.Title>
            {message.description && <Toast.Description className="mt-1 text-sm opacity-90">{text(message.description)}</Toast.Description>}
          </div>
          <Toast.Close aria-label={t("common.ui.close")} className="rounded p-1 hover:bg-black/10">
            <X className="h-4 w-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport className="fixed right-4 bottom-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col outline-none" />
    </Toast.Provider>
  );
}
