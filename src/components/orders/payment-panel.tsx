"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Loader2, Smartphone } from "lucide-react";
import { useTranslations } from "use-intl";
import { isApiError } from "@/lib/api-client";
import type { OrderStatus } from "@/lib/checkout";
import { formatMoney } from "@/lib/money";
import type { PaymentView } from "@/lib/orders";
import { formatTanzanianPhone, normaliseTanzanianMobile } from "@/lib/phone";
import { useErrorText } from "../i18n/error-text";
import { ChoiceCard, FieldError, TextField } from "../ui/form";
import { orderCalls } from "./order-calls";
import { saveHandoff, useHandoff } from "./payment-handoff";
import { useBackoffPolling } from "./use-backoff-polling";
import { Button, buttonClass } from "../ui/button";
import { SubmitButton } from "../ui/submit-button";

/** Each wallet's own USSD menu, where a shopper can check that the wallet works on the phone. */
const WALLET_MENUS: Record<string, string> = {
  "M-Pesa": "*150*00#",
  "Mixx by Yas": "*150*01#",
  "Airtel Money": "*150*60#",
  HaloPesa: "*150*88#",
};

/** Polling: every 3 s at first, slower while nothing changes, never more than every 15 s. */

const FINISHED: readonly PaymentView["status"][] = ["failed", "expired", "cancelled"];

interface Props {
  number: string;
  method: "mobile_money" | "card";
  status: OrderStatus;
  total: number;
  wallet: string | null;
  paymentPhone: string | null;
  payment: PaymentView | null;
  wallets: string[];
  /** a guest's order: the signed link's token, which its calls carry instead of a sign-in */
  token?: string;
}

/**
 * The order page while a mobile-money payment is awaited: "confirm on your phone", the sandbox's
 * page where the built-in provider is used, and a watch on the order (GET /api/orders/{n}) that
 * re-renders the page when the payment lands (the page keys this panel by the payment's state, so
 * a new state starts it afresh). It slows down while nothing changes and pauses while
 * the tab is hidden. A failed or expired attempt offers to try again, with another wallet or number.
 */
export function PaymentPanel({ number, method, status, total, wallet, paymentPhone, payment, wallets, token }: Props) {
  const calls = orderCalls(number, token);
  const t = useTranslations("orders.pay");
  const router = useRouter();
  const [live, setLive] = useState({ status, payment });
  const [retrying, setRetrying] = useState(false);
  const handoff = useHandoff(number);

  // the checkout's answer said where the sandbox confirms this payment; the built-in provider's page otherwise
  const reference = live.payment?.reference;
  const started = handoff?.payment && handoff.payment.reference === reference ? handoff.payment : null;
  const sandboxUrl = calls.providerPage(started?.sandboxUrl) ?? (live.payment?.provider === "sandbox" && reference ? calls.sandboxPath(reference) : null);
  // a card is paid on the provider's page (the sandbox's own page stands in for it)
  const redirectUrl = calls.providerPage(started?.redirectUrl) ?? (method === "card" ? sandboxUrl : null);

  const waiting = live.status === "awaiting_payment" && live.payment !== null && !FINISHED.includes(live.payment.status);

  const known = `${status}|${payment?.reference}|${payment?.status}`;
  useBackoffPolling(waiting ? known : null, async (signal) => {
    const { order } = await calls.get({ signal });
    if (`${order.status}|${order.payment?.reference}|${order.payment?.status}` === known) return false;
    setLive({ status: order.status, payment: order.payment });
    // the server renders the paid order (timeline, receipt) afresh
    router.refresh();
    return true;
  });

  if (live.status !== "awaiting_payment") return null;

  // no attempt at all (the provider could not be reached at checkout) is a failed one: try again
  const failed = live.payment ? FINISHED.includes(live.payment.status) : true;
  const walletName = live.payment?.wallet ?? wallet;
  const phone = live.payment?.phone ?? paymentPhone;
  const menu = walletName ? WALLET_MENUS[walletName] : undefined;

  return (
    <section aria-labelledby="pay-heading" className="rounded-xl border-2 border-brand p-4 text-sm" data-testid="payment-panel">
      <h2 id="pay-heading" className="flex items-center gap-2 text-base font-semibold">
        <Smartphone className="h-5 w-5 text-brand" aria-hidden />
        {failed ? t("failedTitle") : t("title")}
      </h2>
      {waiting && method === "card" && (
        <div className="mt-2 space-y-2">
          <p>{t("cardWaiting", { amount: formatMoney(live.payment?.amount ?? total, "TZS") })}</p>
          {redirectUrl && (
            <a href={redirectUrl} className={buttonClass()}>
              {t("cardContinue")}
            </a>
          )}
          <p role="status" className="flex items-center gap-2 text-[var(--muted-fg)]">
            <Loader2 className="h-4 w-4 animate-spin motion-reduce:animate-none" aria-hidden />
            {t("waiting")}
          </p>
        </div>
      )}
      {waiting && method === "mobile_money" && (
        <div className="mt-2 space-y-2">
          <p>
            {t("confirmOnPhone", {
              wallet: walletName ?? "",
              phone: phone ? formatTanzanianPhone(phone) : "",
              amount: formatMoney(live.payment?.amount ?? total, "TZS"),
            })}
          </p>
          {menu && <p className="text-[var(--muted-fg)]">{t("noPrompt", { code: menu, wallet: walletName ?? "" })}</p>}
          <p role="status" className="flex items-center gap-2 text-[var(--muted-fg)]">
            <Loader2 className="h-4 w-4 animate-spin motion-reduce:animate-none" aria-hidden />
            {t("waiting")}
          </p>
          {sandboxUrl && (
            <p className="rounded-lg bg-amber-50 p-2 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
              {t("sandboxNote")}{" "}
              <a href={sandboxUrl} className="font-semibold underline" target="_blank" rel="noopener">
                {t("sandboxLink")}
              </a>
            </p>
          )}
          <button type="button" onClick={() => setRetrying((r) => !r)} className="text-brand underline" aria-expanded={retrying}>
            {t("useAnother")}
          </button>
        </div>
      )}
      {failed && (
        <p className="mt-2" role="alert">
          {live.payment?.status === "expired" || live.payment?.failureReason === "expired"
            ? t("expired")
            : live.payment?.status === "cancelled" || live.payment?.failureReason === "declined"
              ? t("declined")
              : t("failed")}
        </p>
      )}
      {method === "card" && failed && <RetryCard number={number} token={token} />}
      {method === "mobile_money" && (failed || retrying) && (
        <RetryPayment
          number={number}
          token={token}
          wallets={wallets}
          wallet={walletName}
          phone={phone}
          onStarted={() => {
            setRetrying(false);
            // the page renders the new attempt (and this panel anew, keyed by it)
            router.refresh();
          }}
        />
      )}
    </section>
  );
}

/** Ask for the payment again: the same or another wallet and number. */
function RetryPayment({
  number,
  token,
  wallets,
  wallet,
  phone,
  onStarted,
}: {
  number: string;
  token?: string;
  wallets: string[];
  wallet: string | null;
  phone: string | null;
  onStarted: () => void;
}) {
  const t = useTranslations("orders.pay");
  const checkout = useTranslations("checkout");
  const errorText = useErrorText();
  const [chosen, setChosen] = useState(wallet ?? "");
  const [number_, setNumber] = useState(phone ? formatTanzanianPhone(phone) : "");
  const [problem, setProblem] = useState<{ field: "wallet" | "paymentPhone" | null; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    if (!chosen) return setProblem({ field: "wallet", text: checkout("errors.wallet") });
    if (!normaliseTanzanianMobile(number_)) return setProblem({ field: "paymentPhone", text: checkout("errors.paymentPhone") });
    setProblem(null);
    sending.current = true;
    setBusy(true);
    try {
      const { payment, paymentError } = await orderCalls(number, token).pay({ wallet: chosen, phone: number_ });
      if (!payment || paymentError) {
        setProblem({ field: null, text: errorText(null, t("startFailed")) });
        return;
      }
      saveHandoff(number, { payment });
      onStarted();
    } catch (error) {
      const field = isApiError(error, "validation") && (error.body.field === "wallet" || error.body.field === "paymentPhone") ? error.body.field : null;
      setProblem({ field, text: field ? checkout(`errors.${field}`) : errorText(error, t("startFailed")) });
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-3" aria-label={t("retryLabel")}>
      <fieldset>
        <legend className="mb-2 font-medium">{checkout("payment.wallet")}</legend>
        <div className="grid grid-cols-2 gap-2">
          {wallets.map((w) => (
            <ChoiceCard key={w} name="retry-wallet" value={w} checked={chosen === w} onChange={setChosen} title={w} />
          ))}
        </div>
        <FieldError id="retry-wallet-error" text={problem?.field === "wallet" ? problem.text : null} />
      </fieldset>
      <TextField
        name="retryPhone"
        label={checkout("payment.paymentPhone")}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={number_}
        onChange={(e) => setNumber(e.target.value)}
        error={problem?.field === "paymentPhone" ? problem.text : null}
      />
      {problem && problem.field === null && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950 dark:text-red-200">
          {problem.text}
        </p>
      )}
      <SubmitButton size="lg" block busy={busy} busyText={t("sending")}>
        {t("sendAgain")}
      </SubmitButton>
    </form>
  );
}

/** A failed card payment: start a new attempt and go to the provider's page. */
function RetryCard({ number, token }: { number: string; token?: string }) {
  const t = useTranslations("orders.pay");
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const retry = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const calls = orderCalls(number, token);
      const { payment } = await calls.pay({});
      const page = calls.providerPage(payment?.redirectUrl);
      if (!payment || !page) {
        setProblem(t("startFailed"));
        return;
      }
      saveHandoff(number, { payment });
      window.location.assign(page);
    } catch (error) {
      setProblem(errorText(error, t("startFailed")));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-3 space-y-2">
      {problem && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950 dark:text-red-200">
          {problem}
        </p>
      )}
      <Button size="lg" block busy={busy} busyText={t("sending")} onClick={() => void retry()}>
        {t("cardAgain")}
      </Button>
    </div>
  );
}
