import { AvailabilityPanel, type AvailabilityFacts } from "@/components/stock-alerts/availability-panel";
import type { Product } from "@/lib/product";
import { shopDateOf } from "@/lib/shop-calendar";
import { getServices } from "@/server/services";
import { loadSiteSettings } from "../../site-settings";
import { loadSessionUser } from "../../session";

/**
 * The product page's availability line and "Notify me": what can be bought now (held units for
 * shoppers a stock alert told are not), what is on its way, and a signed-in shopper's contact to
 * fill the alert in. A product gone meanwhile shows nothing.
 */
export async function ProductAvailability({ product }: { product: Pick<Product, "id" | "product_variants"> }) {
  const { stockAlerts } = await getServices();
  const [availability, settings, user] = await Promise.all([stockAlerts.availability(product.id), loadSiteSettings(), loadSessionUser()]);
  if (!availability) return null;
  const options: AvailabilityFacts["options"] = {};
  for (const v of product.product_variants ?? [])
    options[v.id] = {
      combinationId: v.combinationId,
      inStock: availability.options[v.combinationId] ?? 0,
      label: Object.entries(v.attributes)
        .filter(([name, value]) => !name.endsWith("_raw") && value)
        .map(([, value]) => value)
        .join(", "),
    };
  const facts: AvailabilityFacts = {
    productId: product.id,
    inStock: availability.inStock,
    options,
    incoming: availability.incoming,
    today: shopDateOf(new Date(), settings.timezone),
    prefill: { phone: user?.profile.phone ?? null, email: user?.email ?? null },
  };
  return <AvailabilityPanel facts={facts} />;
}
