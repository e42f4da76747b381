import type { Metadata } from "next";
import { WEEKDAYS, isOpenAt } from "@/lib/business-hours";
import { RequestForm } from "@/components/requests/request-form";
import { textIn } from "@/lib/site-settings";
import { getIntl, getTranslator, languageAlternates } from "../i18n";
import { loadSessionUser } from "../session";
import { loadSiteSettings } from "../site-settings";

export async function generateMetadata(): Promise<Metadata> {
  const [t, settings] = await Promise.all([getTranslator("requests.contact"), loadSiteSettings()]);
  return { title: t("title"), description: t("description", { company: settings.companyName }), alternates: languageAlternates("/contact") };
}

/** The contact page: the shop's address, phone, e-mail and hours (open now, in Dar es Salaam time) and the contact form. */
export default async function ContactPage() {
  const [t, settings, user, { locale }] = await Promise.all([getTranslator("requests.contact"), loadSiteSettings(), loadSessionUser(), getIntl()]);
  const open = isOpenAt(settings.businessHours, new Date(), settings.timezone || undefined);
  const tel = settings.contactPhone.replace(/[^\d+]/g, "");
  return (
    <div className="mx-auto max-w-5xl px-3 py-4 sm:px-4 sm:py-6">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="mt-2 text-[var(--muted-fg)]">{t("intro")}</p>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[1fr_2fr]">
        <section aria-labelledby="reach" className="space-y-4">
          <h2 id="reach" className="text-lg font-semibold">
            {t("details")}
          </h2>
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="font-medium">{t("address")}</dt>
              <dd>
                <address className="not-italic">{textIn(settings.address, locale)}</address>
              </dd>
            </div>
            <div>
              <dt className="font-medium">{t("phone")}</dt>
              <dd>
                <a href={`tel:${tel}`} className="text-brand hover:underline">
                  {settings.contactPhone}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-medium">{t("email")}</dt>
              <dd>
                <a href={`mailto:${settings.contactEmail}`} className="break-all text-brand hover:underline">
                  {settings.contactEmail}
                </a>
              </dd>
            </div>
          </dl>
          <div>
            <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold">
              {t("hours")}
              <span
                data-testid="open-now"
                className={
                  open
                    ? "rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
                    : "rounded-full bg-[var(--surface)] px-2 py-0.5 text-xs"
                }
              >
                {open ? t("openNow") : t("closedNow")}
              </span>
            </h3>
            <table className="mt-2 w-full text-sm">
              <tbody>
                {WEEKDAYS.map((day) => {
                  const hours = settings.businessHours[day];
                  return (
                    <tr key={day} className="border-b border-[var(--border)] last:border-0">
                      <th scope="row" className="py-1.5 text-left font-normal">
                        {t(`days.${day}`)}
                      </th>
                      <td className="py-1.5 text-right tabular-nums">{hours.closed ? t("closed") : t("range", { open: hours.open, close: hours.close })}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <p className="mt-1 text-xs text-[var(--muted-fg)]">{t("timeZone")}</p>
          </div>
        </section>
        <section aria-labelledby="write" className="rounded-xl border border-[var(--border)] p-3 sm:p-4">
          <h2 id="write" className="mb-3 text-lg font-semibold">
            {t("formTitle")}
          </h2>
          <RequestForm form="contact" defaults={user ? { name: user.profile.fullName || user.name, email: user.email } : undefined} />
        </section>
      </div>
    </div>
  );
}
