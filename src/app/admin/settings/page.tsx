import type { Metadata } from "next";
import Link from "next/link";
import { SettingsEditor } from "@/components/admin/settings/settings-editor";
import { getServices } from "@/server/services";
import { requireAdmin } from "../../admin-guard";
import { getTranslator } from "../../i18n";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("admin.settings");
  return { title: t("title"), robots: { index: false } };
}

/** Every site setting in tabs, with a live preview (a product of the catalogue as the sample card). */
export default async function AdminSettingsPage() {
  await requireAdmin("/admin/settings");
  const services = await getServices();
  const [settings, t, listed] = await Promise.all([
    services.settings.get(),
    getTranslator("admin.settings"),
    services.adminCatalog.list({ limit: 1, offset: 0 }),
  ]);
  const first = listed.products[0];
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <p className="text-sm">
        <Link href="/admin" className="text-brand hover:underline">
          {t("toAdmin")}
        </Link>
      </p>
      <h1 className="text-xl font-bold">{t("title")}</h1>
      <p className="mb-4 text-sm text-[var(--muted-fg)]">{t("intro")}</p>
      <SettingsEditor
        initial={settings}
        sample={first ? { name: first.name, image: first.image, price: first.price, originalPrice: first.originalPrice } : null}
      />
    </div>
  );
}
