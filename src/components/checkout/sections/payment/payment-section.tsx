"use client";

import { useTranslations } from "use-intl";
import type { PaymentMethod } from "@/lib/checkout";
import { formatTanzanianPhone } from "@/lib/phone";
import { ChoiceCard, FieldError, TextField } from "../../../ui/form";
import type { CheckoutShop } from "../../checkout-types";
import { fieldId } from "../../field-id";
import { Section } from "../../section";
import { useFieldErrorText, type SectionFields } from "../../use-checkout-values";
import { usePaymentForm } from "./use-payment-form";

/** How the order is paid: the method, for mobile money the wallet and the number, and the buyer's TIN for the tax invoice. */
export function PaymentSection({ fields, methods, shop }: { fields: SectionFields; methods: PaymentMethod[]; shop: CheckoutShop }) {
  const t = useTranslations("checkout");
  const to = useTranslations("orders");
  const { values, set, errors } = fields;
  const err = useFieldErrorText(errors);
  const payment = usePaymentForm(fields, shop);
  return (
    <Section id="payment" title={t("steps.payment")}>
      {methods.length === 0 ? (
        <p className="text-sm">{t("payment.none")}</p>
      ) : (
        <fieldset data-field="payment" aria-describedby={errors.payment ? "payment-error" : undefined}>
          <legend className="mb-2 text-sm font-medium">{t("payment.method")}</legend>
          <div className="space-y-2">
            {methods.map((m) => (
              <ChoiceCard
                key={m}
                name="payment-method"
                value={m}
                checked={values.payment === m}
                onChange={(next) => set("payment", next as PaymentMethod)}
                title={to(`paymentMethod.${m}`)}
                describedBy={`payment-${m}-detail`}
              >
                <span id={`payment-${m}-detail`} className="mt-0.5 block text-xs text-[var(--muted-fg)]">
                  {payment.methodDetail(m)}
                </span>
              </ChoiceCard>
            ))}
          </div>
          <FieldError id="payment-error" text={err("payment")} />
        </fieldset>
      )}

      {values.payment === "mobile_money" && (
        <div className="mt-4 space-y-3">
          <fieldset data-field="wallet" aria-describedby={errors.wallet ? "wallet-error" : "wallet-hint"}>
            <legend className="text-sm font-medium">{t("payment.wallet")}</legend>
            <p id="wallet-hint" className="mb-2 text-xs text-[var(--muted-fg)]">
              {t("payment.walletHint")}
            </p>
            <div className="grid grid-cols-2 gap-2">
              {shop.mobileMoneyProviders.map((w) => (
                <ChoiceCard key={w} name="wallet" value={w} checked={values.wallet === w} onChange={(next) => set("wallet", next)} title={w} />
              ))}
            </div>
            <FieldError id="wallet-error" text={err("wallet")} />
          </fieldset>
          <TextField
            id={fieldId("paymentPhone")}
            name="paymentPhone"
            label={t("payment.paymentPhone")}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={payment.paymentPhoneShown}
            onChange={(e) => payment.setPaymentPhone(e.target.value)}
            hint={payment.paymentPhoneE164 ? t("payment.pushTo", { phone: formatTanzanianPhone(payment.paymentPhoneE164) }) : t("payment.paymentPhoneHint")}
            error={err("paymentPhone")}
          />
        </div>
      )}

      <details className="mt-4 text-sm" open={Boolean(values.buyerTin) || Boolean(errors.buyerTin)}>
        <summary className="cursor-pointer font-medium text-brand">{t("tin.toggle")}</summary>
        <TextField
          id={fieldId("buyerTin")}
          className="mt-2"
          name="buyerTin"
          label={t("tin.label")}
          optionalText={t("optional")}
          inputMode="numeric"
          value={values.buyerTin}
          onChange={(e) => set("buyerTin", e.target.value)}
          hint={t("tin.hint")}
          error={err("buyerTin")}
        />
      </details>
    </Section>
  );
}
