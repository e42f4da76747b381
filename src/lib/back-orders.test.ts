import { describe, expect, it } from "vitest";
import { addDays, allDispatched, expectedArrival, lineStatus, readyUnits, refundDateMissed, splitQuantity } from "./back-orders";

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
});
