import type { Metadata } from "next";
import Link from "next/link";
import { SecurityEventsTable } from "@/components/admin/security-events-table";
import { getServices } from "@/server/services";
import { requireAdmin } from "../admin-guard";

export const metadata: Metadata = { title: "Admin", robots: { index: false } };

export default async function AdminPage() {
  const admin = await requireAdmin("/admin");
  const events = await (await getServices()).auth.recentEvents(20);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="text-xl font-bold">Admin</h1>
      <p className="text-sm text-[var(--muted-fg)]">Signed in as {admin.email}.</p>
      <h2 className="mt-6 mb-2 text-lg font-semibold">Recent security events</h2>
      <SecurityEventsTable events={events} />
      <Link href="/siem-dashboard" className="mt-3 inline-block text-sm font-semibold text-brand hover:underline">
        All security events →
      </Link>
    </div>
  );
}
