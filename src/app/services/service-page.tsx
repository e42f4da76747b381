import type { Metadata } from "next";
import Link from "next/link";
import { formatMoney } from "@/lib/money";
import { PCB_LAYERS } from "@/lib/pcb-pricing";
import { SERVICES, type ServiceName } from "@/lib/requests";
import { RequestForm } from "@/components/requests/request-form";
import { getTranslator, languageAlternates } from "../i18n";
import { loadSessionUser } from "../session";
import { loadSiteSettings } from "../site-settings";

/** Title, description and canonical address of a service's page, in the page's language. */
export async function serviceMetadata(service: ServiceName): Promise<Metadata> {
  const [t, settings] = await Promise.all([getTranslator("services"), loadSiteSettings()]);
  return {
    title: t(`${service}.title`),
    description: t(`${service}.description`, { company: settings.companyName }),
    alternates: languageAlternates(`/services/${service}`),
  };
}

/**
 * One service's page: what it is, how it is priced (the PCB's published formula with the settings'
 * figures; every other service is quoted after review, with no invented figures) and its request
 * form. The other services are linked at the end.
 */
export async function ServicePage({ service }: { service: ServiceName }) {
  const [t, tr, tp, settings, user] = await Promise.all([
    getTranslator("services"),
    getTranslator("requests"),
    getTranslator("requests.price"),
    loadSiteSettings(),
    loadSessionUser(),
  ]);
  const pricing = settings.pcbPricing;
  const money = (n: number) => formatMoney(n, "TZS");
  const what = [t(`${service}.what1`), t(`${service}.what2`), t(`${service}.what3`)];
  return (
    <div className="mx-auto max-w-3xl px-3 py-4 sm:px-4 sm:py-6">
      <h1 className="text-2xl font-bold">{t(`${service}.title`)}</h1>
      <p className="mt-2 text-[var(--muted-fg)]">{t(`${service}.intro`)}</p>

      <section aria-labelledby="what" className="mt-6">
        <h2 id="what" className="text-lg font-semibold">
          {t("whatTitle")}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {what.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="pricing" className="mt-6">
        <h2 id="pricing" className="text-lg font-semibold">
          {t("pricingTitle")}
        </h2>
        {service === "pcb" ? (
          <>
            <p className="mt-2">{t("pcb.pricing")}</p>
            <h3 className="mt-3 text-sm font-semibold">{tp("formulaTitle")}</h3>
            <p className="mt-1 text-sm">{tp("formula", { setup: money(pricing.setupFee), minimum: money(pricing.minimumOrder) })}</p>
            <ul className="mt-2 grid grid-cols-1 gap-1 text-sm sm:grid-cols-2">
              {PCB_LAYERS.map((layers) => (
                <li key={layers}>{tp("perCm2", { layers, price: money(pricing.pricePerCm2[String(layers) as keyof typeof pricing.pricePerCm2]) })}</li>
              ))}
              {pricing.quantityBreaks.map((step) => (
                <li key={step.minQuantity}>{tp("breaks", { quantity: step.minQuantity, percent: step.percentOff })}</li>
              ))}
            </ul>
          </>
        ) : (
          <p className="mt-2">{service === "logistics" ? t("logistics.pricing") : t("quotedAfterReview")}</p>
        )}
      </section>

      <section aria-labelledby="request" className="mt-6 rounded-xl border border-[var(--border)] p-3 sm:p-4">
        <h2 id="request" className="mb-3 text-lg font-semibold">
          {t("formTitle")}
        </h2>
        <RequestForm
          form={service}
          pcbPricing={service === "pcb" ? pricing : undefined}
          defaults={user ? { name: user.profile.fullName || user.name, email: user.email } : undefined}
        />
      </section>

      <nav aria-labelledby="other-services" className="mt-8">
        <h2 id="other-services" className="text-sm font-semibold">
          {t("nav")}
        </h2>
        <ul className="mt-2 flex flex-wrap gap-2 text-sm">
          {SERVICES.filter((s) => s !== service).map((s) => (
            <li key={s}>
              <Link href={`/services/${s}`} className="inline-flex min-h-10 items-center rounded-full border border-[var(--border)] px-3 hover:text-brand">
                {tr(`services.${s}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
