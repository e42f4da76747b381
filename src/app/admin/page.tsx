import type { Metadata } from "next";
import Link from "next/link";
import { SecurityEventsTable } from "@/components/admin/security-events-table";
import { getServices } from "@/server/services";
import { requireAdmin } from "../admin-guard";
import { getTranslator } from "../i18n";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("meta.admin");
  return { title: t("title"), robots: { index: false } };
}

export default async function AdminPage() {
  const admin = await requireAdmin("/admin");
  const [events, t, tr] = await Promise.all([
    getServices().then((services) => services.auth.recentEvents(20)),
    getTranslator("admin"),
    getTranslator("requests.admin"),
  ]);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="text-xl font-bold">{t("title")}</h1>
      <p className="text-sm text-[var(--muted-fg)]">{t("signedInAs", { email: admin.email })}</p>
      <Link href="/admin/orders" className="mt-3 inline-block rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white">
        {t("orders")}
      </Link>
      <Link href="/admin/requests" className="mt-3 ml-2 inline-block rounded-lg border border-[var(--border)] px-4 py-2 text-sm font-semibold">
        {tr("title")}
      </Link>
      <h2 className="mt-6 mb-2 text-lg font-semibold">{t("recentEvents")}</h2>
      <SecurityEventsTable events={events} />
      <Link href="/siem-dashboard" className="mt-3 inline-block text-sm font-semibold text-brand hover:underline">
        {t("allEvents")}
      </Link>
    </div>
  );
}
