"use client";

import { useLocale, useTranslations } from "use-intl";
import type { DeliveryMethod, DeliveryOption } from "@/lib/checkout";
import { formatMoney } from "@/lib/money";
import type { SavedAddress } from "@/lib/orders";
import { REGIONS, regionName } from "@/lib/tanzania-regions";
import { ChoiceCard, Field, FieldError, Select, TextField, TextareaField } from "../../../ui/form";
import type { CheckoutContact, CheckoutShop } from "../../checkout-types";
import { fieldId } from "../../field-id";
import { Section } from "../../section";
import { useFieldErrorText, type CheckoutValues, type SectionFields } from "../../use-checkout-values";
import { DeliveryOptionEstimate } from "../../../delivery/delivery-estimate";
import { useDeliveryForm } from "./use-delivery-form";

/** Where the order goes: a saved address or a new one, the region, the method the region allows, and the address it needs. */
export function DeliverySection({
  fields,
  state,
  addresses,
  contact,
  shop,
  options,
  method,
}: {
  fields: SectionFields;
  state: Pick<CheckoutValues, "values" | "setValues" | "set" | "refreshClock">;
  addresses: SavedAddress[];
  contact: CheckoutContact;
  shop: CheckoutShop;
  options: DeliveryOption[];
  method: DeliveryMethod | null;
}) {
  const t = useTranslations("checkout");
  const to = useTranslations("orders");
  const locale = useLocale();
  const { values, set, errors } = fields;
  const err = useFieldErrorText(errors);
  const delivery = useDeliveryForm({ addresses, contact, shop, state });
  const money = (n: number) => formatMoney(n, "TZS");
  const optionalText = t("optional");
  const travels = method !== "pickup";

  return (
    <Section id="delivery" title={t("steps.delivery")}>
      <div className="space-y-3">
        {addresses.length > 0 && (
          <Field id={fieldId("saved")} label={t("delivery.savedAddress")}>
            {(control) => (
              <Select {...control} value={delivery.addressChoice} onChange={(e) => delivery.chooseAddress(e.target.value)}>
                {addresses.map((a) => (
                  <option key={a.id} value={String(a.id)}>
                    {t("delivery.savedLabel", {
                      place: [a.street || a.landmark || a.parcelOffice, a.district].filter(Boolean).join(", "),
                      region: regionName(a.region, locale),
                    })}
                  </option>
                ))}
                <option value="new">{t("delivery.newAddress")}</option>
              </Select>
            )}
          </Field>
        )}
        {/* the hint gives way to the error: one text under the select at a time */}
        <Field id={fieldId("region")} label={t("delivery.region")} hint={errors.region ? undefined : t("delivery.regionHint")} error={err("region")}>
          {(control) => (
            <Select {...control} value={values.region} onChange={(e) => delivery.chooseRegion(e.target.value)}>
              <option value="">{t("delivery.chooseRegion")}</option>
              <optgroup label={t("delivery.mainland")}>
                {REGIONS.filter((r) => r.zone === "mainland").map((r) => (
                  <option key={r.code} value={r.code}>
                    {locale === "sw" ? r.nameSw : r.name}
                  </option>
                ))}
              </optgroup>
              <optgroup label={t("delivery.zanzibar")}>
                {REGIONS.filter((r) => r.zone === "zanzibar").map((r) => (
                  <option key={r.code} value={r.code}>
                    {locale === "sw" ? r.nameSw : r.name}
                  </option>
                ))}
              </optgroup>
            </Select>
          )}
        </Field>

        <fieldset data-field="delivery" aria-describedby={errors.delivery ? "delivery-error" : undefined}>
          <legend className="mb-2 text-sm font-medium">{t("delivery.method")}</legend>
          <div className="space-y-2">
            {options.map((o) => {
              const why = o.available ? null : delivery.unavailableText(o);
              return (
                <ChoiceCard
                  key={o.method}
                  name="delivery-method"
                  value={o.method}
                  checked={method === o.method}
                  disabled={!o.available}
                  onChange={(m) => set("method", m as DeliveryMethod)}
                  title={to(`deliveryMethod.${o.method}`)}
                  aside={o.fee === 0 ? t("free") : money(o.fee)}
                  describedBy={`delivery-${o.method}-detail`}
                >
                  <span id={`delivery-${o.method}-detail`} className="mt-0.5 block text-xs text-[var(--muted-fg)]">
                    {why ?? delivery.optionDetail(o)}
                  </span>
                  {o.available && <DeliveryOptionEstimate method={o.method} region={values.region} />}
                </ChoiceCard>
              );
            })}
          </div>
          <FieldError id="delivery-error" text={err("delivery")} />
        </fieldset>

        {method === "pickup" && (
          <div className="rounded-lg bg-[var(--surface)] p-3 text-sm">
            <p className="font-medium">{t("delivery.pickupAt")}</p>
            <p>{shop.address}</p>
          </div>
        )}

        {travels && method && (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              id={fieldId("district")}
              name="district"
              label={t("delivery.district")}
              list={delivery.datalistId}
              autoComplete="address-level2"
              value={values.district}
              onChange={(e) => set("district", e.target.value)}
              hint={t("delivery.districtHint")}
              error={err("district")}
            />
            <datalist id={delivery.datalistId}>
              {delivery.regionInfo?.districts.map((d) => (
                <option key={d} value={d} />
              ))}
            </datalist>
            <TextField
              id={fieldId("ward")}
              name="ward"
              label={t("delivery.ward")}
              optionalText={optionalText}
              autoComplete="address-level3"
              value={values.ward}
              onChange={(e) => set("ward", e.target.value)}
            />
            {method === "parcel" ? (
              <TextField
                id={fieldId("parcelOffice")}
                name="parcelOffice"
                className="sm:col-span-2"
                label={t("delivery.parcelOffice")}
                optionalText={optionalText}
                value={values.parcelOffice}
                onChange={(e) => set("parcelOffice", e.target.value)}
                hint={t("delivery.parcelOfficeHint")}
              />
            ) : (
              <>
                <TextField
                  id={fieldId("street")}
                  name="street"
                  label={t("delivery.street")}
                  autoComplete="street-address"
                  value={values.street}
                  onChange={(e) => set("street", e.target.value)}
                  error={err("street")}
                />
                <TextField
                  id={fieldId("landmark")}
                  name="landmark"
                  label={t("delivery.landmark")}
                  optionalText={optionalText}
                  value={values.landmark}
                  onChange={(e) => set("landmark", e.target.value)}
                  hint={t("delivery.landmarkHint")}
                />
              </>
            )}
            <label className="flex items-center gap-2 text-sm sm:col-span-2">
              <input
                type="checkbox"
                checked={values.saveAddress}
                onChange={(e) => set("saveAddress", e.target.checked)}
                className="h-4 w-4 accent-[var(--brand)]"
              />
              {t("delivery.saveAddress")}
            </label>
          </div>
        )}
        <TextareaField
          id={fieldId("notes")}
          label={t("delivery.notes")}
          optionalText={optionalText}
          value={values.notes}
          maxLength={500}
          rows={2}
          onChange={(e) => set("notes", e.target.value)}
        />
      </div>
    </Section>
  );
}
