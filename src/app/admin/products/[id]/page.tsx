import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ProductChangeForm } from "@/components/admin/product-change-form";
import { DatasheetEditor } from "@/components/admin/datasheet-editor";
import { ProductArchiveForm } from "@/components/admin/product-archive";
import { ProductBackOrdersForm } from "@/components/admin/product-back-orders";
import { ProductDetailsForm } from "@/components/admin/product-details-form";
import { ProductIncomingForm } from "@/components/admin/product-incoming";
import { ProductWarrantyForm } from "@/components/admin/product-warranty";
import { VariantEditor } from "@/components/admin/variant-editor";
import { PriceBreaksForm } from "@/components/admin/price-breaks-form";
import { optionText } from "@/lib/variants";
import { categoryName } from "@/lib/locale";
import { adminNumberFormat, adminTimeFormat } from "@/components/admin/time-format";
import { formatMoney } from "@/lib/money";
import { wasPriceInForce } from "@/lib/was-price";
import { productPath } from "@/lib/slug";
import { getServices } from "@/server/services";
import { requireAdmin } from "../../../admin-guard";
import { getIntl, getTranslator } from "../../../i18n";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("admin.catalog");
  return { title: t("title"), robots: { index: false } };
}

const MONEY_FIELDS = new Set(["price", "originalPrice"]);

/** One product for the admin: what the shop shows, the price and stock form, and every change made (the audit trail). */
export default async function AdminProductPage({ params }: { params: Promise<{ id: string }> }) {
  const { id: raw } = await params;
  await requireAdmin(`/admin/products/${encodeURIComponent(raw)}`);
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const services = await getServices();
  const [found, t, { locale }, categories, brands, attributes, datasheet] = await Promise.all([
    id ? services.adminCatalog.get(id) : null,
    getTranslator("admin.catalog"),
    getIntl(),
    services.catalog.categories(),
    services.taxonomy.brands(),
    services.specAdmin.byCategory(),
    id ? services.datasheets.of(id).catch(() => null) : null,
  ]);
  if (!found) notFound();
  const pricing = await services.productPricing.get(found.product.id).catch(() => null);
  const { product, details, options, history, pastPrices } = found;
  const when = adminTimeFormat(locale);
  const count = adminNumberFormat(locale);
  // a "was" price of 0 in the history is none
  const value = (field: string, n: number) =>
    field === "originalPrice" && n === 0
      ? t("noWasPrice")
      : MONEY_FIELDS.has(field)
        ? formatMoney(n)
        : // incoming stock's date is kept as YYYYMMDD, none as 0 (src/server/stock-alerts/incoming.ts)
          field === "incomingDate"
          ? n === 0
            ? t("noDate")
            : `${String(n).slice(0, 4)}-${String(n).slice(4, 6)}-${String(n).slice(6, 8)}`
          : count.format(n);
  const was = wasPriceInForce(product.price, product.originalPrice);

  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <p className="text-sm">
        <Link href="/admin/products" className="text-brand hover:underline">
          {t("toList")}
        </Link>
      </p>
      <h1 className="text-xl font-bold break-words">{product.name}</h1>
      <p className="text-sm text-[var(--muted-fg)]">
        {t("number", { id: product.id })} · {t("sku", { sku: product.sku })} · {t("brandCategory", { brand: product.brand, category: product.category })} ·{" "}
        {t("sold", { count: product.salesCount })}
      </p>
      {product.archivedAt ? (
        <p
          className="mt-2 rounded-lg bg-amber-100 px-3 py-2 text-sm font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200"
          data-testid="archived-note"
        >
          {t("archive.since", { at: when.format(new Date(product.archivedAt)) })}
        </p>
      ) : (
        <p className="mt-1 text-sm">
          <Link href={productPath(product)} className="font-semibold text-brand hover:underline">
            {t("view")}
          </Link>
        </p>
      )}

      <dl className="mt-4 grid grid-cols-2 gap-3 rounded-xl border border-[var(--border)] p-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-[var(--muted-fg)]">{t("price")}</dt>
          <dd className="text-lg font-bold tabular-nums" data-testid="admin-product-price">
            {formatMoney(product.price)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-[var(--muted-fg)]">{t("field.originalPrice")}</dt>
          <dd className="text-lg font-bold tabular-nums" data-testid="admin-product-was-price">
            {was ? formatMoney(was) : t("noWasPrice")}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-[var(--muted-fg)]">{t("inStock")}</dt>
          <dd className="text-lg font-bold tabular-nums" data-testid="admin-product-stock">
            {count.format(product.stockQuantity)}
          </dd>
        </div>
      </dl>

      <div className="mt-4 rounded-xl border border-[var(--border)] p-4">
        <ProductChangeForm
          key={product.updatedAt}
          productId={product.id}
          current={{ price: product.price, originalPrice: was, stockQuantity: product.stockQuantity }}
          pastPrices={pastPrices}
          hasOptions={options.variants.length > 0}
        />
      </div>

      <div className="mt-4 rounded-xl border border-[var(--border)] p-4">
        <ProductDetailsForm
          productId={product.id}
          initial={details}
          categories={categories.map((c) => ({ id: c.id, slug: c.slug, name: categoryName(c, locale) }))}
          brands={brands.map((b) => b.name)}
          attributes={[...attributes.values()].flat()}
        />
      </div>

      <div className="mt-4 rounded-xl border border-[var(--border)] p-4">
        <VariantEditor productId={product.id} productSku={product.sku} productPrice={product.price} config={options.config} variants={options.variants} />
      </div>

      {pricing && (
        <div className="mt-4 rounded-xl border border-[var(--border)] p-4">
          <PriceBreaksForm
            key={product.updatedAt}
            productId={product.id}
            productPrice={product.price}
            options={options.variants.map((v) => ({ combinationId: v.combinationId, label: optionText(v.attributes) || v.combinationId, price: v.price }))}
            initial={pricing}
          />
        </div>
      )}

      <div className="mt-4 rounded-xl border border-[var(--border)] p-4">
        <DatasheetEditor productId={product.id} initial={datasheet} />
      </div>

      <div className="mt-4 rounded-xl border border-[var(--border)] p-4">
        <ProductBackOrdersForm productId={product.id} allowed={await services.backOrders.allowed(product.id)} />
      </div>

      <div className="mt-4 rounded-xl border border-[var(--border)] p-4">
        <ProductIncomingForm
          key={product.updatedAt}
          productId={product.id}
          initial={(await services.stockAlerts.incoming(product.id)) ?? { incomingQuantity: null, incomingDate: null, onDemandWeeks: null }}
          waiting={(await services.stockAlerts.waitingCounts([product.id])).get(product.id) ?? 0}
        />
      </div>

      <div className="mt-4 rounded-xl border border-[var(--border)] p-4">
        <ProductWarrantyForm key={`warranty-${product.updatedAt}`} productId={product.id} initial={await services.returns.productWarranty(product.id)} />
      </div>

      <div className="mt-4 rounded-xl border border-[var(--border)] p-4">
        <ProductArchiveForm productId={product.id} archived={product.archivedAt !== null} />
      </div>

      <h2 className="mt-6 mb-2 text-lg font-semibold">{t("history")}</h2>
      {history.length === 0 ? (
        <p className="text-sm text-[var(--muted-fg)]">{t("noHistory")}</p>
      ) : (
        <ol className="divide-y divide-[var(--border)] border-y border-[var(--border)] text-sm" data-testid="product-history">
          {history.map((h) => (
            <li key={h.id} className="py-2">
              <p className="text-xs text-[var(--muted-fg)]">
                <span className="sr-only">{t("when")}: </span>
                {when.format(new Date(h.at))}
                {h.adminEmail && (
                  <>
                    {" · "}
                    <span className="sr-only">{t("who")}: </span>
                    <span className="break-all">{h.adminEmail}</span>
                  </>
                )}
              </p>
              <ul className="mt-0.5 font-medium">
                {Object.entries(h.changes).map(([key, change]) => {
                  // an option's change is keyed "variant|<combination id>|price" (or stock)
                  const [, combination, optionField] = key.startsWith("variant|") ? key.split("|") : [];
                  const field = optionField === "price" ? "price" : optionField === "stock" ? "stockQuantity" : key;
                  const label = t(`field.${field}` as "field.price");
                  return (
                    <li key={key}>
                      {t("fromTo", {
                        field: combination ? `${combination} · ${label}` : label,
                        before: value(field, change.before),
                        after: value(field, change.after),
                      })}
                    </li>
                  );
                })}
              </ul>
              <p>
                <span className="sr-only">{t("why")}: </span>
                {h.reason}
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
