"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { api, isApiError } from "@/lib/api-client";
import { RECORDED_PAYMENT_METHODS, type RecordedPayment, type RecordedPaymentMethod } from "@/lib/contract/admin-staff-orders";
import { DATE_FORMATS } from "@/lib/date-format";
import { formatMoney } from "@/lib/money";
import { useErrorText } from "../i18n/error-text";
import { Button, buttonClass } from "../ui/button";
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogTrigger } from "../ui/dialog";
import { Field, Select, TextField } from "../ui/form";
import { toast } from "../ui/toaster";

const REFUSALS = ["whatsapp-not-chosen", "receipt-issued", "handed-over", "coins-earned", "not-awaiting-payment"] as const;
type Refusal = (typeof REFUSALS)[number];

/** The server's named refusal of a staff action (`reason` beside invalid-state), or null. */
function refusalOf(error: unknown): Refusal | null {
  if (!isApiError(error, "invalid-state")) return null;
  const reason = error.body.reason;
  return typeof reason === "string" && (REFUSALS as readonly string[]).includes(reason) ? (reason as Refusal) : null;
}

/**
 * What staff do to get an unpaid order paid: the mobile-money prompt to the customer's phone, the
 * order's link by SMS (or WhatsApp, when the number chose it), or a payment taken here (cash, or
 * the shop's till with its transaction id), recorded under their name after a confirmation.
 */
export function StaffPaymentActions({
  number,
  total,
  mobileMoney,
  whatsapp,
}: {
  number: string;
  total: number;
  /** paid by mobile money: the prompt can be sent */
  mobileMoney: boolean;
  /** the number chose WhatsApp for its updates */
  whatsapp: boolean;
}) {
  const t = useTranslations("admin.staffOrders");
  const router = useRouter();
  const errorText = useErrorText();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [recording, setRecording] = useState(false);
  const [method, setMethod] = useState<RecordedPaymentMethod>("cash");
  const [transactionId, setTransactionId] = useState("");
  const [note, setNote] = useState("");
  const [txnError, setTxnError] = useState<string | null>(null);
  const sending = useRef(false);

  async function run(name: string, work: () => Promise<void>) {
    if (sending.current) return;
    sending.current = true;
    setBusy(name);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      const refused = refusalOf(error);
      setProblem(refused ? t(`refused.${refused}`) : errorText(error));
      if (refused === "not-awaiting-payment") router.refresh();
    } finally {
      sending.current = false;
      setBusy(null);
    }
  }

  const prompt = () =>
    run("prompt", async () => {
      const started = await api.staffOrders.prompt(number);
      if (started.paymentError) setProblem(t("promptFailed", { error: started.paymentError }));
      else toast({ title: t("promptSent") });
      router.refresh();
    });

  const link = (channel: "sms" | "whatsapp") =>
    run(`link-${channel}`, async () => {
      const sent = await api.staffOrders.link(number, channel);
      if (sent.queued) toast({ title: t("linkSent") });
      else setProblem(t("linkNotSent", { reason: sent.reason ?? "" }));
      router.refresh();
    });

  const record = () => {
    if (method === "till" && !transactionId.trim()) {
      setTxnError(t("transactionIdNeeded"));
      return;
    }
    setTxnError(null);
    void run("record", async () => {
      try {
        await api.staffOrders.record(number, {
          method,
          ...(method === "till" ? { transactionId: transactionId.trim() } : {}),
          ...(note.trim() ? { note: note.trim() } : {}),
        });
      } catch (error) {
        if (isApiError(error, "validation") && error.body.field === "transactionId") {
          setTxnError(errorText(error));
          return;
        }
        setRecording(false);
        throw error;
      }
      setRecording(false);
      toast({ title: t("recorded", { number }) });
      router.refresh();
    });
  };

  return (
    <div className="space-y-3 text-sm" data-testid="staff-payment-actions">
      <p className="text-[var(--muted-fg)]">{t("paymentIntro")}</p>
      <div className="flex flex-wrap gap-2">
        {mobileMoney && (
          <Button onClick={() => void prompt()} busy={busy === "prompt"} busyText={t("working")} disabled={busy !== null}>
            {t("sendPrompt")}
          </Button>
        )}
        <Button variant="secondary" onClick={() => void link("sms")} busy={busy === "link-sms"} busyText={t("working")} disabled={busy !== null}>
          {t("sendLinkSms")}
        </Button>
        {whatsapp && (
          <Button variant="secondary" onClick={() => void link("whatsapp")} busy={busy === "link-whatsapp"} busyText={t("working")} disabled={busy !== null}>
            {t("sendLinkWhatsapp")}
          </Button>
        )}
        <AlertDialog open={recording} onOpenChange={setRecording}>
          <AlertDialogTrigger disabled={busy !== null} className={buttonClass({ variant: "secondary" })}>
            {t("record")}
          </AlertDialogTrigger>
          <AlertDialogContent title={t("recordTitle", { number })} description={t("recordText", { total: formatMoney(total, "TZS") })}>
            <div className="mt-4 space-y-3">
              <Field id="field-recordMethod" label={t("recordHow")}>
                {(control) => (
                  <Select {...control} value={method} onChange={(e) => setMethod(e.target.value as RecordedPaymentMethod)}>
                    {RECORDED_PAYMENT_METHODS.map((m) => (
                      <option key={m} value={m}>
                        {t(`recordMethod.${m}`)}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              {method === "till" && (
                <TextField
                  name="transactionId"
                  label={t("transactionId")}
                  autoComplete="off"
                  value={transactionId}
                  maxLength={40}
                  onChange={(e) => setTransactionId(e.target.value)}
                  hint={t("transactionIdHint")}
                  error={txnError}
                />
              )}
              <TextField
                name="recordNote"
                label={t("recordNote")}
                optionalText={t("optional")}
                value={note}
                maxLength={300}
                onChange={(e) => setNote(e.target.value)}
              />
            </div>
            <div className="mt-4 flex flex-wrap justify-end gap-2">
              <AlertDialogCancel className={buttonClass({ variant: "secondary", size: "sm" })}>{t("cancel")}</AlertDialogCancel>
              {/* not an AlertDialogAction: the dialog stays open while the transaction id is wrong */}
              <Button size="sm" onClick={record} busy={busy === "record"} busyText={t("working")}>
                {t("recordConfirm")}
              </Button>
            </div>
          </AlertDialogContent>
        </AlertDialog>
      </div>
      {problem && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950 dark:text-red-200">
          {problem}
        </p>
      )}
    </div>
  );
}

/** An order's payments taken by hand: who, how, the transaction id and when; an admin may reverse a standing one with a reason. */
export function RecordedPayments({
  number,
  payments,
  reversible,
  receiptIssued,
}: {
  number: string;
  payments: RecordedPayment[];
  /** the goods are still in the shop (paid, or being prepared) */
  reversible: boolean;
  /** a fiscal receipt stands for the payment: only a credit note cancels it, so no reversal is offered */
  receiptIssued: boolean;
}) {
  const t = useTranslations("admin.staffOrders");
  const router = useRouter();
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const format = useFormatter();
  // in Tanzania's time, as the rest of the order's page
  const when = (iso: string) => format.dateTime(new Date(iso), DATE_FORMATS.dateTime);

  async function reverse() {
    if (reason.trim().length < 3) {
      setError(t("reasonNeeded"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.staffOrders.reverse(number, { reason: reason.trim() });
      setOpen(false);
      toast({ title: t("reversed") });
      router.refresh();
    } catch (failure) {
      const refused = refusalOf(failure);
      setError(refused ? t(`refused.${refused}`) : errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ul className="space-y-2 text-sm" data-testid="recorded-payments">
      {payments.map((p) => (
        <li key={p.recordedAt} className="rounded-lg border border-[var(--border)] p-3">
          <p>{t("recordedBy", { method: t(`recordMethod.${p.method}`), amount: formatMoney(p.amount, "TZS"), staff: p.staff, at: when(p.recordedAt) })}</p>
          {p.transactionId && <p className="font-mono">{t("recordedTxn", { id: p.transactionId })}</p>}
          {p.note && <p className="text-[var(--muted-fg)]">{p.note}</p>}
          {p.reversedAt && (
            <p className="text-red-700 dark:text-red-300">
              {t("reversedBy", { staff: p.reversedBy ?? "", at: when(p.reversedAt), reason: p.reversalReason ?? "" })}
            </p>
          )}
          {!p.reversedAt && reversible && receiptIssued && <p className="mt-2 text-[var(--muted-fg)]">{t("refused.receipt-issued")}</p>}
          {!p.reversedAt && reversible && !receiptIssued && (
            <AlertDialog open={open} onOpenChange={setOpen}>
              <AlertDialogTrigger className={buttonClass({ variant: "danger-outline", size: "sm", className: "mt-2" })}>{t("reverse")}</AlertDialogTrigger>
              <AlertDialogContent title={t("reverseTitle", { number })} description={t("reverseText")}>
                <TextField
                  name="reason"
                  label={t("reason")}
                  className="mt-4"
                  value={reason}
                  maxLength={300}
                  onChange={(e) => setReason(e.target.value)}
                  error={error}
                />
                <div className="mt-4 flex flex-wrap justify-end gap-2">
                  <AlertDialogCancel className={buttonClass({ variant: "secondary", size: "sm" })}>{t("cancel")}</AlertDialogCancel>
                  <Button size="sm" variant="danger" onClick={() => void reverse()} busy={busy} busyText={t("working")}>
                    {t("reverse")}
                  </Button>
                </div>
              </AlertDialogContent>
            </AlertDialog>
          )}
        </li>
      ))}
    </ul>
  );
}
