import type { Metadata } from "next";
import { offeredPaymentMethods } from "@/lib/checkout";
import { regionName } from "@/lib/tanzania-regions";
import { CheckoutForm } from "@/components/checkout/checkout-form";
import { checkoutLinesOf } from "@/components/checkout/checkout-types";
import { EmptyCheckout, GuestCheckout } from "@/components/checkout/guest-checkout";
import { getServices } from "@/server/services";
import { getIntl, getTranslator } from "../i18n";
import { loadSessionUser } from "../session";
import { textIn } from "@/lib/site-settings";
import { loadSiteSettings } from "../site-settings";

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
    payOnDelivery: settings.payOnDelivery,
    backOrders: { balanceDays: settings.backOrders.balanceDays },
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
        <EmptyCheckout />
      </div>
    );

  const lines = checkoutLinesOf(cart);
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
