"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { api, isApiError } from "@/lib/api-client";
import { shopDay, type OrderPartsView } from "@/lib/back-orders";
import { DATE_FORMATS } from "@/lib/date-format";
import { formatMoney } from "@/lib/money";
import { REFUND_METHODS, type RefundMethod } from "@/lib/refunds";
import { useErrorText } from "../i18n/error-text";
import { Button } from "../ui/button";
import { SubmitButton } from "../ui/submit-button";
import { Field, FormMessage, Select, TextField, type FormNotice } from "../ui/form";

/**
 * The admin order page's shipments in parts: each line's units by state (awaiting stock with its
 * date, ready, sent, cancelled), the shipments made, a "ship part" form for the ready units (each
 * line's units, the carrier and tracking number; a test order's confirmation), and cancelling the
 * part awaiting stock with its money returned. An order paid by deposit shows the deposit, the
 * balance owed or paid (and by when it is due once asked for), and the units held until it is paid.
 * Shown for an order with anything waiting, sent in parts or paid by deposit. Texts: admin.backOrders.
 */
export function OrderShipments({ number, test }: { number: string; test: boolean }) {
  const t = useTranslations("admin.backOrders");
  const format = useFormatter();
  const errorText = useErrorText();
  const router = useRouter();
  const [parts, setParts] = useState<OrderPartsView | null>(null);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [carrier, setCarrier] = useState("");
  const [tracking, setTracking] = useState("");
  const [confirmTest, setConfirmTest] = useState(false);
  const [method, setMethod] = useState<RefundMethod | "">("");
  const [bankReference, setBankReference] = useState("");
  const [busy, setBusy] = useState<"ship" | "cancel" | null>(null);
  const [message, setMessage] = useState<FormNotice>(null);
  const [fieldError, setFieldError] = useState<{ field: string; text: string } | null>(null);

  const show = useCallback((next: OrderPartsView) => {
    setParts(next);
    setQuantities(Object.fromEntries(next.lines.map((l) => [l.orderLineId, String(l.ready)])));
  }, []);

  useEffect(() => {
    let live = true;
    api.backOrders
      .adminParts(number)
      .then((answer) => live && show(answer.parts))
      .catch((error: unknown) => live && setMessage({ tone: "error", text: errorText(error) }));
    return () => {
      live = false;
    };
  }, [number, show, errorText]);

  if (!parts) return message ? <FormMessage message={message} /> : null;
  const inParts = parts.waitingUnits > 0 || parts.shipments.length > 0 || parts.lines.some((l) => l.cancelled > 0) || parts.deposit !== null;
  if (!inParts) return null;
  const day = (date: string) => format.dateTime(shopDay(date), DATE_FORMATS.date);
  const errorFor = (field: string) => (fieldError?.field === field ? fieldError.text : null);

  const fail = (error: unknown) => {
    const field = isApiError(error) && typeof error.body.field === "string" ? error.body.field : null;
    if (field) setFieldError({ field, text: errorText(error) });
    else setMessage({ tone: "error", text: errorText(error) });
  };

  const ship = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setMessage(null);
    setFieldError(null);
    const lines = parts.lines
      .map((l) => ({ orderLineId: l.orderLineId, quantity: Number(quantities[l.orderLineId] || 0) }))
      .filter((l) => Number.isInteger(l.quantity) && l.quantity > 0);
    if (!lines.length) return setFieldError({ field: "lines", text: t("errors.lines") });
    if (!carrier.trim()) return setFieldError({ field: "carrier", text: t("errors.carrier") });
    if (!tracking.trim()) return setFieldError({ field: "trackingNumber", text: t("errors.tracking") });
    setBusy("ship");
    try {
      const answer = await api.backOrders.ship(number, {
        lines,
        carrier: carrier.trim(),
        trackingNumber: tracking.trim(),
        ...(test ? { confirmTestOrder: confirmTest } : {}),
      });
      show(answer.parts);
      setCarrier("");
      setTracking("");
      setMessage({ tone: "success", text: t("shipped", { number: answer.parts.shipments.at(-1)?.number ?? 0 }) });
      router.refresh();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const cancel = async () => {
    if (busy) return;
    setMessage(null);
    setFieldError(null);
    setBusy("cancel");
    try {
      const answer = await api.backOrders.adminCancelWaiting(number, {
        ...(method ? { method } : {}),
        ...(method === "bank_transfer" ? { bankReference: bankReference.trim() } : {}),
      });
      show(answer.parts);
      setMessage({ tone: answer.refundPending ? "error" : "success", text: answer.refundPending ? t("refundPending") : t("cancelled") });
      router.refresh();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="shipments-heading" className="space-y-4 rounded-xl border border-[var(--border)] p-4 text-sm" data-testid="order-shipments">
      <h2 id="shipments-heading" className="text-base font-semibold">
        {t("title")}
      </h2>
      {parts.deposit && <DepositSummary deposit={parts.deposit} />}
      <div className="overflow-x-auto">
        <table className="w-full text-left">
          <caption className="sr-only">{t("linesCaption")}</caption>
          <thead className="text-xs text-[var(--muted-fg)]">
            <tr>
              <th scope="col">{t("line")}</th>
              <th scope="col">{t("waiting")}</th>
              <th scope="col">{t("ready")}</th>
              <th scope="col">{t("sent")}</th>
              <th scope="col">{t("cancelledUnits")}</th>
            </tr>
          </thead>
          <tbody>
            {parts.lines.map((l) => (
              <tr key={l.orderLineId} className="border-t border-[var(--border)]" data-testid="parts-line" data-status={l.status}>
                <td className="py-1 pr-2">
                  {l.name}
                  {l.waiting > 0 && l.expectedOn && <span className="block text-xs text-[var(--muted-fg)]">{t("expected", { date: day(l.expectedOn) })}</span>}
                  {l.heldForBalance > 0 && (
                    <span className="block text-xs font-medium text-amber-800 dark:text-amber-300" data-testid="parts-held">
                      {t("held", { count: l.heldForBalance })}
                    </span>
                  )}
                </td>
                <td>{l.waiting}</td>
                <td>{l.ready}</td>
                <td>{l.shipped}</td>
                <td>{l.cancelled}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {parts.shipments.length > 0 && (
        <ol className="space-y-1">
          {parts.shipments.map((s) => (
            <li key={s.number} data-testid="admin-shipment">
              {t("shipment", {
                number: s.number,
                carrier: s.carrier,
                tracking: s.trackingNumber,
                date: format.dateTime(new Date(s.dispatchedAt), DATE_FORMATS.dateTime),
                lines: s.lines.map((l) => `${l.quantity} × ${l.name}`).join(", "),
              })}
            </li>
          ))}
        </ol>
      )}

      {parts.canShip && (
        <form onSubmit={ship} className="space-y-3" noValidate>
          <fieldset className="space-y-2">
            <legend className="font-medium">{t("shipPart")}</legend>
            {parts.lines
              .filter((l) => l.ready > 0)
              .map((l) => (
                <div key={l.orderLineId} className="flex flex-wrap items-end justify-between gap-2">
                  <span className="min-w-0 flex-1">{l.name}</span>
                  <TextField
                    id={`ship-qty-${l.orderLineId}`}
                    label={t("unitsOf", { name: l.name, ready: l.ready })}
                    hideLabel
                    className="w-24"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={l.ready}
                    value={quantities[l.orderLineId] ?? ""}
                    onChange={(e) => setQuantities((q) => ({ ...q, [l.orderLineId]: e.target.value }))}
                  />
                </div>
              ))}
            {errorFor("lines") && <p className="text-red-700 dark:text-red-300">{errorFor("lines")}</p>}
          </fieldset>
          <TextField
            id="ship-carrier"
            label={t("carrier")}
            value={carrier}
            maxLength={80}
            error={errorFor("carrier")}
            onChange={(e) => setCarrier(e.target.value)}
          />
          <TextField
            id="ship-tracking"
            label={t("trackingNumber")}
            value={tracking}
            maxLength={80}
            error={errorFor("trackingNumber")}
            onChange={(e) => setTracking(e.target.value)}
          />
          {test && (
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={confirmTest} onChange={(e) => setConfirmTest(e.target.checked)} />
              {t("confirmTest")}
            </label>
          )}
          <SubmitButton busy={busy === "ship"}>{t("ship")}</SubmitButton>
        </form>
      )}

      {parts.canCancelWaiting && (
        <div className="space-y-2 border-t border-[var(--border)] pt-3">
          <p className="font-medium">{t("cancelTitle")}</p>
          <Field id="cancel-method" label={t("method")} hint={t("methodHint")} error={errorFor("method")}>
            {(control) => (
              <Select {...control} value={method} onChange={(e) => setMethod(e.target.value as RefundMethod | "")}>
                <option value="">{t("methodDefault")}</option>
                {REFUND_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {t(`methods.${m}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {method === "bank_transfer" && (
            <TextField
              id="cancel-bank-reference"
              label={t("bankReference")}
              value={bankReference}
              maxLength={80}
              error={errorFor("bankReference")}
              onChange={(e) => setBankReference(e.target.value)}
            />
          )}
          <Button variant="danger" busy={busy === "cancel"} onClick={cancel}>
            {t("cancel")}
          </Button>
        </div>
      )}
      <FormMessage message={message} />
    </section>
  );
}

/** A deposit order's money: the deposit, the balance owed or paid, and since when and until when it is asked for. */
function DepositSummary({ deposit }: { deposit: NonNullable<OrderPartsView["deposit"]> }) {
  const t = useTranslations("admin.backOrders.deposit");
  const format = useFormatter();
  const money = (n: number) => formatMoney(n, "TZS");
  return (
    <div className="space-y-1 rounded-lg bg-[var(--surface)] p-3" data-testid="admin-deposit">
      <p className="font-medium">{t("title")}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5">
        <dt>{t("amount")}</dt>
        <dd className="text-right">{money(deposit.amount)}</dd>
        <dt>{t("balanceDue")}</dt>
        <dd className="text-right font-semibold" data-testid="admin-balance-due">
          {money(deposit.balanceDue)}
        </dd>
        <dt>{t("balancePaid")}</dt>
        <dd className="text-right" data-testid="admin-balance-paid">
          {money(deposit.balancePaid)}
        </dd>
      </dl>
      {deposit.balanceDue > 0 && (
        <p className="text-xs text-[var(--muted-fg)]">
          {deposit.balanceRequestedAt && deposit.balanceDueBy
            ? t("asked", {
                asked: format.dateTime(new Date(deposit.balanceRequestedAt), DATE_FORMATS.dateTime),
                date: format.dateTime(shopDay(deposit.balanceDueBy), DATE_FORMATS.date),
              })
            : t("notAsked")}
        </p>
      )}
    </div>
  );
}
