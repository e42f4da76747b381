import type { Metadata } from "next";
import { getTranslator, languageAlternates } from "../../i18n";
import { loadSiteSettings } from "../../site-settings";
import { LegalPage, shopContact } from "../legal-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("meta.legal");
  return { title: t("privacy"), alternates: languageAlternates("/services/privacy-policy") };
}

export default async function PrivacyPage() {
  const [s, t] = await Promise.all([loadSiteSettings(), getTranslator("legal.privacy")]);
  return (
    <LegalPage title={t("title")} updated={t("updated")}>
      <p>{t.rich("intro", shopContact(s))}</p>
      <h2>{t("collectTitle")}</h2>
      <ul>
        <li>{t("collect.account")}</li>
        <li>{t("collect.security")}</li>
        <li>{t("collect.orders")}</li>
        <li>{t("collect.newsletter")}</li>
        <li>{t("collect.browser")}</li>
      </ul>
      <h2>{t("sharingTitle")}</h2>
      <p>{t("sharing")}</p>
      <h2>{t("rightsTitle")}</h2>
      <ul>
        <li>{t("rights.access")}</li>
        <li>{t("rights.withdraw")}</li>
        <li>{t("rights.complain")}</li>
      </ul>
      <h2>{t("securityTitle")}</h2>
      <p>{t("security")}</p>
    </LegalPage>
  );
}
