import type { Metadata } from "next";
import { MailOutboxPanel } from "@/components/admin/mail-outbox-panel";
import { SecurityEventsTable } from "@/components/admin/security-events-table";
import { getServices } from "@/server/services";
import { requireAdmin } from "../admin-guard";
import { getTranslator } from "../i18n";

/** How many of the latest security events the page lists. */
const EVENTS_SHOWN = 200;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("meta.admin");
  return { title: t("securityEvents"), robots: { index: false } };
}

export default async function SiemDashboardPage() {
  await requireAdmin("/siem-dashboard");
  const services = await getServices();
  const [events, outbox, t] = await Promise.all([services.auth.recentEvents(EVENTS_SHOWN), services.mail.overview(20), getTranslator("admin.siem")]);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="text-xl font-bold">{t("title")}</h1>
      <p className="mb-4 text-sm text-[var(--muted-fg)]">{t("intro", { count: EVENTS_SHOWN })}</p>
      <MailOutboxPanel outbox={outbox} />
      <SecurityEventsTable events={events} />
    </div>
  );
}
