import { ExternalLink, FileText } from "lucide-react";
import { formatFileSize, type Datasheet } from "@/lib/datasheets";
import { serverLocale, serverTranslator } from "../i18n/request-intl";

/**
 * The product's datasheet: the shop's copy (a PDF download, its size shown; a spec sheet the shop
 * generated says so) and the manufacturer's own link beside it. A server component; the page must
 * have resolved its language.
 */
export function DatasheetLinks({ datasheet }: { datasheet: Datasheet | null }) {
  if (!datasheet) return null;
  const t = serverTranslator("catalog.datasheet");
  const size = datasheet.bytes !== null ? formatFileSize(datasheet.bytes, serverLocale()) : "";
  return (
    <section aria-labelledby="datasheet-heading" className="mt-6" data-testid="datasheet">
      <h2 id="datasheet-heading" className="font-semibold">
        {t("heading")}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-2 text-sm">
        {datasheet.url && (
          <li>
            <a href={datasheet.url} download className="inline-flex items-center gap-1.5 font-medium text-brand hover:underline" data-testid="datasheet-link">
              <FileText className="h-4 w-4 shrink-0" aria-hidden />
              {datasheet.generated ? t("downloadSheet", { size }) : t("download", { size })}
            </a>
          </li>
        )}
        {datasheet.manufacturerUrl && (
          <li>
            <a
              href={datasheet.manufacturerUrl}
              target="_blank"
              rel="noopener noreferrer nofollow external"
              className="inline-flex items-center gap-1.5 font-medium text-brand hover:underline"
              data-testid="datasheet-manufacturer"
            >
              <ExternalLink className="h-4 w-4 shrink-0" aria-hidden />
              {t("manufacturer")}
              <span className="sr-only"> {t("external")}</span>
            </a>
          </li>
        )}
      </ul>
      {datasheet.url && datasheet.generated && (
        <p className="mt-1 text-xs text-[var(--muted-fg)]" data-testid="datasheet-generated">
          {t("generated")}
        </p>
      )}
    </section>
  );
}
