"use client";

import { useTranslations } from "use-intl";
import { TextareaField } from "../../ui/form";
import type { DetailField } from "../request-forms";
import type { RequestFormState } from "../use-request-form";

/** A detail written as a few lines of text. */
export function TextareaDetail({ field, form }: { field: Extract<DetailField, { type: "textarea" }>; form: RequestFormState }) {
  const t = useTranslations("requests");
  const key = `details.${field.name}`;
  return (
    <TextareaField
      id={form.id(key)}
      name={key}
      className="sm:col-span-2"
      label={t(`form.${field.name}` as never)}
      optionalText={field.required ? undefined : t("form.optional")}
      rows={4}
      maxLength={field.maxLength}
      value={form.values[field.name] ?? ""}
      onChange={(e) => form.setDetail(field.name, e.target.value)}
      error={form.errorFor(key)}
    />
  );
}
