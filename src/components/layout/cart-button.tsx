"use client";

import Link from "next/link";
import { ShoppingCart } from "lucide-react";
import { useTranslations } from "use-intl";
import { useCart } from "../cart/cart-store";

/** The header's cart link with a live item count (guest or server cart; other tabs too). */
export function CartButton({ initialCount = 0 }: { initialCount?: number }) {
  const { cart, signedIn, loading } = useCart();
  const t = useTranslations("common.cart");
  const totalItems = signedIn && loading ? initialCount : cart.totals.total_items;
  return (
    <Link
      href="/cart"
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
