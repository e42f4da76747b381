"use client";

import Link from "next/link";
import { ImageOff } from "lucide-react";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { cardBadge, type CardBadge } from "@/lib/listing";
import { formatMoney } from "@/lib/money";
import type { Product } from "@/lib/product";
import { productImageSrcSet } from "@/lib/product-image";
import { productPath } from "@/lib/slug";
import { shownWasPrice } from "@/lib/was-price";
import { WishlistHeart } from "../account/wishlist-heart";
import { addProductToCart } from "../cart/add-to-cart";
import { LinkPending } from "../ui/link-pending";
import { useCurrency } from "../ui/use-currency";
import { Stars } from "./stars";

export function ProductCard({ product, returnTo, eager = false }: { product: Product; returnTo: string; eager?: boolean }) {
  const t = useTranslations("catalog.card");
  const [currency] = useCurrency();
  const [imageFailed, setImageFailed] = useState(false);
  const [adding, setAdding] = useState(false);
  const href = `${productPath(product)}?returnTo=${encodeURIComponent(returnTo)}`;
  const badge = badgeText(cardBadge(product), t);
  const was = shownWasPrice(product.price, product.original_price);

  return (
    <article
      className="group relative flex flex-col overflow-hidden rounded-[var(--card-radius,12px)] border border-[var(--border)] bg-[var(--page-bg)]"
      data-testid="product-card"
    >
      {/* not prefetched as it scrolls by: on hover, touch or focus only (RoutePrefetcher, src/lib/prefetch-budget.ts) */}
      <Link href={href} prefetch={false} className="relative block aspect-square bg-[var(--surface)]" tabIndex={-1} aria-hidden>
        {imageFailed ? (
          <span className="flex h-full w-full items-center justify-center text-[var(--muted-fg)]">
            <ImageOff className="h-10 w-10" aria-hidden />
          </span>
        ) : (
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={product.image}
            srcSet={productImageSrcSet(product.image)}
            sizes="(min-width: 1280px) 18vw, (min-width: 768px) 24vw, 33vw"
            alt=""
            width={320}
            height={320}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            onError={() => setImageFailed(true)}
            // a server-rendered image can fail before React listens for its error event: look once attached
            ref={(img) => {
              if (img?.complete && img.naturalWidth === 0) setImageFailed(true);
            }}
            className="h-full w-full object-cover"
          />
        )}
        {badge && <span className="absolute top-2 right-2 rounded-full bg-brand px-2 py-0.5 text-[11px] font-semibold text-white">{badge}</span>}
        <LinkPending overlay />
      </Link>
      {/* beside the image link, not inside it: a button may not sit in a link */}
      <WishlistHeart product={product} className="absolute top-2 left-2" />
      <div className="flex flex-1 flex-col gap-1 p-2 sm:p-3">
        <h3 className="line-clamp-2 min-h-[2.5em] text-xs font-medium sm:text-sm">
          <Link href={href} prefetch={false} className="hover:text-brand">
            {product.name}
            <LinkPending />
          </Link>
        </h3>
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-sm font-semibold sm:text-base" data-testid="price" data-price={product.price}>
            {formatMoney(product.price, currency)}
          </span>
          {was && (
            <span className="text-xs text-[var(--muted-fg)] line-through">
              <span className="sr-only">{t("wasPrice", { price: formatMoney(was.was, currency) })}</span>
              <span aria-hidden>{formatMoney(was.was, currency)}</span>
            </span>
          )}
        </p>
        <Stars rating={product.rating} reviews={product.reviews} />
        <div className="flex flex-wrap gap-1 text-[10px] font-medium">
          {product.free_delivery && <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-emerald-900">{t("freeDelivery")}</span>}
          {product.same_day_delivery && <span className="rounded bg-sky-100 px-1.5 py-0.5 text-sky-900">{t("sameDay")}</span>}
          {!product.in_stock && <span className="rounded bg-red-100 px-1.5 py-0.5 text-red-900">{t("outOfStock")}</span>}
        </div>
        <button
          type="button"
          data-testid="add-to-cart"
          disabled={adding || !product.in_stock}
          onClick={async () => {
            setAdding(true);
            await addProductToCart(product, null, 1);
            setAdding(false);
          }}
          className="mt-auto flex h-9 items-center justify-center gap-1 rounded-md bg-brand px-1 text-[11px] font-semibold whitespace-nowrap text-white disabled:opacity-50 sm:px-2 sm:text-sm"
        >
          {/* the visible words start the accessible name (WCAG 2.5.3); the product tells cards apart */}
          <span>{product.in_stock ? t("addToCart") : t("soldOut")}</span>
          <span className="sr-only">: {product.name}</span>
        </button>
      </div>
    </article>
  );
}

function badgeText(badge: CardBadge | null, t: ReturnType<typeof useTranslations<"catalog.card">>): string | null {
  if (!badge) return null;
  return badge.kind === "off" ? t("badge.off", { percent: badge.percent }) : t(`badge.${badge.kind}`);
}

export function ProductCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-[var(--card-radius,12px)] border border-[var(--border)]" aria-hidden>
      <div className="aspect-square animate-pulse bg-[var(--surface)]" />
      <div className="space-y-2 p-3">
        <div className="h-4 animate-pulse rounded bg-[var(--surface)]" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-[var(--surface)]" />
        <div className="h-9 animate-pulse rounded bg-[var(--surface)]" />
      </div>
    </div>
  );
}
