"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import { useFormAction } from "../hooks/use-form-action";
import { SubmitButton } from "../ui/submit-button";
import { FormMessage } from "../ui/form";

/**
 * Whether a product may be ordered beyond its stock (a back-order): the units beyond it wait on the
 * order and are served first when stock arrives. Only taken while the shop knows when more comes
 * (incoming stock or "imported on demand"), which the intro says. Texts: admin.backOrders.product.
 */
export function ProductBackOrdersForm({ productId, allowed }: { productId: number; allowed: boolean }) {
  const t = useTranslations("admin.backOrders.product");
  const router = useRouter();
  const [allow, setAllow] = useState(allowed);
  const send = useFormAction(
    async () => {
      const answer = await api.backOrders.setAllowed(productId, allow);
      return { ok: true, message: answer.allowBackorder ? t("on") : t("off") };
    },
    { failure: t("failed"), onSuccess: () => router.refresh() },
  );
  return (
    <form onSubmit={send.submit} noValidate className="space-y-3 text-sm" aria-labelledby="back-orders-heading">
      <h2 id="back-orders-heading" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="text-[var(--muted-fg)]">{t("intro")}</p>
      <label className="flex items-center gap-2">
        <input type="checkbox" name="allow-backorder" checked={allow} onChange={(e) => setAllow(e.target.checked)} />
        {t("allow")}
      </label>
      <SubmitButton busy={send.busy}>{t("save")}</SubmitButton>
      <FormMessage message={send.message} />
    </form>
  );
}
