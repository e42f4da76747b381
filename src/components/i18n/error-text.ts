"use client";

import { useCallback } from "react";
import { useLocale, useTranslations } from "use-intl";
import { isApiError } from "@/lib/api-client";

/**
 * The words for a failed API call, in the page's language. The browser decides from the error's
 * code (and a validation's `reason`), never from the English text: in Kiswahili the catalogue's
 * message for the code; in English the server's own message where it sent one (it can be more
 * precise, e.g. which field), else the catalogue's. No answer at all is a network error or a
 * time-out; `fallback` replaces the generic text for anything unknown.
 */
export function useErrorText() {
  const t = useTranslations("errors");
  const locale = useLocale();
  return useCallback(
    (error: unknown, fallback?: string): string => {
      if (!isApiError(error)) return fallback ?? t("generic");
      if (error.kind === "timeout") return t("timeout");
      if (error.kind === "network" || error.kind === "aborted") return t("network");
      const reason = typeof error.body.reason === "string" ? `reasons.${error.body.reason}` : null;
      // reason keys are added by the areas that send them; an unknown one falls back to the code's text
      if (reason && t.has(reason as never)) return t(reason as never, error.body as never);
      if (locale === "en" && error.serverMessage) return error.serverMessage;
      if (error.code) {
        const minutes = typeof error.body.minutesLeft === "number" ? error.body.minutesLeft : 1;
        const retry = Number(error.body.retryAfter);
        return t(`codes.${error.code}`, { minutes: Math.max(1, Math.ceil(minutes)), seconds: Number.isFinite(retry) && retry > 0 ? retry : 60 });
      }
      return fallback ?? t("generic");
    },
    [t, locale],
  );
}
