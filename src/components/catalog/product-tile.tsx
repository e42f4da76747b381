import Link from "next/link";
import { ImageOff } from "lucide-react";
import { WishlistHeart } from "../account/wishlist-heart";
import { FittedPrice } from "../ui/price";
import { serverTranslator } from "../i18n/request-intl";
import { formatMoney } from "@/lib/money";
import { productImageSrcSet } from "@/lib/product-image";
import { productPath } from "@/lib/slug";
import { shownWasPrice } from "@/lib/was-price";
import type { Product } from "@/lib/product";

/**
 * A compact product tile (the home page's popular list): a server component whose only script is
 * the wishlist heart beside the link (the image placeholder needs none). The page must have
 * resolved its language.
 */
export function ProductTile({ product, eager = false }: { product: Product; eager?: boolean }) {
  const t = serverTranslator("catalog.tile");
  const was = shownWasPrice(product.price, product.original_price);
  return (
    <div className="relative">
      <Link
        href={productPath(product)}
        prefetch={false}
        className="group block overflow-hidden rounded-xl border border-[var(--border)] bg-[var(--page-bg)] hover:shadow-md"
      >
        {/* Script-free placeholder: the icon lies under the picture. A picture that fails to load has an
          empty alt (the name is the link's text below), so the browser draws nothing and the icon shows. */}
        <span className="relative block aspect-square w-full bg-[var(--surface)]">
          <ImageOff className="absolute inset-0 m-auto h-10 w-10 text-[var(--muted-fg)]" aria-hidden />
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={product.image}
            srcSet={productImageSrcSet(product.image)}
            sizes="(min-width: 1024px) 20vw, (min-width: 640px) 30vw, 50vw"
            alt=""
            width={320}
            height={320}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className="relative h-full w-full object-cover"
          />
        </span>
        <div className="@container p-3">
          <p className="line-clamp-2 min-h-[2.5rem] text-sm font-medium group-hover:text-brand">{product.name}</p>
          {/* each price fits the tile's width; the "was" price takes a line of its own when both do not */}
          <p className="mt-1 flex flex-wrap items-baseline gap-x-2">
            <FittedPrice text={formatMoney(product.price)} className="font-semibold" data-testid="tile-price" />
            {was && <FittedPrice text={formatMoney(was.was)} className="text-[var(--muted-fg)] line-through [--price-max:0.75rem]" data-testid="was-price" />}
          </p>
          {!product.in_stock && <p className="mt-1 text-xs font-medium text-red-700 dark:text-red-400">{t("outOfStock")}</p>}
        </div>
      </Link>
      <WishlistHeart product={{ id: product.id, name: product.name }} className="absolute top-2 right-2" />
    </div>
  );
}
