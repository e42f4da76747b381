"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import type { PaymentMethod } from "@/lib/checkout";
import { checkCheckoutForm, isCheckoutField, type CheckoutField, type CheckoutFormValues } from "@/lib/checkout-form";
import type { SavedAddress } from "@/lib/orders";
import { formatTanzanianPhone } from "@/lib/phone";
import type { CheckoutContact, SavedPayment } from "./checkout-types";
import { fieldId } from "./field-id";

/** Fields marked wrong, by name. */
export type FieldMarks = Partial<Record<CheckoutField, true>>;

/** The values a saved address (or none: a new one) fills in; the contact's name and phone where it has none. */
export function valuesFrom(address: SavedAddress | undefined, contact: CheckoutContact): CheckoutFormValues {
  return {
    fullName: address?.fullName || contact.fullName,
    phone: address?.phone || contact.phone,
    method: null,
    region: address?.region ?? "",
    district: address?.district ?? "",
    ward: address?.ward ?? "",
    street: address?.street ?? "",
    landmark: address?.landmark ?? "",
    notes: "",
    parcelOffice: address?.parcelOffice ?? "",
    payment: null,
    wallet: "",
    paymentPhone: "",
    buyerTin: "",
    saveAddress: true,
  };
}

/** The form's first values with the saved payment choices in: only a method and a wallet the shop offers now. */
function withSavedPayment(values: CheckoutFormValues, saved: SavedPayment | undefined, methods: PaymentMethod[], wallets: string[]): CheckoutFormValues {
  if (!saved) return values;
  const wallet = saved.wallet && wallets.includes(saved.wallet) ? saved.wallet : null;
  return {
    ...values,
    payment: saved.method && methods.includes(saved.method) ? saved.method : values.payment,
    wallet: wallet ?? values.wallet,
    paymentPhone: wallet && saved.phone ? formatTanzanianPhone(saved.phone) : values.paymentPhone,
  };
}

/**
 * The checkout's values and which fields show wrong. A field is marked by the server's answer or on
 * leaving it, and unmarked when it changes; after a refused submit the browser's checks run on every
 * change, so a field shows wrong exactly while it is.
 */
export function useCheckoutValues({
  addresses,
  contact,
  savedPayment,
  methods,
  wallets,
  now,
}: {
  addresses: SavedAddress[];
  contact: CheckoutContact;
  savedPayment?: SavedPayment;
  methods: PaymentMethod[];
  wallets: string[];
  now: string;
}) {
  const [values, setValues] = useState<CheckoutFormValues>(() => withSavedPayment(valuesFrom(addresses[0], contact), savedPayment, methods, wallets));
  const [marked, setMarked] = useState<FieldMarks>({});
  const [checked, setChecked] = useState(false);
  // the moment the delivery options are worked out for (same-day delivery has a cut-off)
  const [clock, setClock] = useState(() => new Date(now));

  const set = <K extends keyof CheckoutFormValues>(key: K, value: CheckoutFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    const field = key === "method" ? "delivery" : key === "landmark" ? "street" : key;
    if (isCheckoutField(field) && marked[field]) setMarked((e) => ({ ...e, [field]: undefined }));
  };

  return {
    values,
    setValues,
    set,
    marked,
    setMarked,
    mark: (field: CheckoutField) => setMarked((e) => ({ ...e, [field]: true })),
    checked,
    setChecked,
    clock,
    refreshClock: () => setClock(new Date()),
  };
}

export type CheckoutValues = ReturnType<typeof useCheckoutValues>;

/** What a section needs of the form: the values, a setter, the fields wrong now, and marking one. */
export interface SectionFields {
  values: CheckoutFormValues;
  set: CheckoutValues["set"];
  errors: FieldMarks;
  mark: (field: CheckoutField) => void;
}

/** The fields wrong now: the marked ones, and after a refused submit every one the browser's checks refuse. */
export function fieldErrors(form: CheckoutFormValues, marked: FieldMarks, checked: boolean): FieldMarks {
  const errors: FieldMarks = { ...marked };
  if (checked) for (const field of checkCheckoutForm(form)) errors[field] = true;
  return errors;
}

/** A wrong field's text (null while it is right). */
export function useFieldErrorText(errors: FieldMarks): (field: CheckoutField) => string | null {
  const t = useTranslations("checkout");
  return (field) => (errors[field] ? t(`errors.${field}`) : null);
}

/** Focus on a field: its control, or the first choice of a group of radios. */
export function focusField(field: CheckoutField): void {
  const target = document.getElementById(fieldId(field)) ?? document.querySelector<HTMLElement>(`[data-field="${field}"] input:not([disabled])`);
  target?.focus();
}
