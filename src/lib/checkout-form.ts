import type { DeliveryMethod, PaymentMethod } from "./checkout";
import type { CheckoutRequest } from "./orders";
import { normaliseTanzanianMobile } from "./phone";

/**
 * The checkout form's values and the checks the browser makes for instant feedback. The server
 * checks again and decides (src/server/orders); the field names are the ones its `validation`
 * answers name, so one message per field serves both.
 */
export interface CheckoutFormValues {
  fullName: string;
  phone: string;
  method: DeliveryMethod | null;
  region: string;
  district: string;
  ward: string;
  street: string;
  landmark: string;
  notes: string;
  parcelOffice: string;
  payment: PaymentMethod | null;
  wallet: string;
  /** the mobile-money number; empty means the contact phone */
  paymentPhone: string;
  buyerTin: string;
  saveAddress: boolean;
}

export const CHECKOUT_FIELDS = [
  "fullName",
  "phone",
  "region",
  "delivery",
  "district",
  "street",
  "parcelOffice",
  "payment",
  "wallet",
  "paymentPhone",
  "buyerTin",
] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];

export function isCheckoutField(value: unknown): value is CheckoutField {
  return typeof value === "string" && (CHECKOUT_FIELDS as readonly string[]).includes(value);
}

/** A Tanzanian TIN: nine digits, often written 123-456-789. */
export const TIN_PATTERN = /^\d{3}-?\d{3}-?\d{3}$/;

/** A TIN as TRA prints it (123-456-789), from nine digits with or without dashes and spaces; null for anything else. */
export function normaliseTin(value: string): string | null {
  const compact = value.trim().replace(/\s+/g, "");
  if (!TIN_PATTERN.test(compact)) return null;
  const digits = compact.replace(/-/g, "");
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** The fields the browser already sees are wrong, in the form's order (the first gets the focus). */
export function checkCheckoutForm(v: CheckoutFormValues): CheckoutField[] {
  const wrong: CheckoutField[] = [];
  if (v.fullName.trim().length < 2) wrong.push("fullName");
  if (!normaliseTanzanianMobile(v.phone)) wrong.push("phone");
  const travels = v.method !== "pickup";
  if (travels && !v.region) wrong.push("region");
  if (!v.method) wrong.push("delivery");
  if (v.method && travels) {
    if (!v.district.trim()) wrong.push("district");
    if (v.method !== "parcel" && !v.street.trim() && !v.landmark.trim()) wrong.push("street");
  }
  if (!v.payment) wrong.push("payment");
  if (v.payment === "mobile_money") {
    if (!v.wallet) wrong.push("wallet");
    if (v.paymentPhone.trim() && !normaliseTanzanianMobile(v.paymentPhone)) wrong.push("paymentPhone");
  }
  if (v.buyerTin.trim() && !normaliseTin(v.buyerTin)) wrong.push("buyerTin");
  return wrong;
}

const optional = (value: string) => value.trim() || undefined;

/** The POST /api/orders body for the form's values (fields a method does not use are left out). */
export function checkoutRequestOf(v: CheckoutFormValues, expectedTotal: number | undefined): CheckoutRequest {
  const method = v.method ?? "pickup";
  const travels = method !== "pickup";
  const mobile = v.payment === "mobile_money";
  return {
    fullName: v.fullName.trim(),
    phone: v.phone.trim(),
    delivery: {
      method,
      region: travels ? optional(v.region) : undefined,
      district: travels ? optional(v.district) : undefined,
      ward: travels ? optional(v.ward) : undefined,
      street: travels ? optional(v.street) : undefined,
      landmark: travels ? optional(v.landmark) : undefined,
      notes: optional(v.notes),
      parcelOffice: method === "parcel" ? optional(v.parcelOffice) : undefined,
    },
    payment: {
      method: v.payment ?? "mobile_money",
      wallet: mobile ? optional(v.wallet) : undefined,
      phone: mobile ? optional(v.paymentPhone) || v.phone.trim() : undefined,
    },
    buyerTin: optional(v.buyerTin),
    saveAddress: travels ? v.saveAddress : undefined,
    expectedTotal,
  };
}

/**
 * What one checkout attempt is: the cart's lines and the request. The same attempt sent again (a
 * retry after a lost answer) keeps its Idempotency-Key; a changed cart or form is a new attempt.
 */
export function attemptFingerprint(lines: readonly { productId: number; variantId: string; quantity: number }[], request: CheckoutRequest): string {
  const cart = lines.map((l) => `${l.productId}:${l.variantId}:${l.quantity}`).sort();
  return JSON.stringify({ cart, request });
}
