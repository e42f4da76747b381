import type { Product } from "@/lib/product";
import { serverTranslator } from "../i18n/request-intl";
import { ProductTile } from "./product-tile";

/**
 * "Alternatives in stock": products of the same category whose key specifications match, cheapest
 * first. A row that scrolls sideways on a phone, a grid from tablets up.
 */
export function AlternativesStrip({ products }: { products: Product[] }) {
  if (products.length === 0) return null;
  const t = serverTranslator("catalog.alternatives");
  return (
    <section aria-labelledby="alternatives-heading" className="mt-10" data-testid="alternatives">
      <h2 id="alternatives-heading" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      <p className="text-sm text-[var(--muted-fg)]">{t("hint")}</p>
      <ul className="-mx-3 mt-3 flex snap-x gap-3 overflow-x-auto px-3 pb-2 sm:mx-0 sm:grid sm:grid-cols-3 sm:overflow-visible sm:px-0 lg:grid-cols-6">
        {products.map((p) => (
          <li key={p.id} className="w-40 shrink-0 snap-start sm:w-auto">
            <ProductTile product={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}
