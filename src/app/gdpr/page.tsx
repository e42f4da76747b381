import Link from "next/link";
import { Points } from "@/components/pages/page-frame";
import { textIn } from "@/lib/site-settings";
import { getIntl, getTranslator } from "../i18n";
import { infoPageMetadata } from "../page-metadata";
import { loadSiteSettings } from "../site-settings";
import { LegalPage } from "../services/legal-page";

export const generateMetadata = () => infoPageMetadata("gdpr", "/gdpr");

export default async function GdprPage() {
  const [s, t, common, { locale }] = await Promise.all([loadSiteSettings(), getTranslator("pages.gdpr"), getTranslator("pages.legalCommon"), getIntl()]);
  return (
    <LegalPage title={t("title")} updated={common("updated")}>
      <p>{t("intro", { company: s.companyName })}</p>
      <h2>{t("pdpaTitle")}</h2>
      <p>{t.rich("pdpa", { dp: (chunks) => <Link href="/data-protection">{chunks}</Link> })}</p>
      <h2>{t("euTitle")}</h2>
      <Points items={[t("eu.offer"), t("eu.basis"), t("eu.transfer"), t("eu.nothing")]} />
      <h2>{t("askTitle")}</h2>
      <p>
        {t.rich("ask", {
          company: s.companyName,
          address: textIn(s.address, locale),
          email: s.contactEmail,
          mail: (chunks) => <a href={`mailto:${s.contactEmail}`}>{chunks}</a>,
        })}
      </p>
    </LegalPage>
  );
}
