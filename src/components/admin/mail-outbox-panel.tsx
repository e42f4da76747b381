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

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "Africa/Dar_es_Salaam" });

const STATES: { key: keyof MailOutboxView["counts"]; label: string }[] = [
  { key: "pending", label: "Waiting" },
  { key: "sending", label: "Sending" },
  { key: "failed", label: "To retry" },
  { key: "dead", label: "Dead" },
  { key: "sent", label: "Sent (last 7 days)" },
];

/** The admin's view of the mail outbox: how many messages are in each state, and the latest that failed or died. */
export function MailOutboxPanel({ outbox }: { outbox: MailOutboxView }) {
  return (
    <section aria-labelledby="mail-outbox-heading" className="mb-8">
      <h2 id="mail-outbox-heading" className="text-lg font-bold">
        Mail outbox
      </h2>
      <dl className="my-3 flex flex-wrap gap-3">
        {STATES.map(({ key, label }) => (
          <div key={key} className="min-w-28 rounded-lg border border-[var(--border)] px-3 py-2">
            <dt className="text-xs text-[var(--muted-fg)]">{label}</dt>
            <dd className="text-lg font-semibold" data-testid={`outbox-${key}`}>
              {outbox.counts[key]}
            </dd>
          </div>
        ))}
      </dl>
      {outbox.problems.length === 0 ? (
        <p className="text-sm text-[var(--muted-fg)]">No failed or dead messages.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="mb-1 text-left text-sm font-medium">Latest failed and dead messages</caption>
            <thead className="border-b border-[var(--border)] text-xs text-[var(--muted-fg)] uppercase">
              <tr>
                <th className="py-2 pr-3">Last try (EAT)</th>
                <th className="py-2 pr-3">State</th>
                <th className="py-2 pr-3">To</th>
                <th className="py-2 pr-3">Subject</th>
                <th className="py-2 pr-3">Attempts</th>
                <th className="py-2">Last error</th>
              </tr>
            </thead>
            <tbody>
              {outbox.problems.map((p) => (
                <tr key={p.id} className="border-b border-[var(--border)]">
                  <td className="py-1.5 pr-3 whitespace-nowrap">{when.format(p.updatedAt)}</td>
                  <td className="py-1.5 pr-3">{p.state === "dead" ? "dead" : `retry ${when.format(p.nextAttemptAt)}`}</td>
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
