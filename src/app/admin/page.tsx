import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { cookies } from "next/headers";
import { FirstDayChecklistPanel } from "@/components/admin/first-day-checklist";
import { SecurityEventsTable } from "@/components/admin/security-events-table";
import { adminNumberFormat, adminTimeFormat } from "@/components/admin/time-format";
import { OrderStatusBadge } from "@/components/orders/status-badge";
import { TestOrderBadge } from "@/components/orders/test-order-badge";
import { FIRST_DAY_COOKIE, firstDayOpen } from "@/lib/first-day";
import { formatMoney } from "@/lib/money";
import { DASHBOARD_RECENT_DAYS, type PeriodFigures } from "@/server/dashboard/dashboard";
import { getServices } from "@/server/services";
import { requireAdmin } from "../admin-guard";
import { AwaitedProducts } from "./awaited-products";
import { getIntl, getTranslator } from "../i18n";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("meta.admin");
  return { title: t("title"), robots: { index: false } };
}

function Section({ title, hint, children, id }: { title: string; hint?: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-[var(--border)] bg-[var(--surface)] p-4">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {hint && <p className="text-sm text-[var(--muted-fg)]">{hint}</p>}
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-[var(--muted-fg)]">{label}</dt>
      <dd className="text-lg font-bold break-words tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The admin's first screen: how the shop is doing today and this month, and what needs doing. */
export default async function AdminPage() {
  const admin = await requireAdmin("/admin");
  const services = await getServices();
  const [summary, checklist, closedWith, events, t, d, tr, coupons, tm, { locale }] = await Promise.all([
    services.adminDashboard.summary(),
    services.firstDay.checklist(),
    cookies().then((jar) => jar.get(FIRST_DAY_COOKIE)?.value),
    services.auth.recentEvents(20),
    getTranslator("admin"),
    getTranslator("admin.dashboard"),
    getTranslator("requests.admin"),
    getTranslator("rewards.admin"),
    getTranslator("messages.admin"),
    getIntl(),
  ]);
  const cash = await getTranslator("delivery.cash");
  const returnsT = await getTranslator("admin.returns");
  const when = adminTimeFormat(locale);
  const count = adminNumberFormat(locale);
  const period = (key: "today" | "month", figures: PeriodFigures) => (
    <Section id={`dashboard-${key}`} title={d(key)}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure label={d("ordersPlaced")} value={count.format(figures.orders)} testId={`${key}-orders`} />
        <Figure label={d("paidOrders")} value={count.format(figures.paidOrders)} testId={`${key}-paid`} />
        <Figure label={d("revenue")} value={formatMoney(figures.revenue)} testId={`${key}-revenue`} />
      </dl>
      {figures.testOrders > 0 && (
        <p className="mt-2 text-xs text-[var(--muted-fg)]" data-testid={`${key}-test-orders`}>
          {d("testOrders", { count: figures.testOrders })}
        </p>
      )}
    </Section>
  );
  const { missing } = summary.fiscalSetup;
  const sections = [
    { href: "/admin/orders", label: d("orders") },
    { href: "/admin/products", label: d("products") },
    { href: "/admin/coupons", label: coupons("title") },
    { href: "/admin/customers", label: d("customers") },
    { href: "/admin/settings", label: d("settings") },
    { href: "/admin/ads", label: d("ads") },
    { href: "/admin/categories", label: d("categories") },
    { href: "/admin/messages", label: tm("title") },
    { href: "/admin/text-messages", label: d("textMessages") },
    { href: "/admin/cash", label: cash("title") },
    { href: "/admin/returns", label: returnsT("meta") },
    { href: "/admin/reviews", label: d("reviews") },
    { href: "/admin/questions", label: d("questions") },
    { href: "/admin/requests", label: tr("title") },
    { href: "/siem-dashboard", label: d("security") },
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="text-xl font-bold">{t("title")}</h1>
      <p className="text-sm text-[var(--muted-fg)]">{t("signedInAs", { email: admin.email })}</p>
      <nav aria-label={d("nav")} className="mt-3">
        <ul className="flex flex-wrap gap-2 text-sm">
          {sections.map((s) => (
            <li key={s.href}>
              <Link href={s.href} className="inline-block rounded-lg border border-[var(--border)] px-3 py-2 font-semibold hover:border-brand">
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <FirstDayChecklistPanel checklist={checklist} open={firstDayOpen(checklist, closedWith)} />

      {missing.length > 0 && (
        <section
          aria-labelledby="dashboard-fiscal"
          data-testid="fiscal-setup-missing"
          className="mt-4 rounded-xl border border-amber-600 bg-amber-50 p-4 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          <h2 id="dashboard-fiscal" className="text-base font-semibold">
            {d("fiscal.title")}
          </h2>
          <p className="mt-1">{d("fiscal.text")}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {missing.map((item) => (
              <li key={item} data-item={item}>
                {d(`fiscal.missing.${item}`)}
              </li>
            ))}
          </ul>
          {missing.some((item) => item !== "device") && (
            <Link href="/admin/settings" className="mt-2 inline-block font-semibold underline">
              {d("fiscal.settings")}
            </Link>
          )}
        </section>
      )}

      <p className="mt-4 text-xs text-[var(--muted-fg)]">{d("periodNote", { zone: summary.periods.timeZone })}</p>
      <div className="mt-2 grid gap-4 lg:grid-cols-2">
        {period("today", summary.today)}
        {period("month", summary.month)}
      </div>

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Section id="dashboard-waiting" title={d("awaitingAction")} hint={d("awaitingActionHint")}>
          <dl className="grid grid-cols-2 gap-3">
            <Figure label={d("awaitingAction")} value={count.format(summary.awaitingAction.count)} testId="awaiting-action" />
            <Figure label={d("awaitingPayment")} value={count.format(summary.awaitingPayment)} testId="awaiting-payment" />
          </dl>
          <h3 className="mt-3 text-sm font-semibold">{d("oldestWaiting")}</h3>
          {summary.awaitingAction.oldest.length === 0 ? (
            <p className="text-sm text-[var(--muted-fg)]">{d("noneWaiting")}</p>
          ) : (
            <ul className="mt-1 divide-y divide-[var(--border)] text-sm">
              {summary.awaitingAction.oldest.map((o) => (
                <li key={o.number} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
                  <span className="min-w-0">
                    <Link href={`/admin/orders/${encodeURIComponent(o.number)}`} className="font-semibold text-brand hover:underline">
                      {o.number}
                    </Link>{" "}
                    <span className="text-[var(--muted-fg)]">{o.fullName}</span>
                    <span className="block text-xs text-[var(--muted-fg)]">{when.format(new Date(o.createdAt))}</span>
                  </span>
                  <span className="flex flex-wrap items-center gap-2">
                    {o.test && <TestOrderBadge />}
                    <OrderStatusBadge status={o.status} />
                    <span className="font-semibold tabular-nums">{formatMoney(o.total)}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
          <Link href="/admin/orders?status=paid" className="mt-2 inline-block text-sm font-semibold text-brand hover:underline">
            {d("allWaiting")}
          </Link>
        </Section>

        <Section
          id="dashboard-low-stock"
          title={d("lowStock")}
          hint={d("lowStockHint", { count: summary.lowStock.count, threshold: summary.lowStock.threshold })}
        >
          {summary.lowStock.products.length === 0 ? (
            <p className="text-sm text-[var(--muted-fg)]">{d("noLowStock", { threshold: summary.lowStock.threshold })}</p>
          ) : (
            <ul className="divide-y divide-[var(--border)] text-sm" data-testid="low-stock-list">
              {summary.lowStock.products.map((p) => (
                <li key={p.id} className="flex items-center justify-between gap-3 py-2">
                  <span className="min-w-0">
                    <Link href={`/admin/products/${p.id}`} className="font-medium break-words hover:underline">
                      {p.name}
                    </Link>
                    <span className="block text-xs text-[var(--muted-fg)]">{p.sku}</span>
                  </span>
                  <span className="shrink-0 text-right">
                    <span className="sr-only">{d("stock")}: </span>
                    <span className={p.stock === 0 ? "font-bold text-red-700 dark:text-red-400" : "font-semibold"}>{count.format(p.stock)}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <AwaitedProducts />

        <Section id="dashboard-signups" title={d("signups")} hint={d("signupsHint", { count: summary.signups.count, days: DASHBOARD_RECENT_DAYS })}>
          {summary.signups.latest.length === 0 ? (
            <p className="text-sm text-[var(--muted-fg)]">{d("noSignups")}</p>
          ) : (
            <ul className="divide-y divide-[var(--border)] text-sm">
              {summary.signups.latest.map((u) => (
                <li key={u.id} className="py-2">
                  <span className="font-medium">{u.fullName}</span> <span className="break-all text-[var(--muted-fg)]">{u.email}</span>
                  <span className="block text-xs text-[var(--muted-fg)]">
                    {when.format(new Date(u.createdAt))} · {u.verified ? d("verified") : d("unverified")}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section
          id="dashboard-failed-payments"
          title={d("failedPayments")}
          hint={d("failedPaymentsHint", { count: summary.failedPayments.count, days: DASHBOARD_RECENT_DAYS })}
        >
          {summary.failedPayments.latest.length === 0 ? (
            <p className="text-sm text-[var(--muted-fg)]">{d("noFailedPayments", { days: DASHBOARD_RECENT_DAYS })}</p>
          ) : (
            <ul className="divide-y divide-[var(--border)] text-sm">
              {summary.failedPayments.latest.map((p) => (
                <li key={p.reference} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
                  <span className="min-w-0">
                    <Link href={`/admin/orders/${encodeURIComponent(p.orderNumber)}`} className="font-semibold text-brand hover:underline">
                      {p.orderNumber}
                    </Link>{" "}
                    <span className="text-[var(--muted-fg)]">{p.wallet ?? p.method}</span>
                    {p.test && <TestOrderBadge className="ml-1" />}
                    <span className="block text-xs text-[var(--muted-fg)]">
                      {when.format(new Date(p.at))} · {p.reason ?? d("noReason")}
                    </span>
                  </span>
                  <span className="font-semibold tabular-nums">{formatMoney(p.amount)}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      <h2 className="mt-6 mb-2 text-lg font-semibold">{t("recentEvents")}</h2>
      <SecurityEventsTable events={events} />
      <Link href="/siem-dashboard" className="mt-3 inline-block text-sm font-semibold text-brand hover:underline">
        {t("allEvents")}
      </Link>
    </div>
  );
}
