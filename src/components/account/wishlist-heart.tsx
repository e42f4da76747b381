"use client";

import { Heart } from "lucide-react";
import { useTranslations } from "use-intl";
import { cx } from "../ui/cx";
import { toggleWishlist, useWishlisted } from "./wishlist-store";

/**
 * The heart on product cards, tiles and the product page: pressed when the product is on the
 * signed-in shopper's wishlist. A guest's press opens the sign-in dialog (see toggleWishlist).
 */
export function WishlistHeart({ product, className }: { product: { id: number; name: string }; className?: string }) {
  const t = useTranslations("wishlist.heart");
  const on = useWishlisted(product.id);
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={on ? t("remove", { name: product.name }) : t("add", { name: product.name })}
      title={on ? t("remove", { name: product.name }) : t("add", { name: product.name })}
      onClick={() => void toggleWishlist(product)}
      data-testid="wishlist-heart"
      className={cx(
        "flex h-9 w-9 items-center justify-center rounded-full border border-[var(--border)] bg-[var(--page-bg)]/90 shadow-sm hover:text-red-600 focus-visible:outline-2 focus-visible:outline-[var(--brand)]",
        on ? "text-red-600" : "text-[var(--muted-fg)]",
        className,
      )}
    >
      <Heart className="h-5 w-5" fill={on ? "currentColor" : "none"} aria-hidden />
    </button>
  );
}
