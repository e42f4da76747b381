import type { Metadata } from "next";
import Link from "next/link";
import { AlertTriangle, MessageCircle, MessageSquareText } from "lucide-react";
import { ListPage } from "@/components/admin/list-page";
import { adminTimeFormat } from "@/components/admin/time-format";
import { Field, Select } from "@/components/ui/form";
import { adminTextMessagesQuerySchema, type AdminTextMessage } from "@/lib/contract/text-messages";
import { pagedHref } from "@/lib/paged-href";
import { MESSAGE_EVENTS } from "@/lib/sms/events";
import { OUTBOX_STATES, TEXT_CHANNELS, type TextChannel } from "@/lib/sms/message-status";
import { getServices } from "@/server/services";
import { requireAdmin } from "../../admin-guard";
import { getIntl, getTranslator } from "../../i18n";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("admin.textMessages");
  return { title: t("title"), robots: { index: false } };
}

type Search = { channel?: string; state?: string; event?: string; page?: string };

/** Where the sandbox writes each channel's messages, under DATA_DIR (src/server/notify/sandbox.ts). */
const SANDBOX_FOLDERS: Record<TextChannel, string> = { sms: "sms-outbox", whatsapp: "whatsapp-outbox" };

/**
 * Every text message (SMS, WhatsApp) the shop queued, newest first, by channel, outbox state and
 * event: when, to whom (masked), where it stands and how the provider reported it, the attempts
 * and last error, its order and its text (a one-time code's never). Above it, who carries each
 * channel, and plainly when that is the sandbox, whose messages reach no phone.
 */
export default async function AdminTextMessagesPage({ searchParams }: { searchParams: Promise<Search> }) {
  await requireAdmin("/admin/text-messages");
  const [search, t, tm, ta, { locale }] = await Promise.all([
    searchParams,
    getTranslator("admin.textMessages"),
    getTranslator("orders.textMessages"),
    getTranslator("messages.admin"),
    getIntl(),
  ]);
  // a filter the form left empty (or a value from an old link) is no filter
  const given = Object.fromEntries(Object.entries(search).filter(([, value]) => typeof value === "string" && value !== ""));
  const parsed = adminTextMessagesQuerySchema.safeParse(given);
  const filter = parsed.success ? parsed.data : adminTextMessagesQuerySchema.parse({});
  const services = await getServices();
  const list = await services.textMessages.adminList(filter);
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const when = adminTimeFormat(locale);
  const kept = { channel: filter.channel, state: filter.state, event: filter.event };
  const pageHref = (n: number) => pagedHref("/admin/text-messages", kept, n);
  const sandboxed = TEXT_CHANNELS.filter((channel) => list.providers[channel] === "sandbox");

  const stateDetail = (m: AdminTextMessage) =>
    m.status === "waiting"
      ? t("waits", { time: when.format(new Date(m.nextAttemptAt)) })
      : m.status === "retrying"
        ? t("retry", { time: when.format(new Date(m.nextAttemptAt)) })
        : m.status === "stopped"
          ? t("stopped")
          : null;
  const stateCell = (m: AdminTextMessage) => {
    const detail = stateDetail(m);
    return (
      <>
        {t(`outboxState.${m.state}`)}
        {detail && <span className="block text-xs text-[var(--muted-fg)]">{detail}</span>}
      </>
    );
  };
  const deliveryCell = (m: AdminTextMessage) => (
    <>
      {t(`deliveryState.${m.deliveryState ?? "none"}`)}
      {m.deliveryAt && <span className="block text-xs text-[var(--muted-fg)]">{when.format(new Date(m.deliveryAt))}</span>}
    </>
  );
  const orderCell = (m: AdminTextMessage) =>
    m.orderNumber ? (
      <Link href={`/admin/orders/${encodeURIComponent(m.orderNumber)}`} className="text-brand hover:underline">
        {m.orderNumber}
      </Link>
    ) : null;
  const textCell = (m: AdminTextMessage) => (m.text === null ? <span className="text-[var(--muted-fg)] italic">{t("hidden")}</span> : m.text);

  return (
    <ListPage
      back={{ href: "/admin", label: ta("toAdmin") }}
      title={t("title")}
      intro={t("intro")}
      before={
        <section aria-labelledby="providers-heading" className="mt-4 space-y-2 text-sm" data-testid="text-providers">
          <h2 id="providers-heading" className="font-semibold">
            {t("providersTitle")}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {TEXT_CHANNELS.map((channel) => (
              <li key={channel} className="rounded-lg border border-[var(--border)] px-3 py-1.5" data-channel={channel} data-provider={list.providers[channel]}>
                {t("carries", { channel: tm(`channel.${channel}`), provider: t(`provider.${list.providers[channel]}`) })}
              </li>
            ))}
          </ul>
          {sandboxed.length > 0 && (
            <p
              role="note"
              data-testid="sandbox-note"
              data-channels={sandboxed.join(" ")}
              className="flex gap-2 rounded-lg border border-amber-600 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
            >
              <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              {t("sandboxNote", {
                count: sandboxed.length,
                channels: sandboxed.map((channel) => tm(`channel.${channel}`)).join(t("and")),
                folders: sandboxed.map((channel) => `DATA_DIR/${SANDBOX_FOLDERS[channel]}`).join(", "),
              })}
            </p>
          )}
        </section>
      }
      filter={{
        action: "/admin/text-messages",
        label: t("filterLabel"),
        submitLabel: t("apply"),
        children: (
          <>
            <Field id="channel" label={t("channel")}>
              {(control) => (
                <Select {...control} name="channel" defaultValue={filter.channel ?? ""} compact>
                  <option value="">{t("allChannels")}</option>
                  {TEXT_CHANNELS.map((c) => (
                    <option key={c} value={c}>
                      {tm(`channel.${c}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id="state" label={t("state")}>
              {(control) => (
                <Select {...control} name="state" defaultValue={filter.state ?? ""} compact>
                  <option value="">{t("allStates")}</option>
                  {OUTBOX_STATES.map((s) => (
                    <option key={s} value={s}>
                      {t(`outboxState.${s}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id="event" label={t("event")}>
              {(control) => (
                <Select {...control} name="event" defaultValue={filter.event ?? ""} compact>
                  <option value="">{t("allEvents")}</option>
                  {MESSAGE_EVENTS.map((e) => (
                    <option key={e} value={e}>
                      {tm(`event.${e}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </>
        ),
      }}
      count={t("count", { count: list.total })}
      pager={{
        label: t("pages"),
        page: filter.page,
        pages,
        href: pageHref,
        text: { previous: t("previous"), next: t("next"), position: t("pageOf", { page: filter.page, pages }) },
      }}
    >
      {list.messages.length === 0 ? (
        <p className="text-sm">{t("empty")}</p>
      ) : (
        <>
          {/* a phone: one card a message, every field under its name */}
          <ul className="space-y-3 md:hidden" data-testid="text-message-cards">
            {list.messages.map((m) => {
              const ChannelIcon = m.channel === "whatsapp" ? MessageCircle : MessageSquareText;
              return (
                <li key={m.id} className="rounded-lg border border-[var(--border)] p-3 text-sm" data-testid="text-message-card" data-event={m.event}>
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="inline-flex items-center gap-1.5 font-semibold">
                      <ChannelIcon className="h-4 w-4 shrink-0" aria-hidden />
                      {tm(`event.${m.event}`)}
                    </span>
                    <span className="text-xs text-[var(--muted-fg)]">{when.format(new Date(m.queuedAt))}</span>
                  </div>
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
                    <dt className="text-[var(--muted-fg)]">{t("channel")}</dt>
                    <dd>{tm(`channel.${m.channel}`)}</dd>
                    <dt className="text-[var(--muted-fg)]">{t("to")}</dt>
                    <dd className="tabular-nums">{m.recipient}</dd>
                    <dt className="text-[var(--muted-fg)]">{t("status")}</dt>
                    <dd>{stateCell(m)}</dd>
                    <dt className="text-[var(--muted-fg)]">{t("delivery")}</dt>
                    <dd>{deliveryCell(m)}</dd>
                    <dt className="text-[var(--muted-fg)]">{t("attempts")}</dt>
                    <dd className="tabular-nums">{m.attempts}</dd>
                    {m.lastError && (
                      <>
                        <dt className="text-[var(--muted-fg)]">{t("lastError")}</dt>
                        <dd className="break-words">{m.lastError}</dd>
                      </>
                    )}
                    {m.orderNumber && (
                      <>
                        <dt className="text-[var(--muted-fg)]">{t("order")}</dt>
                        <dd>{orderCell(m)}</dd>
                      </>
                    )}
                  </dl>
                  <p className="mt-2 rounded bg-[var(--muted)] p-2 text-xs break-words whitespace-pre-line">{textCell(m)}</p>
                </li>
              );
            })}
          </ul>
          <div className="hidden overflow-x-auto md:block">
            <table className="w-full min-w-[64rem] text-left text-sm" data-testid="text-messages">
              <thead className="border-b border-[var(--border)] text-xs text-[var(--muted-fg)] uppercase">
                <tr>
                  <th className="py-2 pr-3">{t("time")}</th>
                  <th className="py-2 pr-3">{t("channel")}</th>
                  <th className="py-2 pr-3">{t("event")}</th>
                  <th className="py-2 pr-3">{t("to")}</th>
                  <th className="py-2 pr-3">{t("status")}</th>
                  <th className="py-2 pr-3">{t("delivery")}</th>
                  <th className="py-2 pr-3 text-right">{t("attempts")}</th>
                  <th className="py-2 pr-3">{t("lastError")}</th>
                  <th className="py-2 pr-3">{t("order")}</th>
                  <th className="py-2">{t("text")}</th>
                </tr>
              </thead>
              <tbody>
                {list.messages.map((m) => {
                  const ChannelIcon = m.channel === "whatsapp" ? MessageCircle : MessageSquareText;
                  return (
                    <tr
                      key={m.id}
                      className="border-b border-[var(--border)] align-top"
                      data-testid="text-message-row"
                      data-channel={m.channel}
                      data-event={m.event}
                      data-state={m.state}
                    >
                      <td className="py-1.5 pr-3 whitespace-nowrap">{when.format(new Date(m.queuedAt))}</td>
                      <td className="py-1.5 pr-3 whitespace-nowrap">
                        <span className="inline-flex items-center gap-1">
                          <ChannelIcon className="h-4 w-4" aria-hidden />
                          {tm(`channel.${m.channel}`)}
                        </span>
                      </td>
                      <td className="py-1.5 pr-3">{tm(`event.${m.event}`)}</td>
                      <td className="py-1.5 pr-3 whitespace-nowrap tabular-nums">{m.recipient}</td>
                      <td className="py-1.5 pr-3">{stateCell(m)}</td>
                      <td className="py-1.5 pr-3">{deliveryCell(m)}</td>
                      <td className="py-1.5 pr-3 text-right tabular-nums">{m.attempts}</td>
                      <td className="max-w-56 py-1.5 pr-3 text-xs break-words">{m.lastError ?? "—"}</td>
                      <td className="py-1.5 pr-3 whitespace-nowrap">{orderCell(m) ?? "—"}</td>
                      <td className="max-w-80 py-1.5 text-xs break-words whitespace-pre-line">{textCell(m)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </ListPage>
  );
}
