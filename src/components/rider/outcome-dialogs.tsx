"use client";

import { useId, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { isApiError } from "@/lib/api-client";
import { RECORDED_PAYMENT_METHODS, type RecordedPaymentMethod } from "@/lib/contract/admin-staff-orders";
import type { CollectRequest, RefuseRequest } from "@/lib/contract/on-delivery";
import { formatMoney } from "@/lib/money";
import { useErrorText } from "../i18n/error-text";
import { Button } from "../ui/button";
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogTrigger } from "../ui/dialog";
import { ChoiceCard, TextField, TextareaField } from "../ui/form";
import { buttonClass } from "../ui/button";

/** The dialogs are forms: tall on a phone, so they start near the top and scroll. */
const DIALOG_CLASS = "top-[4vh] max-h-[92vh] w-[min(26rem,calc(100vw-1.5rem))] overflow-y-auto";

/** An order number kept on one line in a title (non-breaking hyphens): "KE-2026-" never ends a line. */
const unbroken = (number: string) => number.replace(/-/g, "\u2011");

type Problem = { field: "transactionId" | "reason" | null; text: string } | null;

/** The field the server named in a validation answer, when this form has it. */
function fieldOf(error: unknown, fields: readonly ("transactionId" | "reason")[]): "transactionId" | "reason" | null {
  if (!isApiError(error, "validation")) return null;
  const field = error.body.field;
  return typeof field === "string" && (fields as readonly string[]).includes(field) ? (field as "transactionId" | "reason") : null;
}

/** Cash, or the shop's till with its transaction id: one radio group with the id's field under it. */
function MethodChoice({
  name,
  legend,
  method,
  onMethod,
  transactionId,
  onTransactionId,
  error,
}: {
  name: string;
  legend: string;
  method: RecordedPaymentMethod;
  onMethod: (method: RecordedPaymentMethod) => void;
  transactionId: string;
  onTransactionId: (value: string) => void;
  error: string | null;
}) {
  const t = useTranslations("delivery");
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {RECORDED_PAYMENT_METHODS.map((m) => (
        <ChoiceCard key={m} name={name} value={m} checked={method === m} onChange={(v) => onMethod(v as RecordedPaymentMethod)} title={t(`method.${m}`)} />
      ))}
      {method === "till" && (
        <TextField
          id={`${name}-transactionId`}
          name="transactionId"
          label={t("transactionId")}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={transactionId}
          maxLength={40}
          onChange={(e) => onTransactionId(e.target.value)}
          hint={t("transactionIdHint")}
          error={error}
        />
      )}
    </fieldset>
  );
}

/**
 * "Paid": the whole total taken at the door or the counter, in cash or to the shop's till (its
 * transaction id required). `submit` sends it (the rider's API, or the admin's order action); the
 * dialog stays open on a wrong field and closes when it went through.
 */
export function CollectDialog({
  number,
  total,
  submit,
  onDone,
  triggerLabel,
  triggerClassName,
  disabled,
  withNote = false,
}: {
  number: string;
  total: number;
  submit: (body: CollectRequest) => Promise<unknown>;
  onDone: () => void;
  triggerLabel: string;
  triggerClassName: string;
  disabled?: boolean;
  /** a note on the payment (the admin's page offers one) */
  withNote?: boolean;
}) {
  const t = useTranslations("delivery");
  const errorText = useErrorText();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [method, setMethod] = useState<RecordedPaymentMethod>("cash");
  const [transactionId, setTransactionId] = useState("");
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  async function send() {
    if (sending.current) return;
    if (method === "till" && !transactionId.trim()) {
      setProblem({ field: "transactionId", text: t("transactionIdNeeded") });
      return;
    }
    sending.current = true;
    setBusy(true);
    setProblem(null);
    try {
      await submit({
        method,
        ...(method === "till" ? { transactionId: transactionId.trim() } : {}),
        ...(withNote && note.trim() ? { note: note.trim() } : {}),
      });
      setOpen(false);
      setTransactionId("");
      setNote("");
      onDone();
    } catch (error) {
      setProblem({ field: fieldOf(error, ["transactionId"]), text: errorText(error) });
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger disabled={disabled} className={triggerClassName}>
        {triggerLabel}
      </AlertDialogTrigger>
      <AlertDialogContent title={t("collect.title", { number: unbroken(number) })} description={t("collect.text")} className={DIALOG_CLASS}>
        <div className="mt-4 space-y-4">
          <p className="rounded-lg bg-[var(--surface)] p-3">
            <span className="block text-sm text-[var(--muted-fg)]">{t("collect.amount")}</span>
            <span className="text-3xl font-bold tabular-nums" data-testid="collect-amount">
              {formatMoney(total, "TZS")}
            </span>
          </p>
          <MethodChoice
            name={`${id}-collect`}
            legend={t("collect.how")}
            method={method}
            onMethod={setMethod}
            transactionId={transactionId}
            onTransactionId={setTransactionId}
            error={problem?.field === "transactionId" ? problem.text : null}
          />
          {withNote && (
            <TextField
              id={`${id}-collect-note`}
              name="note"
              label={t("collect.note")}
              optionalText={t("optional")}
              value={note}
              maxLength={300}
              onChange={(e) => setNote(e.target.value)}
            />
          )}
          {problem && problem.field === null && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
              {problem.text}
            </p>
          )}
        </div>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <AlertDialogCancel className={buttonClass({ variant: "secondary" })}>{t("cancel")}</AlertDialogCancel>
          {/* not an AlertDialogAction: the dialog stays open while a field is wrong */}
          <Button onClick={() => void send()} busy={busy} busyText={t("working")}>
            {t("collect.confirm")}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * "Refused": why the customer would not take the goods (required) and, when the settings charge
 * the delivery fee for a refusal, whether it was paid and how. The goods go back on sale.
 */
export function RefuseDialog({
  number,
  fee,
  submit,
  onDone,
  triggerLabel,
  triggerClassName,
  disabled,
}: {
  number: string;
  /** the refusal fee due (the order's delivery fee, when the settings charge it), 0 for none */
  fee: number;
  submit: (body: RefuseRequest) => Promise<unknown>;
  onDone: () => void;
  triggerLabel: string;
  triggerClassName: string;
  disabled?: boolean;
}) {
  const t = useTranslations("delivery");
  const errorText = useErrorText();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [feePaid, setFeePaid] = useState(false);
  const [method, setMethod] = useState<RecordedPaymentMethod>("cash");
  const [transactionId, setTransactionId] = useState("");
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  async function send() {
    if (sending.current) return;
    if (reason.trim().length < 3) {
      setProblem({ field: "reason", text: t("refuse.reasonNeeded") });
      return;
    }
    const paid = fee > 0 && feePaid;
    if (paid && method === "till" && !transactionId.trim()) {
      setProblem({ field: "transactionId", text: t("transactionIdNeeded") });
      return;
    }
    sending.current = true;
    setBusy(true);
    setProblem(null);
    try {
      await submit({
        reason: reason.trim(),
        ...(paid ? { fee: { method, ...(method === "till" ? { transactionId: transactionId.trim() } : {}) } } : {}),
      });
      setOpen(false);
      setReason("");
      setFeePaid(false);
      setTransactionId("");
      onDone();
    } catch (error) {
      setProblem({ field: fieldOf(error, ["reason", "transactionId"]), text: errorText(error) });
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger disabled={disabled} className={triggerClassName}>
        {triggerLabel}
      </AlertDialogTrigger>
      <AlertDialogContent title={t("refuse.title", { number: unbroken(number) })} description={t("refuse.text")} className={DIALOG_CLASS}>
        <div className="mt-4 space-y-4">
          <TextareaField
            id={`${id}-reason`}
            name="reason"
            label={t("refuse.reason")}
            value={reason}
            maxLength={300}
            rows={3}
            onChange={(e) => setReason(e.target.value)}
            error={problem?.field === "reason" ? problem.text : null}
          />
          {fee > 0 && (
            <div className="space-y-3 rounded-lg border border-[var(--border)] p-3">
              <p className="text-sm">{t("refuse.feeDue", { fee: formatMoney(fee, "TZS") })}</p>
              <label className="flex items-start gap-2 text-sm font-medium">
                <input
                  type="checkbox"
                  name="feePaid"
                  checked={feePaid}
                  onChange={(e) => setFeePaid(e.target.checked)}
                  className="mt-0.5 h-5 w-5 shrink-0 accent-[var(--brand)]"
                />
                <span>{t("refuse.feePaid", { fee: formatMoney(fee, "TZS") })}</span>
              </label>
              {feePaid && (
                <MethodChoice
                  name={`${id}-fee`}
                  legend={t("refuse.feeHow")}
                  method={method}
                  onMethod={setMethod}
                  transactionId={transactionId}
                  onTransactionId={setTransactionId}
                  error={problem?.field === "transactionId" ? problem.text : null}
                />
              )}
            </div>
          )}
          {problem && problem.field === null && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
              {problem.text}
            </p>
          )}
        </div>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <AlertDialogCancel className={buttonClass({ variant: "secondary" })}>{t("cancel")}</AlertDialogCancel>
          <Button variant="danger" onClick={() => void send()} busy={busy} busyText={t("working")}>
            {t("refuse.confirm")}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
