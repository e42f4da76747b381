"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { api, isApiError } from "@/lib/api-client";
import type { CashCollector } from "@/lib/contract/on-delivery";
import { DATE_FORMATS } from "@/lib/date-format";
import { formatMoney } from "@/lib/money";
import { useErrorText } from "../i18n/error-text";
import { SubmitButton } from "../ui/submit-button";
import { TextField } from "../ui/form";
import { toast } from "../ui/toaster";

/** One collector's day: the counts and sums, every payment taken, and the hand-over (or the form to record it). */
export function CashCollectorCard({ day, collector: c }: { day: string; collector: CashCollector }) {
  const t = useTranslations("delivery.cash");
  const format = useFormatter();
  const headingId = useId();
  const figure = (label: string, value: string, testId: string) => (
    <div className="min-w-0">
      <dt className="text-xs text-[var(--muted-fg)]">{label}</dt>
      <dd className="text-lg font-bold break-words tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-[var(--border)] bg-[var(--surface)] p-4"
      data-testid="cash-collector"
      data-staff={c.staffId}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold break-words">
          {c.name}
        </h2>
        <span className="rounded bg-[var(--muted)] px-2 py-0.5 text-xs">{t(`roles.${c.role}`)}</span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {figure(t("cash"), formatMoney(c.collected.cash, "TZS"), "cash-total")}
        {figure(t("till"), formatMoney(c.collected.till, "TZS"), "till-total")}
        {figure(t("fees"), formatMoney(c.collected.fees, "TZS"), "fees-total")}
        {figure(t("delivered"), String(c.collected.delivered), "delivered-count")}
        {figure(t("refused"), String(c.collected.refused), "refused-count")}
      </dl>
      {c.entries.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-semibold">{t("entries")}</h3>
          <ul className="mt-1 divide-y divide-[var(--border)] border-y border-[var(--border)] text-sm" data-testid="cash-entries">
            {c.entries.map((e, i) => (
              <li key={`${e.order}-${e.kind}-${i}`} className="grid grid-cols-[1fr_auto] gap-x-3 py-2">
                <span className="min-w-0">
                  <Link href={`/admin/orders/${encodeURIComponent(e.order)}`} className="font-semibold text-brand hover:underline">
                    {e.order}
                  </Link>{" "}
                  <span className="text-[var(--muted-fg)]">
                    {t(`kind.${e.kind}`)} · {format.dateTime(new Date(e.at), DATE_FORMATS.time)}
                  </span>
                  {e.transactionId && <span className="block font-mono text-xs break-all">{e.transactionId}</span>}
                </span>
                <span className="text-right">
                  <span className="block font-semibold tabular-nums">{formatMoney(e.amount, "TZS")}</span>
                  <span className="text-xs text-[var(--muted-fg)]">{t(e.method === "cash" ? "cash" : "till")}</span>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <h3 className="mt-4 text-sm font-semibold">{t("handover")}</h3>
      {c.handover ? (
        <div className="mt-1 space-y-1 text-sm" data-testid="cash-handover">
          <p className="font-semibold tabular-nums">{t("counted", { amount: formatMoney(c.handover.countedCash, "TZS") })}</p>
          <p
            className={
              c.handover.difference < 0
                ? "font-semibold text-red-700 dark:text-red-300"
                : c.handover.difference > 0
                  ? "font-semibold text-amber-800 dark:text-amber-300"
                  : "text-emerald-800 dark:text-emerald-300"
            }
            data-testid="cash-difference"
          >
            {c.handover.difference === 0
              ? t("exact")
              : t(c.handover.difference < 0 ? "short" : "over", { amount: formatMoney(Math.abs(c.handover.difference), "TZS") })}
          </p>
          <p className="text-[var(--muted-fg)]">
            {t("countedBy", { name: c.handover.by, at: format.dateTime(new Date(c.handover.at), DATE_FORMATS.dateTime) })}
          </p>
          {c.handover.note && <p className="break-words">{c.handover.note}</p>}
        </div>
      ) : (
        <HandoverForm day={day} staffId={c.staffId} expected={c.collected.cash} />
      )}
    </section>
  );
}

/** "Cash received: [amount] [note] Record": the count, with a note when it differs from the cash taken. */
function HandoverForm({ day, staffId, expected }: { day: string; staffId: number; expected: number }) {
  const t = useTranslations("delivery.cash");
  const router = useRouter();
  const errorText = useErrorText();
  const id = useId();
  const [amount, setAmount] = useState(String(expected));
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<{ field: "countedCash" | "note" | null; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const expectedText = formatMoney(expected, "TZS");

  async function record(event: React.FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    const counted = Number(amount.replace(/[\s,]/g, ""));
    if (amount.trim() === "" || !Number.isInteger(counted) || counted < 0) {
      setProblem({ field: "countedCash", text: t("amountNeeded") });
      return;
    }
    if (counted !== expected && !note.trim()) {
      setProblem({ field: "note", text: t("noteNeeded", { expected: expectedText }) });
      return;
    }
    sending.current = true;
    setBusy(true);
    setProblem(null);
    try {
      await api.adminDeliveries.handover({ staffId, day, countedCash: counted, ...(note.trim() ? { note: note.trim() } : {}) });
      toast({ title: t("recorded") });
      router.refresh();
    } catch (error) {
      const field = isApiError(error, "validation") ? error.body.field : null;
      if (field === "note") setProblem({ field: "note", text: t("noteNeeded", { expected: expectedText }) });
      else setProblem({ field: field === "countedCash" ? "countedCash" : null, text: errorText(error) });
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void record(e)} className="mt-1 space-y-2" noValidate data-testid="handover-form">
      <div className="grid gap-2 sm:grid-cols-[10rem_1fr]">
        <TextField
          id={`${id}-counted`}
          name="countedCash"
          label={t("received")}
          inputMode="numeric"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={problem?.field === "countedCash" ? problem.text : null}
        />
        <TextField
          id={`${id}-note`}
          name="note"
          label={t("note")}
          value={note}
          maxLength={300}
          onChange={(e) => setNote(e.target.value)}
          hint={t("noteHint", { expected: expectedText })}
          error={problem?.field === "note" ? problem.text : null}
        />
      </div>
      {problem && problem.field === null && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {problem.text}
        </p>
      )}
      <SubmitButton busy={busy} busyText={t("record")}>
        {t("record")}
      </SubmitButton>
    </form>
  );
}
