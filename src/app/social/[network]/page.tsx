import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { Mail, Phone } from "lucide-react";
import { PageFrame } from "@/components/pages/page-frame";
import { SOCIAL_NETWORK_NAMES, configuredSocialLinks, isSocialNetwork, socialProfileUrl } from "@/lib/social";
import { getTranslator, languageAlternates } from "../../i18n";
import { loadSiteSettings } from "../../site-settings";

type Props = { params: Promise<{ network: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { network } = await params;
  if (!isSocialNetwork(network)) return {};
  const [t, s] = await Promise.all([getTranslator("pages.meta.social"), loadSiteSettings()]);
  const values = { network: SOCIAL_NETWORK_NAMES[network], company: s.companyName };
  // a page that only says "not there yet" is no search result
  return { title: t("title", values), description: t("description", values), alternates: languageAlternates(`/social/${network}`), robots: { index: false } };
}

/**
 * The shop's page on a network: a redirect to the profile the settings name (the one address
 * outside the shop this route sends anyone to, checked by socialProfileUrl), otherwise a page that
 * says the shop is not there yet and where it can be found instead.
 */
export default async function SocialPage({ params }: Props) {
  const { network } = await params;
  if (!isSocialNetwork(network)) notFound();
  const s = await loadSiteSettings();
  const profile = socialProfileUrl(s.socialLinks, network);
  if (profile) redirect(profile);
  const t = await getTranslator("pages.social");
  const elsewhere = configuredSocialLinks(s.socialLinks);
  const name = SOCIAL_NETWORK_NAMES[network];
  return (
    <PageFrame title={t("title", { company: s.companyName, network: name })} lead={t("text", { network: name })}>
      {elsewhere.length > 0 && (
        <>
          <p>{t("elsewhere")}</p>
          <ul className="mb-4 flex flex-wrap gap-2">
            {elsewhere.map((link) => (
              <li key={link.network}>
                <a href={link.url} rel="noopener" className="inline-block rounded-lg border border-[var(--border)] px-3 py-1.5 font-medium">
                  {SOCIAL_NETWORK_NAMES[link.network]}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      <p>{t("reach")}</p>
      <ul className="mb-4 space-y-2">
        <li className="flex items-center gap-2">
          <Phone className="h-4 w-4 text-brand" aria-hidden />
          <a href={`tel:${s.contactPhone.replace(/\s/g, "")}`}>{t("call", { phone: s.contactPhone })}</a>
        </li>
        <li className="flex items-center gap-2">
          <Mail className="h-4 w-4 text-brand" aria-hidden />
          <span>{t.rich("write", { email: s.contactEmail, mail: (chunks) => <a href={`mailto:${s.contactEmail}`}>{chunks}</a> })}</span>
        </li>
      </ul>
      <Link href="/support">{t("support")}</Link>
    </PageFrame>
  );
}
