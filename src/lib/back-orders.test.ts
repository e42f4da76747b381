import { describe, expect, it } from "vitest";
import {
  addDays,
  allDispatched,
  amountPaidOf,
  depositCancellation,
  depositSplit,
  expectedArrival,
  firstPaymentOf,
  heldForBalance,
  lineStatus,
  readyUnits,
  refundDateMissed,
  splitQuantity,
} from "./back-orders";

const none = { incomingQuantity: null, incomingDate: null, onDemandWeeks: null };

describe("back-orders", () => {
  it("adds days across months and years", () => {
    expect(addDays("2026-12-28", 7)).toBe("2027-01-04");
    expect(addDays("2026-02-27", 2)).toBe("2026-03-01");
  });

  it("dates a back-order from incoming stock while it covers the waiting units, else from the on-demand weeks, else not at all", () => {
    const incoming = { incomingQuantity: 20, incomingDate: "2026-12-12", onDemandWeeks: 6 };
    expect(expectedArrival(incoming, 5, 10, "2026-11-29")).toBe("2026-12-12");
    expect(expectedArrival(incoming, 5, 16, "2026-11-29")).toBe("2027-01-10");
    expect(expectedArrival({ ...incoming, onDemandWeeks: null }, 5, 16, "2026-11-29")).toBeNull();
    // a delivery whose date has passed is not news the shop can promise on
    expect(expectedArrival({ ...incoming, onDemandWeeks: null }, 1, 0, "2026-12-13")).toBeNull();
    expect(expectedArrival(none, 1, 0, "2026-11-29")).toBeNull();
    expect(expectedArrival(incoming, 0, 0, "2026-11-29")).toBeNull();
    // an order placed earlier counts its on-demand weeks from its own day, not from today
    expect(expectedArrival({ ...none, onDemandWeeks: 2 }, 1, 0, "2026-12-05", "2026-11-29")).toBe("2026-12-13");
  });

  it("splits a quantity into the units in stock and the units that wait", () => {
    expect(splitQuantity(5, 3)).toEqual({ inStock: 3, waiting: 2 });
    expect(splitQuantity(2, 3)).toEqual({ inStock: 2, waiting: 0 });
    expect(splitQuantity(2, -1)).toEqual({ inStock: 0, waiting: 2 });
  });

  it("names a line's state and knows when all is out", () => {
    const line = { quantity: 5, backorderedQuantity: 2, cancelledQuantity: 0, shippedQuantity: 0 };
    expect(lineStatus(line)).toBe("awaiting_stock");
    expect(readyUnits(line)).toBe(3);
    expect(lineStatus({ ...line, backorderedQuantity: 0 })).toBe("ready");
    expect(lineStatus({ ...line, backorderedQuantity: 0, shippedQuantity: 5 })).toBe("shipped");
    expect(lineStatus({ ...line, backorderedQuantity: 0, cancelledQuantity: 5 })).toBe("cancelled");
    expect(allDispatched([{ ...line, backorderedQuantity: 0, shippedQuantity: 3, cancelledQuantity: 2 }])).toBe(true);
    expect(allDispatched([{ ...line, shippedQuantity: 3 }])).toBe(false);
  });

  it("misses a refund-by date when the expected date passes it or the day itself passes", () => {
    expect(refundDateMissed(null, "2027-01-01", "2026-12-01")).toBe(false);
    expect(refundDateMissed("2026-12-20", "2026-12-12", "2026-12-01")).toBe(false);
    expect(refundDateMissed("2026-12-20", "2027-01-10", "2026-12-01")).toBe(true);
    expect(refundDateMissed("2026-12-20", null, "2026-12-01")).toBe(true);
    expect(refundDateMissed("2026-12-20", "2026-12-12", "2026-12-21")).toBe(true);
  });

  it("splits a deposit order: the goods in stock, the delivery and a share of the waiting goods now, the rest later", () => {
    // 5 units of 10 000 (3 waiting) and one of 5 000, delivery 5 000: the waiting goods are worth 30 000
    const lines = [
      { gross: 50_000, quantity: 5, waiting: 3 },
      { gross: 5_000, quantity: 1, waiting: 0 },
    ];
    expect(depositSplit({ total: 60_000, lines, deliveryFee: 5_000, percent: 30 })).toEqual({ deposit: 39_000, balance: 21_000, waitingGoodsValue: 30_000 });
    // the share paid now is rounded up, so the balance never exceeds the percentage left
    expect(depositSplit({ total: 60_001, lines: [{ gross: 60_001, quantity: 3, waiting: 1 }], deliveryFee: 0, percent: 30 })).toEqual({
      deposit: 46_001,
      balance: 14_000,
      waitingGoodsValue: 20_000,
    });
    // nothing waits: no deposit
    expect(depositSplit({ total: 60_000, lines: [{ gross: 55_000, quantity: 5, waiting: 0 }], deliveryFee: 5_000, percent: 30 })).toBeNull();
  });

  it("cancels goods bought on deposit by letting their balance go and refunding what the deposit paid for them", () => {
    const state = { waitingGoodsValue: 30_000, balanceDue: 21_000, depositGross: 30_000 };
    expect(depositCancellation({ ...state, cancelledGross: 30_000 })).toEqual({ cancelledValue: 30_000, balanceReduction: 21_000, refund: 9_000 });
    expect(depositCancellation({ ...state, cancelledGross: 10_000 })).toEqual({ cancelledValue: 10_000, balanceReduction: 7_000, refund: 3_000 });
    expect(depositCancellation({ ...state, cancelledGross: 0 })).toEqual({ cancelledValue: 0, balanceReduction: 0, refund: 0 });
  });

  it("holds a deposit line's units in stock only while a balance is owed, and counts what came in", () => {
    expect(heldForBalance({ depositUnits: 3, backorderedQuantity: 1 }, 21_000)).toBe(2);
    expect(heldForBalance({ depositUnits: 3, backorderedQuantity: 1 }, 0)).toBe(0);
    const order = { total: 60_000, depositAmount: 39_000, balancePaid: 0, paidAt: "2026-11-29T10:00:00Z" };
    expect(firstPaymentOf(order)).toBe(39_000);
    expect(amountPaidOf(order)).toBe(39_000);
    expect(amountPaidOf({ ...order, balancePaid: 21_000 })).toBe(60_000);
    expect(amountPaidOf({ ...order, depositAmount: null })).toBe(60_000);
    expect(amountPaidOf({ ...order, paidAt: null })).toBe(0);
  });
});
