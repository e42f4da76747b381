import type { Metadata } from "next";
import { SecurityEventsTable } from "@/components/admin/security-events-table";
import { getServices } from "@/server/services";
import { requireAdmin } from "../admin-guard";

export const metadata: Metadata = { title: "Security events", robots: { index: false } };

export default async function SiemDashboardPage() {
  await requireAdmin("/siem-dashboard");
  const events = await (await getServices()).auth.recentEvents(200);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="text-xl font-bold">Security events</h1>
      <p className="mb-4 text-sm text-[var(--muted-fg)]">The latest 200 sign-ins, failures, lockouts, password resets and admin changes.</p>
      <SecurityEventsTable events={events} />
    </div>
  );
}
