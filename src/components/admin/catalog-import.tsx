"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import type { ImportBatch, ImportLine, ImportResult, PicturesResult } from "@/lib/catalog-import";
import { api } from "@/lib/api-client";
import { DATE_FORMATS } from "@/lib/date-format";
import { FormMessage } from "../ui/form";
import { useFormAction } from "../hooks/use-form-action";
import { Button } from "../ui/button";
import { SubmitButton } from "../ui/submit-button";

/** Lines shown at most (refused first): the counts say how many there are. */
const SHOWN_LINES = 200;
const ORDER: Record<ImportLine["outcome"], number> = { refused: 0, changed: 1, created: 2, unchanged: 3 };

/**
 * The catalogue import: a sheet (CSV or XLSX) is checked first and every line reported (new,
 * changed with what moves, unchanged, refused with the column and why); then it is imported as
 * one batch, or only its good lines when the admin says so. Beside it: pictures by ZIP, and the
 * recent imports (`batches`, read by the page), each of which can be undone.
 */
export function CatalogImport({ batches }: { batches: ImportBatch[] }) {
  const t = useTranslations("admin.catalog.import");
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [createCategories, setCreateCategories] = useState(false);
  const [checked, setChecked] = useState<ImportResult | null>(null);
  const summary = (r: ImportResult) => t("checked", { ...r.counts });
  const check = useFormAction(
    async () => {
      const result = await api.adminCatalog.importSheet(file!, { dryRun: true, createCategories, skipRefused: false });
      setChecked(result);
      if (result.fileProblems.length) return { ok: false, message: t("fileProblems") };
      return { ok: result.counts.refused === 0, message: summary(result) };
    },
    { failure: t("failed"), check: () => (file ? null : t("needFile")) },
  );
  const apply = useFormAction(
    async () => {
      const skipRefused = (checked?.counts.refused ?? 0) > 0;
      const result = await api.adminCatalog.importSheet(file!, { dryRun: false, createCategories, skipRefused });
      setChecked(result);
      if (!result.ok) return { ok: false, message: t("notImported", { refused: result.counts.refused }) };
      if (result.importId === null) return { ok: true, message: t("nothingToDo") };
      router.refresh();
      return { ok: true, message: t("done", { id: result.importId, created: result.counts.created, changed: result.counts.changed }) };
    },
    { failure: t("failed") },
  );

  const writable = checked ? checked.counts.created + checked.counts.changed : 0;
  const lines = checked ? [...checked.lines].sort((a, b) => ORDER[a.outcome] - ORDER[b.outcome] || a.line - b.line) : [];

  return (
    <div className="my-4 space-y-4">
      <section aria-labelledby="import-heading" className="rounded-lg border border-[var(--border)] p-3 text-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="import-heading" className="font-semibold">
            {t("title")}
          </h2>
          <a href="/api/admin/products.csv" download className="font-semibold text-brand hover:underline">
            {t("export")}
          </a>
        </div>
        <p className="mt-1 text-xs text-[var(--muted-fg)]">{t("intro")}</p>
        <form onSubmit={check.submit} className="mt-2 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor="import-file" className="sr-only">
              {t("file")}
            </label>
            <input
              id="import-file"
              type="file"
              accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setChecked(null);
                check.show(null);
                apply.show(null);
              }}
              className="min-w-0 flex-1 text-sm"
            />
            <SubmitButton variant="secondary" busy={check.busy} busyText={t("checking")}>
              {t("check")}
            </SubmitButton>
            {checked?.dryRun && checked.fileProblems.length === 0 && writable > 0 && (
              <Button onClick={() => apply.submit()} busy={apply.busy} busyText={t("importing")}>
                {checked.counts.refused ? t("importGood", { count: writable }) : t("import", { count: writable })}
              </Button>
            )}
          </div>
          <label className="flex items-center gap-2 text-xs">
            <input
              type="checkbox"
              checked={createCategories}
              onChange={(e) => {
                setCreateCategories(e.target.checked);
                setChecked(null);
              }}
            />
            {t("createCategories")}
          </label>
        </form>
        <div className="mt-2">
          <FormMessage message={apply.message ?? check.message} />
        </div>
        {checked && checked.fileProblems.length > 0 && (
          <ul className="mt-2 space-y-1" data-testid="import-file-problems">
            {checked.fileProblems.map((p, i) => (
              <li key={i} className="text-red-800 dark:text-red-300">
                {t("line", { line: p.line })}: {p.message}
              </li>
            ))}
          </ul>
        )}
        {lines.length > 0 && (
          <ol className="mt-2 max-h-80 list-none space-y-1 overflow-y-auto" data-testid="import-lines" aria-label={t("lineList")}>
            {lines.slice(0, SHOWN_LINES).map((l) => (
              <li key={l.line} className={l.outcome === "refused" ? "text-red-800 dark:text-red-300" : undefined}>
                <span className="font-semibold">
                  {t("line", { line: l.line })} {l.sku}
                </span>{" "}
                ({t(`outcome.${l.outcome}`)})
                {l.problems?.map((p, i) => (
                  <span key={i} className="block pl-3">
                    {p.message}
                  </span>
                ))}
                {l.changes &&
                  Object.entries(l.changes).map(([column, change]) => (
                    <span key={column} className="block pl-3 text-[var(--muted-fg)]">
                      {t("change", { column, before: change.before || t("empty"), after: change.after || t("empty") })}
                    </span>
                  ))}
              </li>
            ))}
            {lines.length > SHOWN_LINES && <li>{t("more", { count: lines.length - SHOWN_LINES })}</li>}
          </ol>
        )}
      </section>
      <PictureImport />
      <ImportBatches batches={batches} />
    </div>
  );
}

function PictureImport() {
  const t = useTranslations("admin.catalog.import.pictures");
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<PicturesResult | null>(null);
  const send = useFormAction(
    async () => {
      const answer = await api.adminCatalog.importPictures(file!);
      setResult(answer);
      if (answer.importId !== null) router.refresh();
      return { ok: answer.counts.refused + answer.counts.unknownSku === 0, message: t("done", { ...answer.counts }) };
    },
    { failure: t("failed"), check: () => (file ? null : t("needFile")) },
  );
  const unused = result?.entries.filter((e) => e.outcome !== "matched" && e.outcome !== "unchanged") ?? [];
  return (
    <section aria-labelledby="pictures-heading" className="rounded-lg border border-[var(--border)] p-3 text-sm">
      <h2 id="pictures-heading" className="font-semibold">
        {t("title")}
      </h2>
      <p className="mt-1 text-xs text-[var(--muted-fg)]">{t("intro")}</p>
      <form onSubmit={send.submit} className="mt-2 flex flex-wrap items-center gap-2">
        <label htmlFor="pictures-file" className="sr-only">
          {t("file")}
        </label>
        <input
          id="pictures-file"
          type="file"
          accept=".zip,application/zip"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setResult(null);
            send.show(null);
          }}
          className="min-w-0 flex-1 text-sm"
        />
        <SubmitButton variant="secondary" busy={send.busy} busyText={t("sending")}>
          {t("send")}
        </SubmitButton>
      </form>
      <div className="mt-2">
        <FormMessage message={send.message} />
      </div>
      {unused.length > 0 && (
        <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto" aria-label={t("entries")} data-testid="picture-entries">
          {unused.map((e) => (
            <li key={e.name}>
              <span className="font-semibold">{e.name}</span> ({t(`outcome.${e.outcome}`)}){e.reason ? `: ${e.reason}` : ""}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ImportBatches({ batches }: { batches: ImportBatch[] }) {
  const t = useTranslations("admin.catalog.import.batches");
  const format = useFormatter();
  const router = useRouter();
  const [confirming, setConfirming] = useState<number | null>(null);
  // the batch the confirmed press is about (read by the send, which runs in the same event)
  const target = useRef<number | null>(null);
  const undo = useFormAction(
    async () => {
      const done = await api.adminCatalog.undoImport(target.current!);
      setConfirming(null);
      router.refresh();
      return { ok: true, message: t("undoneNow", { ...done }) };
    },
    { failure: t("failed") },
  );
  const when = (iso: string) => format.dateTime(new Date(iso), DATE_FORMATS.dateTime);
  return (
    <section aria-labelledby="batches-heading" className="rounded-lg border border-[var(--border)] p-3 text-sm">
      <h2 id="batches-heading" className="font-semibold">
        {t("title")}
      </h2>
      <FormMessage message={undo.message} />
      {batches.length === 0 ? (
        <p className="mt-1 text-xs text-[var(--muted-fg)]">{t("none")}</p>
      ) : (
        <ul className="mt-2 space-y-2" data-testid="import-batches">
          {batches.map((b) => (
            <li key={b.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {t("row", { id: b.id, file: b.file, when: when(b.createdAt), by: b.adminEmail })} ({t(b.kind)}:{" "}
                {b.kind === "pictures"
                  ? t("pictureCounts", { matched: b.counts.matched ?? 0 })
                  : t("counts", { created: b.counts.created ?? 0, changed: b.counts.changed ?? 0 })}
                ){b.undoneAt && <span className="block text-xs text-[var(--muted-fg)]">{t("undone", { when: when(b.undoneAt), by: b.undoneBy ?? "" })}</span>}
              </span>
              {!b.undoneAt &&
                (confirming === b.id ? (
                  <Button
                    size="sm"
                    variant="danger"
                    busy={undo.busy}
                    busyText={t("undoing")}
                    onClick={() => {
                      target.current = b.id;
                      undo.submit();
                    }}
                  >
                    {t("confirm", { id: b.id })}
                  </Button>
                ) : (
                  <Button size="sm" variant="secondary" onClick={() => setConfirming(b.id)}>
                    {t("undo")}
                  </Button>
                ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
