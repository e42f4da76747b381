import Link from "next/link";
import { EqualNot, ImageOff } from "lucide-react";
import type { CompareResponse } from "@/lib/contract/compare";
import { categoryName } from "@/lib/locale";
import { formatMoney } from "@/lib/money";
import { productImageSrcSet } from "@/lib/product-image";
import { productPath } from "@/lib/slug";
import { serverLocale, serverTranslator } from "../i18n/request-intl";
import { RemoveFromComparison } from "./remove-from-comparison";

/**
 * Products side by side: a table whose first column (the row names) stays in place while the
 * products scroll sideways on a phone. A row whose values differ says so in words and a mark
 * beside its name, and is shaded (the colour is not the only sign).
 */
export function CompareTable({
  comparison,
  categories,
}: {
  comparison: CompareResponse;
  categories: { slug: string; name: string; nameSw?: string | null }[];
}) {
  const t = serverTranslator("catalog.comparePage");
  const locale = serverLocale();
  const { products, rows } = comparison;
  const ids = products.map((p) => p.id);
  const rowHead = "sticky left-0 z-10 w-28 min-w-28 border-r border-[var(--border)] bg-[var(--page-bg)] p-2 text-left align-top sm:w-44 sm:min-w-44";
  const cell = "min-w-36 p-2 align-top sm:min-w-44";
  const category = (slug: string, stored: string) => {
    const found = categories.find((c) => c.slug === slug);
    return found ? categoryName(found, locale) : stored;
  };
  const fixed = [
    { key: "price", label: t("price"), values: products.map((p) => formatMoney(p.price)) },
    { key: "stock", label: t("stock"), values: products.map((p) => (p.in_stock ? t("inStock") : t("outOfStock"))) },
    { key: "brand", label: t("brand"), values: products.map((p) => p.brand) },
    { key: "category", label: t("category"), values: products.map((p) => category(p.category_slug, p.category)) },
  ].map((row) => ({ ...row, differs: products.length > 1 && new Set(row.values).size > 1 }));
  const all = [...fixed, ...rows];

  return (
    <div
      role="region"
      aria-labelledby="compare-caption"
      tabIndex={0}
      className="-mx-3 mt-4 overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand sm:mx-0"
    >
      <table className="w-full border-collapse text-sm" data-testid="compare-table">
        <caption id="compare-caption" className="sr-only">
          {t("caption")}
        </caption>
        <thead>
          <tr className="border-b border-[var(--border)]">
            <th scope="col" className={rowHead}>
              <span className="sr-only">{t("product")}</span>
            </th>
            {products.map((p) => (
              <th key={p.id} scope="col" className={`${cell} text-left font-normal`} data-testid="compare-product">
                <Link href={productPath(p)} prefetch={false} className="group block">
                  <span className="relative block aspect-square w-24 overflow-hidden rounded-lg border border-[var(--border)] bg-[var(--surface)] sm:w-32">
                    <ImageOff className="absolute inset-0 m-auto h-8 w-8 text-[var(--muted-fg)]" aria-hidden />
                    {/* eslint-disable-next-line @next/next/no-img-element */}
                    <img
                      src={p.image}
                      srcSet={productImageSrcSet(p.image)}
                      sizes="128px"
                      alt=""
                      width={128}
                      height={128}
                      className="relative h-full w-full object-cover"
                    />
                  </span>
                  <span className="mt-2 line-clamp-3 block font-semibold group-hover:text-brand">{p.name}</span>
                </Link>
                <RemoveFromComparison id={p.id} name={p.name} remaining={ids.filter((id) => id !== p.id)} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {all.map((row) => (
            <tr
              key={row.key}
              className={row.differs ? "border-b border-[var(--border)] bg-amber-50 dark:bg-amber-950/40" : "border-b border-[var(--border)]"}
              data-row={row.key}
              data-differs={row.differs ? "true" : "false"}
            >
              <th scope="row" className={`${rowHead} font-normal ${row.differs ? "bg-amber-50 dark:bg-amber-950" : ""}`}>
                <span className="block text-[var(--muted-fg)]">{row.label}</span>
                {row.differs && (
                  <span className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-amber-900 dark:text-amber-200" data-testid="differs">
                    <EqualNot className="h-3.5 w-3.5" aria-hidden />
                    {t("differs")}
                  </span>
                )}
              </th>
              {row.values.map((value, i) => (
                <td key={ids[i]} className={`${cell} ${row.differs ? "font-semibold" : ""}`}>
                  {value ?? <span className="text-[var(--muted-fg)]">{t("notGiven")}</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
