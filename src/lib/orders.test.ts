import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "./checkout";
import { ADMIN_ORDER_ACTIONS, allowedOrderActions, handsOverGoods, type OrderActionState } from "./orders";

describe("actions that hand an order's goods over", () => {
  it("are shipping, and a delivery that was not shipped first (a pick-up at the counter)", () => {
    expect(ADMIN_ORDER_ACTIONS.filter((a) => handsOverGoods("paid", a))).toEqual(["ship", "deliver"]);
    expect(ADMIN_ORDER_ACTIONS.filter((a) => handsOverGoods("processing", a))).toEqual(["ship", "deliver"]);
    expect(ADMIN_ORDER_ACTIONS.filter((a) => handsOverGoods("shipped", a))).toEqual(["ship"]);
    // making a pick-up ready hands nothing over; handing it over at the counter does
    expect(ADMIN_ORDER_ACTIONS.filter((a) => handsOverGoods("ready_for_pickup", a))).toEqual(["ship", "deliver"]);
  });
});

describe("the actions an order's state allows", () => {
  const order = (over: Partial<OrderActionState> = {}): OrderActionState => ({
    status: "awaiting_payment",
    paymentMethod: "mobile_money",
    deliveryMethod: "courier",
    paid: false,
    ...over,
  });

  it("lets the shopper cancel only an unpaid order", () => {
    for (const status of ORDER_STATUSES) expect(allowedOrderActions(order({ status })).shopper).toEqual(status === "awaiting_payment" ? ["cancel"] : []);
  });

  it("marks only a bank transfer paid by hand; any unpaid order can be cancelled", () => {
    expect(allowedOrderActions(order({ paymentMethod: "bank_transfer" })).admin).toEqual(["mark-paid", "cancel"]);
    expect(allowedOrderActions(order({ paymentMethod: "mobile_money" })).admin).toEqual(["cancel"]);
    expect(allowedOrderActions(order({ paymentMethod: "card" })).admin).toEqual(["cancel"]);
  });

  it("ships a delivered order; makes a pick-up ready, then hands it over at the counter", () => {
    expect(allowedOrderActions(order({ status: "paid" })).admin).toEqual(["processing", "ship", "cancel"]);
    expect(allowedOrderActions(order({ status: "paid", deliveryMethod: "pickup" })).admin).toEqual(["processing", "ready-for-pickup", "cancel"]);
    expect(allowedOrderActions(order({ status: "processing" })).admin).toEqual(["ship", "cancel"]);
    expect(allowedOrderActions(order({ status: "processing", deliveryMethod: "pickup" })).admin).toEqual(["ready-for-pickup", "cancel"]);
    expect(allowedOrderActions(order({ status: "ready_for_pickup", deliveryMethod: "pickup", paid: true })).admin).toEqual(["deliver", "cancel"]);
    expect(allowedOrderActions(order({ status: "shipped" })).admin).toEqual(["deliver"]);
  });

  it("refunds a cancelled order only when money came in; a finished order takes nothing", () => {
    expect(allowedOrderActions(order({ status: "cancelled", paid: true })).admin).toEqual(["refund"]);
    expect(allowedOrderActions(order({ status: "cancelled", paid: false })).admin).toEqual([]);
    expect(allowedOrderActions(order({ status: "delivered", paid: true })).admin).toEqual([]);
    expect(allowedOrderActions(order({ status: "refunded", paid: true })).admin).toEqual([]);
  });
});
