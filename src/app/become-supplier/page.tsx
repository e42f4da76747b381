import type { Metadata } from "next";
import { RequestForm } from "@/components/requests/request-form";
import { getTranslator, languageAlternates } from "../i18n";
import { loadSessionUser } from "../session";
import { loadSiteSettings } from "../site-settings";

export async function generateMetadata(): Promise<Metadata> {
  const [t, settings] = await Promise.all([getTranslator("requests.supplier"), loadSiteSettings()]);
  return { title: t("title"), description: t("description", { company: settings.companyName }), alternates: languageAlternates("/become-supplier") };
}

/** The supplier application: how it works, and the form (company, TIN, products, categories, contact). */
export default async function BecomeSupplierPage() {
  const [t, settings, user] = await Promise.all([getTranslator("requests.supplier"), loadSiteSettings(), loadSessionUser()]);
  return (
    <div className="mx-auto max-w-3xl px-3 py-4 sm:px-4 sm:py-6">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="mt-2 text-[var(--muted-fg)]">{t("intro", { company: settings.companyName })}</p>
      <section aria-labelledby="how" className="mt-6">
        <h2 id="how" className="text-lg font-semibold">
          {t("howTitle")}
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          <li>{t("step1")}</li>
          <li>{t("step2")}</li>
          <li>{t("step3")}</li>
        </ol>
      </section>
      <section aria-labelledby="apply" className="mt-6 rounded-xl border border-[var(--border)] p-3 sm:p-4">
        <h2 id="apply" className="mb-3 text-lg font-semibold">
          {t("formTitle")}
        </h2>
        <RequestForm form="supplier" defaults={user ? { name: user.profile.fullName || user.name, email: user.email } : undefined} />
      </section>
    </div>
  );
}
