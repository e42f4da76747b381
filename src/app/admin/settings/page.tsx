import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { SETTINGS_TABS } from "@/components/admin/settings/tabs";
import { SettingsEditor } from "@/components/admin/settings/settings-editor";
import { getServices } from "@/server/services";
import { requireAdmin } from "../../admin-guard";
import { getTranslator } from "../../i18n";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("admin.settings");
  return { title: t("title"), robots: { index: false } };
}

/** Every site setting in tabs, with a live preview (a product of the catalogue as the sample card). */
export default async function AdminSettingsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireAdmin("/admin/settings");
  const services = await getServices();
  const [settings, t, listed] = await Promise.all([
    services.settings.get(),
    getTranslator("admin.settings"),
    services.adminCatalog.list({ limit: 1, offset: 0 }),
  ]);
  const first = listed.products[0];
  // ?tab=payments opens that tab (the first-day checklist links to the tab where each item is set)
  const asked = (await searchParams).tab;
  const tab = SETTINGS_TABS.find((candidate) => candidate.id === asked)?.id;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <PageHeader back={{ href: "/admin", label: t("toAdmin") }} title={t("title")} intro={t("intro")} />
      <SettingsEditor
        initial={settings}
        sample={first ? { name: first.name, image: first.image, price: first.price, originalPrice: first.originalPrice } : null}
        initialTab={tab}
      />
    </div>
  );
}
