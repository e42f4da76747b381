"use client";

import { useId, useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useFormatter, useLocale, useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import type { AdminQuestion, ModerateRequest } from "@/lib/contract/reviews";
import { DATE_FORMATS } from "@/lib/date-format";
import type { Locale } from "@/lib/locale";
import { ANSWER_MAX, HIDDEN_REASONS, type HiddenReason } from "@/lib/reviews";
import { useFormAction } from "../hooks/use-form-action";
import { Button } from "../ui/button";
import { SubmitButton } from "../ui/submit-button";
import { Field, FormMessage, Input, Select, TextareaField } from "../ui/form";

/**
 * One question on the admin's list: the question and every answer with its state, the shop's
 * answer form, and publish or hide (with one of the allowed reasons and a note for the log) for the
 * question and for each answer. The list is read again after each change.
 */
export function QuestionModeration({ question }: { question: AdminQuestion }) {
  const t = useTranslations("admin.questions");
  const format = useFormatter();
  const when = (iso: string) => format.dateTime(new Date(iso), DATE_FORMATS.dateTime);
  return (
    <li className="rounded-xl border border-[var(--border)] p-3 text-sm" data-testid="admin-question" data-status={question.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link href={`/products/${question.productSlug}#questions`} className="font-semibold text-brand hover:underline">
          {t("questionAbout", { product: question.productName })}
        </Link>
        <span className="flex flex-wrap gap-1 text-xs font-semibold">
          <span className="rounded bg-[var(--surface)] px-2 py-0.5">{t(`statuses.${question.status}`)}</span>
          {question.reportCount > 0 && <span className="rounded bg-red-100 px-2 py-0.5 text-red-900">{t("reports", { count: question.reportCount })}</span>}
        </span>
      </div>
      <p className="mt-1 break-words whitespace-pre-line" lang={question.locale}>
        {question.body}
      </p>
      <p className="text-xs text-[var(--muted-fg)]">
        {t("askedBy", { name: question.authorName, date: when(question.createdAt) })}
        {question.hiddenReason && <> · {t("hiddenFor", { reason: question.hiddenReason })}</>}
      </p>
      <ModerationButtons status={question.status} moderate={(request) => api.questions.moderate(question.id, request)} />
      {question.allAnswers.length === 0 ? (
        <p className="mt-2 text-xs text-[var(--muted-fg)]">{t("unanswered")}</p>
      ) : (
        <ul className="mt-2 space-y-2 border-l-2 border-[var(--border)] pl-3">
          {question.allAnswers.map((answer) => (
            <li key={answer.id} data-testid="admin-answer" data-status={answer.status}>
              <p className="break-words whitespace-pre-line" lang={answer.locale}>
                {answer.body}
              </p>
              <p className="text-xs text-[var(--muted-fg)]">
                {answer.byShop ? t("byShop") : t("verifiedBuyer")} · {answer.authorName} · {when(answer.createdAt)} · {t(`statuses.${answer.status}`)}
                {answer.hiddenReason && <> · {t("hiddenFor", { reason: answer.hiddenReason })}</>}
              </p>
              <ModerationButtons status={answer.status} moderate={(request) => api.questions.moderateAnswer(answer.id, request)} />
            </li>
          ))}
        </ul>
      )}
      {question.status !== "hidden" && <ShopAnswerForm question={question} />}
    </li>
  );
}

function ModerationButtons({ status, moderate }: { status: string; moderate: (request: ModerateRequest) => Promise<unknown> }) {
  const t = useTranslations("admin.questions");
  const router = useRouter();
  const id = useId();
  const [hiding, setHiding] = useState(false);
  const [reason, setReason] = useState<HiddenReason>("abuse");
  const [note, setNote] = useState("");
  // the decision the next send carries (a ref: the send runs in the same event as the choice)
  const decision = useRef<ModerateRequest>({ action: "publish" });
  const [sending, setSending] = useState<ModerateRequest["action"]>("publish");
  const action = useFormAction(
    async () => {
      await moderate(decision.current);
      return { ok: true, message: t("done") };
    },
    {
      failure: t("failed"),
      onSuccess: () => {
        setHiding(false);
        router.refresh();
      },
    },
  );
  const send = (next: ModerateRequest) => {
    decision.current = next;
    setSending(next.action);
    action.submit();
  };
  return (
    <div className="mt-2">
      <div className="flex flex-wrap gap-2">
        {status !== "published" && (
          <Button size="sm" variant="secondary" busy={action.busy && sending === "publish"} onClick={() => send({ action: "publish" })}>
            {t("publish")}
          </Button>
        )}
        {status !== "hidden" && !hiding && (
          <Button size="sm" variant="ghost" onClick={() => setHiding(true)}>
            {t("hide")}
          </Button>
        )}
      </div>
      {hiding && (
        <form
          className="mt-2 flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            send({ action: "hide", reason, note: note.trim() || undefined });
          }}
        >
          <Field id={`${id}-reason`} label={t("hideReason")}>
            {(control) => (
              <Select {...control} value={reason} onChange={(e) => setReason(e.target.value as HiddenReason)} compact>
                {HIDDEN_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {t(`reasons.${r}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id={`${id}-note`} label={t("note")} className="min-w-40 flex-1">
            {(control) => <Input {...control} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />}
          </Field>
          <SubmitButton size="sm" variant="danger" busy={action.busy}>
            {t("confirmHide")}
          </SubmitButton>
          <Button size="sm" variant="ghost" onClick={() => setHiding(false)}>
            {t("cancel")}
          </Button>
        </form>
      )}
      <div className="mt-1">
        <FormMessage message={action.message} />
      </div>
    </div>
  );
}

function ShopAnswerForm({ question }: { question: AdminQuestion }) {
  const t = useTranslations("admin.questions");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const id = useId();
  const [body, setBody] = useState("");
  const action = useFormAction(
    async () => {
      await api.questions.answer(question.productId, question.id, { body, locale });
      return { ok: true, message: t("done") };
    },
    {
      failure: t("failed"),
      check: () => (body.trim().length < 2 ? t("tooShort") : null),
      onSuccess: () => {
        setBody("");
        router.refresh();
      },
    },
  );
  return (
    <form onSubmit={action.submit} className="mt-3 space-y-2" noValidate>
      <TextareaField
        id={`${id}-answer`}
        name="answer"
        label={t("answerAsShop")}
        rows={2}
        maxLength={ANSWER_MAX}
        value={body}
        onChange={(e) => setBody(e.target.value)}
      />
      <FormMessage message={action.message} />
      <SubmitButton size="sm" busy={action.busy}>
        {t("sendAnswer")}
      </SubmitButton>
    </form>
  );
}
