import type { Metadata } from "next";
import { CartView } from "@/components/cart/cart-view";
import { CartDeliveryEstimate } from "@/components/delivery/delivery-estimate";
import { siteUrl } from "@/server/config";
import { getServices } from "@/server/services";
import { getTranslator } from "../i18n";
import { loadSessionUser } from "../session";
import { loadSiteSettings } from "../site-settings";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("meta.cart");
  return { title: t("title"), robots: { index: false } };
}

export default async function CartPage() {
  const [settings, t, user] = await Promise.all([loadSiteSettings(), getTranslator("cart"), loadSessionUser()]);
  // the signed-in cart is rendered as the server has it; a guest's is in the browser
  const initialCart = user ? await (await getServices()).cart.get(user.id).catch(() => null) : null;
  return (
    <div className="mx-auto max-w-5xl px-3 py-4 sm:px-4">
      <h1 className="mb-4 text-xl font-bold">{t("title")}</h1>
      <CartDeliveryEstimate courierRegions={settings.delivery.courierRegions} />
      <CartView
        shipping={settings.cart.shippingCost}
        initialCart={initialCart}
        whatsapp={settings.whatsappNumber ? { shopNumber: settings.whatsappNumber, siteOrigin: siteUrl().origin } : undefined}
      />
    </div>
  );
}
