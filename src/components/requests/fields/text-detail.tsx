"use client";

import { useTranslations } from "use-intl";
import { TextField } from "../../ui/form";
import type { DetailField } from "../request-forms";
import type { RequestFormState } from "../use-request-form";

/** A detail typed as text or as a number. */
export function TextDetail({ field, form }: { field: Extract<DetailField, { type: "text" | "number" }>; form: RequestFormState }) {
  const t = useTranslations("requests");
  const key = `details.${field.name}`;
  const number = field.type === "number";
  return (
    <TextField
      id={form.id(key)}
      name={key}
      label={t(`form.${field.name}` as never)}
      optionalText={field.required ? undefined : t("form.optional")}
      value={form.values[field.name] ?? ""}
      onValueChange={(value) => form.setDetail(field.name, value)}
      error={form.errorFor(key)}
      {...(number
        ? { type: "number", inputMode: field.integer ? "numeric" : "decimal", min: field.min, max: field.max, step: field.step ?? 1 }
        : { maxLength: field.maxLength, autoComplete: field.autoComplete, hint: field.hint ? t(`form.${field.name}Hint` as never) : undefined })}
    />
  );
}
