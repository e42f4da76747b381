import Link from "next/link";
import { HelpCircle, Mail, MapPin, MessageSquare, Phone, Search, Send } from "lucide-react";
import { BusinessHours } from "@/components/pages/business-hours";
import { PageFrame } from "@/components/pages/page-frame";
import { textIn } from "@/lib/site-settings";
import { getIntl, getTranslator } from "../i18n";
import { infoPageMetadata } from "../page-metadata";
import { loadSiteSettings } from "../site-settings";

export const generateMetadata = () => infoPageMetadata("support", "/support");

const SELF_SERVICE = [
  { href: "/help", label: "help", icon: HelpCircle },
  { href: "/contact", label: "contact", icon: Send },
  { href: "/tracking", label: "tracking", icon: Search },
  { href: "/account/messages", label: "messages", icon: MessageSquare },
] as const;

export default async function SupportPage() {
  const [s, t, { locale }] = await Promise.all([loadSiteSettings(), getTranslator("pages.support"), getIntl()]);
  const tel = `tel:${s.contactPhone.replace(/\s/g, "")}`;
  return (
    <PageFrame title={t("title")} lead={t("intro")}>
      <h2>{t("channelsTitle")}</h2>
      <ul className="mb-4 space-y-2">
        <li className="flex items-start gap-2">
          <Phone className="mt-1 h-4 w-4 shrink-0 text-brand" aria-hidden />
          <a href={tel}>{t("call", { phone: s.contactPhone })}</a>
        </li>
        <li className="flex items-start gap-2">
          <Mail className="mt-1 h-4 w-4 shrink-0 text-brand" aria-hidden />
          <span>{t.rich("write", { email: s.contactEmail, mail: (chunks) => <a href={`mailto:${s.contactEmail}`}>{chunks}</a> })}</span>
        </li>
        <li className="flex items-start gap-2">
          <MapPin className="mt-1 h-4 w-4 shrink-0 text-brand" aria-hidden />
          <span>{t("visit", { address: textIn(s.address, locale) })}</span>
        </li>
      </ul>
      <BusinessHours settings={s} />
      <p>{t("orderTip")}</p>
      <h2>{t("selfTitle")}</h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {SELF_SERVICE.map(({ href, label, icon: Icon }) => (
          <li key={href}>
            <Link href={href} className="flex h-full items-center gap-2 rounded-lg border border-[var(--border)] px-3 py-3 !no-underline hover:border-brand">
              <Icon className="h-5 w-5 shrink-0" aria-hidden />
              <span className="text-[var(--page-fg)]">{t(`links.${label}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </PageFrame>
  );
}
