import { serverLocale, serverTranslator } from "@/components/i18n/request-intl";
import { textIn, type SiteSettings } from "@/lib/site-settings";

/** The shop's name and contact details for a legal text's introduction (in the page's language), its e-mail address as a link. */
export function shopContact(settings: SiteSettings) {
  return {
    company: settings.companyName,
    address: textIn(settings.address, serverLocale()),
    email: settings.contactEmail,
    phone: settings.contactPhone,
    mail: (chunks: React.ReactNode) => <a href={`mailto:${settings.contactEmail}`}>{chunks}</a>,
  };
}

/** The frame of the plain-language legal pages (the page has resolved the request's language). */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: React.ReactNode }) {
  const t = serverTranslator("legal");
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 text-[15px] leading-relaxed [&_a]:text-brand [&_a]:underline [&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_p]:mb-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-sm text-[var(--muted-fg)]">{t("lastUpdated", { date: updated })}</p>
      {children}
    </article>
  );
}
