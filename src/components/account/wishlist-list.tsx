"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { api } from "@/lib/api-client";
import { formatMoney } from "@/lib/money";
import { shownWasPrice } from "@/lib/was-price";
import type { Product } from "@/lib/product";
import { productImageSrcSet } from "@/lib/product-image";
import { productPath } from "@/lib/slug";
import { DATE_FORMATS } from "@/lib/date-format";
import { addProductToCart } from "../cart/add-to-cart";
import { TOAST_MS, toast } from "../ui/toaster";
import { useCurrency } from "../hooks/use-currency";
import { forgetWishlisted } from "./wishlist-store";
import { Button } from "../ui/button";

/** The wishlist's rows: each product with its price and stock now, add to cart, and remove. */
export function WishlistList({ items }: { items: { product: Product; addedAt: string }[] }) {
  const t = useTranslations("wishlist.page");
  const format = useFormatter();
  const router = useRouter();
  const [currency] = useCurrency();
  const [gone, setGone] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState<number | null>(null);
  const shown = items.filter((i) => !gone.has(i.product.id));

  async function remove(product: Product) {
    setBusy(product.id);
    try {
      await api.wishlist.remove(product.id);
      setGone((g) => new Set(g).add(product.id));
      forgetWishlisted(product.id);
      router.refresh();
    } catch {
      toast({
        title: (tr) => tr("wishlist.heart.failedTitle"),
        description: (tr) => tr("wishlist.heart.failed"),
        variant: "destructive",
        duration: TOAST_MS.error,
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <p className="mb-2 text-sm" role="status">
        {t("count", { count: shown.length })}
      </p>
      <ul className="divide-y divide-[var(--border)] rounded-xl border border-[var(--border)]" aria-label={t("label")}>
        {shown.map(({ product, addedAt }) => (
          <li key={product.id} className="flex gap-3 p-3" data-testid="wishlist-row">
            <Link href={productPath(product)} className="shrink-0" tabIndex={-1} aria-hidden>
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img
                src={product.image}
                srcSet={productImageSrcSet(product.image)}
                sizes="80px"
                alt=""
                width={80}
                height={80}
                loading="lazy"
                className="h-20 w-20 rounded-lg border border-[var(--border)] bg-[var(--surface)] object-cover"
              />
            </Link>
            <div className="min-w-0 flex-1">
              <h2 className="line-clamp-2 text-sm font-medium">
                <Link href={productPath(product)} className="hover:text-brand">
                  {product.name}
                </Link>
              </h2>
              <p className="mt-0.5 flex flex-wrap items-baseline gap-x-2">
                <span className="font-semibold">{formatMoney(product.price, currency)}</span>
                {shownWasPrice(product.price, product.original_price) && (
                  <span className="text-xs text-[var(--muted-fg)] line-through">{t("wasPrice", { price: formatMoney(product.original_price, currency) })}</span>
                )}
              </p>
              <p className={product.in_stock ? "text-xs text-emerald-800 dark:text-emerald-300" : "text-xs font-medium text-red-700 dark:text-red-400"}>
                {product.in_stock ? t("inStock", { count: product.stock_quantity }) : t("outOfStock")}
              </p>
              <p className="text-xs text-[var(--muted-fg)]">{t("addedOn", { date: format.dateTime(new Date(addedAt), DATE_FORMATS.date) })}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Button
                  size="sm"
                  className="text-sm"
                  disabled={!product.in_stock || busy === product.id}
                  onClick={() => void addProductToCart(product, null, 1)}
                >
                  {product.in_stock ? t("addToCart") : t("soldOut")}
                </Button>
                <button
                  type="button"
                  disabled={busy === product.id}
                  onClick={() => void remove(product)}
                  aria-label={t("removeLabel", { name: product.name })}
                  className="h-9 rounded-md border border-[var(--border)] px-3 text-sm font-semibold disabled:opacity-50"
                >
                  {t("remove")}
                </button>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
