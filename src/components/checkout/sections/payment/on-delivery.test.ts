import { describe, expect, it } from "vitest";
import { DEFAULT_PAY_ON_DELIVERY } from "@/lib/pay-on-delivery";
import { choosableMethods, onDeliveryChoice, usablePayment } from "./on-delivery";

const settings = { ...DEFAULT_PAY_ON_DELIVERY, enabled: true, maxOrderTotal: 500_000 };
const all = ["mobile_money", "card", "on_delivery"] as const;

describe("pay on delivery at the checkout", () => {
  it("is offered for courier, same-day and pick-up orders up to the ceiling", () => {
    for (const deliveryMethod of ["courier", "same_day", "pickup", null] as const)
      expect(onDeliveryChoice(all, settings, { deliveryMethod, total: 500_000 })).toEqual({ kind: "offered" });
  });

  it("says why a bus parcel or an order over the ceiling may not be paid so", () => {
    expect(onDeliveryChoice(all, settings, { deliveryMethod: "parcel", total: 10_000 })).toEqual({ kind: "unavailable", reason: "delivery-method" });
    expect(onDeliveryChoice(all, settings, { deliveryMethod: "courier", total: 500_001 })).toEqual({ kind: "unavailable", reason: "over-ceiling" });
  });

  it("shows nothing when the shop does not offer it", () => {
    expect(onDeliveryChoice(["mobile_money"], settings, { deliveryMethod: "courier", total: 1 })).toEqual({ kind: "hidden" });
    expect(onDeliveryChoice(all, { ...settings, enabled: false }, { deliveryMethod: "courier", total: 1 })).toEqual({ kind: "hidden" });
  });

  it("offers its card only while the order may use it, and drops a choice the order no longer allows", () => {
    expect(choosableMethods(all, { kind: "offered" })).toEqual(all);
    expect(choosableMethods(all, { kind: "unavailable", reason: "over-ceiling" })).toEqual(["mobile_money", "card"]);
    expect(usablePayment("on_delivery", { kind: "unavailable", reason: "delivery-method" })).toBeNull();
    expect(usablePayment("on_delivery", { kind: "offered" })).toBe("on_delivery");
    expect(usablePayment("card", { kind: "hidden" })).toBe("card");
    expect(usablePayment(null, { kind: "offered" })).toBeNull();
  });
});
