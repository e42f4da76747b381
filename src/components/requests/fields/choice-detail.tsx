"use client";

import { useTranslations } from "use-intl";
import { REGIONS } from "@/lib/tanzania-regions";
import { Field, Select } from "../../ui/form";
import type { DetailField } from "../request-forms";
import type { RequestFormState } from "../use-request-form";
import { useOptionText } from "./option-text";

/** A detail chosen from a list: the form's own options, or Tanzania's regions. */
export function ChoiceDetail({ field, form }: { field: Extract<DetailField, { type: "select" | "region" }>; form: RequestFormState }) {
  const t = useTranslations("requests");
  const optionText = useOptionText();
  const key = `details.${field.name}`;
  return (
    <Field id={form.id(key)} label={t(`form.${field.name}` as never)} error={form.errorFor(key)}>
      {(control) => (
        <Select {...control} name={key} value={form.values[field.name] ?? ""} onChange={(e) => form.setDetail(field.name, e.target.value)}>
          {field.type === "select" ? (
            field.options.map((option) => (
              <option key={option} value={String(option)}>
                {optionText(field, option)}
              </option>
            ))
          ) : (
            <>
              <option value="">{t("form.chooseRegion")}</option>
              {REGIONS.map((region) => (
                <option key={region.code} value={region.code}>
                  {region.name}
                </option>
              ))}
            </>
          )}
        </Select>
      )}
    </Field>
  );
}
