import type { ReactNode } from "react";
import { FieldError, errorIdOf, hintIdOf } from "./field-error";

/** What a field hands its control so the label, the hint and the error are read with it. */
export interface FieldControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/** The aria-describedby of a control with this hint and this error (undefined when it has neither). */
export function describedBy(id: string, { hint, error }: { hint?: unknown; error?: unknown }): string | undefined {
  return [hint ? hintIdOf(id) : null, error ? errorIdOf(id) : null].filter(Boolean).join(" ") || undefined;
}

export interface FieldFrameProps {
  /** the control's id: the label points at it, the hint and the error are named after it */
  id: string;
  label: ReactNode;
  /** shown after the label when the field may be left empty, e.g. "(optional)" */
  optionalText?: string;
  /** the label read by screen readers only (the control's place says what it is) */
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
}

/**
 * A label, a control, its hint and its error, wired together: the label's htmlFor, and the control's
 * aria-invalid and aria-describedby, come from one id. `children` renders the control with the props
 * it is given. No hooks, so server pages (the admin's filter forms) use it too.
 */
export function Field({
  id,
  label,
  optionalText,
  hideLabel,
  hint,
  error,
  className,
  children,
}: FieldFrameProps & { children: (control: FieldControlProps) => ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "block text-sm font-medium"}>
        {label}
        {optionalText && <span className="font-normal text-[var(--muted-fg)]"> {optionalText}</span>}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(id, { hint, error }) })}
      {hint && (
        <p id={hintIdOf(id)} className="mt-1 text-xs text-[var(--muted-fg)]">
          {hint}
        </p>
      )}
      <FieldError id={errorIdOf(id)} text={error} />
    </div>
  );
}
