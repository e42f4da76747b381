"use client";

import { useId, type ReactNode } from "react";
import { cx } from "../cx";

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
