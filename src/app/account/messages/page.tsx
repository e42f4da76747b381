import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Bell, MessageSquare, PenSquare } from "lucide-react";
import type { ThreadStatus } from "@/lib/account";
import { DATE_FORMATS } from "@/lib/date-format";
import { serverFormatter } from "@/components/i18n/request-intl";
import { OrderStatusBadge } from "@/components/orders/status-badge";
import { cx } from "@/components/ui/cx";
import { getServices } from "@/server/services";
import { getTranslator, languageAlternates } from "../../i18n";
import { loadSessionUser } from "../../session";
import { ButtonLink } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("messages.meta");
  return { title: t("list"), description: t("description"), alternates: languageAlternates("/account/messages"), robots: { index: false } };
}

const STATUS_STYLE: Record<ThreadStatus, string> = {
  open: "bg-amber-100 text-amber-900",
  answered: "bg-emerald-100 text-emerald-900",
  closed: "bg-gray-200 text-gray-800",
};

/**
 * The message centre: the shopper's conversations with the shop, and order updates read from the
 * orders' own history (read-only, each linking to its order). Opening it marks the order updates seen.
 */
export default async function MessagesPage() {
  const user = await loadSessionUser();
  if (!user) redirect("/auth/login?redirect=/account/messages");
  const { messages } = await getServices();
  const [t, statusNames, inbox] = await Promise.all([getTranslator("messages"), getTranslator("orders"), messages.inbox(user.id)]);
  if (inbox.unread.orderUpdates > 0) await messages.markOrderUpdatesSeen(user.id);
  const format = serverFormatter();
  const when = (iso: string) => format.dateTime(new Date(iso), DATE_FORMATS.dateTime);
  return (
    <div className="mx-auto max-w-3xl px-3 py-4 sm:px-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-xl font-bold">{t("list.title")}</h1>
          <p className="text-sm text-[var(--muted-fg)]">{t("list.intro")}</p>
        </div>
        <ButtonLink href="/account/messages/new" className="text-sm">
          <PenSquare className="h-4 w-4" aria-hidden />
          {t("list.newMessage")}
        </ButtonLink>
      </div>

      <section aria-labelledby="threads-heading" className="mt-6">
        <h2 id="threads-heading" className="mb-2 flex items-center gap-2 text-lg font-semibold">
          <MessageSquare className="h-5 w-5 text-brand" aria-hidden />
          {t("list.conversations")}
          {inbox.unread.threads > 0 && (
            <span className="rounded-full bg-brand px-2 text-xs text-white">{t("list.unread", { count: inbox.unread.threads })}</span>
          )}
        </h2>
        {inbox.threads.length === 0 ? (
          <p className="text-sm text-[var(--muted-fg)]">{t("list.noThreads")}</p>
        ) : (
          <ul className="divide-y divide-[var(--border)] rounded-xl border border-[var(--border)]">
            {inbox.threads.map((thread) => (
              <li key={thread.id} data-testid="thread-row">
                <Link href={`/account/messages/${thread.id}`} className="block p-3 text-sm hover:bg-[var(--surface)]">
                  <span className="flex items-start justify-between gap-2">
                    <span className={cx("min-w-0 break-words", thread.unread > 0 && "font-bold")}>{thread.subject}</span>
                    <span className={cx("shrink-0 rounded px-1.5 text-xs font-medium", STATUS_STYLE[thread.status])}>{t(`status.${thread.status}`)}</span>
                  </span>
                  <span className="mt-0.5 block text-xs text-[var(--muted-fg)]">
                    {thread.orderNumber && `${t("list.aboutOrder", { number: thread.orderNumber })} · `}
                    {t("list.messageCount", { count: thread.messageCount })} · {t("list.updated", { date: when(thread.updatedAt) })}
                    {thread.unread > 0 && (
                      <>
                        {" · "}
                        <span className="font-semibold text-brand">{t("list.unread", { count: thread.unread })}</span>
                      </>
                    )}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="updates-heading" className="mt-8">
        <h2 id="updates-heading" className="flex items-center gap-2 text-lg font-semibold">
          <Bell className="h-5 w-5 text-brand" aria-hidden />
          {t("list.orderUpdates")}
          {inbox.unread.orderUpdates > 0 && (
            <span className="rounded-full bg-brand px-2 text-xs text-white">{t("list.unread", { count: inbox.unread.orderUpdates })}</span>
          )}
        </h2>
        <p className="mb-2 text-xs text-[var(--muted-fg)]">{t("list.orderUpdatesNote")}</p>
        {inbox.orderUpdates.length === 0 ? (
          <p className="text-sm text-[var(--muted-fg)]">{t("list.noOrderUpdates")}</p>
        ) : (
          <ul className="divide-y divide-[var(--border)] rounded-xl border border-[var(--border)]" data-testid="order-updates">
            {inbox.orderUpdates.map((update) => (
              <li key={update.id}>
                <Link
                  href={`/account/orders/${encodeURIComponent(update.orderNumber)}`}
                  className="flex items-center justify-between gap-2 p-3 text-sm hover:bg-[var(--surface)]"
                  aria-label={t("list.viewOrder", { number: update.orderNumber })}
                >
                  <span className="min-w-0">
                    <span className={cx("block", update.unread && "font-bold")}>
                      {t("list.orderUpdate", { number: update.orderNumber, status: statusNames(`status.${update.status}`) })}
                      {update.unread && <span className="ml-2 rounded bg-brand px-1.5 text-xs font-medium text-white">{t("list.new")}</span>}
                    </span>
                    <time dateTime={update.at} className="block text-xs text-[var(--muted-fg)]">
                      {when(update.at)}
                    </time>
                  </span>
                  <OrderStatusBadge status={update.status} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
