"use client";

import { Clock } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import { shopDay, type BackOrderPlan } from "@/lib/back-orders";
import { DATE_FORMATS } from "@/lib/date-format";
import { TextField } from "../ui/form";

/** A line as a guest's request carries it (a signed-in shopper's plan is read from their cart). */
interface RequestedLine {
  productId: number;
  variantId: string;
  quantity: number;
}

/**
 * The cart's and the checkout's word on back-orders: which lines wait for stock and until about
 * when, and (at the checkout, `refundBy` given) the date after which the shopper wants the waiting
 * part's money back. Nothing shows while every line is in stock. Texts: checkout.backOrder.
 */
export function BackOrderLines({
  lines,
  refreshKey,
  refundBy,
}: {
  /** a guest's lines; null for a signed-in shopper */
  lines: readonly RequestedLine[] | null;
  /** changes when the cart changes, so the plan is asked again */
  refreshKey: string;
  refundBy?: { value: string; onChange: (value: string) => void };
}) {
  const t = useTranslations("checkout.backOrder");
  const format = useFormatter();
  const id = useId();
  const [plan, setPlan] = useState<BackOrderPlan | null>(null);

  useEffect(() => {
    let live = true;
    if (lines !== null && lines.length === 0) return;
    api.backOrders
      .plan(lines ? { lines: [...lines] } : {})
      .then((answer) => live && setPlan(answer))
      // the cart and the checkout stand without it: the order's own check still says what waits
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // the key stands for the lines
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refreshKey]);

  const waiting = plan?.lines.filter((l) => l.waiting > 0) ?? [];
  if (!plan || waiting.length === 0) return null;
  const day = (date: string) => format.dateTime(shopDay(date), DATE_FORMATS.date);
  const range = plan.refundBy;
  const value = refundBy?.value ?? "";
  const outside = value !== "" && range !== null && (value < range.earliest || value > range.latest);

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
      <p>{t("payment")}</p>
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
