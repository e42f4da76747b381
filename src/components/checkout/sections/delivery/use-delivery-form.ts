"use client";

import { useId, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { DeliveryOption } from "@/lib/checkout";
import type { SavedAddress } from "@/lib/orders";
import { textIn } from "@/lib/site-settings";
import { findRegion } from "@/lib/tanzania-regions";
import type { CheckoutContact, CheckoutShop } from "../../checkout-types";
import { valuesFrom, type CheckoutValues } from "../../use-checkout-values";

/**
 * The delivery section's state: which saved address is chosen (choosing one fills the address and
 * keeps the rest), the region's districts, and the words for each option's detail or why it is closed.
 */
export function useDeliveryForm({
  addresses,
  contact,
  shop,
  state,
}: {
  addresses: SavedAddress[];
  contact: CheckoutContact;
  shop: CheckoutShop;
  state: Pick<CheckoutValues, "values" | "setValues" | "set" | "refreshClock">;
}) {
  const t = useTranslations("checkout");
  const locale = useLocale();
  const [addressChoice, setAddressChoice] = useState<string>(addresses[0] ? String(addresses[0].id) : "new");
  const datalistId = useId();

  const chooseAddress = (choice: string) => {
    setAddressChoice(choice);
    const address = addresses.find((a) => String(a.id) === choice);
    state.setValues((v) => {
      const next = valuesFrom(address, contact);
      return address
        ? { ...v, ...next, method: v.method, payment: v.payment, wallet: v.wallet, paymentPhone: v.paymentPhone, buyerTin: v.buyerTin, notes: v.notes }
        : { ...v, region: "", district: "", ward: "", street: "", landmark: "", parcelOffice: "" };
    });
    state.refreshClock();
  };

  const chooseRegion = (region: string) => {
    state.set("region", region);
    state.refreshClock();
  };

  const unavailableText = (o: DeliveryOption) => {
    switch (o.unavailable) {
      case "after-cutoff":
        return t("delivery.unavailable.after-cutoff", { time: o.detail ?? "" });
      case "outside-courier-area":
        return t("delivery.unavailable.outside-courier-area", { area: shop.courierArea });
      case "inside-courier-area":
        return t("delivery.unavailable.inside-courier-area", { area: shop.courierArea });
      case undefined:
        return null;
      default:
        return t(`delivery.unavailable.${o.unavailable}`);
    }
  };

  const optionDetail = (o: DeliveryOption) => {
    if (o.method === "same_day") return t("delivery.detail.same_day", { time: o.detail ?? "" });
    if (o.method === "parcel") return t("delivery.detail.parcel", { place: o.departure ? textIn(o.departure, locale) : "" });
    if (o.method === "pickup") return t("delivery.detail.pickup");
    return t("delivery.detail.courier", { area: shop.courierArea });
  };

  return { addressChoice, chooseAddress, chooseRegion, regionInfo: findRegion(state.values.region), datalistId, unavailableText, optionDetail };
}
