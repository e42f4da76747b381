import type { Metadata } from "next";
import { ORDER_NUMBER_PATTERN } from "@/lib/checkout";
import { TrackingForm } from "@/components/orders/tracking-form";
import { getTranslator, languageAlternates } from "../i18n";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("orders.meta");
  return { title: t("tracking"), alternates: languageAlternates("/tracking") };
}

/** Track an order by its number and the e-mail or phone it was placed with; ?number= fills the number (a link in an e-mail). */
export default async function TrackingPage({ searchParams }: { searchParams: Promise<{ number?: string }> }) {
  const [{ number }, t] = await Promise.all([searchParams, getTranslator("orders.tracking")]);
  const initial = typeof number === "string" && ORDER_NUMBER_PATTERN.test(number.toUpperCase()) ? number.toUpperCase() : "";
  return (
    <div className="mx-auto max-w-xl px-3 py-4 sm:px-4">
      <h1 className="text-xl font-bold">{t("title")}</h1>
      <p className="mb-4 text-sm text-[var(--muted-fg)]">{t("intro")}</p>
      <TrackingForm initialNumber={initial} />
    </div>
  );
}
