import Link from "next/link";
import { InfoTable, PageFrame } from "@/components/pages/page-frame";
import { formatMoney } from "@/lib/money";
import { textIn } from "@/lib/site-settings";
import { regionName } from "@/lib/tanzania-regions";
import { getIntl, getTranslator } from "../i18n";
import { infoPageMetadata } from "../page-metadata";
import { loadSiteSettings } from "../site-settings";

export const generateMetadata = () => infoPageMetadata("shipping", "/shipping");

/**
 * The delivery options and fees exactly as the checkout's rules (src/lib/checkout.ts
 * deliveryOptions) read them from the settings: courier in the courier regions at the cart's
 * shipping cost, same day there before the cut-off, a bus parcel elsewhere at the region's fee or
 * the default one, and free pick-up at the shop.
 */
export default async function ShippingPage() {
  const [{ locale }, s, t] = await Promise.all([getIntl(), loadSiteSettings(), getTranslator("pages.shipping")]);
  const { delivery } = s;
  const area = new Intl.ListFormat(locale === "sw" ? "sw" : "en-GB", { type: "conjunction" }).format(
    delivery.courierRegions.map((code) => regionName(code, locale)),
  );
  const fee = (amount: number) => (amount === 0 ? t("free") : formatMoney(amount));
  const off = t("notOffered");
  // each option as a card: a four-part table row is unreadable at 390 px
  const options: { title: string; where: string; fee: string | null; text: string }[] = [
    { title: t("courierTitle"), where: t("courierWhere", { area }), fee: fee(s.cart.shippingCost), text: t("courierText") },
    {
      title: t("sameDayTitle"),
      where: t("courierWhere", { area }),
      fee: delivery.sameDay.enabled ? fee(delivery.sameDay.fee) : null,
      text: delivery.sameDay.enabled ? t("sameDayText", { time: delivery.sameDay.cutoff }) : off,
    },
    {
      title: t("parcelTitle"),
      where: t("parcelWhere"),
      fee: null,
      text: delivery.parcel.enabled ? t("parcelText", { place: textIn(delivery.parcel.departure, locale) }) : off,
    },
    {
      title: t("pickupTitle"),
      where: t("pickupWhere", { address: textIn(s.address, locale) }),
      fee: delivery.pickup.enabled ? t("free") : null,
      text: delivery.pickup.enabled ? t("pickupText") : off,
    },
  ];
  const parcelFees = Object.entries(delivery.parcel.fees)
    .map(([code, amount]) => ({ name: regionName(code, locale), amount }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  return (
    <PageFrame title={t("title")} lead={t("intro")}>
      <ul className="mb-4 grid gap-3 sm:grid-cols-2">
        {options.map((o) => (
          <li key={o.title} className="rounded-lg border border-[var(--border)] p-4">
            <p className="!mb-1 flex items-baseline justify-between gap-3">
              <span className="font-semibold">{o.title}</span>
              {o.fee && <strong className="shrink-0">{o.fee}</strong>}
            </p>
            <p className="!mb-1 text-sm font-medium">{o.where}</p>
            <p className="!mb-0 text-sm text-[var(--muted-fg)]">{o.text}</p>
          </li>
        ))}
      </ul>
      {delivery.parcel.enabled && (
        <>
          <h2>{t("parcelFees")}</h2>
          <InfoTable
            head={[t("region"), t("fee")]}
            rows={[...parcelFees.map((r) => [r.name, formatMoney(r.amount)]), [t("otherRegions"), formatMoney(delivery.parcel.defaultFee)]]}
          />
        </>
      )}
      <h2>{t("vatTitle")}</h2>
      <p>{t("vat", { mainland: s.vatRates.mainland, zanzibar: s.vatRates.zanzibar })}</p>
      <h2>{t("holdTitle")}</h2>
      <p>{t("hold", { mobile: s.orderHold.mobileMoneyMinutes, bank: s.orderHold.bankTransferHours })}</p>
      <p>{t.rich("tracking", { tracking: (chunks) => <Link href="/tracking">{chunks}</Link> })}</p>
    </PageFrame>
  );
}
