import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { LockAccountForm, UnlockAccountButton } from "@/components/admin/account-lock";
import { SecurityEventsTable } from "@/components/admin/security-events-table";
import { StaffRoleControl } from "@/components/admin/staff-role";
import { adminTimeFormat } from "@/components/admin/time-format";
import { formatMoney } from "@/lib/money";
import { pagedHref } from "@/lib/paged-href";
import { getServices } from "@/server/services";
import { requireAdmin } from "../../../admin-guard";
import { getIntl, getTranslator } from "../../../i18n";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("admin.customers");
  return { title: t("title"), robots: { index: false } };
}

/** One customer: their details (never a password or a session token), orders, conversations and security events; lock or unlock. */
export default async function AdminCustomerPage({ params }: { params: Promise<{ id: string }> }) {
  const { id: raw } = await params;
  await requireAdmin(`/admin/customers/${encodeURIComponent(raw)}`);
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  if (!id) notFound();
  const services = await getServices();
  const [customer, t, to, { locale }] = await Promise.all([
    services.adminCustomers.get(id),
    getTranslator("admin.customers"),
    getTranslator("orders"),
    getIntl(),
  ]);
  const tr = await getTranslator("delivery.role");
  if (!customer) notFound();
  const when = adminTimeFormat(locale);
  const section = "mt-6";
  const h2 = "mb-2 text-lg font-semibold";

  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <p className="text-sm">
        <Link href="/admin/customers" className="text-brand hover:underline">
          {t("toList")}
        </Link>
      </p>
      <h1 className="text-xl font-bold break-words">{customer.fullName}</h1>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-[var(--muted-fg)]">{t("email")}</dt>
        <dd className="break-all">{customer.email}</dd>
        <dt className="text-[var(--muted-fg)]">{t("phone")}</dt>
        <dd>{customer.phone ?? "—"}</dd>
        <dt className="text-[var(--muted-fg)]">{t("company")}</dt>
        <dd>{customer.company ?? "—"}</dd>
        <dt className="text-[var(--muted-fg)]">{t("joined")}</dt>
        <dd>{when.format(new Date(customer.createdAt))}</dd>
        <dt className="text-[var(--muted-fg)]">{t("status")}</dt>
        <dd data-testid="customer-status">
          {[
            customer.role === "admin" ? t("admin") : customer.role === "rider" ? tr("rider") : t("shopper"),
            customer.verified ? t("verified") : t("unverified"),
            customer.twoFactor ? t("twoFactorOn") : t("twoFactorOff"),
            t("sessions", { count: customer.openSessions }),
            customer.lockedAt ? t("lockedSince", { since: when.format(new Date(customer.lockedAt)) }) : null,
          ]
            .filter(Boolean)
            .join(" · ")}
        </dd>
        {customer.lockedReason && (
          <>
            <dt className="text-[var(--muted-fg)]">{t("lockReason")}</dt>
            <dd>{customer.lockedReason}</dd>
          </>
        )}
      </dl>

      {customer.role !== "admin" && (
        <section className={section} aria-labelledby="role-section">
          <h2 id="role-section" className={h2}>
            {tr("title")}: <span data-testid="customer-role">{tr(customer.role)}</span>
          </h2>
          <StaffRoleControl userId={customer.id} name={customer.fullName} role={customer.role} />
        </section>
      )}

      <section className={section} aria-labelledby="lock-section">
        <h2 id="lock-section" className="sr-only">
          {t("access")}
        </h2>
        {customer.lockedAt ? <UnlockAccountButton email={customer.email} /> : <LockAccountForm email={customer.email} />}
      </section>

      <section className={section} aria-labelledby="orders-heading">
        <h2 id="orders-heading" className={h2}>
          {t("ordersTitle")}
        </h2>
        {customer.recentOrders.length === 0 ? (
          <p className="text-sm text-[var(--muted-fg)]">{t("noOrders")}</p>
        ) : (
          <ul className="divide-y divide-[var(--border)] border-y border-[var(--border)] text-sm">
            {customer.recentOrders.map((o) => (
              <li key={o.number} className="flex flex-wrap justify-between gap-2 py-2">
                <Link href={`/admin/orders/${encodeURIComponent(o.number)}`} className="font-semibold text-brand hover:underline">
                  {o.number}
                </Link>
                <span>{to(`status.${o.status}`)}</span>
                <span className="tabular-nums">{formatMoney(o.total)}</span>
                <span className="text-xs text-[var(--muted-fg)]">{when.format(new Date(o.createdAt))}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={section} aria-labelledby="threads-heading">
        <h2 id="threads-heading" className={h2}>
          {t("messagesTitle")}
        </h2>
        {customer.threads.length === 0 ? (
          <p className="text-sm text-[var(--muted-fg)]">{t("noMessages")}</p>
        ) : (
          <ul className="divide-y divide-[var(--border)] border-y border-[var(--border)] text-sm">
            {customer.threads.map((th) => (
              <li key={th.id} className="flex flex-wrap justify-between gap-2 py-2">
                <Link href={`/admin/messages/${th.id}`} className="min-w-0 flex-1 font-semibold break-words text-brand hover:underline">
                  {th.subject}
                </Link>
                <span>{t("messageCount", { count: th.messages })}</span>
                <span className="text-xs text-[var(--muted-fg)]">{when.format(new Date(th.updatedAt))}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={section} aria-labelledby="events-heading">
        <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="events-heading" className="text-lg font-semibold">
            {t("eventsTitle")}
          </h2>
          <Link href={pagedHref("/siem-dashboard", { account: customer.email }, 1)} className="text-sm font-semibold text-brand hover:underline">
            {t("allEvents")}
          </Link>
        </div>
        <SecurityEventsTable events={customer.events} showDetail />
      </section>
    </div>
  );
}
