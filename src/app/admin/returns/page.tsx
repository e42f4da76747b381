import type { Metadata } from "next";
import Link from "next/link";
import { RETURN_STATUSES, type ReturnStatus } from "@/lib/returns";
import { TestOrderBadge } from "@/components/orders/test-order-badge";
import { adminTimeFormat } from "@/components/admin/time-format";
import { ListPage } from "@/components/admin/list-page";
import { Field, Select } from "@/components/ui/form";
import { pagedHref } from "@/lib/paged-href";
import { getServices } from "@/server/services";
import { requireAdmin } from "../../admin-guard";
import { getIntl, getTranslator } from "../../i18n";

const PAGE_SIZE = 25;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("admin.returns");
  return { title: t("meta"), robots: { index: false } };
}

type Search = { status?: string; page?: string };

/** The returns and warranty claims: requested first (the oldest waiting first), then what waits on the shop, then the finished ones. */
export default async function AdminReturnsPage({ searchParams }: { searchParams: Promise<Search> }) {
  await requireAdmin("/admin/returns");
  const [query, t, { locale }] = await Promise.all([searchParams, getTranslator("admin.returns"), getIntl()]);
  const status = (RETURN_STATUSES as readonly string[]).includes(query.status ?? "") ? (query.status as ReturnStatus) : undefined;
  const page = Math.max(1, Math.min(4_000, Number.parseInt(query.page ?? "1", 10) || 1));
  const { returns, total } = await (await getServices()).returns.adminList({ status, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const when = adminTimeFormat(locale);
  return (
    <ListPage
      back={{ href: "/admin", label: t("toAdmin") }}
      title={t("title")}
      width="narrow"
      filter={{
        action: "/admin/returns",
        label: t("filterLabel"),
        submitLabel: t("apply"),
        children: (
          <Field id="status" label={t("status")} className="flex-1">
            {(control) => (
              <Select {...control} name="status" defaultValue={status ?? ""} compact>
                <option value="">{t("allStatuses")}</option>
                {RETURN_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`statuses.${s}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ),
      }}
      count={t("count", { count: total })}
      pager={{
        label: t("pages"),
        page,
        pages,
        href: (n) => pagedHref("/admin/returns", { status }, n),
        text: { previous: t("previous"), next: t("next"), position: t("pageOf", { page, pages }) },
      }}
    >
      <ul className="space-y-3">
        {returns.map((r) => (
          <li key={r.number} className="rounded-xl border border-[var(--border)] p-3 text-sm" data-testid="admin-return-row" data-status={r.status}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Link href={`/admin/returns/${encodeURIComponent(r.number)}`} className="font-semibold text-brand hover:underline">
                {r.number}
              </Link>
              <span className="rounded bg-[var(--surface)] px-2 py-0.5 text-xs font-semibold">{t(`statuses.${r.status}`)}</span>
            </div>
            <p>
              {t("kind", { kind: r.kind })} · {t("order")}{" "}
              <Link href={`/admin/orders/${encodeURIComponent(r.orderNumber)}`} className="text-brand hover:underline">
                {r.orderNumber}
              </Link>
            </p>
            {r.test && <TestOrderBadge className="mt-0.5 flex w-fit" />}
            <p className="text-[var(--muted-fg)]">
              {r.customer} · {t("units")} {r.units} · {when.format(new Date(r.createdAt))}
            </p>
          </li>
        ))}
      </ul>
    </ListPage>
  );
}
