import { describe, expect, it } from "vitest";
import { readOrderNote, shopperSeesNote } from "./order-notes";

describe("order timeline notes", () => {
  it("reads the shop's codes and their values, and leaves anything else as free text", () => {
    expect(readOrderNote("taken-by-staff")).toEqual({ kind: "plain", code: "taken-by-staff" });
    expect(readOrderNote("recorded-payment till QK7H2P9Z")).toEqual({ kind: "paid-in-person", method: "till", transactionId: "QK7H2P9Z" });
    expect(readOrderNote("collected cash")).toEqual({ kind: "paid-in-person", method: "cash", transactionId: null });
    expect(readOrderNote("rider: Juma Ali")).toEqual({ kind: "rider", name: "Juma Ali" });
    expect(readOrderNote("refused: wrong size (fee 5000 cash)")).toEqual({ kind: "refused", reason: "wrong size (fee 5000 cash)" });
    expect(readOrderNote("payment-reversed: wrong order")).toEqual({ kind: "payment-reversed", reason: "wrong order" });
    expect(readOrderNote("called the customer twice")).toEqual({ kind: "free", text: "called the customer twice" });
    expect(readOrderNote("collected cheque 123")).toEqual({ kind: "free", text: "collected cheque 123" });
    expect(readOrderNote("refund-completed:2")).toEqual({ kind: "refund", step: "completed", number: 2 });
    expect(readOrderNote("refund-sent:2")).toEqual({ kind: "free", text: "refund-sent:2" });
  });

  it("keeps staff's own words from the shopper", () => {
    expect(shopperSeesNote(readOrderNote("collected till QK7H2P9Z"))).toBe(true);
    expect(shopperSeesNote(readOrderNote("rider: Juma"))).toBe(true);
    expect(shopperSeesNote(readOrderNote("refund-requested:1"))).toBe(true);
    expect(shopperSeesNote(readOrderNote("refused: rude customer"))).toBe(false);
    expect(shopperSeesNote(readOrderNote("payment-reversed: mistake"))).toBe(false);
    expect(shopperSeesNote(readOrderNote("anything"))).toBe(false);
  });
});
