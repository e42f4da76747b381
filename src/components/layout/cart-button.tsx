"use client";

import Link from "next/link";
import { ShoppingCart } from "lucide-react";
import { useEffect } from "react";
import { useTranslations } from "use-intl";
import { PREFERENCE_COOKIES } from "@/lib/preferences";
import { useCart } from "../cart/cart-store";
import { writePreferenceCookie } from "../ui/preferences";
import { useHydrated } from "../hooks/use-hydrated";

/**
 * The header's cart link with a live item count (guest or server cart; other tabs too). Until the
 * browser's own cart is read it shows the count the server rendered: the signed-in cart's, or the
 * guest cart's from its cookie.
 */
export function CartButton({ initialCount = 0 }: { initialCount?: number }) {
  const { cart, signedIn, loading } = useCart();
  const hydrated = useHydrated();
  const t = useTranslations("common.cart");
  const totalItems = !hydrated || (signedIn && loading) ? initialCount : cart.totals.total_items;
  // a guest cart kept before the count had its cookie: mirror it, so the next page renders it
  const guestCount = hydrated && !signedIn ? cart.totals.total_items : null;
  useEffect(() => {
    if (guestCount !== null && guestCount !== initialCount) writePreferenceCookie(PREFERENCE_COOKIES.guestCartCount, String(guestCount));
  }, [guestCount, initialCount]);
  return (
    // fetched ahead on hover or touch only (RoutePrefetcher): not by every page that shows the header
    <Link
      href="/cart"
      prefetch={false}
      className="relative flex h-10 w-10 items-center justify-center rounded-lg hover:bg-[var(--surface)]"
      aria-label={t("link", { count: totalItems })}
    >
      <ShoppingCart className="h-5 w-5" aria-hidden />
      {totalItems > 0 && (
        <span
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-bold text-white"
          data-testid="cart-count"
        >
          {totalItems > 99 ? "99+" : totalItems}
        </span>
      )}
    </Link>
  );
}
