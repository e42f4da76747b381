"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import { shopDay, type OrderPartsView } from "@/lib/back-orders";
import { DATE_FORMATS } from "@/lib/date-format";
import { useErrorText } from "../i18n/error-text";
import { DepositBox, type BalancePayer } from "./deposit-box";
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogTrigger } from "../ui/dialog";
import { toast } from "../ui/toaster";

/**
 * An order in parts: the lines awaiting stock (until about when), the shipments with their carriers
 * and tracking numbers, and for a signed-in shopper cancelling the waiting part (its money returned).
 * A guest's signed link (`token`) reads the same parts by the link; cancelling the waiting part moves
 * money back, so it stays with an account (or the shop) there. An order paid by deposit shows the
 * deposit and its balance (paid from here once asked for), and the units in stock held until it is
 * paid. Shows nothing for an order that never waited and went out whole. Texts: orders.parts.
 */
export function OrderParts({
  number,
  token,
  depositPaid = false,
  payer = null,
}: {
  number: string;
  token?: string;
  /** the order's first payment (its deposit) has come in */
  depositPaid?: boolean;
  /** how the balance is paid: the order's method, wallet and number (null: it cannot be paid from here) */
  payer?: BalancePayer | null;
}) {
  const t = useTranslations("orders.parts");
  const format = useFormatter();
  const errorText = useErrorText();
  const router = useRouter();
  const [parts, setParts] = useState<OrderPartsView | null>(null);
  const [busy, setBusy] = useState(false);

  const read = useCallback(() => (token ? api.guestOrders.parts(token) : api.backOrders.parts(number)), [number, token]);

  // the balance came in: the parts afresh (nothing held any more), and the page's own figures and documents
  const balancePaid = useCallback(() => {
    read()
      .then((answer) => setParts(answer.parts))
      .catch(() => undefined);
    toast({ title: t("deposit.received") });
    router.refresh();
  }, [read, router, t]);

  useEffect(() => {
    let live = true;
    read()
      .then((answer) => live && setParts(answer.parts))
      // the order page stands without this panel: a failed read shows nothing extra
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [read]);

  const waiting = parts?.lines.filter((l) => l.waiting > 0) ?? [];
  const held = parts?.lines.filter((l) => l.heldForBalance > 0) ?? [];
  if (!parts || (waiting.length === 0 && held.length === 0 && !parts.deposit && parts.shipments.length === 0 && parts.lines.every((l) => l.cancelled === 0)))
    return null;
  const day = (date: string) => format.dateTime(shopDay(date), DATE_FORMATS.date);

  const cancel = async () => {
    setBusy(true);
    try {
      const answer = await api.backOrders.cancelWaiting(number);
      setParts(answer.parts);
      toast({ title: t("cancelled"), description: answer.refundPending ? t("refundPending") : t("refunded") });
      router.refresh();
    } catch (error) {
      toast({ title: t("cancelFailed"), description: errorText(error), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="order-parts-heading" className="space-y-3 rounded-xl border border-[var(--border)] p-4 text-sm" data-testid="order-parts">
      <h2 id="order-parts-heading" className="text-base font-semibold">
        {t("title")}
      </h2>
      {waiting.length > 0 && (
        <div>
          <h3 className="font-medium">{t("awaiting")}</h3>
          <ul className="mt-1 space-y-1">
            {waiting.map((l) => (
              <li key={l.orderLineId} data-testid="awaiting-line" className="flex flex-wrap justify-between gap-2">
                <span className="min-w-0 break-words">{t("waitingLine", { quantity: l.waiting, name: l.name })}</span>
                <span className="text-[var(--muted-fg)]">{l.expectedOn ? t("expected", { date: day(l.expectedOn) }) : null}</span>
              </li>
            ))}
          </ul>
          {parts.refundBy && <p className="mt-1 text-[var(--muted-fg)]">{t("refundBy", { date: day(parts.refundBy) })}</p>}
        </div>
      )}
      {held.length > 0 && (
        <ul className="space-y-1">
          {held.map((l) => (
            <li key={l.orderLineId} data-testid="held-line" className="break-words">
              {t("heldLine", { quantity: l.heldForBalance, name: l.name })}
            </li>
          ))}
        </ul>
      )}
      {parts.deposit && (
        <DepositBox
          number={number}
          token={token}
          deposit={parts.deposit}
          canPayBalance={parts.canPayBalance}
          depositPaid={depositPaid}
          goodsIn={held.length > 0}
          payer={payer}
          onPaid={balancePaid}
        />
      )}
      {parts.shipments.length > 0 && (
        <div>
          <h3 className="font-medium">{t("shipments")}</h3>
          <ol className="mt-1 space-y-2">
            {parts.shipments.map((s) => (
              <li key={s.number} data-testid="shipment" className="rounded-lg bg-[var(--muted)] p-2">
                <p className="font-medium">{t("shipment", { number: s.number, date: format.dateTime(new Date(s.dispatchedAt), DATE_FORMATS.date) })}</p>
                <p className="break-words">{t("tracking", { carrier: s.carrier, tracking: s.trackingNumber })}</p>
                <p className="break-words text-[var(--muted-fg)]">{s.lines.map((l) => t("shippedLine", { quantity: l.quantity, name: l.name })).join(", ")}</p>
              </li>
            ))}
          </ol>
        </div>
      )}
      {parts.lines.some((l) => l.cancelled > 0) && (
        <p className="text-[var(--muted-fg)]">
          {t("cancelledLines", {
            lines: parts.lines
              .filter((l) => l.cancelled > 0)
              .map((l) => t("shippedLine", { quantity: l.cancelled, name: l.name }))
              .join(", "),
          })}
        </p>
      )}
      {parts.canCancelWaiting && !token && (
        <AlertDialog>
          <AlertDialogTrigger
            disabled={busy}
            className="h-10 rounded-lg border border-red-700 px-4 text-sm font-semibold text-red-700 disabled:opacity-60 dark:text-red-300"
          >
            {t("cancel")}
          </AlertDialogTrigger>
          <AlertDialogContent title={t("cancelTitle", { number })} description={t("cancelText")}>
            <div className="mt-4 flex flex-wrap justify-end gap-2">
              <AlertDialogCancel className="rounded-md border border-[var(--border)] px-3 py-2 text-sm">{t("keep")}</AlertDialogCancel>
              <AlertDialogAction onClick={cancel} className="rounded-md bg-red-700 px-3 py-2 text-sm font-semibold text-white">
                {t("confirmCancel")}
              </AlertDialogAction>
            </div>
          </AlertDialogContent>
        </AlertDialog>
      )}
    </section>
  );
}
