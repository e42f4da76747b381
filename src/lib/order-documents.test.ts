import { describe, expect, it } from "vitest";
import { defaultReceipt, invoiceKind, isTaxInvoice, missingFiscalSetup, receiptPdfQuery, testReceiptNumber, testReceiptParts } from "./order-documents";

describe("an order's invoice", () => {
  it("is a pro-forma before payment and an invoice after, for a bank transfer", () => {
    const order = { paymentMethod: "bank_transfer" as const, buyerTin: null };
    expect(invoiceKind({ ...order, status: "awaiting_payment" })).toBe("proforma");
    for (const status of ["paid", "processing", "shipped", "delivered", "refunded"] as const) expect(invoiceKind({ ...order, status })).toBe("invoice");
    expect(invoiceKind({ ...order, status: "cancelled" })).toBeNull();
  });

  it("exists for mobile money and card only when the buyer gave a TIN", () => {
    for (const paymentMethod of ["mobile_money", "card"] as const) {
      expect(invoiceKind({ paymentMethod, buyerTin: null, status: "paid" })).toBeNull();
      expect(invoiceKind({ paymentMethod, buyerTin: "123-456-789", status: "awaiting_payment" })).toBe("proforma");
      expect(invoiceKind({ paymentMethod, buyerTin: "123-456-789", status: "delivered" })).toBe("invoice");
    }
  });

  it("is a tax invoice only with the seller's TIN and VRN", () => {
    expect(isTaxInvoice({ tin: "123-456-789", vrn: "40-012345-K" })).toBe(true);
    expect(isTaxInvoice({ tin: "123-456-789", vrn: "" })).toBe(false);
    expect(isTaxInvoice({ tin: " ", vrn: "40-012345-K" })).toBe(false);
  });
});

describe("the fiscal set-up", () => {
  it("lists what is missing, the fiscal device included, in set-up order", () => {
    expect(missingFiscalSetup({ tin: "", vrn: "", vfdSerial: "" }, false)).toEqual(["tin", "vrn", "vfdSerial", "device"]);
    expect(missingFiscalSetup({ tin: "123-456-789", vrn: "40-012345-K", vfdSerial: "10TZ100123" }, false)).toEqual(["device"]);
    expect(missingFiscalSetup({ tin: "123-456-789", vrn: " ", vfdSerial: "10TZ100123" }, true)).toEqual(["vrn"]);
    expect(missingFiscalSetup({ tin: "123-456-789", vrn: "40-012345-K", vfdSerial: "10TZ100123" }, true)).toEqual([]);
  });
});

describe("a test order's receipt number", () => {
  it("says TEST and carries the order's number, apart from the fiscal series", () => {
    expect(testReceiptNumber("KE-2026-000123")).toBe("TEST-KE-2026-000123");
  });
});

describe("an order's receipts", () => {
  it("a document means the sale's receipt, else the deposit's; the balance's only by name", () => {
    expect(defaultReceipt([{ kind: "sale" as const, n: 1 }])).toEqual({ kind: "sale", n: 1 });
    expect(defaultReceipt([{ kind: "deposit" as const }, { kind: "balance" as const }])).toEqual({ kind: "deposit" });
    expect(defaultReceipt([{ kind: "balance" as const }])).toBeNull();
    expect(defaultReceipt([])).toBeNull();
    expect(receiptPdfQuery("sale")).toBe("");
    expect(receiptPdfQuery("balance")).toBe("?kind=balance");
  });

  it("a paid test order has TEST receipts made from the order: one for the total, or a deposit's and, once paid, a balance's", () => {
    const paidAt = new Date("2026-11-02T08:00:00Z");
    const order = { number: "KE-2026-000123", status: "paid" as const, total: 65_500, paidAt, depositAmount: null, balancePaid: 0, balancePaidAt: null };
    expect(testReceiptNumber("KE-2026-000123", "deposit")).toBe("TEST-KE-2026-000123-DEPOSIT");
    expect(testReceiptParts(order)).toEqual([{ kind: "sale", number: "TEST-KE-2026-000123", issuedAt: paidAt, amount: 65_500 }]);
    expect(testReceiptParts({ ...order, status: "awaiting_payment", paidAt: null })).toEqual([]);
    const deposit = { ...order, depositAmount: 30_500 };
    expect(testReceiptParts(deposit)).toEqual([{ kind: "deposit", number: "TEST-KE-2026-000123-DEPOSIT", issuedAt: paidAt, amount: 30_500 }]);
    const balancePaidAt = new Date("2026-11-20T08:00:00Z");
    expect(testReceiptParts({ ...deposit, balancePaid: 35_000, balancePaidAt }).map((r) => [r.kind, r.number, r.issuedAt, r.amount])).toEqual([
      ["deposit", "TEST-KE-2026-000123-DEPOSIT", paidAt, 30_500],
      ["balance", "TEST-KE-2026-000123-BALANCE", balancePaidAt, 35_000],
    ]);
  });
});
