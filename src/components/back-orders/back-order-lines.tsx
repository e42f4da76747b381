"use client";

import { Clock } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import { shopDay, type BackOrderPaymentChoice, type BackOrderPlan, type DepositSplit } from "@/lib/back-orders";
import { DATE_FORMATS } from "@/lib/date-format";
import { formatMoney } from "@/lib/money";
import type { DepositOffer } from "../checkout/deposit-offer";
import { ChoiceCard, TextField } from "../ui/form";

/** A line as a guest's request carries it (a signed-in shopper's plan is read from their cart). */
interface RequestedLine {
  productId: number;
  variantId: string;
  quantity: number;
}

/**
 * The back-order plan of these lines (which wait, until about when, how the shop takes their
 * payment), asked again whenever `refreshKey` changes; null until it answers, and while it fails
 * (the cart and the checkout stand without it: the order's own check still says what waits).
 */
export function useBackOrderPlan(
  /** a guest's lines; null for a signed-in shopper, whose plan is read from their cart */
  lines: readonly RequestedLine[] | null,
  /** changes when the cart changes, so the plan is asked again */
  refreshKey: string,
): BackOrderPlan | null {
  const [plan, setPlan] = useState<BackOrderPlan | null>(null);
  useEffect(() => {
    let live = true;
    if (lines !== null && lines.length === 0) return;
    api.backOrders
      .plan(lines ? { lines: [...lines] } : {})
      .then((answer) => live && setPlan(answer))
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // the key stands for the lines
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refreshKey]);
  return plan;
}

/** The cart's word on back-orders: its own plan, read for these lines. */
export function BackOrderLines({ lines, refreshKey }: { lines: readonly RequestedLine[] | null; refreshKey: string }) {
  return <BackOrderPlanView plan={useBackOrderPlan(lines, refreshKey)} />;
}

/** The shopper's choice between paying everything now and a deposit, with what each costs now and later. */
export interface DepositChoice {
  offer: DepositOffer;
  choice: BackOrderPaymentChoice;
  onChange: (choice: BackOrderPaymentChoice) => void;
  /** the order's total, all paid now without a deposit */
  total: number;
  /** days the shopper has to pay the balance once it is asked for */
  balanceDays: number;
}

/**
 * The cart's and the checkout's word on back-orders: which lines wait for stock and until about
 * when, how they are paid, and at the checkout (`refundBy` given) the date after which the shopper
 * wants the waiting part's money back and (`deposit` given, where the shop takes deposits) the
 * choice of paying a deposit now and the balance when the goods arrive. Nothing shows while every
 * line is in stock. Texts: checkout.backOrder.
 */
export function BackOrderPlanView({
  plan,
  refundBy,
  deposit,
}: {
  plan: BackOrderPlan | null;
  refundBy?: { value: string; onChange: (value: string) => void };
  deposit?: DepositChoice;
}) {
  const t = useTranslations("checkout.backOrder");
  const format = useFormatter();
  const id = useId();

  const waiting = plan?.lines.filter((l) => l.waiting > 0) ?? [];
  if (!plan || waiting.length === 0) return null;
  const day = (date: string) => format.dateTime(shopDay(date), DATE_FORMATS.date);
  const range = plan.refundBy;
  const value = refundBy?.value ?? "";
  const outside = value !== "" && range !== null && (value < range.earliest || value > range.latest);
  const offer = deposit?.offer;

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-2 rounded-xl border border-amber-600 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
      data-testid="back-order-lines"
    >
      <h2 id={`${id}-heading`} className="flex items-center gap-2 font-semibold">
        <Clock className="h-4 w-4 shrink-0" aria-hidden />
        {t("title")}
      </h2>
      <ul className="space-y-1">
        {waiting.map((l) => (
          <li key={`${l.productId}:${l.variantId}`} className="break-words">
            {t("line", { name: l.name, inStock: l.inStock, waiting: l.waiting, date: l.expectedOn ? day(l.expectedOn) : "" })}
          </li>
        ))}
      </ul>
      {deposit && offer?.kind === "offered" ? (
        <DepositRadios id={id} deposit={deposit} split={offer.split} />
      ) : (
        <>
          <p>{t("payment")}</p>
          {plan.payment === "deposit" && (!offer || offer.kind === "method") && (
            <p data-testid="deposit-note">{t(deposit ? "deposit.byMethod" : "deposit.atCheckout", { percent: plan.depositPercent })}</p>
          )}
        </>
      )}
      {refundBy && range && (
        <TextField
          id={`${id}-refund-by`}
          label={t("refundBy")}
          hint={t("refundByHint", { earliest: day(range.earliest), latest: day(range.latest) })}
          type="date"
          min={range.earliest}
          max={range.latest}
          value={value}
          error={outside ? t("refundByError", { earliest: day(range.earliest), latest: day(range.latest) }) : null}
          onChange={(e) => refundBy.onChange(e.target.value)}
          className="max-w-56"
        />
      )}
    </section>
  );
}

/** "Pay everything now" or "pay a deposit now, the balance when the goods arrive": two radios in one group, arrow keys between them. */
function DepositRadios({ id, deposit, split }: { id: string; deposit: DepositChoice; split: DepositSplit }) {
  const t = useTranslations("checkout.backOrder.deposit");
  const money = (n: number) => formatMoney(n, "TZS");
  return (
    <fieldset data-testid="deposit-choice">
      <legend className="mb-2 font-medium">{t("legend")}</legend>
      <div className="space-y-2">
        <ChoiceCard
          name={`${id}-back-order-payment`}
          value="full"
          checked={deposit.choice === "full"}
          onChange={() => deposit.onChange("full")}
          title={t("full", { amount: money(deposit.total) })}
          describedBy={`${id}-full-detail`}
        >
          <span id={`${id}-full-detail`} className="mt-0.5 block text-xs text-[var(--muted-fg)]">
            {t("fullDetail")}
          </span>
        </ChoiceCard>
        <ChoiceCard
          name={`${id}-back-order-payment`}
          value="deposit"
          checked={deposit.choice === "deposit"}
          onChange={() => deposit.onChange("deposit")}
          title={t("deposit", { amount: money(split.deposit) })}
          describedBy={`${id}-deposit-detail`}
        >
          <span id={`${id}-deposit-detail`} className="mt-0.5 block text-xs text-[var(--muted-fg)]">
            {t("depositDetail", { balance: money(split.balance), days: deposit.balanceDays })}
          </span>
        </ChoiceCard>
      </div>
    </fieldset>
  );
}
