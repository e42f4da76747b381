import { describe, expect, it } from "vitest";
import { attemptFingerprint, checkCheckoutForm, checkoutRequestOf, normaliseTin, type CheckoutFormValues } from "./checkout-form";

const filled: CheckoutFormValues = {
  fullName: "Asha Mushi",
  phone: "0754 123 456",
  method: "courier",
  region: "dar-es-salaam",
  district: "Kinondoni",
  ward: "Msasani",
  street: "Haile Selassie Road",
  landmark: "",
  notes: "",
  parcelOffice: "",
  payment: "mobile_money",
  wallet: "M-Pesa",
  paymentPhone: "",
  buyerTin: "",
  saveAddress: true,
};

describe("checkout form checks", () => {
  it("accepts a filled courier order paid by mobile money from the contact phone", () => {
    expect(checkCheckoutForm(filled)).toEqual([]);
  });

  it("names each field the browser can already see is wrong, in form order", () => {
    expect(
      checkCheckoutForm({ ...filled, fullName: " ", phone: "0754", region: "", district: "", street: "", wallet: "", paymentPhone: "12", buyerTin: "12" }),
    ).toEqual(["fullName", "phone", "region", "district", "street", "wallet", "paymentPhone", "buyerTin"]);
  });

  it("needs no address for pick-up and no street for a bus parcel", () => {
    expect(checkCheckoutForm({ ...filled, method: "pickup", region: "", district: "", street: "" })).toEqual([]);
    expect(checkCheckoutForm({ ...filled, method: "parcel", region: "mwanza", street: "" })).toEqual([]);
  });

  it("never guesses the wallet from the number", () => {
    expect(checkCheckoutForm({ ...filled, wallet: "" })).toEqual(["wallet"]);
  });

  it("accepts a nine-digit TIN with or without dashes", () => {
    expect(checkCheckoutForm({ ...filled, buyerTin: "123-456-789" })).toEqual([]);
    expect(checkCheckoutForm({ ...filled, buyerTin: "123456789" })).toEqual([]);
    expect(checkCheckoutForm({ ...filled, buyerTin: "123 456 789" })).toEqual([]);
  });

  it("writes a TIN as TRA prints it and refuses anything but nine digits", () => {
    expect(normaliseTin("123456789")).toBe("123-456-789");
    expect(normaliseTin(" 123 456 789 ")).toBe("123-456-789");
    expect(normaliseTin("123-456-789")).toBe("123-456-789");
    for (const wrong of ["12345678", "1234567890", "123-456-78a", "TIN 123456789", ""]) expect(normaliseTin(wrong)).toBeNull();
  });
});

describe("the checkout request", () => {
  it("pays from the contact phone unless another number is given, and leaves out what the method does not use", () => {
    const body = checkoutRequestOf({ ...filled, method: "pickup" }, 12_000);
    expect(body.payment).toEqual({ method: "mobile_money", wallet: "M-Pesa", phone: "0754 123 456" });
    expect(body.delivery).toEqual({
      method: "pickup",
      region: undefined,
      district: undefined,
      ward: undefined,
      street: undefined,
      landmark: undefined,
      notes: undefined,
      parcelOffice: undefined,
    });
    expect(body.expectedTotal).toBe(12_000);
    expect(checkoutRequestOf({ ...filled, paymentPhone: "0713 000 111" }, undefined).payment.phone).toBe("0713 000 111");
  });

  it("sends no wallet or number for a bank transfer", () => {
    expect(checkoutRequestOf({ ...filled, payment: "bank_transfer" }, 1).payment).toEqual({ method: "bank_transfer", wallet: undefined, phone: undefined });
  });

  it("is one attempt for the same cart and request, whatever the line order", () => {
    const body = checkoutRequestOf(filled, 5000);
    const a = [
      { productId: 1, variantId: "default", quantity: 2 },
      { productId: 2, variantId: "red", quantity: 1 },
    ];
    expect(attemptFingerprint(a, body)).toBe(attemptFingerprint([...a].reverse(), body));
    expect(attemptFingerprint(a, body)).not.toBe(attemptFingerprint(a, { ...body, expectedTotal: 6000 }));
    expect(attemptFingerprint(a, body)).not.toBe(attemptFingerprint([{ ...a[0]!, quantity: 3 }, a[1]!], body));
  });
});
