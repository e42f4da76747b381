"use client";

import { useTranslations } from "use-intl";
import { Field } from "../../ui/form";
import type { RequestFormState } from "../use-request-form";

/** The PCB's Gerber files as one ZIP. */
export function GerberField({ form }: { form: RequestFormState }) {
  const t = useTranslations("requests");
  return (
    <Field id={form.id("gerber")} label={t("form.gerber")} hint={t("form.gerberHint")} error={form.errorFor("gerber")}>
      {(control) => (
        <input
          key={form.fileKey}
          {...control}
          name="gerber"
          type="file"
          accept=".zip,application/zip,application/x-zip-compressed"
          onChange={(e) => form.setGerber(e.target.files?.[0] ?? null)}
          className="mt-1 block w-full text-sm file:mr-3 file:h-10 file:rounded-lg file:border file:border-[var(--border)] file:bg-[var(--surface)] file:px-3"
        />
      )}
    </Field>
  );
}
