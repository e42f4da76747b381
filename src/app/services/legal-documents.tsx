import type { Metadata } from "next";
import Link from "next/link";
import { getTranslator, languageAlternates } from "../i18n";
import { loadSiteSettings } from "../site-settings";
import { LegalPage, shopContact } from "./legal-page";

/**
 * The privacy policy and the terms of service, one text each: their own addresses are
 * /services/privacy-policy and /services/terms-of-service, and the footer's /privacy and /terms
 * render the same document with the canonical link pointing to those addresses (never a copy).
 */
export const LEGAL_DOCUMENTS = {
  privacy: "/services/privacy-policy",
  terms: "/services/terms-of-service",
} as const;

export async function legalDocumentMetadata(document: keyof typeof LEGAL_DOCUMENTS): Promise<Metadata> {
  const [t, d, settings] = await Promise.all([getTranslator("meta.legal"), getTranslator("pages.meta.legal"), loadSiteSettings()]);
  return { title: t(document), description: d(document, { company: settings.companyName }), alternates: languageAlternates(LEGAL_DOCUMENTS[document]) };
}

/** Links from the privacy policy to the pages that say more (rights and retention, cookies, the EU). */
async function LegalSeeAlso() {
  const t = await getTranslator("pages.legalCommon");
  return (
    <p className="mt-6 border-t border-[var(--border)] pt-4">
      {t.rich("seeAlso", {
        dp: (chunks) => <Link href="/data-protection">{chunks}</Link>,
        cookies: (chunks) => <Link href="/cookies">{chunks}</Link>,
        gdpr: (chunks) => <Link href="/gdpr">{chunks}</Link>,
      })}
    </p>
  );
}

export async function PrivacyDocument() {
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
      <LegalSeeAlso />
    </LegalPage>
  );
}

export async function TermsDocument() {
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
