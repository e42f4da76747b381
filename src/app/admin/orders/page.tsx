import type { Metadata } from "next";
import Link from "next/link";
import { ORDER_STATUSES, type OrderStatus } from "@/lib/checkout";
import { formatDateRange } from "@/lib/delivery-estimate";
import { formatMoney } from "@/lib/money";
import { OrderStatusBadge } from "@/components/orders/status-badge";
import { TestOrderBadge } from "@/components/orders/test-order-badge";
import { adminTimeFormat } from "@/components/admin/time-format";
import { getServices } from "@/server/services";
import { requireAdmin } from "../../admin-guard";
import { getIntl, getTranslator } from "../../i18n";
import { ListPage } from "@/components/admin/list-page";
import { Field, Input, Select } from "@/components/ui/form";
import { ButtonLink } from "@/components/ui/button";
import { pagedHref } from "@/lib/paged-href";

const PAGE_SIZE = 25;

/** A cell of the table; below tablet width a line of the order's card: its column's name, then its value. */
const stackedCell =
  "py-1.5 pr-3 max-md:flex max-md:items-start max-md:justify-between max-md:gap-3 max-md:py-1 max-md:pr-0 max-md:before:shrink-0 max-md:before:text-xs max-md:before:text-[var(--muted-fg)] max-md:before:content-[attr(data-label)]";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("orders.meta");
  return { title: t("admin"), robots: { index: false } };
}

type Search = { status?: string; q?: string; page?: string; late?: string };

/** The admin's orders: newest first, by status, searched by number, name or e-mail, a page at a time. */
export default async function AdminOrdersPage({ searchParams }: { searchParams: Promise<Search> }) {
  await requireAdmin("/admin/orders");
  const [query, t, names, staffT, { locale }] = await Promise.all([
    searchParams,
    getTranslator("orders.admin"),
    getTranslator("orders"),
    getTranslator("admin.staffOrders"),
    getIntl(),
  ]);
  const status = (ORDER_STATUSES as readonly string[]).includes(query.status ?? "") ? (query.status as OrderStatus) : undefined;
  const q = query.q?.trim().slice(0, 100) || undefined;
  const page = Math.max(1, Math.min(40_000, Number.parseInt(query.page ?? "1", 10) || 1));
  // late: past the promised last day and still owed (src/lib/delivery-estimate.ts)
  const late = query.late === "true";
  const { orders, total } = await (await getServices()).orders.adminList({ status, q, late, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const when = adminTimeFormat(locale);
  const pageHref = (n: number) => pagedHref("/admin/orders", { status, q, late: late ? "true" : undefined }, n);

  return (
    <ListPage
      back={{ href: "/admin", label: t("toAdmin") }}
      title={t("title")}
      actions={
        <ButtonLink href="/admin/orders/new" size="sm">
          {staffT("newOrder")}
        </ButtonLink>
      }
      filter={{
        action: "/admin/orders",
        label: t("filterLabel"),
        submitLabel: t("apply"),
        // on a phone: the status on a line of its own, the search and its button below
        children: (
          <>
            <Field id="status" label={t("status")} className="max-sm:flex-1">
              {(control) => (
                <Select {...control} name="status" defaultValue={status ?? ""} compact>
                  <option value="">{t("allStatuses")}</option>
                  {ORDER_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {names(`status.${s}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id="q" label={t("search")} className="min-w-[14rem] flex-1">
              {(control) => <Input {...control} name="q" type="search" defaultValue={q ?? ""} maxLength={100} compact />}
            </Field>
            <label className="flex min-h-10 items-center gap-2 self-end text-sm">
              <input type="checkbox" name="late" value="true" defaultChecked={late} className="size-4" data-testid="late-filter" />
              {t("lateOnly")}
            </label>
          </>
        ),
      }}
      count={t("count", { count: total })}
      pager={{
        label: t("pages"),
        page,
        pages,
        href: pageHref,
        text: { previous: t("previous"), next: t("next"), position: t("pageOf", { page, pages }) },
      }}
    >
      {orders.length > 0 && (
        // a table from tablet width up; below it each order is a card of labelled lines (no sideways scrolling on a phone)
        <div className="md:overflow-x-auto">
          <table className="w-full text-left text-sm max-md:block md:min-w-[44rem]">
            <thead className="border-b border-[var(--border)] text-xs text-[var(--muted-fg)] uppercase max-md:sr-only">
              <tr>
                <th className="py-2 pr-3">{t("number")}</th>
                <th className="py-2 pr-3">{t("placed")}</th>
                <th className="py-2 pr-3">{t("customer")}</th>
                <th className="py-2 pr-3">{t("payment")}</th>
                <th className="py-2 pr-3">{t("status")}</th>
                <th className="py-2 text-right">{t("total")}</th>
              </tr>
            </thead>
            <tbody className="max-md:block max-md:space-y-3">
              {orders.map((o) => (
                <tr
                  key={o.number}
                  className="border-b border-[var(--border)] max-md:block max-md:rounded-xl max-md:border max-md:p-3"
                  data-testid="admin-order-row"
                >
                  <td className="py-1.5 pr-3 font-semibold max-md:block max-md:pt-0 max-md:pr-0">
                    <Link href={`/admin/orders/${encodeURIComponent(o.number)}`} className="text-brand hover:underline">
                      {o.number}
                    </Link>
                    {/* beside the number, the first thing read in the row, on a phone too */}
                    {o.test && <TestOrderBadge className="mt-0.5 flex w-fit" />}
                  </td>
                  <td className={`${stackedCell} whitespace-nowrap`} data-label={t("placed")}>
                    {when.format(new Date(o.createdAt))}
                  </td>
                  <td className={stackedCell} data-label={t("customer")}>
                    <span className="min-w-0 max-md:text-right">
                      {o.fullName}
                      <span className="block text-xs [overflow-wrap:anywhere] text-[var(--muted-fg)]">{o.email}</span>
                    </span>
                  </td>
                  <td className={stackedCell} data-label={t("payment")}>
                    {names(`paymentMethod.${o.paymentMethod}`)}
                  </td>
                  <td className={stackedCell} data-label={t("status")}>
                    <OrderStatusBadge status={o.status} />
                    {o.late && o.promisedTo && (
                      <span className="mt-0.5 block w-fit rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-900" data-testid="late-badge">
                        {t("late", { date: formatDateRange(o.promisedTo, o.promisedTo, locale) })}
                      </span>
                    )}
                  </td>
                  <td className={`${stackedCell} whitespace-nowrap md:text-right`} data-label={t("total")}>
                    {formatMoney(o.total, "TZS")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ListPage>
  );
}
