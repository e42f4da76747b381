import Link from "next/link";
import { BusinessHours } from "@/components/pages/business-hours";
import { PageFrame, Points } from "@/components/pages/page-frame";
import { textIn } from "@/lib/site-settings";
import { regionName } from "@/lib/tanzania-regions";
import { getIntl, getTranslator } from "../i18n";
import { infoPageMetadata } from "../page-metadata";
import { loadSiteSettings } from "../site-settings";

export const generateMetadata = () => infoPageMetadata("about", "/about");

const SERVICES = [
  { href: "/services/electronics", label: "electronics" },
  { href: "/services/prototyping", label: "prototyping" },
  { href: "/services/pcb", label: "pcb" },
  { href: "/services/ai", label: "ai" },
  { href: "/services/logistics", label: "logistics" },
] as const;

export default async function AboutPage() {
  const [{ locale }, s, t, footer] = await Promise.all([getIntl(), loadSiteSettings(), getTranslator("pages.about"), getTranslator("common.footer")]);
  const area = new Intl.ListFormat(locale === "sw" ? "sw" : "en-GB", { type: "conjunction" }).format(
    s.delivery.courierRegions.map((code) => regionName(code, locale)),
  );
  const address = textIn(s.address, locale);
  const contact = {
    address,
    phone: s.contactPhone,
    email: s.contactEmail,
    mail: (chunks: React.ReactNode) => <a href={`mailto:${s.contactEmail}`}>{chunks}</a>,
  };
  return (
    <PageFrame title={t("title", { company: s.companyName })} lead={textIn(s.companyTagline, locale)}>
      <p>{t("intro", { company: s.companyName, address })}</p>
      <h2>{t("whatTitle")}</h2>
      <Points items={[t("what.components"), t("what.services"), t("what.delivery", { area })]} />
      <h2>{t("servicesTitle")}</h2>
      <ul className="mb-3 grid gap-2 sm:grid-cols-2">
        {SERVICES.map((service) => (
          <li key={service.href}>
            <Link href={service.href} className="block rounded-lg border border-[var(--border)] px-3 py-2 font-medium">
              {footer(service.label)}
            </Link>
          </li>
        ))}
      </ul>
      <h2>{t("howTitle")}</h2>
      <Points items={[t("how.prices"), t("how.stock"), t("how.receipts"), t("how.language")]} />
      <h2>{t("contactTitle")}</h2>
      <p>{t.rich("contact", contact)}</p>
      <BusinessHours settings={s} />
    </PageFrame>
  );
}
