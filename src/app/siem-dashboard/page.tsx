import type { Metadata } from "next";
import { MailOutboxPanel } from "@/components/admin/mail-outbox-panel";
import { SecurityEventsTable } from "@/components/admin/security-events-table";
import { getServices } from "@/server/services";
import { requireAdmin } from "../admin-guard";

export const metadata: Metadata = { title: "Security events", robots: { index: false } };

export default async function SiemDashboardPage() {
  await requireAdmin("/siem-dashboard");
  const services = await getServices();
  const [events, outbox] = await Promise.all([services.auth.recentEvents(200), services.mail.overview(20)]);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="text-xl font-bold">Security events</h1>
      <p className="mb-4 text-sm text-[var(--muted-fg)]">The latest 200 sign-ins, failures, lockouts, password resets and admin changes.</p>
      <MailOutboxPanel outbox={outbox} />
      <SecurityEventsTable events={events} />
    </div>
  );
}
