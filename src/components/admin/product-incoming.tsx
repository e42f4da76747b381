"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { api, refusedField } from "@/lib/api-client";
import { incomingStockProblem, type IncomingStock } from "@/lib/stock-alerts";
import { useFormAction } from "../hooks/use-form-action";
import { SubmitButton } from "../ui/submit-button";
import { FormMessage, TextField } from "../ui/form";

const wholeOrNull = (text: string) => (text.trim() === "" ? null : Number(text.trim()));

/**
 * A product's incoming stock (units on their way with the expected date, or "imported on demand"
 * in weeks), changed with a reason that the product history keeps, and how many shoppers wait for
 * it to be back. Texts: admin.stockAlerts.product.
 */
export function ProductIncomingForm({ productId, initial, waiting }: { productId: number; initial: IncomingStock; waiting: number }) {
  const t = useTranslations("admin.stockAlerts.product");
  const router = useRouter();
  const [quantity, setQuantity] = useState(initial.incomingQuantity === null ? "" : String(initial.incomingQuantity));
  const [date, setDate] = useState(initial.incomingDate ?? "");
  const [weeks, setWeeks] = useState(initial.onDemandWeeks === null ? "" : String(initial.onDemandWeeks));
  const [reason, setReason] = useState("");
  const [field, setField] = useState<string | null>(null);
  const value = (): IncomingStock => ({ incomingQuantity: wholeOrNull(quantity), incomingDate: date || null, onDemandWeeks: wholeOrNull(weeks) });

  const send = useFormAction(
    async () => {
      setField(null);
      try {
        const answer = await api.adminStockAlerts.setIncoming(productId, { ...value(), reason: reason.trim() });
        if (answer.changed) setReason("");
        return { ok: true, message: answer.changed ? t("saved") : t("unchanged") };
      } catch (error) {
        setField(refusedField(error)?.field ?? null);
        throw error;
      }
    },
    {
      failure: t("failed"),
      check: () => {
        const problem = incomingStockProblem(value());
        setField(problem);
        return problem ? t("bothOrNeither") : null;
      },
      onSuccess: () => router.refresh(),
    },
  );
  const error = (name: keyof IncomingStock) => (field === name ? t("bothOrNeither") : undefined);

  return (
    <form onSubmit={send.submit} noValidate className="space-y-3 text-sm" aria-labelledby="incoming-heading">
      <h2 id="incoming-heading" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="font-medium" data-testid="waiting-count">
        {t("waiting", { count: waiting })}
      </p>
      <p className="text-[var(--muted-fg)]">{t("intro")}</p>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          name="incomingQuantity"
          inputMode="numeric"
          label={t("quantity")}
          value={quantity}
          onValueChange={setQuantity}
          error={error("incomingQuantity")}
          optional
        />
        <TextField name="incomingDate" type="date" label={t("date")} value={date} onValueChange={setDate} error={error("incomingDate")} optional />
        <TextField
          name="onDemandWeeks"
          inputMode="numeric"
          label={t("weeks")}
          hint={t("weeksHint")}
          value={weeks}
          onValueChange={setWeeks}
          error={error("onDemandWeeks")}
          optional
        />
      </div>
      <TextField name="incomingReason" label={t("reason")} value={reason} onValueChange={setReason} required maxLength={500} />
      <SubmitButton busy={send.busy}>{t("save")}</SubmitButton>
      <FormMessage message={send.message} />
    </form>
  );
}
