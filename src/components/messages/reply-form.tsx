"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { MESSAGE_BODY_MAX, normaliseMessageBody } from "@/lib/account";
import { api, isApiError } from "@/lib/api-client";
import { SubmitButton } from "../ui/submit-button";
import { FormMessage } from "../ui/form";
import { useFormAction } from "../hooks/use-form-action";

/** The reply box under a conversation: the shopper's reply, or (as="shop") an admin's answer. */
export function ReplyForm({ threadId, as }: { threadId: number; as: "customer" | "shop" }) {
  const t = useTranslations("messages");
  const router = useRouter();
  const [body, setBody] = useState("");
  const form = useFormAction(
    async () => {
      try {
        if (as === "shop") await api.messages.adminReply(threadId, body);
        else await api.messages.reply(threadId, body);
      } catch (error) {
        if (isApiError(error, "rate-limited")) return { ok: false, message: t("form.rateLimited") };
        throw error;
      }
      return { ok: true, message: as === "shop" ? t("admin.sent") : t("thread.sent") };
    },
    {
      failure: t("form.failed"),
      check: () => (body.length > MESSAGE_BODY_MAX ? t("form.tooLong", { max: MESSAGE_BODY_MAX }) : normaliseMessageBody(body) ? null : t("form.bodyNeeded")),
      onSuccess: () => {
        setBody("");
        router.refresh();
      },
    },
  );
  const label = as === "shop" ? t("admin.replyLabel") : t("thread.replyLabel");
  return (
    <form noValidate onSubmit={form.submit} className="space-y-2">
      <label htmlFor={`reply-${threadId}`} className="block text-sm font-medium">
        {label}
      </label>
      <textarea
        id={`reply-${threadId}`}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        rows={5}
        maxLength={MESSAGE_BODY_MAX}
        aria-describedby={`reply-${threadId}-hint`}
        className="w-full rounded-lg border border-[var(--border)] bg-[var(--page-bg)] p-3 text-sm"
      />
      <p id={`reply-${threadId}-hint`} className="text-xs text-[var(--muted-fg)]">
        {t("form.bodyHint", { max: MESSAGE_BODY_MAX })}
      </p>
      <FormMessage message={form.message} />
      <SubmitButton block className="text-sm" busy={form.busy} busyText={as === "shop" ? t("admin.sending") : t("thread.sending")}>
        {as === "shop" ? t("admin.send") : t("thread.send")}
      </SubmitButton>
    </form>
  );
}
