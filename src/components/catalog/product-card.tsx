"use client";

import Link from "next/link";
import { ImageOff } from "lucide-react";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { cardBadge, type CardBadge, type PopularRule } from "@/lib/listing";
import { formatMoney } from "@/lib/money";
import type { Product } from "@/lib/product";
import { productImageSrcSet } from "@/lib/product-image";
import { productPath } from "@/lib/slug";
import { shownWasPrice } from "@/lib/was-price";
import { WishlistHeart } from "../account/wishlist-heart";
import { addProductToCart } from "../cart/add-to-cart";
import { LinkPending } from "../ui/link-pending";
import { FittedPrice } from "../ui/price";
import { useCurrency } from "../hooks/use-currency";
import { Stars } from "./stars";

export function ProductCard({
  product,
  returnTo,
  eager = false,
  popular = null,
}: {
  product: Product;
  returnTo: string;
  eager?: boolean;
  /** the "Popular" badge's rule with the catalogue's threshold, from the server (null: no product is called popular) */
  popular?: PopularRule | null;
}) {
  const t = useTranslations("catalog.card");
  const [currency] = useCurrency();
  const [imageFailed, setImageFailed] = useState(false);
  const [adding, setAdding] = useState(false);
  const href = `${productPath(product)}?returnTo=${encodeURIComponent(returnTo)}`;
  const badge = badgeText(cardBadge(product, popular), t);
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
        <LinkPending overlay />
      </Link>
      {/* The heart sits beside the image link, not inside it (a button may not sit in a link). It and
        the badge share one row over the picture's top: a badge too long for the room beside the
        heart (a long Kiswahili label on a phone's narrow card) wraps onto a line of its own below
        it, never under it. The row lets taps through to the picture except on the heart. */}
      <div className="pointer-events-none absolute inset-x-2 top-2 flex flex-wrap items-start gap-1">
        <WishlistHeart product={product} className="pointer-events-auto shrink-0" />
        {badge && (
          <span
            className="ml-auto max-w-full rounded-full bg-brand px-1.5 py-0.5 text-right text-[10px] leading-tight font-semibold break-words text-white sm:px-2 sm:text-[11px]"
            data-testid="card-badge"
            aria-hidden
          >
            {badge}
          </span>
        )}
      </div>
      <div className="@container flex flex-1 flex-col gap-1 p-2 sm:p-3">
        <h3 className="line-clamp-2 min-h-[2.5em] text-xs font-medium sm:text-sm">
          <Link href={href} prefetch={false} className="hover:text-brand">
            {product.name}
            <LinkPending />
          </Link>
        </h3>
        {/* the price and the "was" price each fit the card's width (the "was" price takes a line of its own when both do not) */}
        <p className="flex flex-wrap items-baseline gap-x-2">
          <FittedPrice
            text={formatMoney(product.price, currency)}
            className="font-semibold [--price-max:0.875rem] sm:[--price-max:1rem]"
            data-testid="price"
            data-price={product.price}
          />
          {was && (
            <span className="max-w-full text-[var(--muted-fg)]">
              <span className="sr-only">{t("wasPrice", { price: formatMoney(was.was, currency) })}</span>
              <FittedPrice text={formatMoney(was.was, currency)} className="line-through [--price-max:0.75rem]" data-testid="was-price" aria-hidden />
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
