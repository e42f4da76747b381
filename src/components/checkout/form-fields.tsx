"use client";

import { useId, useRef, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from "react";
import { cx } from "../ui/cx";
import { useInputBeforeHydration } from "../hooks/use-input-before-hydration";

export const inputClass =
  "mt-1 h-11 w-full rounded-lg border border-[var(--border)] bg-[var(--surface)] px-3 text-base sm:h-10 sm:text-sm aria-[invalid=true]:border-red-600";

/** The id of a checkout field's input (the error summary and the first wrong field's focus use it). */
export const fieldId = (name: string) => `checkout-${name}`;

/** A labelled input with its hint and error, tied together for screen readers. */
export function TextField({
  name,
  label,
  hint,
  error,
  optionalText,
  className,
  ...input
}: {
  name: string;
  label: string;
  hint?: ReactNode;
  error?: string | null;
  /** shown after the label when the field may be left empty */
  optionalText?: string;
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "className">) {
  const id = fieldId(name);
  const inputRef = useRef<HTMLInputElement>(null);
  // the field's change handlers read event.target; the early input is already in the element
  useInputBeforeHydration(inputRef, input.value === undefined ? null : String(input.value), () => {
    const element = inputRef.current;
    if (element) input.onChange?.({ target: element, currentTarget: element } as ChangeEvent<HTMLInputElement>);
  });
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
        {optionalText && <span className="font-normal text-[var(--muted-fg)]"> {optionalText}</span>}
      </label>
      <input ref={inputRef} id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={described} className={inputClass} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-[var(--muted-fg)]">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} text={error} />
    </div>
  );
}

export function FieldError({ id, text }: { id: string; text?: string | null }) {
  if (!text) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700 dark:text-red-300">
      {text}
    </p>
  );
}

/** A bordered, numbered part of the checkout. */
export function Section({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={`${id}-heading`} className={cx("rounded-xl border border-[var(--border)] p-4", className)}>
      <h2 id={`${id}-heading`} className="mb-3 text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A choice card: a radio with its title, a side note (a fee) and details below. */
export function ChoiceCard({
  name,
  value,
  checked,
  disabled,
  onChange,
  title,
  aside,
  children,
  describedBy,
}: {
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (value: string) => void;
  title: ReactNode;
  aside?: ReactNode;
  children?: ReactNode;
  describedBy?: string;
}) {
  // the radio is named by its title alone; the fee and the details describe it
  const titleId = useId();
  return (
    <label
      className={cx(
        "flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm",
        checked ? "border-brand bg-[var(--surface)]" : "border-[var(--border)]",
        disabled && "cursor-not-allowed opacity-60",
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={() => onChange(value)}
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        className="mt-0.5 h-4 w-4 shrink-0 accent-[var(--brand)]"
      />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap justify-between gap-x-2">
          <span id={titleId} className="font-medium">
            {title}
          </span>
          {aside && <span className="font-semibold">{aside}</span>}
        </span>
        {children}
      </span>
    </label>
  );
}
