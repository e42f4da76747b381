"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { ADMIN_PRODUCT_REASON_MAX, type AdminProductChangeRequest } from "@/lib/admin-catalog";
import { api } from "@/lib/api-client";
import { formatMoney } from "@/lib/money";
import { FormMessage, TextField } from "../ui/form";
import { useFormAction } from "../hooks/use-form-action";
import { SubmitButton } from "../ui/submit-button";

interface Values {
  price: number;
  originalPrice: number;
  stockQuantity: number;
}

const WHOLE = /^\d{1,10}$/;

/**
 * The admin's price and stock form: only the values that differ from the product's are sent, with
 * the reason the audit trail keeps; the server checks everything again and the page reloads its
 * data (and history) after a save. The "was" price may only be one of the prices the product had
 * (`pastPrices`: its history's and today's), above the price, or 0 for none: the form says which
 * and checks it before sending.
 */
export function ProductChangeForm({
  productId,
  current,
  pastPrices,
  hasOptions = false,
}: {
  productId: number;
  current: Values;
  pastPrices: number[];
  hasOptions?: boolean;
}) {
  // a product with options takes its price and stock from them: only the "was" price is its own
  const editable = hasOptions ? (["originalPrice"] as const) : (["price", "originalPrice", "stockQuantity"] as const);
  const t = useTranslations("admin.catalog");
  const tError = useTranslations("errors.reasons");
  const router = useRouter();
  const [text, setText] = useState({
    price: String(current.price),
    originalPrice: String(current.originalPrice),
    stockQuantity: String(current.stockQuantity),
    reason: "",
  });
  const [invalid, setInvalid] = useState<Partial<Record<keyof typeof text, string>>>({});

  const changes = (): AdminProductChangeRequest | string => {
    const wrong: typeof invalid = {};
    for (const key of editable) if (!WHOLE.test(text[key].trim())) wrong[key] = t("wholeNumber");
    const [price, was] = [Number(text.price.trim()), Number(text.originalPrice.trim())];
    if (!wrong.originalPrice && !wrong.price && was !== 0 && was !== current.originalPrice && was !== price) {
      if (was < price) wrong.originalPrice = tError("wasPriceNotAbovePrice");
      else if (!pastPrices.includes(was)) wrong.originalPrice = tError("wasPriceNeverCharged");
    }
    if (!text.reason.trim()) wrong.reason = t("needReason");
    setInvalid(wrong);
    // each field says what is wrong with it; the form's message only says that nothing was saved
    const count = Object.keys(wrong).length;
    if (count) return t("checkMarked", { count });
    const body: AdminProductChangeRequest = { reason: text.reason.trim() };
    for (const key of editable) {
      const value = Number(text[key].trim());
      if (value !== current[key]) body[key] = value;
    }
    return Object.keys(body).length > 1 ? body : t("nothingChanged");
  };

  const send = useFormAction(
    async () => {
      const body = changes();
      if (typeof body === "string") return { ok: false, message: body };
      await api.adminCatalog.change(productId, body);
      return { ok: true, message: t("saved") };
    },
    {
      failure: t("failed"),
      onSuccess: () => {
        setText((v) => ({ ...v, reason: "" }));
        router.refresh();
      },
    },
  );
  const set = (key: keyof typeof text) => (event: React.ChangeEvent<HTMLInputElement>) => setText((v) => ({ ...v, [key]: event.target.value }));

  return (
    <form onSubmit={send.submit} noValidate className="grid gap-3 text-sm sm:grid-cols-3" aria-labelledby="change-heading">
      <h2 id="change-heading" className="text-lg font-semibold sm:col-span-3">
        {t("changeTitle")}
      </h2>
      <p className="text-[var(--muted-fg)] sm:col-span-3">{hasOptions ? t("changeIntroOptions") : t("changeIntro")}</p>
      {!hasOptions && (
        <TextField name="price" label={t("newPrice")} inputMode="numeric" value={text.price} onChange={set("price")} error={invalid.price} required />
      )}
      <TextField
        name="originalPrice"
        label={t("newOriginalPrice")}
        inputMode="numeric"
        value={text.originalPrice}
        onChange={set("originalPrice")}
        error={invalid.originalPrice}
        hint={t("originalPriceHint", { prices: pastPrices.map((p) => formatMoney(p)).join(", ") })}
      />
      {!hasOptions && (
        <TextField
          name="stockQuantity"
          label={t("newStock")}
          inputMode="numeric"
          value={text.stockQuantity}
          onChange={set("stockQuantity")}
          error={invalid.stockQuantity}
          required
        />
      )}
      <TextField
        name="reason"
        label={t("reason")}
        hint={t("reasonHint")}
        maxLength={ADMIN_PRODUCT_REASON_MAX}
        value={text.reason}
        onChange={set("reason")}
        error={invalid.reason}
        required
        className="sm:col-span-3"
      />
      <div className="sm:col-span-3">
        <FormMessage message={send.message} />
      </div>
      <SubmitButton size="lg" className="sm:col-span-1" busy={send.busy} busyText={t("saving")}>
        {t("save")}
      </SubmitButton>
    </form>
  );
}
