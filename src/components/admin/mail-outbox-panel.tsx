import { serverLocale, serverTranslator } from "../i18n/request-intl";
import { adminTimeFormat } from "./time-format";

export interface MailOutboxView {
  counts: Record<"pending" | "sending" | "sent" | "failed" | "dead", number>;
  /** the latest messages that failed (to be retried) or died; recipients come masked from the server */
  problems: {
    id: number;
    kind: string;
    state: string;
    recipient: string;
    subject: string;
    attempts: number;
    lastError: string | null;
    updatedAt: Date;
    nextAttemptAt: Date;
  }[];
}

/** The states in the order shown; each one's label is its key in the admin.outbox messages. */
const STATES = ["pending", "sending", "failed", "dead", "sent"] as const satisfies readonly (keyof MailOutboxView["counts"])[];

/** The admin's view of the mail outbox: how many messages are in each state, and the latest that failed or died. */
export function MailOutboxPanel({ outbox }: { outbox: MailOutboxView }) {
  const t = serverTranslator("admin.outbox");
  const when = adminTimeFormat(serverLocale());
  return (
    <section aria-labelledby="mail-outbox-heading" className="mb-8">
      <h2 id="mail-outbox-heading" className="text-lg font-bold">
        {t("title")}
      </h2>
      <dl className="my-3 flex flex-wrap gap-3">
        {STATES.map((key) => (
          <div key={key} className="min-w-28 rounded-lg border border-[var(--border)] px-3 py-2">
            <dt className="text-xs text-[var(--muted-fg)]">{t(key)}</dt>
            <dd className="text-lg font-semibold" data-testid={`outbox-${key}`}>
              {outbox.counts[key]}
            </dd>
          </div>
        ))}
      </dl>
      {outbox.problems.length === 0 ? (
        <p className="text-sm text-[var(--muted-fg)]">{t("none")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="mb-1 text-left text-sm font-medium">{t("caption")}</caption>
            <thead className="border-b border-[var(--border)] text-xs text-[var(--muted-fg)] uppercase">
              <tr>
                <th className="py-2 pr-3">{t("lastTry")}</th>
                <th className="py-2 pr-3">{t("state")}</th>
                <th className="py-2 pr-3">{t("to")}</th>
                <th className="py-2 pr-3">{t("subject")}</th>
                <th className="py-2 pr-3">{t("attempts")}</th>
                <th className="py-2">{t("lastError")}</th>
              </tr>
            </thead>
            <tbody>
              {outbox.problems.map((p) => (
                <tr key={p.id} className="border-b border-[var(--border)]">
                  <td className="py-1.5 pr-3 whitespace-nowrap">{when.format(p.updatedAt)}</td>
                  <td className="py-1.5 pr-3">{p.state === "dead" ? t("stateDead") : t("stateRetry", { time: when.format(p.nextAttemptAt) })}</td>
                  <td className="py-1.5 pr-3">{p.recipient}</td>
                  <td className="py-1.5 pr-3">{p.subject}</td>
                  <td className="py-1.5 pr-3">{p.attempts}</td>
                  <td className="max-w-72 truncate py-1.5" title={p.lastError ?? undefined}>
                    {p.lastError ?? "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
