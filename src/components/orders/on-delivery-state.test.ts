import { describe, expect, it } from "vitest";
import { onDeliveryState } from "./on-delivery-state";

const order = { paymentMethod: "on_delivery" as const, paidAt: null, paidInPerson: null };

describe("a pay-on-delivery order's state for its shopper", () => {
  it("asks for the money while the order is open and unpaid", () => {
    for (const status of ["confirmed", "processing", "shipped", "ready_for_pickup"] as const) expect(onDeliveryState({ ...order, status })).toBe("due");
  });

  it("asks nothing once paid, cancelled or delivered, and says so when refused at the door", () => {
    expect(onDeliveryState({ ...order, status: "shipped", paidAt: "2026-11-29T08:00:00Z" })).toBeNull();
    expect(
      onDeliveryState({ ...order, status: "ready_for_pickup", paidInPerson: { method: "cash", transactionId: null, at: "2026-11-29T08:00:00Z" } }),
    ).toBeNull();
    expect(onDeliveryState({ ...order, status: "delivered" })).toBeNull();
    expect(onDeliveryState({ ...order, status: "cancelled" })).toBeNull();
    expect(onDeliveryState({ ...order, status: "refused" })).toBe("refused");
  });

  it("is nothing for an order paid another way", () => {
    expect(onDeliveryState({ ...order, paymentMethod: "mobile_money", status: "processing" })).toBeNull();
    expect(onDeliveryState({ ...order, paymentMethod: "bank_transfer", status: "refused" })).toBeNull();
  });
});
