"use client";

import Link from "next/link";
import { useTranslations } from "use-intl";
import { HandCoins } from "lucide-react";
import type { DeliveryMethod, PaymentMethod } from "@/lib/checkout";
import { formatMoney } from "@/lib/money";
import { refusalFeeDue } from "@/lib/pay-on-delivery";
import { formatTanzanianPhone } from "@/lib/phone";
import { ChoiceCard, FieldError, TextField } from "../../../ui/form";
import type { CheckoutShop } from "../../checkout-types";
import { fieldId } from "../../field-id";
import { Section } from "../../section";
import { useFieldErrorText, type SectionFields } from "../../use-checkout-values";
import { choosableMethods, type OnDeliveryChoice } from "./on-delivery";
import { usePaymentForm } from "./use-payment-form";

/**
 * How the order is paid: the method, for mobile money the wallet and the number, and the buyer's TIN
 * for the tax invoice. Pay on delivery shows as a card while this order's delivery and total allow
 * it, else as one line saying when it is offered; chosen, it says how the money is taken at the door.
 */
export function PaymentSection({
  fields,
  methods: offered,
  shop,
  onDelivery,
  order,
  guest = false,
}: {
  fields: SectionFields;
  methods: PaymentMethod[];
  shop: CheckoutShop;
  onDelivery: OnDeliveryChoice;
  /** the order as the form prices it now: the chosen delivery, the total and its delivery fee */
  order: { deliveryMethod: DeliveryMethod | null; total: number; deliveryFee: number };
  guest?: boolean;
}) {
  const t = useTranslations("checkout");
  const to = useTranslations("orders");
  const { values, set, errors } = fields;
  const err = useFieldErrorText(errors);
  const payment = usePaymentForm(fields, shop);
  const methods = choosableMethods(offered, onDelivery);
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
          {onDelivery.kind === "unavailable" && (
            <p className="mt-2 text-xs text-[var(--muted-fg)]" data-testid="on-delivery-unavailable">
              {t("payment.onDelivery.unavailable", {
                max: formatMoney(shop.payOnDelivery.maxOrderTotal, "TZS"),
                area: shop.courierArea,
                pickup: shop.delivery.pickup.enabled ? "yes" : "no",
              })}
            </p>
          )}
          <FieldError id="payment-error" text={err("payment")} />
        </fieldset>
      )}

      {values.payment === "on_delivery" && onDelivery.kind === "offered" && <OnDeliveryNote shop={shop} order={order} guest={guest} />}

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

/** What paying on delivery means for this order: the money at the door (or the counter), to whom, and what a refusal costs. */
function OnDeliveryNote({
  shop,
  order,
  guest,
}: {
  shop: CheckoutShop;
  order: { deliveryMethod: DeliveryMethod | null; total: number; deliveryFee: number };
  guest: boolean;
}) {
  const t = useTranslations("checkout.payment.onDelivery");
  const pickup = order.deliveryMethod === "pickup";
  const refusalFee = order.deliveryMethod
    ? refusalFeeDue(shop.payOnDelivery.refusalFee, { deliveryFee: order.deliveryFee, deliveryMethod: order.deliveryMethod })
    : 0;
  return (
    <div className="mt-4 rounded-lg border border-[var(--border)] bg-[var(--surface)] p-3 text-sm" data-testid="on-delivery-note">
      <p className="flex items-start gap-2 font-medium">
        <HandCoins className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden />
        <span>{t("payWhen", { total: formatMoney(order.total, "TZS"), pickup: pickup ? "yes" : "no" })}</span>
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-[var(--muted-fg)]">
        <li>{t("howToPay", { pickup: pickup ? "yes" : "no" })}</li>
        <li>{t("inspect")}</li>
        {refusalFee > 0 ? <li>{t("refusalFee", { fee: formatMoney(refusalFee, "TZS") })}</li> : null}
        <li>
          {guest
            ? t("confirmGuest")
            : t.rich("confirmAccount", {
                link: (chunks) => (
                  <Link href="/account/orders#claim-heading" className="font-semibold text-brand hover:underline">
                    {chunks}
                  </Link>
                ),
              })}
        </li>
      </ul>
    </div>
  );
}
