import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { ProductDetailsForm } from "@/components/admin/product-details-form";
import { categoryName } from "@/lib/locale";
import { getServices } from "@/server/services";
import { requireAdmin } from "../../../admin-guard";
import { getIntl, getTranslator } from "../../../i18n";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("admin.catalog");
  return { title: t("newProduct"), robots: { index: false } };
}

/** A new product: its details, picture, first price and stock; the product's own page opens after. */
export default async function NewProductPage() {
  await requireAdmin("/admin/products/new");
  const services = await getServices();
  const [t, { locale }, categories, brands, attributes] = await Promise.all([
    getTranslator("admin.catalog"),
    getIntl(),
    services.catalog.categories(),
    services.taxonomy.brands(),
    services.specAdmin.byCategory(),
  ]);
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <PageHeader back={{ href: "/admin/products", label: t("toList") }} title={t("newProduct")} />
      <div className="mt-4 rounded-xl border border-[var(--border)] p-4">
        <ProductDetailsForm
          categories={categories.map((c) => ({ id: c.id, slug: c.slug, name: categoryName(c, locale) }))}
          brands={brands.map((b) => b.name)}
          attributes={[...attributes.values()].flat()}
        />
      </div>
    </div>
  );
}
