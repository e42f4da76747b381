import type { Metadata } from "next";
import Link from "next/link";
import { AdsEditor } from "@/components/admin/ads-editor";
import { PageHeader } from "@/components/ui/page-header";
import { getServices } from "@/server/services";
import { requireAdmin } from "../../admin-guard";
import { getTranslator } from "../../i18n";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("admin.ads");
  return { title: t("pageTitle"), robots: { index: false } };
}

/** The carousel's ads: every one with its state, a form to create or change one, and how long each is shown. */
export default async function AdminAdsPage() {
  await requireAdmin("/admin/ads");
  const services = await getServices();
  const [ads, rotation, t] = await Promise.all([services.ads.adminList(), services.ads.rotationSeconds(), getTranslator("admin.ads")]);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <PageHeader
        back={{ href: "/admin", label: t("toAdmin") }}
        title={t("pageTitle")}
        intro={
          <>
            {t("rotation", { seconds: rotation })}{" "}
            <Link href="/admin/settings" className="text-brand hover:underline">
              {t("rotationLink")}
            </Link>
          </>
        }
      />
      <AdsEditor ads={ads} />
    </div>
  );
}
