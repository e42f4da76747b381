import type { Metadata } from "next";
import Link from "next/link";
import { StaffOrderForm } from "@/components/admin/staff-order-form";
import { requireAdmin } from "../../../admin-guard";
import { getTranslator } from "../../../i18n";
import { loadSiteSettings } from "../../../site-settings";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("admin.staffOrders");
  return { title: t("title"), robots: { index: false } };
}

/** The staff order screen: an order taken for a customer on the phone or at the counter. */
export default async function NewStaffOrderPage() {
  await requireAdmin("/admin/orders/new");
  const [t, settings] = await Promise.all([getTranslator("admin.staffOrders"), loadSiteSettings()]);
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-6">
      <p className="text-sm">
        <Link href="/admin/orders" className="text-brand hover:underline">
          {t("backToOrders")}
        </Link>
      </p>
      <div>
        <h1 className="text-xl font-bold">{t("title")}</h1>
        <p className="text-sm text-[var(--muted-fg)]">{t("intro")}</p>
      </div>
      {/* a client island under the admin layout, which carries the admin's texts */}
      <StaffOrderForm wallets={[...settings.paymentSettings.mobileMoneyProviders]} payOnDelivery={settings.payOnDelivery} />
    </div>
  );
}
