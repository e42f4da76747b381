import { serverLocale, serverTranslator } from "../i18n/request-intl";
import { adminTimeFormat } from "./time-format";

export interface SecurityEventRow {
  id: number;
  at: Date;
  type: string;
  email: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** The admin's view of the security log: time in Dar es Salaam, event (its code), account, address, browser. */
export function SecurityEventsTable({ events }: { events: SecurityEventRow[] }) {
  const t = serverTranslator("admin.events");
  if (!events.length) return <p className="text-sm text-[var(--muted-fg)]">{t("none")}</p>;
  const when = adminTimeFormat(serverLocale());
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="border-b border-[var(--border)] text-xs text-[var(--muted-fg)] uppercase">
          <tr>
            <th className="py-2 pr-3">{t("time")}</th>
            <th className="py-2 pr-3">{t("event")}</th>
            <th className="py-2 pr-3">{t("account")}</th>
            <th className="py-2 pr-3">{t("address")}</th>
            <th className="py-2">{t("browser")}</th>
          </tr>
        </thead>
        <tbody>
          {events.map((e) => (
            <tr key={e.id} className="border-b border-[var(--border)]">
              <td className="py-1.5 pr-3 whitespace-nowrap">{when.format(e.at)}</td>
              <td className="py-1.5 pr-3">{e.type}</td>
              <td className="py-1.5 pr-3">{e.email ?? "—"}</td>
              <td className="py-1.5 pr-3">{e.ip ?? "—"}</td>
              <td className="max-w-64 truncate py-1.5" title={e.userAgent ?? undefined}>
                {e.userAgent ?? "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
