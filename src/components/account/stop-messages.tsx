"use client";

import Link from "next/link";
import { useTranslations } from "use-intl";
import { api, isApiError } from "@/lib/api-client";
import { SubmitButton } from "../ui/submit-button";
import { FormMessage } from "../ui/form";
import { useErrorText } from "../i18n/error-text";
import { useFormAction, type FormResult } from "../hooks/use-form-action";

/**
 * The button of a text message's opt-out link (/stop/<token>). Opening the link changes nothing
 * (link previewers in chat apps fetch it before anyone taps it); pressing the button stops every
 * message to the number, and the page says how to turn them back on.
 */
export function StopMessages({ token, phone }: { token: string; phone: string }) {
  const t = useTranslations("account.stop");
  const errorText = useErrorText();
  const form = useFormAction<FormResult>(
    async () => {
      await api.textMessages.stop(token);
      return { ok: true, message: t("done", { phone }) };
    },
    {
      failure: (error) => ({
        ok: false,
        message: isApiError(error, "invalid-token")
          ? t("invalid")
          : isApiError(error) && error.kind === "http" && error.serverMessage
            ? errorText(error)
            : t("failed"),
      }),
    },
  );
  const finished = form.message?.tone === "success";
  return (
    <form method="post" className="space-y-3" onSubmit={form.submit} data-testid="stop-messages">
      <FormMessage message={form.message} />
      {finished ? (
        <div className="space-y-2 text-sm" data-testid="stop-messages-done">
          <p>
            {t("turnBackOn")}{" "}
            <Link href="/account/settings#text-messages" className="font-semibold text-brand hover:underline">
              {t("settingsLink")}
            </Link>
          </p>
          <p className="text-[var(--muted-fg)]">
            {t("noAccount")}{" "}
            <Link href="/contact" className="font-semibold text-brand hover:underline">
              {t("contactLink")}
            </Link>
          </p>
        </div>
      ) : (
        <SubmitButton block className="text-sm" busy={form.busy} busyText={t("busy")}>
          {t("button")}
        </SubmitButton>
      )}
    </form>
  );
}
