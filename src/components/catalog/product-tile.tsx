import Link from "next/link";
import { WishlistHeart } from "../account/wishlist-heart";
import { serverTranslator } from "../i18n/request-intl";
import { formatMoney } from "@/lib/money";
import { productImageSrcSet } from "@/lib/product-image";
import { productPath } from "@/lib/slug";
import type { Product } from "@/lib/product";

/**
 * A compact product tile (the home page's popular list): a server component, whose only script is
 * the wishlist heart beside the link. The page must have resolved its language.
 */
export function ProductTile({ product, eager = false }: { product: Product; eager?: boolean }) {
  const t = serverTranslator("catalog.tile");
  const discount = product.original_price > product.price;
  return (
    <div className="relative">
      <Link href={productPath(product)} className="group block overflow-hidden rounded-xl border border-[var(--border)] bg-[var(--page-bg)] hover:shadow-md">
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img
          src={product.image}
          srcSet={productImageSrcSet(product.image)}
          sizes="(min-width: 1024px) 20vw, (min-width: 640px) 30vw, 50vw"
          alt={product.name}
          width={320}
          height={320}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="aspect-square w-full bg-[var(--surface)] object-cover"
        />
        <div className="p-3">
          <p className="line-clamp-2 min-h-[2.5rem] text-sm font-medium group-hover:text-brand">{product.name}</p>
          <p className="mt-1 font-semibold">
            {formatMoney(product.price)}
            {discount && <span className="ml-2 text-xs font-normal text-[var(--muted-fg)] line-through">{formatMoney(product.original_price)}</span>}
          </p>
          {!product.in_stock && <p className="mt-1 text-xs font-medium text-red-700 dark:text-red-400">{t("outOfStock")}</p>}
        </div>
      </Link>
      <WishlistHeart product={{ id: product.id, name: product.name }} className="absolute top-2 right-2" />
    </div>
  );
}
