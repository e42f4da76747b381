"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import type { AdminReviewView } from "@/lib/contract/reviews";
import { HIDDEN_REASONS, SHOP_ANSWER_MAX, type HiddenReason } from "@/lib/reviews";
import { useFormAction } from "../hooks/use-form-action";
import { Button } from "../ui/button";
import { SubmitButton } from "../ui/submit-button";
import { Field, FormMessage, Select, TextareaField, TextField } from "../ui/form";

/**
 * The admin's decisions on one review: publish it, hide it for one of the three allowed reasons
 * (abuse, spam, personal data) with a note, and the shop's public answer (empty removes it).
 * Texts: admin.reviews.
 */
export function ReviewModeration({ review }: { review: AdminReviewView }) {
  const t = useTranslations("admin.reviews");
  const router = useRouter();
  const [reason, setReason] = useState<HiddenReason | "">("");
  const [note, setNote] = useState("");
  const [answer, setAnswer] = useState(review.shopAnswer?.body ?? "");
  const refresh = async () => router.refresh();

  const publish = useFormAction(
    async () => {
      await api.adminReviews.moderate(review.id, { action: "publish" });
      return { ok: true, message: t("publishedDone") };
    },
    { failure: t("failed"), onSuccess: refresh },
  );
  const hide = useFormAction(
    async () => {
      await api.adminReviews.moderate(review.id, { action: "hide", reason: reason as HiddenReason, ...(note.trim() ? { note: note.trim() } : {}) });
      return { ok: true, message: t("hiddenDone") };
    },
    { failure: t("failed"), check: () => (reason ? null : t("chooseReason")), onSuccess: refresh },
  );
  const saveAnswer = useFormAction(
    async () => {
      await api.adminReviews.answer(review.id, answer.trim());
      return { ok: true, message: answer.trim() ? t("answerSaved") : t("answerRemoved") };
    },
    { failure: t("failed"), onSuccess: refresh },
  );

  return (
    <div className="mt-3 space-y-3 border-t border-[var(--border)] pt-3">
      {review.status !== "published" && (
        <div>
          <Button onClick={publish.submit} busy={publish.busy} data-testid="review-publish">
            {t("publish")}
          </Button>
          <FormMessage message={publish.message} />
        </div>
      )}
      {review.status !== "hidden" && (
        <form onSubmit={hide.submit} className="space-y-2" noValidate data-testid="review-hide-form">
          <div className="flex flex-wrap items-end gap-2">
            <Field id={`hide-reason-${review.id}`} label={t("reason")} className="min-w-40 flex-1">
              {(control) => (
                <Select {...control} compact value={reason} onChange={(event) => setReason(event.target.value as HiddenReason | "")}>
                  <option value="">{t("chooseReason")}</option>
                  {HIDDEN_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {t(`reasons.${r}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <TextField
              id={`hide-note-${review.id}`}
              label={t("note")}
              optional
              compact
              className="min-w-40 flex-[2]"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              maxLength={500}
            />
            <SubmitButton variant="danger-outline" size="sm" className="h-9" busy={hide.busy} data-testid="review-hide">
              {t("hide")}
            </SubmitButton>
          </div>
          <FormMessage message={hide.message} />
        </form>
      )}
      <form onSubmit={saveAnswer.submit} className="space-y-2" noValidate>
        <TextareaField
          id={`shop-answer-${review.id}`}
          label={t("answer")}
          hint={t("answerHint")}
          optional
          rows={2}
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
          maxLength={SHOP_ANSWER_MAX}
        />
        <SubmitButton variant="secondary" size="sm" busy={saveAnswer.busy} data-testid="review-answer-save">
          {t("saveAnswer")}
        </SubmitButton>
        <FormMessage message={saveAnswer.message} />
      </form>
    </div>
  );
}
