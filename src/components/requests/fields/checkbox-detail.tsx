"use client";

import { useTranslations } from "use-intl";
import { FieldError, errorIdOf } from "../../ui/form";
import type { DetailField } from "../request-forms";
import type { RequestFormState } from "../use-request-form";
import { useOptionText } from "./option-text";

/** A detail of several ticks: a group of checkboxes under one legend. */
export function CheckboxDetail({ field, form }: { field: Extract<DetailField, { type: "checkboxes" }>; form: RequestFormState }) {
  const t = useTranslations("requests");
  const optionText = useOptionText();
  const key = `details.${field.name}`;
  const error = form.errorFor(key);
  const ticked = form.checks[field.name] ?? [];
  return (
    <fieldset data-field={key} className="sm:col-span-2" aria-describedby={error ? errorIdOf(form.id(key)) : undefined}>
      <legend className="text-sm font-medium">{t(`form.${field.name}` as never)}</legend>
      <div className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-3">
        {field.options.map((option) => (
          <label key={option} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
            <input
              type="checkbox"
              checked={ticked.includes(option)}
              onChange={() => form.toggleCheck(field.name, option)}
              className="h-4 w-4 accent-[var(--brand)]"
            />
            {optionText(field, option)}
          </label>
        ))}
      </div>
      <FieldError id={errorIdOf(form.id(key))} text={error} />
    </fieldset>
  );
}
