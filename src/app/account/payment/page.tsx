import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { PaymentSettings } from "@/components/account/payment-settings";
import { getServices } from "@/server/services";
import { getTranslator, languageAlternates } from "../../i18n";
import { loadSessionUser } from "../../session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("account.meta");
  return { title: t("payment"), description: t("paymentDescription"), alternates: languageAlternates("/account/payment"), robots: { index: false } };
}

/** Saved mobile-money numbers and the preferred payment method: the checkout starts with them. */
export default async function AccountPaymentPage() {
  const user = await loadSessionUser();
  if (!user) redirect("/auth/login?redirect=/account/payment");
  const [t, payment] = await Promise.all([getTranslator("account"), (await getServices()).preferences.payment(user.id)]);
  return (
    <div className="mx-auto max-w-3xl px-3 py-4 sm:px-4">
      <Link href="/account" className="text-sm text-brand hover:underline">
        {t("settings.toProfile")}
      </Link>
      <h1 className="mt-1 text-xl font-bold">{t("payment.title")}</h1>
      <p className="mb-4 text-sm text-[var(--muted-fg)]">{t("payment.intro")}</p>
      <PaymentSettings initial={payment} />
    </div>
  );
}
