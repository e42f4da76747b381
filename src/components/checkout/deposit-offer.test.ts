import { describe, expect, it } from "vitest";
import type { BackOrderPlan } from "@/lib/back-orders";
import { chosenDeposit, depositOffer, type DepositFigures } from "./deposit-offer";

const planLine = { name: "Relay", expectedOn: "2026-12-20", sellable: true };
const plan: BackOrderPlan = {
  lines: [
    { ...planLine, productId: 1, variantId: "default", quantity: 3, inStock: 1, waiting: 2 },
    { ...planLine, productId: 2, variantId: "red", quantity: 1, inStock: 1, waiting: 0, expectedOn: null },
  ],
  refundBy: { earliest: "2026-12-20", latest: "2027-03-01" },
  payment: "deposit",
  depositPercent: 30,
};
// three relays at 10,000 (two waiting), one other line at 5,000, delivery 5,000
const figures: DepositFigures = {
  total: 40_000,
  deliveryFee: 5_000,
  lines: [
    { productId: 1, variantId: "default", quantity: 3, gross: 30_000 },
    { productId: 2, variantId: "red", quantity: 1, gross: 5_000 },
  ],
};

describe("the checkout's deposit offer", () => {
  it("splits the waiting goods' value: their share now with everything else, the rest later", () => {
    const offer = depositOffer({ plan, payment: "mobile_money", figures });
    // waiting goods 20,000: 6,000 now with the 20,000 of the rest, 14,000 later
    expect(offer).toEqual({ kind: "offered", percent: 30, split: { deposit: 26_000, balance: 14_000, waitingGoodsValue: 20_000 } });
    expect(depositOffer({ plan, payment: "card", figures }).kind).toBe("offered");
  });

  it("matches the plan's waiting units to the cart's lines by product and option, whatever their order", () => {
    const reversed = { ...figures, lines: [...figures.lines].reverse() };
    expect(depositOffer({ plan, payment: "mobile_money", figures: reversed })).toEqual(depositOffer({ plan, payment: "mobile_money", figures }));
  });

  it("says a deposit needs mobile money or card while another way of paying (or none) is chosen", () => {
    for (const payment of ["bank_transfer", "on_delivery", null] as const)
      expect(depositOffer({ plan, payment, figures })).toEqual({ kind: "method", percent: 30 });
  });

  it("offers nothing where the shop takes full payment, nothing waits, or the plan is not known yet", () => {
    expect(depositOffer({ plan: { ...plan, payment: "full" }, payment: "card", figures })).toEqual({ kind: "none" });
    expect(depositOffer({ plan: { ...plan, lines: plan.lines.map((l) => ({ ...l, waiting: 0 })) }, payment: "card", figures })).toEqual({ kind: "none" });
    expect(depositOffer({ plan: null, payment: "card", figures })).toEqual({ kind: "none" });
  });

  it("takes the deposit only while it is both offered and chosen", () => {
    const offer = depositOffer({ plan, payment: "mobile_money", figures });
    expect(chosenDeposit(offer, "deposit")).toEqual({ deposit: 26_000, balance: 14_000, waitingGoodsValue: 20_000 });
    expect(chosenDeposit(offer, "full")).toBeNull();
    expect(chosenDeposit({ kind: "method", percent: 30 }, "deposit")).toBeNull();
  });
});
