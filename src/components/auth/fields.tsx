"use client";

import { useId, useRef } from "react";
import { useTranslations } from "use-intl";
import { useInputBeforeHydration } from "../hooks/use-input-before-hydration";

export function Field({
  label,
  value,
  onChange,
  type = "text",
  autoComplete,
  optional,
  inputMode,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  type?: string;
  autoComplete?: string;
  optional?: boolean;
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
}) {
  const id = useId();
  const t = useTranslations("auth.fields");
  const inputRef = useRef<HTMLInputElement>(null);
  useInputBeforeHydration(inputRef, value, onChange);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
        {optional && <span className="font-normal text-[var(--muted-fg)]"> {t("optional")}</span>}
      </label>
      <input
        ref={inputRef}
        id={id}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required={!optional}
        className="mt-1 h-10 w-full rounded-lg border border-[var(--border)] bg-[var(--surface)] px-3 text-sm"
      />
    </div>
  );
}

export function SubmitButton({ busy, busyText, children }: { busy: boolean; busyText: string; children: React.ReactNode }) {
  return (
    <button type="submit" disabled={busy} className="h-10 w-full rounded-lg bg-brand text-sm font-semibold text-white disabled:opacity-70">
      {busy ? busyText : children}
    </button>
  );
}

export type FormNotice = { tone: "error" | "success"; text: string } | null;

/** A form's outcome: an alert for an error, a polite status for a success. */
export function FormMessage({ message, children }: { message: FormNotice; children?: React.ReactNode }) {
  if (!message) return null;
  const tone =
    message.tone === "error"
      ? "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200"
      : "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100";
  return (
    <div role={message.tone === "error" ? "alert" : "status"} className={`rounded-md px-3 py-2 text-sm ${tone}`}>
      {message.text}
      {children}
    </div>
  );
}
