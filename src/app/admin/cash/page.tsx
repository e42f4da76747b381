import type { Metadata } from "next";
import Link from "next/link";
import { CashCollectorCard } from "@/components/admin/cash-day";
import { Button } from "@/components/ui/button";
import { compactControlClass } from "@/components/ui/form";
import { getServices } from "@/server/services";
import { requireAdmin } from "../../admin-guard";
import { getTranslator } from "../../i18n";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("delivery.meta");
  return { title: t("cash"), robots: { index: false } };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The day's money taken by hand, per collector (each rider, and staff at the counter): what was
 * delivered or refused, the cash and the till's payments with their transaction ids, and the
 * cash handed over, counted (a difference needs a note).
 */
export default async function AdminCashPage({ searchParams }: { searchParams: Promise<{ day?: string | string[] }> }) {
  const { day: raw } = await searchParams;
  const asked = typeof raw === "string" && DAY.test(raw) ? raw : undefined;
  await requireAdmin(asked ? `/admin/cash?day=${asked}` : "/admin/cash");
  const services = await getServices();
  const [view, t, tn] = await Promise.all([services.deliveries.cashDay(asked), getTranslator("delivery.cash"), getTranslator("admin")]);
  return (
    <div className="mx-auto max-w-5xl space-y-4 px-4 py-6">
      <p className="text-sm">
        <Link href="/admin" className="text-brand hover:underline">
          ← {tn("title")}
        </Link>
      </p>
      <div>
        <h1 className="text-xl font-bold">{t("title")}</h1>
        <p className="text-sm text-[var(--muted-fg)]">{t("intro", { zone: view.timezone.replace(/_/g, " ") })}</p>
      </div>
      <form method="get" action="/admin/cash" className="flex flex-wrap items-end gap-2">
        <div className="text-sm">
          <label htmlFor="cash-day" className="font-medium">
            {t("day")}
          </label>
          <input id="cash-day" type="date" name="day" defaultValue={view.day} required className={`${compactControlClass} w-auto`} />
        </div>
        <Button type="submit" variant="secondary">
          {t("show")}
        </Button>
      </form>
      {view.collectors.length === 0 ? (
        <p className="rounded-xl border border-dashed border-[var(--border)] p-6 text-center text-sm text-[var(--muted-fg)]" data-testid="cash-none">
          {t("none")}
        </p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {view.collectors.map((c) => (
            <CashCollectorCard key={c.staffId} day={view.day} collector={c} />
          ))}
        </div>
      )}
    </div>
  );
}
