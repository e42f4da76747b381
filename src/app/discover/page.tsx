import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { ProductTile } from "@/components/catalog/product-tile";
import { discountPercent } from "@/lib/listing";
import { categoryName } from "@/lib/locale";
import type { Product } from "@/lib/product";
import { getServices } from "@/server/services";
import { getIntl, getTranslator, languageAlternates } from "../i18n";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("discover.meta");
  return { title: t("title"), description: t("description"), alternates: languageAlternates("/discover") };
}

function Shelf({ id, title, action, note, children }: { id: string; title: string; action?: ReactNode; note?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8" data-testid={`shelf-${id}`}>
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {note && <p className="mt-1 text-sm text-[var(--muted-fg)]">{note}</p>}
      {children}
    </section>
  );
}

function Tiles({ products, eager = 0, deal = false }: { products: Product[]; eager?: number; deal?: boolean }) {
  return (
    <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {products.map((product, i) => (
        <li key={product.id} data-testid={deal ? "deal" : undefined} data-price={product.price} data-original-price={product.original_price}>
          <ProductTile product={product} eager={i < eager} />
        </li>
      ))}
    </ul>
  );
}

/** Discovery: new arrivals, best sellers, real deals and each category's favourites, server-rendered from one cached read. */
export default async function DiscoverPage() {
  const { locale } = await getIntl();
  const t = await getTranslator("discover");
  const { pageData } = await getServices();
  const { newArrivals, bestSellers, deals, byCategory } = await pageData.discovery();
  const seeAll = (href: string, label = t("seeAll")) => (
    <Link href={href} className="shrink-0 text-sm font-medium text-brand hover:underline">
      {label}
    </Link>
  );
  const deepest = deals[0] ? discountPercent(deals[0].price, deals[0].original_price) : 0;
  return (
    <div className="mx-auto max-w-7xl px-3 py-4 sm:px-4 sm:py-6">
      <h1 className="text-xl font-bold sm:text-2xl">{t("title")}</h1>
      <p className="mt-1 text-sm text-[var(--muted-fg)] sm:text-base">{t("intro")}</p>

      <Shelf id="new-arrivals" title={t("newArrivals")} action={seeAll("/products?sort=newest")}>
        <Tiles products={newArrivals} eager={2} />
      </Shelf>

      <Shelf id="best-sellers" title={t("bestSellers")} action={seeAll("/products?sort=best-selling")}>
        <Tiles products={bestSellers} />
      </Shelf>

      <Shelf
        id="deals"
        title={t("deals")}
        note={t("dealsNote")}
        action={
          deepest > 0 ? <span className="rounded-full bg-brand px-2 py-0.5 text-xs font-semibold text-white">{t("off", { percent: deepest })}</span> : undefined
        }
      >
        {deals.length ? <Tiles products={deals} deal /> : <p className="mt-3 text-sm">{t("noDeals")}</p>}
      </Shelf>

      <section aria-labelledby="by-category" className="mt-10">
        <h2 id="by-category" className="text-lg font-semibold">
          {t("byCategory")}
        </h2>
        {byCategory.map(({ category, products }) => {
          const name = categoryName(category, locale);
          return (
            <div key={category.id} className="mt-6">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <h3 className="font-semibold">{name}</h3>
                {seeAll(`/products?category=${encodeURIComponent(category.slug)}`, t("seeCategory", { category: name }))}
              </div>
              <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
                {products.map((product) => (
                  <li key={product.id}>
                    <ProductTile product={product} />
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </section>
    </div>
  );
}
