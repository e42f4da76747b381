"use client";

import { useTranslations } from "use-intl";
import { formatTanzanianPhone } from "@/lib/phone";
import { TextField } from "../../../ui/form";
import { fieldId } from "../../field-id";
import { Section } from "../../section";
import { useFieldErrorText, type SectionFields } from "../../use-checkout-values";
import { useContactForm } from "./use-contact-form";

/** Who receives the order: the name and the mobile number the shop and the courier call. */
export function ContactSection({ fields }: { fields: SectionFields }) {
  const t = useTranslations("checkout");
  const { values, set } = fields;
  const err = useFieldErrorText(fields.errors);
  const { phoneE164, onPhoneBlur } = useContactForm(fields);
  return (
    <Section id="contact" title={t("steps.contact")}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id={fieldId("fullName")}
          name="fullName"
          label={t("contact.fullName")}
          autoComplete="name"
          value={values.fullName}
          onChange={(e) => set("fullName", e.target.value)}
          error={err("fullName")}
        />
        <TextField
          id={fieldId("phone")}
          name="phone"
          label={t("contact.phone")}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={values.phone}
          onChange={(e) => set("phone", e.target.value)}
          onBlur={onPhoneBlur}
          hint={phoneE164 ? t("contact.phoneOk", { phone: formatTanzanianPhone(phoneE164) }) : t("contact.phoneHint")}
          error={err("phone")}
        />
      </div>
    </Section>
  );
}
