"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import type { CsvImportResult } from "@/lib/admin-catalog";
import { api } from "@/lib/api-client";
import { FormMessage } from "../ui/form";
import { useFormAction } from "../hooks/use-form-action";
import { Button } from "../ui/button";

/**
 * Changes products from a CSV file: the file is checked first (nothing is written), every bad row
 * is listed with its line, and only a file without problems can be imported, in one go.
 */
export function CatalogImport() {
  const t = useTranslations("admin.catalog.csv");
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<CsvImportResult | null>(null);

  const check = useFormAction(
    async () => {
      const result = await api.adminCatalog.importCsv(file!, { dryRun: true });
      setChecked(result);
      return result.ok ? { ok: true, message: t("ready", { rows: result.rows }) } : { ok: false, message: t("problems", { count: result.problemCount }) };
    },
    { failure: t("failed"), check: () => (file ? null : t("needFile")) },
  );
  const apply = useFormAction(
    async () => {
      const result = await api.adminCatalog.importCsv(file!, { dryRun: false });
      setChecked(result);
      if (!result.ok) return { ok: false, message: t("problems", { count: result.problemCount }) };
      router.refresh();
      return { ok: true, message: t("done", { rows: result.rows, changed: result.changed }) };
    },
    { failure: t("failed") },
  );

  return (
    <section aria-labelledby="csv-heading" className="my-4 rounded-lg border border-[var(--border)] p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="csv-heading" className="font-semibold">
          {t("title")}
        </h2>
        <a href="/api/admin/products.csv" download className="font-semibold text-brand hover:underline">
          {t("export")}
        </a>
      </div>
      <p className="mt-1 text-xs text-[var(--muted-fg)]">{t("intro")}</p>
      <form onSubmit={check.submit} className="mt-2 flex flex-wrap items-center gap-2">
        <label htmlFor="csv-file" className="sr-only">
          {t("file")}
        </label>
        <input
          id="csv-file"
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setChecked(null);
            check.show(null);
            apply.show(null);
          }}
          className="min-w-0 flex-1 text-sm"
        />
        <button type="submit" disabled={check.busy} className="h-10 rounded-lg border border-[var(--border)] px-4 font-semibold disabled:opacity-70">
          {check.busy ? t("checking") : t("check")}
        </button>
        {checked?.ok && checked.dryRun && (
          <Button onClick={() => apply.submit()} busy={apply.busy} busyText={t("importing")}>
            {t("import", { rows: checked.rows })}
          </Button>
        )}
      </form>
      <div className="mt-2">
        <FormMessage message={apply.message ?? check.message} />
      </div>
      {checked && !checked.ok && (
        <ol className="mt-2 max-h-64 list-none space-y-1 overflow-y-auto" data-testid="csv-problems" aria-label={t("problemList")}>
          {checked.problems.map((p, i) => (
            <li key={i} className="text-red-800 dark:text-red-300">
              {t("line", { line: p.line })} {p.message}
            </li>
          ))}
          {checked.problemCount > checked.problems.length && <li>{t("more", { count: checked.problemCount - checked.problems.length })}</li>}
        </ol>
      )}
    </section>
  );
}
