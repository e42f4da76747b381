import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SpecAttributesEditor } from "@/components/admin/spec-attributes-editor";
import { PageHeader } from "@/components/ui/page-header";
import { categoryName } from "@/lib/locale";
import { isDomainError } from "@/server/errors";
import { getServices } from "@/server/services";
import { requireAdmin } from "../../../../admin-guard";
import { getIntl, getTranslator } from "../../../../i18n";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("admin.specs");
  return { title: t("metaTitle"), robots: { index: false } };
}

/** One category's attribute definitions: what its products are chosen by. */
export default async function CategoryAttributesPage({ params }: { params: Promise<{ id: string }> }) {
  const { id: raw } = await params;
  await requireAdmin(`/admin/categories/${encodeURIComponent(raw)}/attributes`);
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  if (!id) notFound();
  const services = await getServices();
  const [found, t, { locale }] = await Promise.all([
    services.specAdmin.list(id).catch((error: unknown) => {
      if (isDomainError(error) && error.code === "not-found") return null;
      throw error;
    }),
    getTranslator("admin.specs"),
    getIntl(),
  ]);
  if (!found) notFound();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <PageHeader
        back={{ href: "/admin/categories", label: t("toCategories") }}
        title={t("title", { category: categoryName(found.category, locale) })}
        intro={t("intro")}
      />
      <SpecAttributesEditor categoryId={found.category.id} attributes={found.attributes} />
    </div>
  );
}
