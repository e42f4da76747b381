import type { Metadata } from "next";
import { ShoppingCart } from "lucide-react";
import { offeredPaymentMethods } from "@/lib/checkout";
import { regionName } from "@/lib/tanzania-regions";
import { CheckoutForm, type CheckoutLine } from "@/components/checkout/checkout-form";
import { GuestCheckout } from "@/components/checkout/guest-checkout";
import { getServices } from "@/server/services";
import { getIntl, getTranslator } from "../i18n";
import { loadSessionUser } from "../session";
import { textIn } from "@/lib/site-settings";
import { loadSiteSettings } from "../site-settings";
import { ButtonLink } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("checkout");
  return { title: t("title"), robots: { index: false } };
}

/**
 * The checkout, for a signed-in shopper and for a guest. A shopper's cart, saved addresses and
 * payment choices are read here on the server; a guest's cart is the browser's. The form shows the
 * same delivery and VAT rules at once, and the server decides when the order is placed.
 */
export default async function CheckoutPage() {
  const [user, settings, t, { locale }] = await Promise.all([loadSessionUser(), loadSiteSettings(), getTranslator("checkout"), getIntl()]);
  const heading = <h1 className="mb-4 text-xl font-bold">{t("title")}</h1>;
  const services = await getServices();
  const methods = offeredPaymentMethods(settings, services.checkout.cardAvailable);
  const courierArea = settings.delivery.courierRegions.map((code) => regionName(code, locale)).join(", ");
  const shop = {
    delivery: settings.delivery,
    cart: settings.cart,
    timezone: settings.timezone,
    vatRates: settings.vatRates,
    address: textIn(settings.address, locale),
    mobileMoneyProviders: settings.paymentSettings.mobileMoneyProviders,
    bankTransferHours: settings.orderHold.bankTransferHours,
    courierArea,
  };
  // a guest checks out with a mobile number confirmed by an SMS code (the cart is the browser's)
  if (!user)
    return (
      <div className="mx-auto max-w-6xl px-3 py-4 sm:px-4">
        {heading}
        <GuestCheckout shop={shop} methods={methods} now={new Date().toISOString()} />
      </div>
    );

  const [cart, addresses, payment] = await Promise.all([services.cart.get(user.id), services.orders.addresses(user.id), services.preferences.payment(user.id)]);
  if (cart.items.length === 0)
    return (
      <div className="mx-auto max-w-5xl px-3 py-4 sm:px-4">
        {heading}
        <div className="mx-auto max-w-md py-10 text-center">
          <ShoppingCart className="mx-auto h-12 w-12 text-[var(--muted-fg)]" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold">{t("empty.title")}</h2>
          <p className="mt-1 text-sm text-[var(--muted-fg)]">{t("empty.text")}</p>
          <ButtonLink href="/products" className="mt-4">
            {t("empty.browse")}
          </ButtonLink>
        </div>
      </div>
    );

  const lines: CheckoutLine[] = cart.items.flatMap((item) =>
    item.variants.map((v) => ({
      productId: item.productId,
      variantId: v.variantId,
      name: item.product.name,
      attributes: v.attributes,
      quantity: v.quantity,
      unitPrice: v.price,
      freeDelivery: Boolean(item.product.free_delivery),
      sameDayDelivery: Boolean(item.product.same_day_delivery),
    })),
  );
  return (
    <div className="mx-auto max-w-6xl px-3 py-4 sm:px-4">
      {heading}
      <CheckoutForm
        lines={lines}
        addresses={addresses}
        contact={{ fullName: user.profile.fullName || user.name, phone: user.profile.phone ?? "" }}
        shop={shop}
        methods={methods}
        now={new Date().toISOString()}
        savedPayment={{ method: payment.preferredMethod, wallet: payment.wallets[0]?.wallet ?? null, phone: payment.wallets[0]?.phone ?? null }}
      />
    </div>
  );
}
