import { describe, expect, it } from "vitest";
import { invoiceKind, isTaxInvoice, missingFiscalSetup, testReceiptNumber } from "./order-documents";

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
