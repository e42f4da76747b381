import type { Metadata } from "next";
import Link from "next/link";
import { CatalogImport } from "@/components/admin/catalog-import";
import { ListPage } from "@/components/admin/list-page";
import { adminNumberFormat, adminTimeFormat } from "@/components/admin/time-format";
import { ButtonLink } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/form";
import { categoryName } from "@/lib/locale";
import { formatMoney } from "@/lib/money";
import { ADMIN_PRODUCT_STOCK_FILTERS, type AdminProductStockFilter } from "@/server/catalog/admin/products";
import { getServices } from "@/server/services";
import { requireAdmin } from "../../admin-guard";
import { getIntl, getTranslator } from "../../i18n";
import { pagedHref } from "@/lib/paged-href";

const PAGE_SIZE = 25;
/** Page links stop where the capped count does (a narrower search reaches the rest). */
const MAX_PAGE = 40;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("admin.catalog");
  return { title: t("title"), robots: { index: false } };
}

type Search = { q?: string; category?: string; stock?: string; page?: string };

/** The admin's products: newest first, found by name, SKU or number, by category and by stock, a page at a time. */
export default async function AdminProductsPage({ searchParams }: { searchParams: Promise<Search> }) {
  await requireAdmin("/admin/products");
  const services = await getServices();
  const [query, t, { locale }, categories, settings] = await Promise.all([
    searchParams,
    getTranslator("admin.catalog"),
    getIntl(),
    services.catalog.categories(),
    services.settings.get(),
  ]);
  const q = query.q?.trim().slice(0, 100) || undefined;
  const category = categories.some((c) => c.slug === query.category) ? query.category : undefined;
  const stock = (ADMIN_PRODUCT_STOCK_FILTERS as readonly string[]).includes(query.stock ?? "") ? (query.stock as AdminProductStockFilter) : undefined;
  const page = Math.max(1, Math.min(MAX_PAGE, Number.parseInt(query.page ?? "1", 10) || 1));
  const [{ products, total, totalIsLowerBound }, imports] = await Promise.all([
    services.adminCatalog.list({ q, category, stock, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    services.catalogImport.list(),
  ]);
  const pages = Math.min(MAX_PAGE, Math.max(1, Math.ceil(total / PAGE_SIZE)));
  const when = adminTimeFormat(locale);
  const count = adminNumberFormat(locale);
  const pageHref = (n: number) => pagedHref("/admin/products", { q, category, stock }, n);

  return (
    <ListPage
      back={{ href: "/admin", label: t("toAdmin") }}
      title={t("title")}
      actions={
        <ButtonLink href="/admin/products/new" className="text-sm">
          {t("newProduct")}
        </ButtonLink>
      }
      before={<CatalogImport batches={imports} />}
      filter={{
        action: "/admin/products",
        label: t("filterLabel"),
        submitLabel: t("apply"),
        className: "grid gap-2 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end",
        children: (
          <>
            <Field id="q" label={t("search")} className="min-w-0">
              {(control) => <Input {...control} name="q" type="search" defaultValue={q ?? ""} maxLength={100} compact />}
            </Field>
            <Field id="category" label={t("category")}>
              {(control) => (
                <Select {...control} name="category" defaultValue={category ?? ""} compact>
                  <option value="">{t("allCategories")}</option>
                  {categories.map((c) => (
                    <option key={c.slug} value={c.slug}>
                      {categoryName(c, locale)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id="stock" label={t("stock")}>
              {(control) => (
                <Select {...control} name="stock" defaultValue={stock ?? ""} compact>
                  <option value="">{t("anyStock")}</option>
                  <option value="low">{t("lowStock", { threshold: settings.inventory.lowStockThreshold })}</option>
                  <option value="out">{t("outOfStock")}</option>
                </Select>
              )}
            </Field>
          </>
        ),
      }}
      count={totalIsLowerBound ? t("countMore", { count: count.format(total) }) : t("count", { count: total })}
      pager={{
        label: t("pages"),
        page,
        pages,
        href: pageHref,
        text: { previous: t("previous"), next: t("next"), position: t("pageOf", { page, pages }) },
      }}
    >
      {products.length > 0 && (
        <ul className="divide-y divide-[var(--border)] border-y border-[var(--border)] text-sm">
          {products.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2" data-testid="admin-product-row">
              <span className="min-w-0 flex-1 basis-64">
                <Link
                  href={`/admin/products/${p.id}`}
                  className="font-semibold break-words text-brand hover:underline"
                  aria-label={t("edit", { name: p.name })}
                >
                  {p.name}
                </Link>
                {p.archivedAt && (
                  <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                    {t("archive.badge")}
                  </span>
                )}
                <span className="block text-xs text-[var(--muted-fg)]">
                  {t("number", { id: p.id })} · {t("sku", { sku: p.sku })} · {t("brandCategory", { brand: p.brand, category: p.category })}
                </span>
              </span>
              <span className="w-28 text-right tabular-nums">
                <span className="sr-only">{t("price")}: </span>
                {formatMoney(p.price)}
              </span>
              <span className={`w-20 text-right tabular-nums ${p.stockQuantity === 0 ? "font-bold text-red-700 dark:text-red-400" : ""}`}>
                <span className="sr-only">{t("inStock")}: </span>
                {count.format(p.stockQuantity)}
              </span>
              <span className="hidden w-44 text-right text-xs text-[var(--muted-fg)] md:inline">
                <span className="sr-only">{t("updated")}: </span>
                {when.format(new Date(p.updatedAt))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </ListPage>
  );
}
