import type { Metadata } from "next";
import Link from "next/link";
import { THREAD_STATUSES, type ThreadStatus } from "@/lib/account";
import { adminTimeFormat } from "@/components/admin/time-format";
import { cx } from "@/components/ui/cx";
import { getServices } from "@/server/services";
import { requireAdmin } from "../../admin-guard";
import { getIntl, getTranslator } from "../../i18n";
import { ListPage } from "@/components/admin/list-page";
import { Field, Select } from "@/components/ui/form";
import { pagedHref } from "@/lib/paged-href";

const PAGE_SIZE = 25;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("messages.meta");
  return { title: t("admin"), robots: { index: false } };
}

type Search = { status?: string; page?: string };

/** Customer conversations for the admins: open ones first (the longest waiting first), then answered, then closed. */
export default async function AdminMessagesPage({ searchParams }: { searchParams: Promise<Search> }) {
  await requireAdmin("/admin/messages");
  const [query, t, { locale }] = await Promise.all([searchParams, getTranslator("messages"), getIntl()]);
  const status = (THREAD_STATUSES as readonly string[]).includes(query.status ?? "") ? (query.status as ThreadStatus) : undefined;
  const page = Math.max(1, Math.min(40_000, Number.parseInt(query.page ?? "1", 10) || 1));
  const { threads, total } = await (await getServices()).messages.adminList({ status, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const when = adminTimeFormat(locale);
  const pageHref = (n: number) => pagedHref("/admin/messages", { status }, n);
  return (
    <ListPage
      back={{ href: "/admin", label: t("admin.toAdmin") }}
      title={t("admin.title")}
      filter={{
        action: "/admin/messages",
        label: t("admin.filterLabel"),
        submitLabel: t("admin.apply"),
        children: (
          <Field id="status" label={t("admin.statusLabel")}>
            {(control) => (
              <Select {...control} name="status" defaultValue={status ?? ""} compact>
                <option value="">{t("admin.allStatuses")}</option>
                {THREAD_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`status.${s}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ),
      }}
      count={t("admin.count", { count: total })}
      pager={{
        label: t("admin.pages"),
        page,
        pages,
        href: pageHref,
        text: { previous: t("admin.previous"), next: t("admin.next"), position: t("admin.pageOf", { page, pages }) },
      }}
    >
      {threads.length === 0 ? (
        <p className="text-sm">{t("admin.empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="border-b border-[var(--border)] text-xs text-[var(--muted-fg)] uppercase">
              <tr>
                <th className="py-2 pr-3">{t("admin.subject")}</th>
                <th className="py-2 pr-3">{t("admin.customer")}</th>
                <th className="py-2 pr-3">{t("admin.statusLabel")}</th>
                <th className="py-2 pr-3">{t("admin.unread")}</th>
                <th className="py-2">{t("admin.updated")}</th>
              </tr>
            </thead>
            <tbody>
              {threads.map((thread) => (
                <tr key={thread.id} className="border-b border-[var(--border)]" data-testid="admin-thread-row">
                  <td className="py-1.5 pr-3">
                    <Link href={`/admin/messages/${thread.id}`} className={cx("text-brand hover:underline", thread.unread > 0 && "font-bold")}>
                      {thread.subject}
                    </Link>
                    {thread.orderNumber && <span className="block text-xs text-[var(--muted-fg)]">{t("list.aboutOrder", { number: thread.orderNumber })}</span>}
                  </td>
                  <td className="py-1.5 pr-3">
                    {thread.customer.name}
                    <span className="block text-xs text-[var(--muted-fg)]">{thread.customer.email}</span>
                  </td>
                  <td className="py-1.5 pr-3">{t(`status.${thread.status}`)}</td>
                  <td className="py-1.5 pr-3">{thread.unread}</td>
                  <td className="py-1.5 whitespace-nowrap">{when.format(new Date(thread.updatedAt))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ListPage>
  );
}
