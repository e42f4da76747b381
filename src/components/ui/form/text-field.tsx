"use client";

import { useId, type ReactNode, type TextareaHTMLAttributes } from "react";
import { Field, type FieldFrameProps } from "./field";
import { Input, type InputProps } from "./input";
import { Textarea } from "./textarea";

type FrameProps = Omit<FieldFrameProps, "id" | "label"> & {
  /** the control's id; without one, the name's (`field-<name>`) or a generated one */
  id?: string;
  label: ReactNode;
};

function useFieldId(id: string | undefined, name: string | undefined): string {
  const generated = useId();
  return id ?? (name ? `field-${name}` : generated);
}

/** A labelled text box with its hint and its error. */
export function TextField({ id, name, label, optionalText, hideLabel, hint, error, className, ...input }: FrameProps & Omit<InputProps, "id" | "className">) {
  const fieldId = useFieldId(id, name);
  return (
    <Field id={fieldId} label={label} optionalText={optionalText} hideLabel={hideLabel} hint={hint} error={error} className={className}>
      {(control) => <Input name={name} {...control} {...input} />}
    </Field>
  );
}

/** A labelled multi-line text box with its hint and its error. */
export function TextareaField({
  id,
  name,
  label,
  optionalText,
  hideLabel,
  hint,
  error,
  className,
  ...textarea
}: FrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className">) {
  const fieldId = useFieldId(id, name);
  return (
    <Field id={fieldId} label={label} optionalText={optionalText} hideLabel={hideLabel} hint={hint} error={error} className={className}>
      {(control) => <Textarea name={name} {...control} {...textarea} />}
    </Field>
  );
}
