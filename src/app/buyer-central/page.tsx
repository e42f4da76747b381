import type { Metadata } from "next";
import { offeredPaymentMethods } from "@/lib/checkout";
import { RequestForm } from "@/components/requests/request-form";
import { getTranslator, languageAlternates } from "../i18n";
import { loadSessionUser } from "../session";
import { loadSiteSettings } from "../site-settings";

export async function generateMetadata(): Promise<Metadata> {
  const [t, settings] = await Promise.all([getTranslator("requests.buyer"), loadSiteSettings()]);
  return { title: t("title"), description: t("description", { company: settings.companyName }), alternates: languageAlternates("/buyer-central") };
}

/**
 * Buying for a business: accounts, the quantity discounts of the settings (the cart applies them to
 * products without prices by quantity of their own),
 * the payment terms the shop has (bank transfer against the pro-forma invoice, mobile money) and the
 * quote request form, which can start from the cart.
 */
export default async function BuyerCentralPage() {
  const [t, settings, user] = await Promise.all([getTranslator("requests.buyer"), loadSiteSettings(), loadSessionUser()]);
  // the checkout offers bank transfer only with an account to pay into (cards do not matter here)
  const bankTransfer = offeredPaymentMethods(settings, false).includes("bank_transfer");
  const tiers = [...settings.bulkPricingTiers].sort((a, b) => a.minQuantity - b.minQuantity);
  return (
    <div className="mx-auto max-w-4xl px-3 py-4 sm:px-4 sm:py-6">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="mt-2 text-[var(--muted-fg)]">{t("intro")}</p>
      <div className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-3">
        <section aria-labelledby="accounts">
          <h2 id="accounts" className="text-lg font-semibold">
            {t("accountsTitle")}
          </h2>
          <p className="mt-2 text-sm">{t("accountsText")}</p>
        </section>
        <section aria-labelledby="tiers">
          <h2 id="tiers" className="text-lg font-semibold">
            {t("tiersTitle")}
          </h2>
          {tiers.length ? (
            <table className="mt-2 w-full text-sm">
              <thead>
                <tr className="border-b border-[var(--border)]">
                  <th scope="col" className="py-1 text-left font-medium">
                    {t("tierQuantity")}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {t("tierDiscount")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {tiers.map((tier) => (
                  <tr key={tier.minQuantity} className="border-b border-[var(--border)] last:border-0">
                    <td className="py-1">{t("tierRow", { quantity: tier.minQuantity })}</td>
                    <td className="py-1 text-right tabular-nums">{t("tierPercent", { percent: tier.percentOff })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="mt-2 text-sm">{t("noTiers")}</p>
          )}
          <p className="mt-2 text-xs text-[var(--muted-fg)]">{t("tiersNote")}</p>
        </section>
        <section aria-labelledby="payment">
          <h2 id="payment" className="text-lg font-semibold">
            {t("paymentTitle")}
          </h2>
          <p className="mt-2 text-sm">{bankTransfer ? t("paymentText", { hours: settings.orderHold.bankTransferHours }) : t("paymentTextQuote")}</p>
        </section>
      </div>
      <section aria-labelledby="quote" className="mt-8 rounded-xl border border-[var(--border)] p-3 sm:p-4">
        <h2 id="quote" className="text-lg font-semibold">
          {t("quoteTitle")}
        </h2>
        <p className="mt-1 mb-3 text-sm text-[var(--muted-fg)]">{t("quoteIntro")}</p>
        <RequestForm form="quote" defaults={user ? { name: user.profile.fullName || user.name, email: user.email } : undefined} />
      </section>
    </div>
  );
}
