import { describe, expect, it } from "vitest";
import { ADMIN_ORDER_ACTIONS, handsOverGoods } from "./orders";

describe("actions that hand an order's goods over", () => {
  it("are shipping, and a delivery that was not shipped first (a pick-up at the counter)", () => {
    expect(ADMIN_ORDER_ACTIONS.filter((a) => handsOverGoods("paid", a))).toEqual(["ship", "deliver"]);
    expect(ADMIN_ORDER_ACTIONS.filter((a) => handsOverGoods("processing", a))).toEqual(["ship", "deliver"]);
    expect(ADMIN_ORDER_ACTIONS.filter((a) => handsOverGoods("shipped", a))).toEqual(["ship"]);
  });
});
