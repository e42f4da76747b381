import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Bike } from "lucide-react";
import { IntlExtra } from "@/components/i18n/intl-root";
import { RiderDeliveries } from "@/components/rider/rider-deliveries";
import { ButtonLink } from "@/components/ui/button";
import { CATALOGUES } from "@/messages";
import { getServices } from "@/server/services";
import { getIntl, getTranslator } from "../i18n";
import { loadSessionUser } from "../session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("delivery.meta");
  return { title: t("rider"), robots: { index: false } };
}

/**
 * A rider's phone: today's open pay-on-delivery deliveries (who, where, what to collect) with
 * "Paid" and "Refused" on each, and today's totals (the cash to hand over). A guest signs in
 * first; a shopper is told, politely, that the page is the riders'.
 */
export default async function RiderPage() {
  const user = await loadSessionUser();
  if (!user) redirect(`/auth/login?redirect=${encodeURIComponent("/rider")}`);
  const [t, { locale }] = await Promise.all([getTranslator("delivery.rider"), getIntl()]);
  if (user.role === "user")
    return (
      <div className="mx-auto max-w-md px-4 py-10 text-center" data-testid="rider-only">
        <Bike className="mx-auto h-12 w-12 text-brand" aria-hidden />
        <h1 className="mt-3 text-xl font-bold">{t("forRiders")}</h1>
        <p className="mt-2 text-sm text-[var(--muted-fg)]">{t("forRidersText")}</p>
        <ButtonLink href="/" className="mt-5">
          {t("toShop")}
        </ButtonLink>
      </div>
    );
  const view = await (await getServices()).deliveries.riderView(user.id);
  return (
    <div className="mx-auto max-w-2xl px-3 py-4 sm:px-4">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      {/* the riders' texts stay off every shopper's page (`delivery` is server-only): this island gets them here */}
      <IntlExtra locale={locale} messages={{ delivery: CATALOGUES[locale].delivery }}>
        <RiderDeliveries view={view} />
      </IntlExtra>
    </div>
  );
}
