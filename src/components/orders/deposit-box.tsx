"use client";

import { Loader2 } from "lucide-react";
import { useRef, useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { isApiError } from "@/lib/api-client";
import { shopDay, type OrderPartsView } from "@/lib/back-orders";
import { DATE_FORMATS } from "@/lib/date-format";
import { formatMoney } from "@/lib/money";
import type { PaymentStart } from "@/lib/orders";
import { formatTanzanianPhone, normaliseTanzanianMobile } from "@/lib/phone";
import { useErrorText } from "../i18n/error-text";
import { SubmitButton } from "../ui/submit-button";
import { ChoiceCard, FieldError, TextField } from "../ui/form";
import { orderCalls } from "./order-calls";
import { useBackoffPolling } from "./use-backoff-polling";

/** Polling a started balance payment: every 3 s at first, slower while nothing changes, never more than every 15 s. */

/** How the order was paid, which its balance is paid the same way (the order's wallet and number, changeable). */
export interface BalancePayer {
  method: "mobile_money" | "card";
  wallet: string | null;
  /** E.164 */
  phone: string | null;
  /** the shop's mobile-money wallets */
  wallets: string[];
}

/**
 * A back-order paid by deposit on its order page: the deposit, the balance still owed or paid, the
 * day it must be paid by once asked for, and while it may be paid a "Pay the balance" action (mobile
 * money to the order's number unless another is typed, or the card page), followed until the
 * payment is decided like the order's own payment. `onPaid` reads the parts again. Texts: orders.parts.deposit.
 */
export function DepositBox({
  number,
  token,
  deposit,
  canPayBalance,
  depositPaid,
  goodsIn,
  payer,
  onPaid,
}: {
  number: string;
  token?: string;
  deposit: NonNullable<OrderPartsView["deposit"]>;
  canPayBalance: boolean;
  /** the first payment (the deposit) has come in */
  depositPaid: boolean;
  /** goods bought on deposit are in stock, held for the balance */
  goodsIn: boolean;
  payer: BalancePayer | null;
  onPaid: () => void;
}) {
  const t = useTranslations("orders.parts.deposit");
  const format = useFormatter();
  const money = (n: number) => formatMoney(n, "TZS");
  const day = (date: string) => format.dateTime(shopDay(date), DATE_FORMATS.date);
  const owed = deposit.balanceDue > 0;

  return (
    <div className="space-y-2 rounded-lg bg-[var(--surface)] p-3" data-testid="deposit-box">
      <h3 className="font-medium">{t("title")}</h3>
      <dl className="space-y-1">
        <div className="flex flex-wrap justify-between gap-x-3">
          <dt>{depositPaid ? t("depositPaid") : t("deposit")}</dt>
          <dd data-testid="deposit-amount">{money(deposit.amount)}</dd>
        </div>
        {owed && (
          <div className="flex flex-wrap justify-between gap-x-3 font-semibold">
            <dt>{t("balanceDue")}</dt>
            <dd data-testid="balance-due">{money(deposit.balanceDue)}</dd>
          </div>
        )}
        {deposit.balancePaid > 0 && (
          <div className="flex flex-wrap justify-between gap-x-3">
            <dt>{t("balancePaid")}</dt>
            <dd data-testid="balance-paid">{money(deposit.balancePaid)}</dd>
          </div>
        )}
      </dl>
      {owed && deposit.balanceDueBy && (
        <p className="font-medium" data-testid="balance-due-by">
          {t("payBy", { date: day(deposit.balanceDueBy) })}
        </p>
      )}
      {owed && !deposit.balanceRequestedAt && <p className="text-[var(--muted-fg)]">{goodsIn ? t("goodsIn") : t("askedLater")}</p>}
      {!owed && deposit.balancePaid > 0 && <p className="text-[var(--muted-fg)]">{t("settled")}</p>}
      {owed && canPayBalance && payer && <PayBalance number={number} token={token} amount={deposit.balanceDue} payer={payer} onPaid={onPaid} />}
    </div>
  );
}

type Progress = { kind: "form" } | { kind: "waiting"; payment: PaymentStart; wallet: string | null; phone: string | null } | { kind: "failed"; text: string };

/**
 * Starts the balance's payment and follows it: mobile money shows "confirm on your phone" (and the
 * sandbox's page where the built-in provider stands in for the phone) until the payment is decided;
 * a card goes to the provider's page, which brings the shopper back to the order.
 */
function PayBalance({ number, token, amount, payer, onPaid }: { number: string; token?: string; amount: number; payer: BalancePayer; onPaid: () => void }) {
  const t = useTranslations("orders.parts.deposit");
  const tp = useTranslations("orders.pay");
  const checkout = useTranslations("checkout");
  const errorText = useErrorText();
  const calls = orderCalls(number, token);
  const [wallet, setWallet] = useState(payer.wallet ?? "");
  const [phone, setPhone] = useState(payer.phone ? formatTanzanianPhone(payer.phone) : "");
  const [problem, setProblem] = useState<{ field: "wallet" | "paymentPhone" | null; text: string } | null>(null);
  const [progress, setProgress] = useState<Progress>({ kind: "form" });
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const money = formatMoney(amount, "TZS");

  const reference = progress.kind === "waiting" ? progress.payment.reference : null;
  useBackoffPolling(reference, async (signal) => {
    const { payment } = await orderCalls(number, token).payment(reference!, { signal });
    if (payment.status === "paid") {
      onPaid();
      return true;
    }
    if (payment.status === "pending") return false;
    const reason = payment.status === "expired" || payment.failureReason === "expired" ? "expired" : payment.status === "cancelled" ? "declined" : "failed";
    setProgress({ kind: "failed", text: tp(reason) });
    return true;
  });

  const start = async (event: React.FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    if (payer.method === "mobile_money") {
      if (!wallet) return setProblem({ field: "wallet", text: checkout("errors.wallet") });
      if (!normaliseTanzanianMobile(phone)) return setProblem({ field: "paymentPhone", text: checkout("errors.paymentPhone") });
    }
    setProblem(null);
    sending.current = true;
    setBusy(true);
    try {
      const { payment, paymentError } = await calls.payBalance(payer.method === "card" ? { method: "card" } : { method: "mobile_money", wallet, phone });
      if (!payment || paymentError) {
        setProblem({ field: null, text: tp("startFailed") });
        return;
      }
      if (payer.method === "card") {
        const page = calls.providerPage(payment.redirectUrl);
        if (!page) return setProblem({ field: null, text: tp("startFailed") });
        window.location.assign(page);
        return;
      }
      setProgress({ kind: "waiting", payment, wallet, phone: normaliseTanzanianMobile(phone) });
    } catch (error) {
      // the route names the number "phone" (as its request does) or "paymentPhone" (as the checkout's does)
      const refused = isApiError(error, "validation") ? error.body.field : undefined;
      const field = refused === "wallet" ? "wallet" : refused === "phone" || refused === "paymentPhone" ? "paymentPhone" : null;
      setProblem({ field, text: field ? checkout(`errors.${field}`) : errorText(error, tp("startFailed")) });
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  if (progress.kind === "waiting") {
    const sandboxUrl = calls.providerPage(progress.payment.sandboxUrl);
    return (
      <div className="space-y-2 border-t border-[var(--border)] pt-2" data-testid="balance-waiting">
        <p>{tp("confirmOnPhone", { wallet: progress.wallet ?? "", phone: progress.phone ? formatTanzanianPhone(progress.phone) : "", amount: money })}</p>
        <p role="status" className="flex items-center gap-2 text-[var(--muted-fg)]">
          <Loader2 className="h-4 w-4 animate-spin motion-reduce:animate-none" aria-hidden />
          {tp("waiting")}
        </p>
        {sandboxUrl && (
          <p className="rounded-lg bg-amber-50 p-2 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            {tp("sandboxNote")}{" "}
            <a href={sandboxUrl} className="font-semibold underline" target="_blank" rel="noopener">
              {tp("sandboxLink")}
            </a>
          </p>
        )}
      </div>
    );
  }

  return (
    <form onSubmit={start} noValidate className="space-y-3 border-t border-[var(--border)] pt-2" aria-label={t("payLabel")} data-testid="balance-form">
      {progress.kind === "failed" && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950 dark:text-red-200">
          {progress.text}
        </p>
      )}
      {payer.method === "mobile_money" ? (
        <>
          <fieldset>
            <legend className="mb-2 font-medium">{checkout("payment.wallet")}</legend>
            <div className="grid grid-cols-2 gap-2">
              {payer.wallets.map((w) => (
                <ChoiceCard key={w} name="balance-wallet" value={w} checked={wallet === w} onChange={setWallet} title={w} />
              ))}
            </div>
            <FieldError id="balance-wallet-error" text={problem?.field === "wallet" ? problem.text : null} />
          </fieldset>
          <TextField
            name="balancePhone"
            label={checkout("payment.paymentPhone")}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            error={problem?.field === "paymentPhone" ? problem.text : null}
          />
        </>
      ) : (
        <p>{t("byCard", { amount: money })}</p>
      )}
      {problem && problem.field === null && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950 dark:text-red-200">
          {problem.text}
        </p>
      )}
      <SubmitButton size="lg" block busy={busy} busyText={tp("sending")}>
        {t("pay", { amount: money })}
      </SubmitButton>
    </form>
  );
}
