import Link from "next/link";
import { ProductTile } from "@/components/catalog/product-tile";
import { categoryName } from "@/lib/locale";
import { getServices } from "@/server/services";
import { getIntl, getTranslator } from "./i18n";
import { serverFormatter } from "@/components/i18n/request-intl";
import { loadSiteSettings } from "./site-settings";

export default async function HomePage() {
  const { locale } = await getIntl();
  const t = await getTranslator("catalog.home");
  const format = serverFormatter();
  const { catalog } = await getServices();
  const [settings, categories, popular] = await Promise.all([loadSiteSettings(), catalog.categories(), catalog.list({ sortBy: "sales", limit: 10 })]);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <section className="rounded-2xl bg-brand px-6 py-10 text-white">
        <h1 className="text-2xl font-bold sm:text-4xl">{settings.mainHeadline}</h1>
        <p className="mt-2 max-w-2xl text-white/90">{settings.companyTagline}</p>
        <Link href="/products" className="mt-5 inline-block rounded-lg bg-white px-5 py-2.5 font-semibold text-slate-900">
          {t("browseAll")}
        </Link>
      </section>

      <section aria-labelledby="categories-heading" className="mt-8">
        <h2 id="categories-heading" className="text-lg font-semibold">
          {t("shopByCategory")}
        </h2>
        <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
          {categories.map((category) => (
            <li key={category.id}>
              <Link
                href={`/products?category=${category.slug}`}
                className="flex h-full items-center justify-between gap-2 rounded-lg border border-[var(--border)] px-3 py-2 text-sm hover:border-brand"
              >
                <span>{categoryName(category, locale)}</span>
                <span className="text-xs text-[var(--muted-fg)]">{format.number(category.productCount)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="popular-heading" className="mt-8">
        <h2 id="popular-heading" className="text-lg font-semibold">
          {t("popular")}
        </h2>
        <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {popular.products.map((product, i) => (
            <ProductTile key={product.id} product={product} eager={i < 4} />
          ))}
        </div>
      </section>
    </div>
  );
}
