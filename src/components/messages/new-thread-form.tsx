"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX, normaliseMessageBody } from "@/lib/account";
import { api, isApiError } from "@/lib/api-client";
import { SubmitButton } from "../ui/submit-button";
import { FormMessage } from "../ui/form";
import { useFormAction } from "../hooks/use-form-action";

/** A new conversation with the shop: subject, optionally one of the shopper's orders, and the message. */
export function NewThreadForm({ orders, initialOrder }: { orders: string[]; initialOrder: string | null }) {
  const t = useTranslations("messages.form");
  const router = useRouter();
  const [subject, setSubject] = useState("");
  const [order, setOrder] = useState(initialOrder && orders.includes(initialOrder) ? initialOrder : "");
  const [body, setBody] = useState("");
  const form = useFormAction(
    async () => {
      try {
        const created = await api.messages.create({ subject: subject.trim(), orderNumber: order || null, body });
        return { ok: true, message: t("sent"), id: created.thread.id };
      } catch (error) {
        if (isApiError(error, "rate-limited")) return { ok: false, message: t("rateLimited"), id: 0 };
        throw error;
      }
    },
    {
      failure: t("failed"),
      check: () =>
        !subject.trim()
          ? t("subjectNeeded")
          : body.length > MESSAGE_BODY_MAX
            ? t("tooLong", { max: MESSAGE_BODY_MAX })
            : normaliseMessageBody(body)
              ? null
              : t("bodyNeeded"),
      onSuccess: (result) => router.push(`/account/messages/${result.id}`),
    },
  );
  const input = "mt-1 w-full rounded-lg border border-[var(--border)] bg-[var(--page-bg)] px-3 text-sm";
  return (
    <form noValidate onSubmit={form.submit} className="space-y-4">
      <label className="block text-sm font-medium">
        {t("subject")}
        <input value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={MESSAGE_SUBJECT_MAX} className={`${input} h-11`} />
      </label>
      <label className="block text-sm font-medium">
        {t("order")}
        <select value={order} onChange={(e) => setOrder(e.target.value)} className={`${input} h-11`}>
          <option value="">{t("noOrder")}</option>
          {orders.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <div>
        <label htmlFor="message-body" className="block text-sm font-medium">
          {t("body")}
        </label>
        <textarea
          id="message-body"
          value={body}
          onChange={(e) => setBody(e.target.value)}
          rows={8}
          maxLength={MESSAGE_BODY_MAX}
          aria-describedby="body-hint"
          className={`${input} py-2`}
        />
        <p id="body-hint" className="mt-1 text-xs text-[var(--muted-fg)]">
          {t("bodyHint", { max: MESSAGE_BODY_MAX })}
        </p>
      </div>
      <FormMessage message={form.message} />
      <SubmitButton block className="text-sm" busy={form.busy} busyText={t("sending")}>
        {t("send")}
      </SubmitButton>
    </form>
  );
}
