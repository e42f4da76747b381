"use client";

import { useTranslations } from "use-intl";
import { api, isApiError } from "@/lib/api-client";
import { SubmitButton } from "../ui/submit-button";
import { FormMessage } from "../ui/form";
import { useErrorText } from "../i18n/error-text";
import { useFormAction, type FormResult } from "../hooks/use-form-action";

const ACTIONS = {
  confirm: { call: api.newsletter.confirm, done: "confirmed", refused: "confirmFailed" },
  unsubscribe: { call: api.newsletter.unsubscribe, done: "unsubscribed", refused: "unsubscribeFailed" },
} as const;

/**
 * The button of a newsletter link's page. Opening the link changes nothing (mail scanners fetch
 * links before people click them); pressing the button posts the link's token.
 */
export function NewsletterLinkAction({ token, action }: { token: string; action: keyof typeof ACTIONS }) {
  const t = useTranslations("newsletter");
  const errorText = useErrorText();
  const { call, done, refused } = ACTIONS[action];
  const form = useFormAction<FormResult>(
    async () => {
      await call(token);
      return { ok: true, message: t(done) };
    },
    {
      // a link that is unknown, used or expired has its own words; any other answer by its code; no answer: try again
      failure: (error) => ({
        ok: false,
        message: isApiError(error, "invalid-token")
          ? t(refused)
          : isApiError(error) && error.kind === "http" && error.serverMessage
            ? errorText(error)
            : t("actionFailed"),
      }),
    },
  );
  const finished = form.message?.tone === "success";
  return (
    <form method="post" className="space-y-3" onSubmit={form.submit}>
      <FormMessage message={form.message} />
      {!finished && (
        <SubmitButton block className="text-sm" busy={form.busy} busyText={t(`${action}.busy`)}>
          {t(`${action}.button`)}
        </SubmitButton>
      )}
    </form>
  );
}
