"use client";

import { useId, type ReactNode, type TextareaHTMLAttributes } from "react";
import { useTranslations } from "use-intl";
import { Field, type FieldFrameProps } from "./field";
import { Input, type InputProps } from "./input";
import { Textarea } from "./textarea";

type FrameProps = Omit<FieldFrameProps, "id" | "label"> & {
  /** the control's id; without one, the name's (`field-<name>`) or a generated one */
  id?: string;
  label: ReactNode;
  /** the field may be left empty: "(optional)" after the label, unless optionalText words it */
  optional?: boolean;
};

function useFieldId(id: string | undefined, name: string | undefined): string {
  const generated = useId();
  return id ?? (name ? `field-${name}` : generated);
}

function useOptionalText(optional: boolean | undefined, optionalText: string | undefined): string | undefined {
  const t = useTranslations("common.ui");
  return optionalText ?? (optional ? t("optional") : undefined);
}

/** A labelled text box with its hint and its error. */
export function TextField({
  id,
  name,
  label,
  optional,
  optionalText,
  hideLabel,
  hint,
  error,
  className,
  ...input
}: FrameProps & Omit<InputProps, "id" | "className">) {
  const fieldId = useFieldId(id, name);
  const optionalLabel = useOptionalText(optional, optionalText);
  return (
    <Field id={fieldId} label={label} optionalText={optionalLabel} hideLabel={hideLabel} hint={hint} error={error} className={className}>
      {(control) => <Input name={name} {...control} {...input} />}
    </Field>
  );
}

/** A labelled multi-line text box with its hint and its error. */
export function TextareaField({
  id,
  name,
  label,
  optional,
  optionalText,
  hideLabel,
  hint,
  error,
  className,
  ...textarea
}: FrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className">) {
  const fieldId = useFieldId(id, name);
  const optionalLabel = useOptionalText(optional, optionalText);
  return (
    <Field id={fieldId} label={label} optionalText={optionalLabel} hideLabel={hideLabel} hint={hint} error={error} className={className}>
      {(control) => <Textarea name={name} {...control} {...textarea} />}
    </Field>
  );
}
