import type { DeliveryMethod, PaymentMethod } from "@/lib/checkout";
import { onDeliveryOffer, type PayOnDeliverySettings } from "@/lib/pay-on-delivery";

/**
 * What the checkout shows of pay on delivery: nothing (the shop does not offer it), its card (this
 * order may be paid so), or one line saying why this order may not (its delivery or its total).
 */
export type OnDeliveryChoice = { kind: "hidden" } | { kind: "offered" } | { kind: "unavailable"; reason: "delivery-method" | "over-ceiling" };

export function onDeliveryChoice(
  methods: readonly PaymentMethod[],
  settings: Pick<PayOnDeliverySettings, "enabled" | "maxOrderTotal">,
  order: { deliveryMethod: DeliveryMethod | null; total: number },
): OnDeliveryChoice {
  if (!methods.includes("on_delivery")) return { kind: "hidden" };
  const offer = onDeliveryOffer(settings, order);
  if (offer.offered) return { kind: "offered" };
  return offer.reason === "disabled" ? { kind: "hidden" } : { kind: "unavailable", reason: offer.reason };
}

/** The payment methods with a card to choose: pay on delivery only while this order may use it. */
export function choosableMethods(methods: readonly PaymentMethod[], choice: OnDeliveryChoice): PaymentMethod[] {
  return methods.filter((m) => m !== "on_delivery" || choice.kind === "offered");
}

/** The method the order goes with: pay on delivery chosen before the order stopped allowing it counts as none chosen. */
export function usablePayment(payment: PaymentMethod | null, choice: OnDeliveryChoice): PaymentMethod | null {
  return payment === "on_delivery" && choice.kind !== "offered" ? null : payment;
}
