import Link from "next/link";
import { InfoTable, PageFrame } from "@/components/pages/page-frame";
import { formatMoney } from "@/lib/money";
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
  const rows: React.ReactNode[][] = [
    [
      t("courierTitle"),
      t("courierWhere", { area }),
      <>
        <strong>{fee(s.cart.shippingCost)}</strong>
        <span className="block text-[var(--muted-fg)]">{t("courierText")}</span>
      </>,
    ],
    [
      t("sameDayTitle"),
      t("courierWhere", { area }),
      delivery.sameDay.enabled ? (
        <>
          <strong>{fee(delivery.sameDay.fee)}</strong>
          <span className="block text-[var(--muted-fg)]">{t("sameDayText", { time: delivery.sameDay.cutoff })}</span>
        </>
      ) : (
        off
      ),
    ],
    [
      t("parcelTitle"),
      t("parcelWhere"),
      delivery.parcel.enabled ? <span className="text-[var(--muted-fg)]">{t("parcelText", { place: delivery.parcel.departure })}</span> : off,
    ],
    [
      t("pickupTitle"),
      t("pickupWhere", { address: s.address }),
      delivery.pickup.enabled ? (
        <>
          <strong>{t("free")}</strong>
          <span className="block text-[var(--muted-fg)]">{t("pickupText")}</span>
        </>
      ) : (
        off
      ),
    ],
  ];
  const parcelFees = Object.entries(delivery.parcel.fees)
    .map(([code, amount]) => ({ name: regionName(code, locale), amount }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  return (
    <PageFrame title={t("title")} lead={t("intro")}>
      <InfoTable head={[t("method"), t("where"), t("fee")]} rows={rows} />
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
