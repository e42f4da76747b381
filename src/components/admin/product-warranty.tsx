"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import { useFormAction } from "../hooks/use-form-action";
import { SubmitButton } from "../ui/submit-button";
import { FormMessage, TextField } from "../ui/form";

/** Whole days from 1 to 3650, or null for an empty box; undefined when the text is neither. */
function daysOf(text: string): number | null | undefined {
  if (text.trim() === "") return null;
  const days = Number(text.trim());
  return Number.isInteger(days) && days >= 1 && days <= 3650 ? days : undefined;
}

/**
 * A product's warranty in days after delivery (a claim within it, once the return window is over,
 * is a warranty claim) and the units that came back faulty from returns. Texts: admin.returns.product.
 */
export function ProductWarrantyForm({ productId, initial }: { productId: number; initial: { warrantyDays: number | null; faultyQuantity: number } }) {
  const t = useTranslations("admin.returns.product");
  const router = useRouter();
  const [days, setDays] = useState(initial.warrantyDays === null ? "" : String(initial.warrantyDays));
  const send = useFormAction(
    async () => {
      await api.returns.setWarranty(productId, daysOf(days) ?? null);
      return { ok: true, message: t("saved") };
    },
    { failure: t("invalid"), check: () => (daysOf(days) === undefined ? t("invalid") : null), onSuccess: () => router.refresh() },
  );
  return (
    <form onSubmit={send.submit} noValidate className="space-y-3 text-sm" aria-labelledby="warranty-heading">
      <h2 id="warranty-heading" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p data-testid="faulty-count">{t("faulty", { count: initial.faultyQuantity })}</p>
      <TextField
        name="warrantyDays"
        inputMode="numeric"
        label={t("days")}
        hint={t("daysHint")}
        value={days}
        onValueChange={setDays}
        optional
        className="max-w-xs"
      />
      <FormMessage message={send.message} />
      <SubmitButton busy={send.busy} data-testid="warranty-save">
        {t("save")}
      </SubmitButton>
    </form>
  );
}
