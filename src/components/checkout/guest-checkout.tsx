"use client";

import { useMemo, useSyncExternalStore } from "react";
import Link from "next/link";
import { ShoppingCart } from "lucide-react";
import { useTranslations } from "use-intl";
import type { PaymentMethod } from "@/lib/checkout";
import { useGuestCart } from "../cart/use-guest-cart";
import { openAuthDialog } from "../auth/auth-dialog-state";
import { Button, ButtonLink } from "../ui/button";
import { CheckoutForm } from "./checkout-form";
import { checkoutLinesOf, type CheckoutShop } from "./checkout-types";

const subscribeNothing = () => () => undefined;

/**
 * /checkout for a guest: the cart is the browser's (read once the page runs there), the order is
 * placed with the mobile number confirmed by an SMS code, and signing in stays one press away.
 */
export function GuestCheckout({ shop, methods, now }: { shop: CheckoutShop; methods: PaymentMethod[]; now: string }) {
  const t = useTranslations("checkout");
  // the cart lives in this browser's storage: nothing to show until the page runs here
  const mounted = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  const cart = useGuestCart();
  const lines = useMemo(() => checkoutLinesOf(cart), [cart]);

  if (!mounted) return <div className="h-64 animate-pulse rounded-xl bg-[var(--muted)] motion-reduce:animate-none" aria-hidden />;
  if (lines.length === 0) return <EmptyCheckout />;
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-[var(--border)] p-3 text-sm" data-testid="guest-checkout">
        <p>
          <span className="font-semibold">{t("guest.asGuest")}</span> <span className="text-[var(--muted-fg)]">{t("guest.asGuestText")}</span>
        </p>
        <span className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" data-opens="auth" onClick={() => openAuthDialog("login", "/checkout")}>
            {t("guest.signIn")}
          </Button>
          <Button size="sm" variant="secondary" data-opens="auth" onClick={() => openAuthDialog("register", "/checkout")}>
            {t("guest.register")}
          </Button>
          <Link href="/cart" className="self-center text-brand hover:underline">
            {t("guest.backToCart")}
          </Link>
        </span>
      </div>
      <CheckoutForm lines={lines} addresses={[]} contact={{ fullName: "", phone: "" }} shop={shop} methods={methods} now={now} guest />
    </>
  );
}

/** The checkout of an empty cart: nothing to pay for, and the way back to the products. */
export function EmptyCheckout() {
  const t = useTranslations("checkout");
  return (
    <div className="mx-auto max-w-md py-10 text-center">
      <ShoppingCart className="mx-auto h-12 w-12 text-[var(--muted-fg)]" aria-hidden />
      <h2 className="mt-3 text-lg font-semibold">{t("empty.title")}</h2>
      <p className="mt-1 text-sm text-[var(--muted-fg)]">{t("empty.text")}</p>
      <ButtonLink href="/products" className="mt-4">
        {t("empty.browse")}
      </ButtonLink>
    </div>
  );
}
