"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { api, isApiError } from "@/lib/api-client";
import { DATASHEET_MAX_BYTES, MANUFACTURER_URL_MAX, formatFileSize, isPdf, manufacturerUrlProblem, type Datasheet } from "@/lib/datasheets";
import { useFormAction } from "../hooks/use-form-action";
import { useErrorText } from "../i18n/error-text";
import { Button } from "../ui/button";
import { SubmitButton } from "../ui/submit-button";
import { Field, FormMessage, TextField } from "../ui/form";

const MAX_MB = DATASHEET_MAX_BYTES / 1024 / 1024;

/**
 * A product's datasheet for the admin: what the shop serves now, a manufacturer's PDF uploaded in
 * its place (checked here first: a PDF, at most 20 MB; the server checks again), the shop's own
 * spec sheet made afresh from the product's data, the copy taken off, and the manufacturer's link.
 */
export function DatasheetEditor({ productId, initial }: { productId: number; initial: Datasheet | null }) {
  const t = useTranslations("admin.catalog.datasheet");
  const locale = useLocale();
  const router = useRouter();
  const errorText = useErrorText();
  const [sheet, setSheet] = useState<Datasheet | null>(initial);
  const [link, setLink] = useState(initial?.manufacturerUrl ?? "");
  const file = useRef<HTMLInputElement>(null);

  const worded = (error: unknown) => {
    if (isApiError(error, "unsupported-media-type")) return { ok: false, message: t("notPdf") };
    if (isApiError(error, "too-large")) return { ok: false, message: t("tooLarge", { max: MAX_MB }) };
    if (isApiError(error, "validation")) return { ok: false, message: t("badLink") };
    return { ok: false, message: errorText(error, t("failed")) };
  };
  const done = (next: Datasheet | null, message: string) => {
    setSheet(next);
    router.refresh();
    return { ok: true, message };
  };

  const upload = useFormAction(
    async () => {
      const chosen = file.current?.files?.[0];
      if (!chosen) return { ok: false, message: t("chooseFile") };
      if (chosen.size > DATASHEET_MAX_BYTES) return { ok: false, message: t("tooLarge", { max: MAX_MB }) };
      if (!isPdf(new Uint8Array(await chosen.slice(0, 8).arrayBuffer()))) return { ok: false, message: t("notPdf") };
      const { datasheet } = await api.adminDatasheets.upload(productId, chosen);
      if (file.current) file.current.value = "";
      return done(datasheet, t("uploaded"));
    },
    { failure: worded },
  );
  const generate = useFormAction(async () => done((await api.adminDatasheets.generate(productId)).datasheet, t("generatedDone")), { failure: worded });
  const remove = useFormAction(async () => done((await api.adminDatasheets.remove(productId)).datasheet, t("removed")), { failure: worded });
  const saveLink = useFormAction(
    async () => {
      const { datasheet } = await api.adminDatasheets.setLink(productId, link.trim() || null);
      return done(datasheet, link.trim() ? t("linkSaved") : t("linkRemoved"));
    },
    { failure: worded, check: () => (link.trim() && manufacturerUrlProblem(link) ? t("badLink") : null) },
  );
  const busy = upload.busy || generate.busy || remove.busy || saveLink.busy;
  const message = upload.message ?? generate.message ?? remove.message ?? saveLink.message;

  return (
    <section aria-labelledby="datasheet-admin-heading" className="grid gap-4 text-sm" data-testid="datasheet-editor">
      <div>
        <h2 id="datasheet-admin-heading" className="text-lg font-semibold">
          {t("title")}
        </h2>
        <p className="text-[var(--muted-fg)]">{t("intro", { max: MAX_MB })}</p>
      </div>
      <p data-testid="datasheet-current">
        {sheet?.url ? (
          <a href={sheet.url} download className="font-medium text-brand hover:underline">
            {sheet.generated
              ? t("currentGenerated", { size: formatFileSize(sheet.bytes ?? 0, locale) })
              : t("currentUploaded", { size: formatFileSize(sheet.bytes ?? 0, locale) })}
          </a>
        ) : (
          t("none")
        )}
      </p>
      <form onSubmit={upload.submit} noValidate className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
        <Field id="datasheet-file" label={t("file")} hint={t("fileHint", { max: MAX_MB })}>
          {(control) => <input ref={file} type="file" accept="application/pdf,.pdf" {...control} className="block w-full text-sm" />}
        </Field>
        <SubmitButton variant="secondary" busy={upload.busy} busyText={t("uploading")} disabled={busy && !upload.busy}>
          {t("upload")}
        </SubmitButton>
      </form>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => generate.submit()} busy={generate.busy} disabled={busy && !generate.busy}>
          {t("generate")}
        </Button>
        {sheet?.url && (
          <Button variant="danger-outline" size="sm" onClick={() => remove.submit()} busy={remove.busy} disabled={busy && !remove.busy}>
            {t("remove")}
          </Button>
        )}
      </div>
      <form onSubmit={saveLink.submit} noValidate className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
        <TextField
          name="manufacturer-url"
          type="url"
          inputMode="url"
          label={t("link")}
          hint={t("linkHint")}
          optional
          maxLength={MANUFACTURER_URL_MAX}
          value={link}
          onChange={(e) => setLink(e.target.value)}
        />
        <SubmitButton variant="secondary" busy={saveLink.busy} busyText={t("saving")} disabled={busy && !saveLink.busy}>
          {t("saveLink")}
        </SubmitButton>
      </form>
      <FormMessage message={message} />
    </section>
  );
}
