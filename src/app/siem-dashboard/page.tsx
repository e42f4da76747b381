import type { Metadata } from "next";
import Link from "next/link";
import { LockAccountForm, UnlockAccountButton } from "@/components/admin/account-lock";
import { FailuresChart } from "@/components/admin/failures-chart";
import { MailOutboxPanel } from "@/components/admin/mail-outbox-panel";
import { TextOutboxPanel } from "@/components/admin/text-outbox-panel";
import { PageHeader } from "@/components/ui/page-header";
import { SecurityEventsTable } from "@/components/admin/security-events-table";
import { adminNumberFormat, adminTimeFormat } from "@/components/admin/time-format";
import { pagedHref } from "@/lib/paged-href";
import { SECURITY_EVENT_TYPES, SECURITY_FAILURE_TYPES, SECURITY_RANGE_MAX_DAYS, securityLogQuerySchema, type SecurityLogQuery } from "@/lib/security-log";
import { isDomainError } from "@/server/errors";
import { getServices } from "@/server/services";
import { requireAdmin } from "../admin-guard";
import { getIntl, getTranslator } from "../i18n";
import { Button } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("meta.admin");
  return { title: t("securityEvents"), robots: { index: false } };
}

type Search = { type?: string; account?: string; ip?: string; from?: string; to?: string; before?: string };

/** The form's "failures" choice stands for every failure type at once. */
const FAILURES = "failures";

/** The page's filters as the log's query: a bad value is reported and the default period shown instead. */
function toQuery(search: Search): { query: SecurityLogQuery; problem: string | null } {
  const type = search.type === FAILURES ? [...SECURITY_FAILURE_TYPES] : search.type;
  const parsed = securityLogQuerySchema.safeParse({ ...search, type });
  if (parsed.success) return { query: parsed.data, problem: null };
  return { query: { type: [] }, problem: parsed.error.issues[0]?.message ?? null };
}

/**
 * The security view: the log filtered by type, account, address and period; failures over time;
 * the addresses behind most failures; the accounts locked now, with unlock, and a lock form; a CSV
 * export of what the filters show; and the mail and text-message outboxes' state.
 */
export default async function SiemDashboardPage({ searchParams }: { searchParams: Promise<Search> }) {
  await requireAdmin("/siem-dashboard");
  const services = await getServices();
  const [search, t, { locale }] = await Promise.all([searchParams, getTranslator("admin.siem"), getIntl()]);
  let { query, problem } = toQuery(search);
  let filters;
  try {
    filters = await services.adminSecurity.resolve(query);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    problem = error.message;
    query = { type: [] };
    filters = await services.adminSecurity.resolve(query);
  }
  const [page, chart, top, locked, outbox, textOutbox] = await Promise.all([
    services.adminSecurity.events(query),
    services.adminSecurity.failuresOverTime(query),
    services.adminSecurity.topAddresses(query),
    services.adminSecurity.lockedAccounts(),
    services.mail.overview(20),
    services.notify.overview(20),
  ]);

  const typeChoice = search.type === FAILURES ? FAILURES : (query.type[0] ?? "");
  const kept = { type: typeChoice, account: query.account, ip: query.ip, from: filters.fromDate, to: filters.toDate };
  const filterHref = (change: { account?: string; ip?: string; type?: string }) => pagedHref("/siem-dashboard", { ...kept, ...change }, 1);
  const exportParams = new URLSearchParams();
  for (const type of query.type) exportParams.append("type", type);
  for (const [key, value] of Object.entries({ account: query.account, ip: query.ip, from: filters.fromDate, to: filters.toDate }))
    if (value) exportParams.set(key, value);
  const olderHref = page.nextBefore ? pagedHref("/siem-dashboard", { ...kept, before: String(page.nextBefore) }, 1) : null;
  const when = adminTimeFormat(locale);
  const count = adminNumberFormat(locale);
  const field = "mt-1 h-10 w-full rounded-lg border border-[var(--border)] bg-[var(--surface)] px-2";

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <PageHeader back={{ href: "/admin", label: t("toAdmin") }} title={t("title")} intro={t("intro")} />

      <form
        method="get"
        action="/siem-dashboard"
        role="search"
        aria-label={t("filterLabel")}
        className="grid gap-2 text-sm sm:grid-cols-2 lg:grid-cols-[1.2fr_1.2fr_1fr_auto_auto_auto] lg:items-end"
      >
        <div>
          <label htmlFor="type" className="block font-medium">
            {t("type")}
          </label>
          <select id="type" name="type" defaultValue={typeChoice} className={field}>
            <option value="">{t("allTypes")}</option>
            <option value={FAILURES}>{t("failuresOnly")}</option>
            {SECURITY_EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="account" className="block font-medium">
            {t("account")}
          </label>
          <input id="account" name="account" type="search" defaultValue={query.account ?? ""} maxLength={254} className={field} />
        </div>
        <div>
          <label htmlFor="ip" className="block font-medium">
            {t("address")}
          </label>
          <input id="ip" name="ip" type="search" inputMode="decimal" defaultValue={query.ip ?? ""} maxLength={64} className={field} />
        </div>
        <div>
          <label htmlFor="from" className="block font-medium">
            {t("from")}
          </label>
          <input id="from" name="from" type="date" defaultValue={filters.fromDate} className={field} />
        </div>
        <div>
          <label htmlFor="to" className="block font-medium">
            {t("to")}
          </label>
          <input id="to" name="to" type="date" defaultValue={filters.toDate} className={field} />
        </div>
        <div className="flex gap-2">
          <Button type="submit" className="flex-1">
            {t("apply")}
          </Button>
          <Link href="/siem-dashboard" className="flex h-10 items-center rounded-lg border border-[var(--border)] px-3">
            {t("clear")}
          </Link>
        </div>
      </form>
      <p className="mt-1 text-xs text-[var(--muted-fg)]">{t("periodHint", { days: SECURITY_RANGE_MAX_DAYS })}</p>
      {problem && (
        <p role="alert" className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {t("badFilter", { problem })}
        </p>
      )}

      <FailuresChart unit={chart.unit} points={chart.points} />

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="top-heading">
          <h2 id="top-heading" className="mb-2 text-lg font-semibold">
            {t("topTitle")}
          </h2>
          {top.length === 0 ? (
            <p className="text-sm text-[var(--muted-fg)]">{t("topNone")}</p>
          ) : (
            <table className="w-full text-left text-sm" data-testid="top-addresses">
              <thead className="border-b border-[var(--border)] text-xs text-[var(--muted-fg)] uppercase">
                <tr>
                  <th className="py-2 pr-3">{t("address")}</th>
                  <th className="py-2 pr-3 text-right">{t("failures")}</th>
                  <th className="py-2 pr-3 text-right">{t("accounts")}</th>
                  <th className="py-2">{t("last")}</th>
                </tr>
              </thead>
              <tbody>
                {top.map((a) => (
                  <tr key={a.ip} className="border-b border-[var(--border)]">
                    <td className="py-1.5 pr-3 break-all">
                      <Link href={filterHref({ ip: a.ip })} className="text-brand hover:underline">
                        {a.ip}
                      </Link>
                    </td>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{count.format(a.failures)}</td>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{count.format(a.accounts)}</td>
                    <td className="py-1.5 text-xs">{when.format(new Date(a.last))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <section aria-labelledby="locked-heading" className="space-y-4">
          <h2 id="locked-heading" className="text-lg font-semibold">
            {t("lockedTitle")}
          </h2>
          {locked.length === 0 ? (
            <p className="text-sm text-[var(--muted-fg)]">{t("lockedNone")}</p>
          ) : (
            <ul className="divide-y divide-[var(--border)] border-y border-[var(--border)] text-sm" data-testid="locked-accounts">
              {locked.map((a) => (
                <li key={`${a.kind}:${a.email}`} className="flex flex-wrap items-start justify-between gap-2 py-2" data-email={a.email}>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold break-all">{a.email}</span>
                    <span className="block text-xs text-[var(--muted-fg)]">
                      {a.fullName ? `${a.fullName} · ` : ""}
                      {a.kind === "admin"
                        ? t("lockedByAdmin", { since: a.since ? when.format(new Date(a.since)) : "—" })
                        : t(a.kind === "two-factor" ? "lockedTwoFactor" : "lockedSignIn", { until: a.until ? when.format(new Date(a.until)) : "—" })}
                    </span>
                    {a.reason && <span className="block text-xs">{t("reasonShown", { reason: a.reason })}</span>}
                  </span>
                  <UnlockAccountButton email={a.email} />
                </li>
              ))}
            </ul>
          )}
          <LockAccountForm />
        </section>
      </div>

      <section aria-labelledby="log-heading" className="mt-8">
        <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="log-heading" className="text-lg font-semibold">
            {t("logTitle")}
          </h2>
          <a href={`/api/admin/security/events.csv?${exportParams.toString()}`} className="text-sm font-semibold text-brand hover:underline" download>
            {t("export")}
          </a>
        </div>
        <SecurityEventsTable events={page.events} filterHref={filterHref} showDetail />
        <nav className="mt-3 flex gap-4 text-sm" aria-label={t("logPages")}>
          {query.before && (
            <Link href={filterHref({})} className="text-brand hover:underline">
              {t("newest")}
            </Link>
          )}
          {olderHref && (
            <Link href={olderHref} className="text-brand hover:underline" rel="next">
              {t("older")}
            </Link>
          )}
        </nav>
      </section>

      <div className="mt-8">
        <MailOutboxPanel outbox={outbox} />
        <TextOutboxPanel outbox={textOutbox} />
      </div>
    </div>
  );
}
