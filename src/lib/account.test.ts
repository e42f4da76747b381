import { describe, expect, it } from "vitest";
import { MESSAGE_BODY_MAX, checkSavedWallet, isPaymentMethod, normaliseMessageBody } from "./account";

describe("normaliseMessageBody", () => {
  it("keeps paragraphs, makes line breaks \\n and trims", () => {
    expect(normaliseMessageBody("  Habari,\r\n\r\nNaomba msaada.\r ")).toBe("Habari,\n\nNaomba msaada.");
  });
  it("refuses an empty body, one too long and other control characters", () => {
    expect(normaliseMessageBody(" \n ")).toBeNull();
    expect(normaliseMessageBody("a".repeat(MESSAGE_BODY_MAX + 1))).toBeNull();
    expect(normaliseMessageBody("a".repeat(MESSAGE_BODY_MAX))).toHaveLength(MESSAGE_BODY_MAX);
    expect(normaliseMessageBody("tab\there")).toBeNull();
    expect(normaliseMessageBody("nul\u0000")).toBeNull();
    expect(normaliseMessageBody("lone \uD800 surrogate")).toBeNull();
  });
});

describe("checkSavedWallet", () => {
  const wallets = ["M-Pesa", "Airtel Money"];
  it("stores the phone in E.164 and an empty label as none", () => {
    expect(checkSavedWallet({ wallet: "M-Pesa", phone: "0754 123 456", label: " " }, wallets)).toEqual({
      ok: true,
      value: { wallet: "M-Pesa", phone: "+255754123456", label: null },
    });
  });
  it("names the field that is wrong", () => {
    expect(checkSavedWallet({ wallet: "PayPal", phone: "0754123456" }, wallets)).toEqual({ ok: false, field: "wallet" });
    expect(checkSavedWallet({ wallet: "M-Pesa", phone: "0222 123 456" }, wallets)).toEqual({ ok: false, field: "phone" });
    expect(checkSavedWallet({ wallet: "M-Pesa", phone: "0754123456", label: "x".repeat(41) }, wallets)).toEqual({ ok: false, field: "label" });
  });
  it("knows the payment methods", () => {
    expect(isPaymentMethod("card")).toBe(true);
    expect(isPaymentMethod("cash")).toBe(false);
  });
});
