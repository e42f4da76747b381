"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { api, isApiError } from "@/lib/api-client";
import type { RefundListResponse, RefundRequest } from "@/lib/contract/refunds";
import { formatMoney } from "@/lib/money";
import type { RefundMethod } from "@/lib/refunds";
import { useErrorText } from "../i18n/error-text";
import { TestOrderBadge } from "../orders/test-order-badge";
import { SubmitButton } from "../ui/submit-button";
import { Field, FormMessage, Select, TextField, TextareaField, type FormNotice } from "../ui/form";

/** A new key per refund form: a retried submit sends the same one, so the server refunds once. */
const newKey = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`).replace(/[^A-Za-z0-9_-]/g, "");

/**
 * The admin's refunds of one order: what was paid and refunded, each refund with its status and
 * credit note, and a form for a new one by lines (units per line) or by an amount, with the method
 * the order's payment allows, a reason, the bank's reference for a transfer and the admin's
 * second-factor code, asked again for money going out. Texts: admin.refunds.
 */
export function RefundPanel({ number }: { number: string }) {
  const t = useTranslations("admin.refunds");
  const errorText = useErrorText();
  const router = useRouter();
  const [data, setData] = useState<RefundListResponse | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [mode, setMode] = useState<"lines" | "amount">("lines");
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [amount, setAmount] = useState("");
  const [method, setMethod] = useState<RefundMethod | "">("");
  const [includeDelivery, setIncludeDelivery] = useState(false);
  const [reason, setReason] = useState("");
  const [bankReference, setBankReference] = useState("");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormNotice>(null);
  const [fieldError, setFieldError] = useState<{ field: string; text: string } | null>(null);
  const key = useRef(newKey());

  const show = useCallback((answer: RefundListResponse) => {
    setData(answer);
    setMethod((current) => current || answer.refundable.methods[0] || "");
  }, []);
  const load = useCallback(() => api.refunds.list(number).then(show), [number, show]);

  useEffect(() => {
    let live = true;
    api.refunds
      .list(number)
      .then((answer) => live && show(answer))
      .catch((error: unknown) => live && setLoadError(errorText(error)));
    return () => {
      live = false;
    };
  }, [number, show, errorText]);

  if (loadError) return <p className="text-sm text-red-700 dark:text-red-300">{loadError}</p>;
  if (!data) return <p className="text-sm text-[var(--muted-fg)]">{t("loading")}</p>;
  const { refundable, refunds } = data;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy || !method) return;
    setMessage(null);
    setFieldError(null);
    const lines = refundable.lines
      .map((l) => ({ orderLineId: l.orderLineId, quantity: Number(quantities[l.orderLineId] || 0) }))
      .filter((l) => Number.isInteger(l.quantity) && l.quantity > 0);
    const body: RefundRequest = {
      method,
      reason: reason.trim(),
      twoFactorCode: code.trim(),
      ...(mode === "lines" ? (lines.length ? { lines } : {}) : { amount: Number(amount) }),
      ...(includeDelivery ? { includeDelivery: true } : {}),
      ...(method === "bank_transfer" ? { bankReference: bankReference.trim() } : {}),
    };
    if (mode === "amount" && (!Number.isInteger(body.amount) || (body.amount ?? 0) <= 0)) {
      setFieldError({ field: "amount", text: t("errors.amount") });
      return;
    }
    if (!body.reason) {
      setFieldError({ field: "reason", text: t("errors.reason") });
      return;
    }
    if (!body.twoFactorCode) {
      setFieldError({ field: "twoFactorCode", text: t("errors.code") });
      return;
    }
    setBusy(true);
    try {
      const { refund } = await api.refunds.create(number, body, key.current);
      key.current = newKey();
      setQuantities({});
      setAmount("");
      setReason("");
      setBankReference("");
      setCode("");
      setMessage({ tone: "success", text: t("done", { amount: formatMoney(refund.amount), status: t(`status.${refund.status}`) }) });
      await load();
      router.refresh();
    } catch (error) {
      // a refusal is final for this request: the next try is a new one
      if (isApiError(error) && error.status < 500) key.current = newKey();
      const field = isApiError(error) && typeof error.body.field === "string" ? error.body.field : null;
      if (isApiError(error, "second-factor-failed")) setFieldError({ field: "twoFactorCode", text: errorText(error) });
      else if (field) setFieldError({ field, text: errorText(error) });
      else setMessage({ tone: "error", text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  const errorFor = (field: string) => (fieldError?.field === field ? fieldError.text : null);

  return (
    <div className="space-y-4" data-testid="refund-panel">
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-[var(--muted-fg)]">{t("paid")}</dt>
          <dd className="font-semibold">{formatMoney(refundable.paid)}</dd>
        </div>
        <div>
          <dt className="text-[var(--muted-fg)]">{t("refunded")}</dt>
          <dd className="font-semibold">{formatMoney(refundable.refunded)}</dd>
        </div>
        <div>
          <dt className="text-[var(--muted-fg)]">{t("remaining")}</dt>
          <dd className="font-semibold" data-testid="refund-remaining">
            {formatMoney(refundable.remaining)}
          </dd>
        </div>
      </dl>

      {refunds.length > 0 && (
        <ul className="divide-y divide-[var(--border)] rounded-lg border border-[var(--border)] text-sm">
          {refunds.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 p-2" data-testid="refund-row">
              <span>
                {t("row", { number: r.number, amount: formatMoney(r.amount), method: t(`methods.${r.method}`) })}
                {r.test && <TestOrderBadge className="ml-2" />}
              </span>
              <span className="flex items-center gap-2">
                <span className="rounded-full bg-[var(--muted)] px-2 py-0.5 text-xs">{t(`status.${r.status}`)}</span>
                {r.creditNote && (
                  <a href={r.creditNote.pdfPath} className="text-brand underline">
                    {t("creditNote", { number: r.creditNote.number })}
                  </a>
                )}
              </span>
              {r.method === "bank_transfer" && r.status === "requested" && <RecordTransfer number={number} refund={r.number} onDone={load} />}
            </li>
          ))}
        </ul>
      )}

      {refundable.remaining <= 0 ? (
        <p className="text-sm text-[var(--muted-fg)]">{t("nothingLeft")}</p>
      ) : refundable.methods.length === 0 ? (
        <p className="text-sm text-[var(--muted-fg)]">{t("noMethod")}</p>
      ) : (
        <form onSubmit={submit} className="space-y-3" noValidate>
          <fieldset className="flex flex-wrap gap-4 text-sm">
            <legend className="mb-1 font-medium">{t("by")}</legend>
            {(["lines", "amount"] as const).map((m) => (
              <label key={m} className="flex items-center gap-2">
                <input type="radio" name="refund-mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
                {t(`mode.${m}`)}
              </label>
            ))}
          </fieldset>

          {mode === "lines" ? (
            <fieldset className="space-y-2">
              <legend className="sr-only">{t("mode.lines")}</legend>
              {refundable.lines.map((l) => {
                const left = l.quantity - l.refundedQuantity;
                return (
                  <div key={l.orderLineId} className="flex flex-wrap items-end justify-between gap-2 text-sm">
                    <span className="min-w-0 flex-1">
                      {l.name}
                      <span className="block text-xs text-[var(--muted-fg)]">{t("lineLeft", { left, bought: l.quantity })}</span>
                    </span>
                    <TextField
                      id={`refund-qty-${l.orderLineId}`}
                      label={t("quantity", { name: l.name })}
                      hideLabel
                      className="w-24"
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={left}
                      disabled={left === 0}
                      value={quantities[l.orderLineId] ?? ""}
                      onChange={(e) => setQuantities((q) => ({ ...q, [l.orderLineId]: e.target.value }))}
                    />
                  </div>
                );
              })}
              {errorFor("lines") && <p className="text-sm text-red-700 dark:text-red-300">{errorFor("lines")}</p>}
            </fieldset>
          ) : (
            <TextField
              id="refund-amount"
              label={t("amount")}
              hint={t("amountHint", { remaining: formatMoney(refundable.remaining) })}
              type="number"
              inputMode="numeric"
              min={1}
              value={amount}
              error={errorFor("amount")}
              onChange={(e) => setAmount(e.target.value)}
            />
          )}

          {refundable.deliveryRemaining > 0 && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={includeDelivery} onChange={(e) => setIncludeDelivery(e.target.checked)} />
              {t("includeDelivery", { fee: formatMoney(refundable.deliveryRemaining) })}
            </label>
          )}

          <Field id="refund-method" label={t("method")} error={errorFor("method")}>
            {(control) => (
              <Select {...control} value={method} onChange={(e) => setMethod(e.target.value as RefundMethod)}>
                {refundable.methods.map((m) => (
                  <option key={m} value={m}>
                    {t(`methods.${m}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {method === "bank_transfer" && (
            <TextField
              id="refund-bank-reference"
              label={t("bankReference")}
              value={bankReference}
              maxLength={80}
              error={errorFor("bankReference")}
              onChange={(e) => setBankReference(e.target.value)}
            />
          )}
          <TextareaField
            id="refund-reason"
            label={t("reason")}
            value={reason}
            maxLength={500}
            rows={2}
            error={errorFor("reason")}
            onChange={(e) => setReason(e.target.value)}
          />
          <TextField
            id="refund-code"
            label={t("code")}
            hint={t("codeHint")}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={40}
            value={code}
            error={errorFor("twoFactorCode")}
            onChange={(e) => setCode(e.target.value)}
          />
          <FormMessage message={message} />
          <SubmitButton variant="danger" busy={busy} busyText={t("sending")}>
            {t("submit")}
          </SubmitButton>
        </form>
      )}
    </div>
  );
}

/** A bank transfer refund the shop asked for itself (a back-order's): the admin makes the transfer and records its reference here. */
function RecordTransfer({ number, refund, onDone }: { number: string; refund: number; onDone: () => Promise<unknown> }) {
  const t = useTranslations("admin.refunds");
  const errorText = useErrorText();
  const [reference, setReference] = useState("");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!reference.trim() || !code.trim()) {
      setProblem(t("errors.transfer"));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await api.refunds.recordTransfer(number, refund, { bankReference: reference.trim(), twoFactorCode: code.trim() });
      await onDone();
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="flex w-full flex-wrap items-end gap-2" noValidate>
      <TextField
        id={`transfer-reference-${refund}`}
        label={t("bankReference")}
        className="min-w-40 flex-1"
        value={reference}
        maxLength={80}
        onChange={(e) => setReference(e.target.value)}
      />
      <TextField
        id={`transfer-code-${refund}`}
        label={t("code")}
        className="w-36"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        maxLength={40}
        onChange={(e) => setCode(e.target.value)}
      />
      <SubmitButton size="sm" busy={busy} busyText={t("sending")}>
        {t("recordTransfer")}
      </SubmitButton>
      {problem && (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </form>
  );
}
