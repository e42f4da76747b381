"use client";

import { Toast } from "radix-ui";
import { X } from "lucide-react";
import { useLocale, useTranslations } from "use-intl";
import { isLocale } from "@/lib/locale";
import { dismissToast, useCurrentToast, type ToastText } from "./toast-store";

/** The toasts as Radix shows them (swipe, timer, F8 to reach them); loaded on first use by Toaster. */
export function ToasterView() {
  const t = useTranslations();
  const locale = useLocale();
  const text = (value: ToastText) => (typeof value === "function" ? value(t, isLocale(locale) ? locale : "en") : value);
  const message = useCurrentToast();
  return (
    <Toast.Provider swipeDirection="right">
      {message && (
        <Toast.Root
          key={message.id}
          duration={message.duration}
          onOpenChange={(open) => !open && dismissToast(message.id)}
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
