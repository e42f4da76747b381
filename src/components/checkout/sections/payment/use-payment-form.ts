"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import type { PaymentMethod } from "@/lib/checkout";
import { normaliseTanzanianMobile } from "@/lib/phone";
import type { CheckoutShop } from "../../checkout-types";
import type { SectionFields } from "../../use-checkout-values";

/**
 * The payment section's state: the mobile-money number follows the contact phone until the shopper
 * types one of their own (a saved number counts as their own from the start).
 */
export function usePaymentForm({ values, set }: Pick<SectionFields, "values" | "set">, shop: CheckoutShop) {
  const t = useTranslations("checkout");
  const [paymentPhoneEdited, setPaymentPhoneEdited] = useState(() => values.paymentPhone !== "");
  const paymentPhoneShown = paymentPhoneEdited ? values.paymentPhone : values.phone;
  return {
    paymentPhoneShown,
    paymentPhoneE164: normaliseTanzanianMobile(paymentPhoneShown),
    setPaymentPhone: (value: string) => {
      setPaymentPhoneEdited(true);
      set("paymentPhone", value);
    },
    /** What a method's card says under its name. */
    methodDetail: (m: PaymentMethod) =>
      m === "mobile_money"
        ? shop.mobileMoneyProviders.join(", ")
        : m === "card"
          ? t("payment.cardNote")
          : m === "on_delivery"
            ? t("payment.onDelivery.note")
            : t("payment.bankNote", { hours: shop.bankTransferHours }),
  };
}
