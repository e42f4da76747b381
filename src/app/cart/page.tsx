import type { Metadata } from "next";
import { CartView } from "@/components/cart/cart-view";
import { loadSiteSettings } from "../site-settings";

export const metadata: Metadata = { title: "Your cart", robots: { index: false } };

export default async function CartPage() {
  const settings = await loadSiteSettings();
  return (
    <div className="mx-auto max-w-5xl px-3 py-4 sm:px-4">
      <h1 className="mb-4 text-xl font-bold">Your cart</h1>
      <CartView shipping={settings.cart.shippingCost} />
    </div>
  );
}
