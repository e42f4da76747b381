"use client";

import { useEffect, useId, useState } from "react";
import { Flag, MessageCircleQuestion } from "lucide-react";
import { useFormatter, useLocale, useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import { DATE_FORMATS } from "@/lib/date-format";
import type { Locale } from "@/lib/locale";
import { ANSWER_MAX, QUESTION_MAX, type QuestionListView, type QuestionView } from "@/lib/reviews";
import { openAuthDialog } from "../auth/auth-dialog-state";
import { signedInStore } from "../cart/cart-store";
import { useFormAction } from "../hooks/use-form-action";
import { Button } from "../ui/button";
import { SubmitButton } from "../ui/submit-button";
import { FormMessage, TextareaField } from "../ui/form";
import { toast } from "../ui/toaster";

/** Questions a page of the list shows, and each "more" adds. */
const PAGE = 10;

/**
 * The product page's "Questions and answers": the answered questions (each answer marked as the
 * shop's or a verified buyer's), the asker's own waiting ones, an ask form for a signed-in shopper
 * (a sign-in prompt for a guest), an answer form for whoever may answer (the shop, or a verified
 * buyer where the shop allows), and a report button. The server renders the public list (`initial`,
 * the same for every visitor, so the page can be cached); a signed-in visitor's copy is read again
 * after hydration for their own questions and whether they may answer.
 */
export function ProductQuestions({ productId, initial }: { productId: number; initial: QuestionListView }) {
  const t = useTranslations("catalog.questions");
  const signedIn = signedInStore.use();
  const [list, setList] = useState(initial);
  // Questions asked on this visit are kept apart from the list read from the server: the signed-in
  // copy requested at hydration may answer after a quick first question and must not drop it.
  const [asked, setAsked] = useState<QuestionView[]>([]);
  const [more, setMore] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    let stale = false;
    api.questions
      .list(productId, { limit: PAGE })
      .then((fresh) => {
        if (!stale) setList(fresh);
      })
      .catch(() => undefined);
    return () => {
      stale = true;
    };
  }, [signedIn, productId]);

  const showMore = async () => {
    setMore(true);
    try {
      const next = await api.questions.list(productId, { limit: PAGE, offset: list.questions.length });
      setList((previous) => ({ ...next, questions: [...previous.questions, ...next.questions.filter((q) => !previous.questions.some((p) => p.id === q.id))] }));
    } catch {
      toast({ title: (tr) => tr("catalog.questions.loadFailed"), variant: "destructive" });
    } finally {
      setMore(false);
    }
  };

  const addQuestion = (question: QuestionView) => setAsked((previous) => [question, ...previous]);
  const replaceQuestion = (question: QuestionView) => {
    const replace = (questions: QuestionView[]) => questions.map((q) => (q.id === question.id ? question : q));
    setAsked(replace);
    setList((previous) => ({ ...previous, questions: replace(previous.questions) }));
  };
  const askedOnly = asked.filter((question) => !list.questions.some((listed) => listed.id === question.id));
  const questions = [...askedOnly, ...list.questions];
  const total = list.total + askedOnly.length;

  return (
    <section id="questions" aria-labelledby="questions-heading" className="mt-10 scroll-mt-20" data-testid="product-questions">
      <h2 id="questions-heading" className="flex items-center gap-2 text-lg font-semibold">
        <MessageCircleQuestion className="h-5 w-5 text-brand" aria-hidden />
        {t("heading")}
      </h2>
      <p className="mt-1 text-sm text-[var(--muted-fg)]">{t("intro")}</p>
      {signedIn ? (
        <AskForm productId={productId} onAsked={addQuestion} />
      ) : (
        <div className="mt-3 flex flex-wrap items-center gap-2 rounded-lg border border-[var(--border)] p-3 text-sm">
          <span>{t("signInToAsk")}</span>
          <Button variant="secondary" size="sm" onClick={() => openAuthDialog("login")}>
            {t("signIn")}
          </Button>
        </div>
      )}
      {questions.length === 0 ? (
        <p className="mt-4 text-sm text-[var(--muted-fg)]">{t("none")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-[var(--border)] rounded-lg border border-[var(--border)]">
          {questions.map((question) => (
            <QuestionItem
              key={question.id}
              productId={productId}
              question={question}
              canAnswer={list.canAnswer}
              signedIn={signedIn}
              onAnswered={replaceQuestion}
            />
          ))}
        </ul>
      )}
      {questions.length < total && (
        <Button variant="secondary" size="sm" className="mt-3" busy={more} onClick={() => void showMore()}>
          {t("more", { shown: questions.length, total })}
        </Button>
      )}
    </section>
  );
}

function AskForm({ productId, onAsked }: { productId: number; onAsked: (question: QuestionView) => void }) {
  const t = useTranslations("catalog.questions");
  const locale = useLocale() as Locale;
  const [body, setBody] = useState("");
  const id = useId();
  const action = useFormAction(
    async () => {
      const { question, status } = await api.questions.ask(productId, { body, locale });
      onAsked(question);
      return { ok: true, message: status === "pending" ? t("askedPending") : t("asked") };
    },
    {
      failure: t("askFailed"),
      check: () => (body.trim().length < 5 ? t("tooShort") : null),
      onSuccess: () => setBody(""),
    },
  );
  return (
    <form onSubmit={action.submit} className="mt-3 space-y-2" noValidate>
      <TextareaField
        id={`${id}-ask`}
        name="question"
        label={t("askLabel")}
        hint={t("askHint")}
        rows={3}
        maxLength={QUESTION_MAX}
        value={body}
        onChange={(e) => setBody(e.target.value)}
      />
      <FormMessage message={action.message} />
      <SubmitButton size="sm" busy={action.busy}>
        {t("ask")}
      </SubmitButton>
    </form>
  );
}

function QuestionItem({
  productId,
  question,
  canAnswer,
  signedIn,
  onAnswered,
}: {
  productId: number;
  question: QuestionView;
  canAnswer: boolean;
  signedIn: boolean;
  onAnswered: (question: QuestionView) => void;
}) {
  const t = useTranslations("catalog.questions");
  const format = useFormatter();
  const [answering, setAnswering] = useState(false);
  const [reported, setReported] = useState(false);
  const waiting = question.answers.length === 0;

  const report = async () => {
    if (!signedIn) {
      openAuthDialog("login");
      return;
    }
    try {
      await api.questions.report(productId, question.id);
      setReported(true);
      toast({ title: (tr) => tr("catalog.questions.reported") });
    } catch {
      toast({ title: (tr) => tr("catalog.questions.reportFailed"), variant: "destructive" });
    }
  };

  return (
    <li className="p-3" data-testid="question">
      <p className="text-sm font-medium" lang={question.locale}>
        <span className="mr-1 font-semibold text-brand" aria-hidden>
          {t("q")}
        </span>
        <span className="sr-only">{t("questionLabel")} </span>
        <span className="break-words whitespace-pre-line">{question.body}</span>
      </p>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-[var(--muted-fg)]">
        <span>{t("askedBy", { name: question.authorName, date: format.dateTime(new Date(question.createdAt), DATE_FORMATS.date) })}</span>
        {question.demo && <span className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900">{t("demo")}</span>}
        {question.mine && waiting && <span className="rounded bg-sky-100 px-1.5 py-0.5 font-medium text-sky-900">{t("waiting")}</span>}
      </p>
      {question.answers.length > 0 && (
        <ul className="mt-2 space-y-2 border-l-2 border-[var(--border)] pl-3">
          {question.answers.map((answer) => (
            <li key={answer.id} data-testid="answer">
              <p className="text-sm break-words whitespace-pre-line" lang={answer.locale}>
                <span className="sr-only">{t("answerLabel")} </span>
                {answer.body}
              </p>
              <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-[var(--muted-fg)]">
                {answer.byShop ? (
                  <span className="rounded bg-emerald-100 px-1.5 py-0.5 font-medium text-emerald-900">{t("byShop")}</span>
                ) : (
                  <span className="rounded bg-sky-100 px-1.5 py-0.5 font-medium text-sky-900">{t("verifiedBuyer")}</span>
                )}
                <span>{t("answeredBy", { name: answer.authorName, date: format.dateTime(new Date(answer.createdAt), DATE_FORMATS.date) })}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {canAnswer && !answering && (
          <Button variant="secondary" size="sm" onClick={() => setAnswering(true)}>
            {t("answer")}
          </Button>
        )}
        {!question.mine && !reported && (
          <Button variant="ghost" size="sm" onClick={() => void report()} aria-label={t("reportLabel", { question: question.body.slice(0, 60) })}>
            <Flag className="h-3.5 w-3.5" aria-hidden />
            {t("report")}
          </Button>
        )}
      </div>
      {answering && (
        <AnswerForm
          productId={productId}
          question={question}
          onCancel={() => setAnswering(false)}
          onAnswered={(updated) => {
            setAnswering(false);
            onAnswered(updated);
          }}
        />
      )}
    </li>
  );
}

function AnswerForm({
  productId,
  question,
  onCancel,
  onAnswered,
}: {
  productId: number;
  question: QuestionView;
  onCancel: () => void;
  onAnswered: (question: QuestionView) => void;
}) {
  const t = useTranslations("catalog.questions");
  const locale = useLocale() as Locale;
  const [body, setBody] = useState("");
  const id = useId();
  const action = useFormAction(
    async () => {
      const { answer, status } = await api.questions.answer(productId, question.id, { body, locale });
      if (status === "published") onAnswered({ ...question, answers: [...question.answers, answer] });
      return { ok: true, message: status === "pending" ? t("answeredPending") : t("answered") };
    },
    { failure: t("answerFailed"), check: () => (body.trim().length < 2 ? t("tooShort") : null), onSuccess: () => setBody("") },
  );
  return (
    <form onSubmit={action.submit} className="mt-2 space-y-2" noValidate>
      <TextareaField
        id={`${id}-answer`}
        name="answer"
        label={t("answerLabelFor", { question: question.body.slice(0, 80) })}
        rows={3}
        maxLength={ANSWER_MAX}
        value={body}
        autoFocus
        onChange={(e) => setBody(e.target.value)}
      />
      <FormMessage message={action.message} />
      <div className="flex gap-2">
        <SubmitButton size="sm" busy={action.busy}>
          {t("sendAnswer")}
        </SubmitButton>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}
