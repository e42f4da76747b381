import { describe, expect, it } from "vitest";
import { DEFAULT_PAY_ON_DELIVERY, onDeliveryOffer, refusalFeeDue, unitsOverCap, withinNewCustomerLimit } from "./pay-on-delivery";

describe("pay on delivery", () => {
  const settings = { ...DEFAULT_PAY_ON_DELIVERY, maxOrderTotal: 100_000 };

  it("is offered for the shop's couriers and its counter, up to the ceiling, only when enabled", () => {
    expect(onDeliveryOffer(settings, { deliveryMethod: "courier", total: 100_000 })).toEqual({ offered: true });
    expect(onDeliveryOffer(settings, { deliveryMethod: "same_day", total: 5_000 })).toEqual({ offered: true });
    expect(onDeliveryOffer(settings, { deliveryMethod: "pickup", total: 5_000 })).toEqual({ offered: true });
    expect(onDeliveryOffer(settings, { deliveryMethod: null, total: 5_000 })).toEqual({ offered: true });
    expect(onDeliveryOffer(settings, { deliveryMethod: "parcel", total: 5_000 })).toEqual({ offered: false, reason: "delivery-method" });
    expect(onDeliveryOffer(settings, { deliveryMethod: "courier", total: 100_001 })).toEqual({ offered: false, reason: "over-ceiling" });
    expect(onDeliveryOffer({ ...settings, enabled: false }, { deliveryMethod: "courier", total: 1 })).toEqual({ offered: false, reason: "disabled" });
  });

  it("limits a number without a delivered order, refusals counting, and lifts the limit after one delivery", () => {
    expect(withinNewCustomerLimit({ newCustomerOrders: 1 }, { delivered: 0, openOrRefused: 0 })).toBe(true);
    expect(withinNewCustomerLimit({ newCustomerOrders: 1 }, { delivered: 0, openOrRefused: 1 })).toBe(false);
    expect(withinNewCustomerLimit({ newCustomerOrders: 0 }, { delivered: 0, openOrRefused: 0 })).toBe(false);
    expect(withinNewCustomerLimit({ newCustomerOrders: 1 }, { delivered: 1, openOrRefused: 5 })).toBe(true);
  });

  it("caps the units of one product a number holds open, adding lines of the same product (options)", () => {
    const held = new Map([[7, 8]]);
    expect(unitsOverCap(10, held, [{ productId: 7, quantity: 2, name: "LM7805" }])).toEqual([]);
    expect(
      unitsOverCap(10, held, [
        { productId: 7, quantity: 2, name: "LM7805" },
        { productId: 7, quantity: 1, name: "LM7805" },
        { productId: 9, quantity: 10, name: "ESP32" },
      ]),
    ).toEqual([{ productId: 7, name: "LM7805", available: 2 }]);
    expect(unitsOverCap(3, new Map([[9, 5]]), [{ productId: 9, quantity: 1, name: "ESP32" }])).toEqual([{ productId: 9, name: "ESP32", available: 0 }]);
  });

  it("charges a refusal at most the delivery fee, never for a pick-up", () => {
    expect(refusalFeeDue("waived", { deliveryFee: 5_000, deliveryMethod: "courier" })).toBe(0);
    expect(refusalFeeDue("delivery_fee", { deliveryFee: 5_000, deliveryMethod: "courier" })).toBe(5_000);
    expect(refusalFeeDue("delivery_fee", { deliveryFee: 0, deliveryMethod: "pickup" })).toBe(0);
  });
});
