import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { TaxonomyEditor } from "@/components/admin/taxonomy-editor";
import { getServices } from "@/server/services";
import { requireAdmin } from "../../admin-guard";
import { getTranslator } from "../../i18n";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("admin.taxonomy");
  return { title: t("title"), robots: { index: false } };
}

/** The shop's categories (in their order) and brands, with their product counts. */
export default async function AdminCategoriesPage() {
  await requireAdmin("/admin/categories");
  const services = await getServices();
  const [categories, brands, attributes, t] = await Promise.all([
    services.taxonomy.categories(),
    services.taxonomy.brands(),
    services.specAdmin.byCategory(),
    getTranslator("admin.taxonomy"),
  ]);
  const attributeCounts = Object.fromEntries([...attributes].map(([id, list]) => [id, list.length]));
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <PageHeader back={{ href: "/admin", label: t("toAdmin") }} title={t("title")} intro={t("intro")} />
      <TaxonomyEditor categories={categories} brands={brands} attributeCounts={attributeCounts} />
    </div>
  );
}
