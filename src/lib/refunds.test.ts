import { describe, expect, it } from "vitest";
import {
  creditNoteNumber,
  lineShare,
  orderStatusAfterRefunds,
  planRefund,
  proportionalShare,
  refundMethodsFor,
  RefundRefusal,
  splitOverRates,
  testCreditNoteNumber,
  vatInGross,
  type RefundableOrder,
} from "./refunds";

/** An order of two lines at 18%: 3 × 11 800 (gross 35 400 after a 0 discount) and 1 × 5 900, delivery 5 900 (VAT 900). */
function order(overrides: Partial<RefundableOrder> = {}): RefundableOrder {
  return {
    paid: 35_400 + 5_900 + 5_900,
    paidWithStoreCredit: 0,
    deliveryFee: 5_900,
    deliveryVat: 900,
    coinsSpent: 0,
    coinsEarned: 0,
    lines: [
      {
        id: 1,
        name: "Arduino Uno",
        sku: "ARD-UNO",
        quantity: 3,
        gross: 35_400,
        vat: 5_400,
        vatRateBp: 1800,
        refundedQuantity: 0,
        refundedGross: 0,
        refundedVat: 0,
      },
      {
        id: 2,
        name: "Jumper wires",
        sku: "JMP-40",
        quantity: 1,
        gross: 5_900,
        vat: 900,
        vatRateBp: 1800,
        refundedQuantity: 0,
        refundedGross: 0,
        refundedVat: 0,
      },
    ],
    refunded: 0,
    refundedOutsideStoreCredit: 0,
    deliveryRefunded: 0,
    deliveryVatRefunded: 0,
    amountRefundedByRate: {},
    coinsReturned: 0,
    coinsReversed: 0,
    ...overrides,
  };
}

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof RefundRefusal) return error.reason;
    throw error;
  }
  throw new Error("not refused");
};

describe("refund shares", () => {
  it("splits a line unit by unit so the parts add up to its gross and VAT", () => {
    const line = { quantity: 3, gross: 10_000, vat: 1_525 };
    const parts = [lineShare(line, 0, 1), lineShare(line, 1, 1), lineShare(line, 2, 1)];
    expect(parts.reduce((s, p) => s + p.gross, 0)).toBe(10_000);
    expect(parts.reduce((s, p) => s + p.vat, 0)).toBe(1_525);
    for (const p of parts) expect(p.gross).toBe(p.net + p.vat);
  });

  it("takes the VAT out of a VAT-inclusive amount", () => {
    expect(vatInGross(11_800, 1800)).toBe(1_800);
    expect(vatInGross(1_000, 0)).toBe(0);
  });

  it("splits an amount over the rates in proportion, adding up to the amount", () => {
    const parts = splitOverRates(1_001, [
      { rateBp: 1800, gross: 2_000 },
      { rateBp: 1500, gross: 1_000 },
    ]);
    expect(parts.map((p) => p.gross)).toEqual([667, 334]);
    expect(parts.reduce((s, p) => s + p.gross, 0)).toBe(1_001);
    expect(parts[0]).toMatchObject({ rateBp: 1800, vat: vatInGross(667, 1800) });
  });

  it("never gives more than the proportion of a count", () => {
    expect(proportionalShare(10, 1, 3)).toBe(3);
    expect(proportionalShare(10, 3, 3)).toBe(10);
    expect(proportionalShare(10, 5, 3)).toBe(10);
    expect(proportionalShare(0, 1, 3)).toBe(0);
  });
});

describe("planRefund", () => {
  it("refunds units of a line at their gross after the coupon, with the VAT reversed", () => {
    const plan = planRefund(order(), { lines: [{ orderLineId: 1, quantity: 1 }], storeCredit: false, settleCoins: true });
    expect(plan.goods).toBe(11_800);
    expect(plan.lines).toEqual([expect.objectContaining({ kind: "line", orderLineId: 1, quantity: 1, gross: 11_800, vat: 1_800, net: 10_000 })]);
    expect(plan.rates).toEqual([{ rateBp: 1800, net: 10_000, vat: 1_800 }]);
    expect(plan.amount).toBe(11_800);
  });

  it("refuses more units than are left of a line", () => {
    const o = order({ lines: order().lines.map((l) => (l.id === 1 ? { ...l, refundedQuantity: 2, refundedGross: 23_600, refundedVat: 3_600 } : l)) });
    expect(refusal(() => planRefund(o, { lines: [{ orderLineId: 1, quantity: 2 }], storeCredit: false, settleCoins: false }))).toBe("exceeds-quantity");
    expect(refusal(() => planRefund(o, { lines: [{ orderLineId: 9, quantity: 1 }], storeCredit: false, settleCoins: false }))).toBe("unknown-line");
  });

  it("refuses more than was paid, counting earlier refunds", () => {
    const o = order({ refunded: 45_000 });
    expect(refusal(() => planRefund(o, { amount: 2_500, storeCredit: false, settleCoins: false }))).toBe("exceeds-paid");
    expect(planRefund(o, { amount: 2_200, storeCredit: false, settleCoins: false }).amount).toBe(2_200);
  });

  it("refuses an unpaid order, both lines and an amount, and nothing at all", () => {
    expect(refusal(() => planRefund(order({ paid: 0 }), { amount: 1, storeCredit: false, settleCoins: false }))).toBe("not-paid");
    expect(refusal(() => planRefund(order(), { amount: 1, lines: [{ orderLineId: 1, quantity: 1 }], storeCredit: false, settleCoins: false }))).toBe(
      "lines-or-amount",
    );
    expect(refusal(() => planRefund(order(), { storeCredit: false, settleCoins: false }))).toBe("nothing-to-refund");
  });

  it("refunds the delivery only when asked, once", () => {
    const without = planRefund(order(), { lines: [{ orderLineId: 2, quantity: 1 }], storeCredit: false, settleCoins: false });
    expect(without.delivery).toBe(0);
    const withDelivery = planRefund(order(), { lines: [{ orderLineId: 2, quantity: 1 }], includeDelivery: true, storeCredit: false, settleCoins: false });
    expect(withDelivery.delivery).toBe(5_900);
    expect(withDelivery.lines.find((l) => l.kind === "delivery")).toMatchObject({ gross: 5_900, vat: 900, net: 5_000 });
    const refundedAlready = order({ deliveryRefunded: 5_900, deliveryVatRefunded: 900, refunded: 5_900 });
    expect(refusal(() => planRefund(refundedAlready, { includeDelivery: true, storeCredit: false, settleCoins: false }))).toBe("delivery-refunded");
  });

  it("adds the return fare on top of what was paid", () => {
    const plan = planRefund(order(), { lines: [{ orderLineId: 2, quantity: 1 }], returnFare: 3_000, storeCredit: false, settleCoins: false });
    expect(plan).toMatchObject({ goods: 5_900, returnFare: 3_000, amount: 8_900 });
  });

  it("splits a refund by amount over the rates left", () => {
    const plan = planRefund(order(), { amount: 11_800, storeCredit: false, settleCoins: false });
    expect(plan.lines).toEqual([expect.objectContaining({ kind: "amount", vatRateBp: 1800, gross: 11_800, vat: 1_800 })]);
    const after = order({ amountRefundedByRate: { 1800: 40_000 }, refunded: 40_000 });
    expect(refusal(() => planRefund(after, { amount: 1_400, storeCredit: false, settleCoins: false }))).toBe("exceeds-paid");
  });

  it("gives spent coins back and takes earned coins back in proportion, all of them on a full refund", () => {
    const o = order({ coinsSpent: 30, coinsEarned: 41 });
    const part = planRefund(o, { lines: [{ orderLineId: 1, quantity: 1 }], storeCredit: false, settleCoins: true });
    expect(part.coinsReturned).toBe(proportionalShare(30, 11_800, 41_300));
    expect(part.coinsReversed).toBe(proportionalShare(41, 11_800, 41_300));
    const rest = order({
      coinsSpent: 30,
      coinsEarned: 41,
      coinsReturned: part.coinsReturned,
      coinsReversed: part.coinsReversed,
      refunded: 11_800,
      lines: o.lines.map((l) => (l.id === 1 ? { ...l, refundedQuantity: 1, refundedGross: 11_800, refundedVat: 1_800 } : l)),
    });
    const all = planRefund(rest, {
      lines: [
        { orderLineId: 1, quantity: 2 },
        { orderLineId: 2, quantity: 1 },
      ],
      storeCredit: false,
      settleCoins: true,
    });
    expect(part.coinsReturned + all.coinsReturned).toBe(30);
    expect(part.coinsReversed + all.coinsReversed).toBe(41);
    expect(planRefund(o, { lines: [{ orderLineId: 1, quantity: 1 }], storeCredit: false, settleCoins: false }).coinsReturned).toBe(0);
  });

  it("sends the part paid with store credit back only as store credit", () => {
    const o = order({ paidWithStoreCredit: 40_000 });
    expect(refusal(() => planRefund(o, { lines: [{ orderLineId: 1, quantity: 1 }], storeCredit: false, settleCoins: false }))).toBe("exceeds-paid");
    expect(planRefund(o, { lines: [{ orderLineId: 1, quantity: 1 }], storeCredit: true, settleCoins: false }).amount).toBe(11_800);
  });
});

describe("order status after refunds", () => {
  it("is refunded once everything paid went back", () => {
    expect(orderStatusAfterRefunds("delivered", "delivered", 1_000, 1_000)).toBe("refunded");
    expect(orderStatusAfterRefunds("processing", "processing", 1_000, 1_000)).toBe("refunded");
  });
  it("is partly refunded when the order's handling is over, and keeps an order in progress as it is", () => {
    expect(orderStatusAfterRefunds("delivered", "delivered", 1_000, 400)).toBe("partly_refunded");
    expect(orderStatusAfterRefunds("cancelled", "cancelled", 1_000, 400)).toBe("partly_refunded");
    expect(orderStatusAfterRefunds("processing", "processing", 1_000, 400)).toBe("processing");
  });
  it("goes back to its status before the refunds when none stands", () => {
    expect(orderStatusAfterRefunds("refunded", "cancelled", 1_000, 0)).toBe("cancelled");
    expect(orderStatusAfterRefunds("shipped", "shipped", 1_000, 0)).toBe("shipped");
  });
});

describe("refund methods", () => {
  it("goes back by the route that took it, store credit only with an account", () => {
    expect(refundMethodsFor({ paymentMethod: "mobile_money", hasAccount: true })).toEqual(["mobile_money", "store_credit"]);
    expect(refundMethodsFor({ paymentMethod: "mobile_money", hasAccount: false })).toEqual(["mobile_money"]);
    expect(refundMethodsFor({ paymentMethod: "bank_transfer", hasAccount: false })).toEqual(["bank_transfer"]);
    expect(refundMethodsFor({ paymentMethod: "on_delivery", hasAccount: false })).toEqual(["cash", "mobile_money"]);
    expect(refundMethodsFor({ paymentMethod: "card", hasAccount: false })).toEqual([]);
  });
  it("numbers credit notes in their own series, test ones apart", () => {
    expect(creditNoteNumber(1)).toBe("CN-000001");
    expect(testCreditNoteNumber("KE-2026-000123", 2)).toBe("TEST-CN-KE-2026-000123-2");
  });
});
