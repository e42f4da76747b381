import Link from "next/link";
import type { MessageOverview } from "@/server/notify/outbox";
import { MESSAGE_EVENTS, type MessageEvent } from "@/lib/sms/events";
import { TEXT_CHANNELS } from "@/lib/sms/message-status";
import { serverLocale, serverTranslator } from "../i18n/request-intl";
import { adminTimeFormat } from "./time-format";

/** The states in the order shown (as the mail outbox's); each one's label is its key in admin.outbox. */
const STATES = ["pending", "sending", "failed", "dead", "sent"] as const;

const eventOf = (event: string): MessageEvent | null => ((MESSAGE_EVENTS as readonly string[]).includes(event) ? (event as MessageEvent) : null);

/**
 * The admin's view of the text-message outbox beside the mail outbox's: per channel, who carries it
 * and how many messages are in each state; then the latest that failed (to be retried) or were
 * given up, with their errors (numbers masked), and the way to the list of every message.
 */
export function TextOutboxPanel({ outbox }: { outbox: MessageOverview }) {
  const t = serverTranslator("admin.textMessages");
  const to = serverTranslator("admin.outbox");
  const tm = serverTranslator("orders.textMessages");
  const when = adminTimeFormat(serverLocale());
  return (
    <section aria-labelledby="text-outbox-heading" className="mb-8" data-testid="text-outbox">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="text-outbox-heading" className="text-lg font-bold">
          {t("outboxTitle")}
        </h2>
        <Link href="/admin/text-messages" className="text-sm font-semibold text-brand hover:underline">
          {t("all")}
        </Link>
      </div>
      <div className="my-3 overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="border-b border-[var(--border)] text-xs text-[var(--muted-fg)] uppercase">
            <tr>
              <th className="py-2 pr-3">{t("channel")}</th>
              {STATES.map((state) => (
                <th key={state} className="py-2 pr-3 text-right">
                  {to(state)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {TEXT_CHANNELS.map((channel) => (
              <tr key={channel} className="border-b border-[var(--border)]" data-channel={channel}>
                <th scope="row" className="py-1.5 pr-3 font-normal">
                  <span className="font-semibold">{tm(`channel.${channel}`)}</span>
                  <span className="block text-xs text-[var(--muted-fg)]">{t(`provider.${outbox.providers[channel]}`)}</span>
                </th>
                {STATES.map((state) => (
                  <td key={state} className="py-1.5 pr-3 text-right tabular-nums" data-testid={`text-outbox-${channel}-${state}`}>
                    {outbox.counts[channel][state]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {outbox.problems.length === 0 ? (
        <p className="text-sm text-[var(--muted-fg)]">{t("outboxNone")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="mb-1 text-left text-sm font-medium">{t("outboxCaption")}</caption>
            <thead className="border-b border-[var(--border)] text-xs text-[var(--muted-fg)] uppercase">
              <tr>
                <th className="py-2 pr-3">{to("lastTry")}</th>
                <th className="py-2 pr-3">{to("state")}</th>
                <th className="py-2 pr-3">{t("channel")}</th>
                <th className="py-2 pr-3">{t("event")}</th>
                <th className="py-2 pr-3">{to("to")}</th>
                <th className="py-2 pr-3">{to("attempts")}</th>
                <th className="py-2">{to("lastError")}</th>
              </tr>
            </thead>
            <tbody>
              {outbox.problems.map((p) => {
                const event = eventOf(p.event);
                return (
                  <tr key={p.id} className="border-b border-[var(--border)]" data-testid="text-outbox-problem">
                    <td className="py-1.5 pr-3 whitespace-nowrap">{when.format(p.updatedAt)}</td>
                    <td className="py-1.5 pr-3">{p.state === "dead" ? t("outboxState.dead") : t("retry", { time: when.format(p.nextAttemptAt) })}</td>
                    <td className="py-1.5 pr-3">{tm(`channel.${p.channel}`)}</td>
                    <td className="py-1.5 pr-3">{event ? tm(`event.${event}`) : p.event}</td>
                    <td className="py-1.5 pr-3 whitespace-nowrap">{p.recipient}</td>
                    <td className="py-1.5 pr-3">{p.attempts}</td>
                    <td className="max-w-72 py-1.5 break-words">{p.lastError ?? "—"}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
