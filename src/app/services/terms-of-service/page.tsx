import type { Metadata } from "next";
import { getTranslator, languageAlternates } from "../../i18n";
import { loadSiteSettings } from "../../site-settings";
import { LegalPage, shopContact } from "../legal-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("meta.legal");
  return { title: t("terms"), alternates: languageAlternates("/services/terms-of-service") };
}

export default async function TermsPage() {
  const [s, t] = await Promise.all([loadSiteSettings(), getTranslator("legal.terms")]);
  return (
    <LegalPage title={t("title")} updated={t("updated")}>
      <p>{t.rich("intro", shopContact(s))}</p>
      <h2>{t("accountTitle")}</h2>
      <ul>
        <li>{t("account.realName")}</li>
        <li>{t("account.password")}</li>
        <li>{t("account.lockout")}</li>
      </ul>
      <h2>{t("pricesTitle")}</h2>
      <ul>
        <li>{t("prices.currency")}</li>
        <li>{t("prices.discounts")}</li>
        <li>{t("prices.payment")}</li>
      </ul>
      <h2>{t("ordersTitle")}</h2>
      <ul>
        <li>{t("orders.accepted")}</li>
        <li>{t("orders.delivery")}</li>
      </ul>
      <h2>{t("returnsTitle")}</h2>
      <ul>
        <li>{t("returns.unused")}</li>
        <li>{t("returns.faulty")}</li>
      </ul>
      <h2>{t("servicesTitle")}</h2>
      <p>{t("services")}</p>
      <h2>{t("lawTitle")}</h2>
      <p>{t("law")}</p>
    </LegalPage>
  );
}
