"use client";

import { useLocale, useTranslations } from "use-intl";
import { DELIVERY_METHODS, type DeliveryMethod } from "@/lib/checkout";
import { REGIONS } from "@/lib/tanzania-regions";
import { Field, Select, TextField } from "../ui/form";
import { StaffOrderSection, type FieldErrorOf } from "./staff-order-section";

/** The delivery as the staff order screen holds it: the method, the address's parts as typed, the notes. */
export interface StaffDelivery {
  method: DeliveryMethod;
  region: string;
  district: string;
  ward: string;
  street: string;
  landmark: string;
  parcelOffice: string;
  notes: string;
}

export const NEW_DELIVERY: StaffDelivery = {
  method: "pickup",
  region: "",
  district: "",
  ward: "",
  street: "",
  landmark: "",
  parcelOffice: "",
  notes: "",
};

/** The delivery as the order asks for it: a pick-up carries its notes only, empty parts are left out. */
export function deliveryRequest(d: StaffDelivery) {
  const notes = d.notes.trim() || undefined;
  if (d.method === "pickup") return { method: d.method, notes };
  return {
    method: d.method,
    region: d.region || undefined,
    district: d.district.trim() || undefined,
    ward: d.ward.trim() || undefined,
    street: d.street.trim() || undefined,
    landmark: d.landmark.trim() || undefined,
    parcelOffice: d.method === "parcel" ? d.parcelOffice.trim() || undefined : undefined,
    notes,
  };
}

/** The staff order screen's delivery: the method, the address unless the customer collects it, the notes. */
export function StaffOrderDelivery({
  value,
  onChange,
  fieldError,
}: {
  value: StaffDelivery;
  onChange: (change: (current: StaffDelivery) => StaffDelivery) => void;
  fieldError: FieldErrorOf;
}) {
  const t = useTranslations("admin.staffOrders");
  const locale = useLocale();
  /** a change handler setting one part of the delivery */
  const set = (part: keyof Omit<StaffDelivery, "method">) => (e: { target: { value: string } }) => {
    const text = e.target.value;
    onChange((current) => ({ ...current, [part]: text }));
  };

  return (
    <StaffOrderSection id="delivery-heading" title={t("delivery")}>
      <Field id="field-deliveryMethod" label={t("method")} error={fieldError("delivery")}>
        {(control) => (
          <Select
            {...control}
            value={value.method}
            onChange={(e) => {
              const method = e.target.value as DeliveryMethod;
              onChange((current) => ({ ...current, method }));
            }}
          >
            {DELIVERY_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`deliveryMethod.${m}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {value.method !== "pickup" && (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="field-region" label={t("region")} error={fieldError("region")}>
            {(control) => (
              <Select {...control} value={value.region} onChange={set("region")}>
                <option value="">{t("chooseRegion")}</option>
                {REGIONS.map((r) => (
                  <option key={r.code} value={r.code}>
                    {locale === "en" ? r.name : r.nameSw}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <TextField name="district" label={t("district")} value={value.district} onChange={set("district")} error={fieldError("district")} />
          <TextField name="ward" label={t("ward")} optionalText={t("optional")} value={value.ward} onChange={set("ward")} />
          <TextField name="street" label={t("street")} value={value.street} onChange={set("street")} error={fieldError("street")} />
          <TextField name="landmark" label={t("landmark")} optionalText={t("optional")} value={value.landmark} onChange={set("landmark")} />
          {value.method === "parcel" && <TextField name="parcelOffice" label={t("parcelOffice")} value={value.parcelOffice} onChange={set("parcelOffice")} />}
        </div>
      )}
      <TextField name="notes" label={t("notes")} optionalText={t("optional")} value={value.notes} onChange={set("notes")} />
    </StaffOrderSection>
  );
}
