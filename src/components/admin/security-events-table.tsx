import Link from "next/link";
import { deviceName } from "../i18n/device-name";
import { serverLocale, serverTranslator } from "../i18n/request-intl";
import { adminTimeFormat } from "./time-format";

export interface SecurityEventRow {
  id: number;
  at: Date | string;
  type: string;
  email: string | null;
  ip: string | null;
  userAgent: string | null;
  detail?: unknown;
}

/** What an event's detail says, in one line (its JSON without the braces' noise). */
function detailLine(detail: unknown): string | null {
  if (detail === null || detail === undefined) return null;
  return JSON.stringify(detail)
    .replace(/^\{|\}$/g, "")
    .replace(/"/g, "");
}

/**
 * The admin's view of the security log: time in Dar es Salaam, event (its code), account, address,
 * browser ("Chrome on Linux", the whole User-Agent on hover) and, where given, the detail. With `filterHref`, an account or an address links to the
 * log filtered by it.
 */
export function SecurityEventsTable({
  events,
  filterHref,
  showDetail = false,
}: {
  events: SecurityEventRow[];
  filterHref?: (filter: { account?: string; ip?: string; type?: string }) => string;
  showDetail?: boolean;
}) {
  const t = serverTranslator("admin.events");
  if (!events.length) return <p className="text-sm text-[var(--muted-fg)]">{t("none")}</p>;
  const when = adminTimeFormat(serverLocale());
  // on a phone each event is a small card: one line per field, named by its column
  const td = "py-1.5 pr-3 max-sm:block max-sm:py-0 max-sm:before:mr-1 max-sm:before:text-[var(--muted-fg)] max-sm:before:content-[attr(data-label)]";
  const cell = (value: string | null, filter: "account" | "ip" | "type") =>
    value === null ? (
      "—"
    ) : filterHref ? (
      <Link href={filterHref({ [filter]: value })} className="text-brand hover:underline" aria-label={t("filterBy", { value })}>
        {value}
      </Link>
    ) : (
      value
    );
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm max-sm:block sm:min-w-[40rem]" data-testid="security-events">
        <thead className="border-b border-[var(--border)] text-xs text-[var(--muted-fg)] uppercase max-sm:sr-only">
          <tr>
            <th className="py-2 pr-3">{t("time")}</th>
            <th className="py-2 pr-3">{t("event")}</th>
            <th className="py-2 pr-3">{t("account")}</th>
            <th className="py-2 pr-3">{t("address")}</th>
            {showDetail && <th className="py-2 pr-3">{t("detail")}</th>}
            <th className="py-2">{t("browser")}</th>
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {events.map((e) => (
            <tr key={e.id} className="border-b border-[var(--border)] align-top max-sm:block max-sm:py-2">
              <td className={`${td} font-medium whitespace-nowrap sm:font-normal`}>{when.format(new Date(e.at))}</td>
              <td className={`${td} whitespace-nowrap`}>{cell(e.type, "type")}</td>
              <td className={`${td} break-words`} data-label={`${t("account")}:`}>
                {cell(e.email, "account")}
              </td>
              <td className={`${td} whitespace-nowrap`} data-label={`${t("address")}:`}>
                {cell(e.ip, "ip")}
              </td>
              {showDetail && (
                <td className={`${td} text-xs break-words sm:max-w-72`} data-label={`${t("detail")}:`}>
                  {detailLine(e.detail) ?? "—"}
                </td>
              )}
              <td className={`${td} truncate sm:max-w-64`} title={e.userAgent ?? undefined} data-label={`${t("browser")}:`}>
                {e.userAgent ? deviceName(e.userAgent, e.userAgent) : "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
