"use client";

import { Ban, Check, CheckCheck, Clock, MessageCircle, MessageSquareText, Moon, RotateCw, XCircle, type LucideIcon } from "lucide-react";
import { useFormatter, useTranslations } from "use-intl";
import type { OrderTextMessage } from "@/lib/contract/text-messages";
import { DATE_FORMATS } from "@/lib/date-format";
import type { MessageStatus } from "@/lib/sms/message-status";
import { cx } from "../ui/cx";

/** One message as the component takes it: the timeline's view, and for the admin the outbox's attempts and last error. */
export type OrderMessageItem = OrderTextMessage & { attempts?: number; lastError?: string | null };

const STATUS_ICONS: Record<MessageStatus, LucideIcon> = {
  queued: Clock,
  waiting: Moon,
  retrying: RotateCw,
  sent: Check,
  delivered: CheckCheck,
  read: CheckCheck,
  undelivered: XCircle,
  failed: XCircle,
  stopped: Ban,
};

const STATUS_TONES: Record<MessageStatus, string> = {
  queued: "bg-[var(--muted)] text-[var(--fg)]",
  waiting: "bg-indigo-50 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100",
  retrying: "bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100",
  sent: "bg-[var(--muted)] text-[var(--fg)]",
  delivered: "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  read: "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  undelivered: "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
  failed: "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
  stopped: "bg-[var(--muted)] text-[var(--fg)]",
};

/** The moment a status is about: when it goes (queued in quiet hours, a retry), or when it happened. */
function momentOf(message: OrderTextMessage): string {
  switch (message.status) {
    case "waiting":
    case "retrying":
      return message.nextAttemptAt;
    case "queued":
      return message.queuedAt;
    case "sent":
      return message.sentAt ?? message.updatedAt;
    case "delivered":
    case "read":
    case "undelivered":
      return message.deliveryAt ?? message.sentAt ?? message.updatedAt;
    case "failed":
    case "stopped":
      return message.updatedAt;
  }
}

/**
 * The text messages (SMS, WhatsApp) of an order, oldest first: what each was about, on which
 * channel to which (masked) number, and where it stands (queued, waiting for the morning, sent,
 * delivered, read, not delivered, given up), in Tanzania's time. Plain data in, so the shopper's,
 * the admin's and a guest's order pages all show it; `detail` adds the outbox's attempts and last
 * error (the admin's). Nothing at all when there are no messages, unless `showEmpty`.
 */
export function OrderMessages({ messages, detail = false, showEmpty = false }: { messages: OrderMessageItem[]; detail?: boolean; showEmpty?: boolean }) {
  const t = useTranslations("orders.textMessages");
  const format = useFormatter();
  if (messages.length === 0 && !showEmpty) return null;
  return (
    <section aria-labelledby="order-messages-heading" className="rounded-xl border border-[var(--border)] p-4">
      <h2 id="order-messages-heading" className="mb-3 text-base font-semibold">
        {t("title")}
      </h2>
      {messages.length === 0 ? (
        <p className="text-sm text-[var(--muted-fg)]">{t("none")}</p>
      ) : (
        <ol className="space-y-3" aria-label={t("label")} data-testid="order-messages">
          {messages.map((m) => {
            const ChannelIcon = m.channel === "whatsapp" ? MessageCircle : MessageSquareText;
            const StatusIcon = STATUS_ICONS[m.status];
            const moment = momentOf(m);
            return (
              <li key={m.id} className="flex gap-3" data-channel={m.channel} data-event={m.event} data-status={m.status}>
                <ChannelIcon className={cx("mt-0.5 h-5 w-5 shrink-0", m.channel === "whatsapp" ? "text-emerald-700" : "text-brand")} aria-hidden />
                <div className="min-w-0 text-sm">
                  <p className="font-medium">{t(`event.${m.event}`)}</p>
                  <p className="text-xs text-[var(--muted-fg)]">{t("to", { channel: t(`channel.${m.channel}`), number: m.recipient })}</p>
                  <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
                    <span className={cx("inline-flex items-center gap-1 rounded px-1.5 py-0.5 font-semibold", STATUS_TONES[m.status])}>
                      <StatusIcon className="h-3.5 w-3.5" aria-hidden />
                      {t(`status.${m.status}`)}
                    </span>
                    <time dateTime={moment} className="text-[var(--muted-fg)]">
                      {t(`when.${m.status}`, { time: format.dateTime(new Date(moment), DATE_FORMATS.dateTime) })}
                    </time>
                  </p>
                  {detail && m.attempts !== undefined && m.attempts > 0 && (
                    <p className="mt-1 text-xs text-[var(--muted-fg)]">{t("attempts", { count: m.attempts })}</p>
                  )}
                  {detail && m.lastError && (
                    <p className="mt-0.5 text-xs break-words text-red-800 dark:text-red-300">{t("lastError", { error: m.lastError })}</p>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
