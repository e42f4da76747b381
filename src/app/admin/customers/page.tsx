import type { Metadata } from "next";
import Link from "next/link";
import { ListPage } from "@/components/admin/list-page";
import { adminNumberFormat, adminTimeFormat } from "@/components/admin/time-format";
import { Field, Input } from "@/components/ui/form";
import { pagedHref } from "@/lib/paged-href";
import { getServices } from "@/server/services";
import { requireAdmin } from "../../admin-guard";
import { getIntl, getTranslator } from "../../i18n";

const PAGE_SIZE = 25;
/** Page links stop where the capped count does (a narrower search reaches the rest). */
const MAX_PAGE = 40;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("admin.customers");
  return { title: t("title"), robots: { index: false } };
}

type Search = { q?: string; locked?: string; page?: string };

/** The admin's customers: newest accounts first, found by e-mail, name or phone, or only the locked ones. */
export default async function AdminCustomersPage({ searchParams }: { searchParams: Promise<Search> }) {
  await requireAdmin("/admin/customers");
  const services = await getServices();
  const [query, t, { locale }] = await Promise.all([searchParams, getTranslator("admin.customers"), getIntl()]);
  const tr = await getTranslator("delivery.role");
  const q = query.q?.trim().slice(0, 100) || undefined;
  const locked = query.locked === "true" ? "true" : undefined;
  const page = Math.max(1, Math.min(MAX_PAGE, Number.parseInt(query.page ?? "1", 10) || 1));
  const { customers, total, totalIsLowerBound } = await services.adminCustomers.list({
    q,
    locked: Boolean(locked),
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const pages = Math.min(MAX_PAGE, Math.max(1, Math.ceil(total / PAGE_SIZE)));
  const when = adminTimeFormat(locale);
  const count = adminNumberFormat(locale);

  return (
    <ListPage
      back={{ href: "/admin", label: t("toAdmin") }}
      title={t("title")}
      filter={{
        action: "/admin/customers",
        label: t("filterLabel"),
        submitLabel: t("apply"),
        className: "grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end",
        children: (
          <>
            <Field id="q" label={t("search")} className="min-w-0">
              {(control) => <Input {...control} name="q" type="search" defaultValue={q ?? ""} maxLength={100} compact />}
            </Field>
            <label className="flex h-10 items-center gap-2">
              <input type="checkbox" name="locked" value="true" defaultChecked={Boolean(locked)} className="size-4" />
              {t("lockedOnly")}
            </label>
          </>
        ),
      }}
      count={totalIsLowerBound ? t("countMore", { count: count.format(total) }) : t("count", { count: total })}
      pager={{
        label: t("pages"),
        page,
        pages,
        href: (n) => pagedHref("/admin/customers", { q, locked }, n),
        text: { previous: t("previous"), next: t("next"), position: t("pageOf", { page, pages }) },
      }}
    >
      {customers.length > 0 && (
        <ul className="divide-y divide-[var(--border)] border-y border-[var(--border)] text-sm">
          {customers.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2" data-testid="admin-customer-row">
              <span className="min-w-0 flex-1 basis-64">
                <Link href={`/admin/customers/${c.id}`} className="font-semibold break-words text-brand hover:underline">
                  {c.fullName}
                </Link>
                <span className="block text-xs break-all text-[var(--muted-fg)]">
                  {c.email}
                  {c.phone ? ` · ${c.phone}` : ""}
                </span>
              </span>
              <span className="flex flex-wrap gap-1 text-xs">
                {c.role === "admin" && <span className="rounded bg-[var(--muted)] px-2 py-0.5">{t("admin")}</span>}
                {c.role === "rider" && <span className="rounded bg-sky-100 px-2 py-0.5 text-sky-900 dark:bg-sky-950 dark:text-sky-100">{tr("rider")}</span>}
                {!c.verified && (
                  <span className="rounded bg-amber-100 px-2 py-0.5 text-amber-900 dark:bg-amber-950 dark:text-amber-100">{t("unverified")}</span>
                )}
                {c.lockedAt && <span className="rounded bg-red-100 px-2 py-0.5 text-red-900 dark:bg-red-950 dark:text-red-100">{t("locked")}</span>}
              </span>
              <span className="w-24 text-right tabular-nums">{t("orders", { count: c.orders })}</span>
              <span className="hidden w-44 text-right text-xs text-[var(--muted-fg)] md:inline">
                <span className="sr-only">{t("joined")}: </span>
                {when.format(new Date(c.createdAt))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </ListPage>
  );
}
