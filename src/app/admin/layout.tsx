import { IntlExtra } from "@/components/i18n/intl-root";
import { CATALOGUES } from "@/messages";
import { getIntl } from "../i18n";
import { loadSessionUser } from "../session";

/**
 * The admin area's texts for its client components (forms), sent with admin pages to admins only:
 * the root keeps them (`admin`, and the admin groups of `rewards`, `messages` and `orders`, and pay on delivery's `delivery`) out of
 * the catalogue every shopper's page carries. Anyone
 * else gets the page alone, whose own guard sends them away.
 */
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const [{ locale }, user] = await Promise.all([getIntl(), loadSessionUser()]);
  if (user?.role !== "admin") return children;
  return (
    <IntlExtra
      locale={locale}
      messages={{
        admin: CATALOGUES[locale].admin,
        rewards: CATALOGUES[locale].rewards,
        messages: CATALOGUES[locale].messages,
        orders: CATALOGUES[locale].orders,
        delivery: CATALOGUES[locale].delivery,
      }}
    >
      {children}
    </IntlExtra>
  );
}
