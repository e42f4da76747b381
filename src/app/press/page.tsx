import { Download } from "lucide-react";
import { PageFrame } from "@/components/pages/page-frame";
import { getServices } from "@/server/services";
import { textIn } from "@/lib/site-settings";
import { getIntl, getTranslator } from "../i18n";
import { infoPageMetadata } from "../page-metadata";
import { loadSiteSettings } from "../site-settings";

export const generateMetadata = () => infoPageMetadata("press", "/press");

/** The catalogue's size, read from the catalogue itself; null when it cannot be read (the fact is then left out). */
async function catalogueSize(): Promise<{ products: number; categories: number } | null> {
  try {
    const rows = await (await getServices()).pageData.categories();
    return { products: rows.reduce((sum, c) => sum + c.productCount, 0), categories: rows.filter((c) => c.productCount > 0).length };
  } catch {
    return null;
  }
}

export default async function PressPage() {
  const [{ locale }, s, t, size] = await Promise.all([getIntl(), loadSiteSettings(), getTranslator("pages.press"), catalogueSize()]);
  const list = (items: string[]) => new Intl.ListFormat(locale === "sw" ? "sw" : "en-GB", { type: "conjunction" }).format(items);
  const facts: [string, React.ReactNode][] = [
    [t("facts.name"), s.companyName],
    [t("facts.what"), t("facts.whatValue")],
    [t("facts.where"), textIn(s.address, locale)],
    ...(size ? [[t("facts.catalogue"), t("facts.catalogueValue", size)] as [string, string]] : []),
    [t("facts.delivery"), t("facts.deliveryValue")],
    ...(s.paymentSettings.mobileMoneyProviders.length ? [[t("facts.payment"), list(s.paymentSettings.mobileMoneyProviders)] as [string, string]] : []),
    ...(s.fiscal.tin ? [[t("facts.tin"), s.fiscal.tin] as [string, string]] : []),
    [t("facts.languages"), t("facts.languagesValue")],
  ];
  return (
    <PageFrame title={t("title")} lead={t("intro")}>
      <h2>{t("contactTitle")}</h2>
      <p>{t.rich("contact", { email: s.contactEmail, phone: s.contactPhone, mail: (chunks) => <a href={`mailto:${s.contactEmail}`}>{chunks}</a> })}</p>
      <h2>{t("factsTitle")}</h2>
      <dl className="mb-3 grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold">{term}</dt>
            <dd className="mb-2 sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      <h2>{t("logoTitle")}</h2>
      <p>{t("logo")}</p>
      <div className="flex flex-wrap items-center gap-4">
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img src="/icon.svg" alt="" width={96} height={96} className="rounded-xl border border-[var(--border)]" />
        <ul className="space-y-2">
          <li>
            <a href="/icon.svg" download="kilima-logo.svg" className="inline-flex items-center gap-1.5">
              <Download className="h-4 w-4" aria-hidden />
              {t("logoSvg")}
            </a>
          </li>
          <li>
            <a href="/icons/icon-512.png" download="kilima-logo-512.png" className="inline-flex items-center gap-1.5">
              <Download className="h-4 w-4" aria-hidden />
              {t("logoPng")}
            </a>
          </li>
          <li className="text-sm text-[var(--muted-fg)]">{t("brandColour", { colour: s.companyColor })}</li>
        </ul>
      </div>
    </PageFrame>
  );
}
