import type { Metadata } from "next";
import { formatMoney } from "@/lib/money";
import { formatTanzanianPhone } from "@/lib/phone";
import { REQUEST_KINDS, REQUEST_STATUSES, type RequestKind, type RequestStatus } from "@/lib/requests";
import { adminTimeFormat } from "@/components/admin/time-format";
import { RequestStatusForm } from "@/components/requests/request-status-form";
import { getServices } from "@/server/services";
import { requireAdmin } from "../../admin-guard";
import { getIntl, getTranslator } from "../../i18n";
import { ListPage } from "@/components/admin/list-page";
import { Field, Select } from "@/components/ui/form";
import { pagedHref } from "@/lib/paged-href";

const PAGE_SIZE = 25;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("requests.admin");
  return { title: t("title"), robots: { index: false } };
}

type Search = { kind?: string; status?: string; reference?: string; page?: string };

/** A kind's details as label: value lines (lists of lines one per line). */
function detailLines(details: Record<string, unknown>): { key: string; value: string }[] {
  return Object.entries(details).map(([key, value]) => ({
    key,
    value: Array.isArray(value)
      ? value.map((item) => (typeof item === "object" && item ? Object.values(item as Record<string, unknown>).join(" · ") : String(item))).join("\n")
      : String(value),
  }));
}

/** What visitors sent through the forms, newest first, by kind and status; admins move each one along. */
export default async function AdminRequestsPage({ searchParams }: { searchParams: Promise<Search> }) {
  await requireAdmin("/admin/requests");
  const [query, t, tr, { locale }] = await Promise.all([searchParams, getTranslator("requests.admin"), getTranslator("requests"), getIntl()]);
  const kind = (REQUEST_KINDS as readonly string[]).includes(query.kind ?? "") ? (query.kind as RequestKind) : undefined;
  const status = (REQUEST_STATUSES as readonly string[]).includes(query.status ?? "") ? (query.status as RequestStatus) : undefined;
  const reference = /^RQ-\d{4}-\d{6,}$/.test(query.reference ?? "") ? query.reference : undefined;
  const page = Math.max(1, Math.min(40_000, Number.parseInt(query.page ?? "1", 10) || 1));
  const { requests, total } = await (await getServices()).requests.adminList({ kind, status, reference, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const when = adminTimeFormat(locale);
  const pageHref = (n: number) => pagedHref("/admin/requests", { kind, status }, n);
  const labels = { changeStatus: t("changeStatus"), save: t("save"), saved: t("saved") };

  return (
    <ListPage
      back={{ href: "/admin", label: t("toAdmin") }}
      title={t("title")}
      width="narrow"
      filter={{
        action: "/admin/requests",
        label: t("filterLabel"),
        submitLabel: t("apply"),
        children: (
          <>
            <Field id="kind" label={t("kind")}>
              {(control) => (
                <Select {...control} name="kind" defaultValue={kind ?? ""} compact>
                  <option value="">{t("allKinds")}</option>
                  {REQUEST_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {tr(`kinds.${k}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id="status" label={t("status")}>
              {(control) => (
                <Select {...control} name="status" defaultValue={status ?? ""} compact>
                  <option value="">{t("allStatuses")}</option>
                  {REQUEST_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {tr(`statuses.${s}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </>
        ),
      }}
      count={total ? t("count", { count: total }) : t("empty")}
      pager={{
        label: t("title"),
        page,
        pages,
        href: pageHref,
        text: { previous: t("previous"), next: t("next"), position: t("page", { page, pages }) },
      }}
    >
      <ul className="space-y-3">
        {requests.map((r) => (
          <li key={r.id} className="rounded-xl border border-[var(--border)] p-3 text-sm" data-testid="admin-request">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="font-semibold">
                {r.reference}
                <span className="ml-2 font-normal text-[var(--muted-fg)]">{tr(`kinds.${r.kind}`)}</span>
              </h2>
              <span className="rounded-full bg-[var(--surface)] px-2 py-0.5 text-xs">{tr(`statuses.${r.status}`)}</span>
            </div>
            <p className="text-xs text-[var(--muted-fg)]">{t("received", { date: when.format(new Date(r.createdAt)) })}</p>
            <p className="mt-2">
              <span className="font-medium">{t("from")}</span> {r.name}
              {r.company && ` · ${r.company}`}
              {" · "}
              <a href={`mailto:${r.email}`} className="break-all text-brand hover:underline">
                {r.email}
              </a>
              {r.phone && (
                <>
                  {" · "}
                  <a href={`tel:${r.phone}`} className="text-brand hover:underline">
                    {formatTanzanianPhone(r.phone)}
                  </a>
                </>
              )}
            </p>
            {r.message && <p className="mt-2 whitespace-pre-line">{r.message}</p>}
            {Object.keys(r.details).length > 0 && (
              <details className="mt-2">
                <summary className="cursor-pointer font-medium">{t("details")}</summary>
                <dl className="mt-1 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
                  {detailLines(r.details).map((d) => (
                    <div key={d.key} className="contents">
                      <dt className="text-[var(--muted-fg)]">{d.key}</dt>
                      <dd className="break-words whitespace-pre-line">{d.value}</dd>
                    </div>
                  ))}
                </dl>
              </details>
            )}
            {r.indicativePrice !== null && <p className="mt-2">{t("price", { price: formatMoney(r.indicativePrice, "TZS") })}</p>}
            {r.hasAttachment && (
              <p className="mt-2">
                <a href={`/api/admin/requests/${r.id}/attachment`} className="font-medium text-brand hover:underline" download>
                  {t("download", { size: Math.max(1, Math.round((r.attachmentBytes ?? 0) / 1024)) })}
                </a>
              </p>
            )}
            <div className="mt-3">
              <RequestStatusForm id={r.id} status={r.status} labels={labels} />
            </div>
          </li>
        ))}
      </ul>
    </ListPage>
  );
}
