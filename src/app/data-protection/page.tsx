import Link from "next/link";
import { InfoTable, Points } from "@/components/pages/page-frame";
import { REMEMBER_DAYS } from "@/lib/auth-rules";
import { SECURITY_EVENT_RETENTION_MONTHS } from "@/lib/retention";
import { textIn } from "@/lib/site-settings";
import { getIntl, getTranslator } from "../i18n";
import { infoPageMetadata } from "../page-metadata";
import { loadSiteSettings } from "../site-settings";
import { LegalPage } from "../services/legal-page";

export const generateMetadata = () => infoPageMetadata("dataProtection", "/data-protection");

/**
 * The rights of the Personal Data Protection Act 2022 and the retention of each kind of data the
 * shop stores. The periods are the code's: security events and expired sessions and links are
 * deleted hourly (src/server/auth/retention.ts), the mail outbox prunes sent mail after 7 days and
 * undeliverable mail after 30 (src/server/mail/outbox.ts), unsubscribing deletes the address.
 */
export default async function DataProtectionPage() {
  const [s, t, common, { locale }] = await Promise.all([
    loadSiteSettings(),
    getTranslator("pages.dataProtection"),
    getTranslator("pages.legalCommon"),
    getIntl(),
  ]);
  const address = textIn(s.address, locale);
  const r = (key: "orders" | "account" | "security" | "sessions" | "links" | "mail" | "newsletter" | "cart", values?: Record<string, number>) => [
    t(`retention.${key}`),
    t(`retention.${key}Period`, values),
  ];
  return (
    <LegalPage title={t("title")} updated={common("updated")}>
      <p>{t.rich("intro", { company: s.companyName, address, privacy: (chunks) => <Link href="/services/privacy-policy">{chunks}</Link> })}</p>
      <h2>{t("rightsTitle")}</h2>
      <Points items={[t("rights.access"), t("rights.correction"), t("rights.deletion"), t("rights.objection"), t("rights.portability")]} />
      <h2>{t("askTitle")}</h2>
      <p>
        {t.rich("ask", {
          email: s.contactEmail,
          phone: s.contactPhone,
          address,
          mail: (chunks) => <a href={`mailto:${s.contactEmail}`}>{chunks}</a>,
        })}
      </p>
      <h2>{t("retentionTitle")}</h2>
      <InfoTable
        head={[t("kind"), t("period")]}
        rows={[
          r("orders"),
          r("account"),
          r("security", { months: SECURITY_EVENT_RETENTION_MONTHS }),
          r("sessions", { days: REMEMBER_DAYS }),
          r("links"),
          r("mail"),
          r("newsletter"),
          r("cart"),
        ]}
      />
      <h2>{t("breachTitle")}</h2>
      <p>{t("breach")}</p>
    </LegalPage>
  );
}
