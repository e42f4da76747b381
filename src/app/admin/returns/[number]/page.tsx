import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { AdminReturnView } from "@/lib/contract/returns";
import { formatMoney } from "@/lib/money";
import { RETURN_CONDITIONS } from "@/lib/returns";
import { ReturnAdminActions } from "@/components/admin/return-actions";
import { TestOrderBadge } from "@/components/orders/test-order-badge";
import { adminTimeFormat } from "@/components/admin/time-format";
import { isDomainError } from "@/server/errors";
import { getServices } from "@/server/services";
import { requireAdmin } from "../../../admin-guard";
import { getIntl, getTranslator } from "../../../i18n";

type Params = { params: Promise<{ number: string }> };

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const [{ number }, t] = await Promise.all([params, getTranslator("admin.returns")]);
  return { title: `${t("meta")} ${decoded(number)}`, robots: { index: false } };
}

async function loadReturn(number: string): Promise<AdminReturnView | null> {
  try {
    return await (await getServices()).returns.adminGet(number);
  } catch (error) {
    if (isDomainError(error) && error.code === "not-found") return null;
    throw error;
  }
}

/** One return for the admin: the customer's request (lines, reason, photos, checklist, way back), its timeline, and the step its status allows. */
export default async function AdminReturnPage({ params }: Params) {
  const number = decoded((await params).number);
  await requireAdmin(`/admin/returns/${encodeURIComponent(number)}`);
  const [view, t, { locale }] = await Promise.all([loadReturn(number), getTranslator("admin.returns"), getIntl()]);
  if (!view) notFound();
  const when = adminTimeFormat(locale);
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-3 py-6 sm:px-4">
      <p className="text-sm">
        <Link href="/admin/returns" className="text-brand hover:underline">
          {t("toList")}
        </Link>
      </p>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h1 className="text-xl font-bold">
            {t("kind", { kind: view.kind })} {view.number}
          </h1>
          <p className="text-sm">
            {t("order")}{" "}
            <Link href={`/admin/orders/${encodeURIComponent(view.orderNumber)}`} className="text-brand hover:underline">
              {view.orderNumber}
            </Link>
          </p>
          <p className="text-sm text-[var(--muted-fg)]">{t("customerLine", { name: view.customer.name, phone: view.customer.phone })}</p>
        </div>
        <span className="flex flex-wrap items-center gap-2">
          {view.test && <TestOrderBadge className="text-sm" />}
          <span className="rounded bg-[var(--surface)] px-2 py-0.5 text-sm font-semibold" data-testid="admin-return-status">
            {t(`statuses.${view.status}`)}
          </span>
        </span>
      </div>

      <section aria-labelledby="return-request-heading" className="space-y-2 rounded-xl border border-[var(--border)] p-4 text-sm">
        <h2 id="return-request-heading" className="text-base font-semibold">
          {t("lines")}
        </h2>
        <ul>
          {view.lines.map((l) => (
            <li key={l.id}>{t("line", { quantity: l.quantity, name: l.name, sku: l.sku, price: formatMoney(l.unitPrice, "TZS") })}</li>
          ))}
        </ul>
        <p>
          <span className="font-semibold">{t("reason")}:</span> <span className="whitespace-pre-line">{view.reason}</span>
        </p>
        <p>
          <span className="font-semibold">{t("method")}:</span> {t(`methods.${view.returnMethod}`)}
        </p>
        <div>
          <p className="font-semibold">{t("checklist")}</p>
          <ul>
            {RETURN_CONDITIONS.map((c) => (
              <li key={c}>
                {t(`conditions.${c}`)}: {view.checklist[c] ? t("yes") : t("no")}
              </li>
            ))}
          </ul>
        </div>
        {view.refusalReason && <p>{t("refusalReason", { reason: view.refusalReason })}</p>}
        {view.photos.length > 0 && (
          <div>
            <p className="font-semibold">{t("photos")}</p>
            <ul className="mt-1 grid grid-cols-2 gap-2 sm:grid-cols-3">
              {view.photos.map((src, i) => (
                <li key={src}>
                  <a href={src} target="_blank" rel="noreferrer">
                    {/* the shopper's photo as stored (re-encoded WebP); not a catalogue picture, so no image pipeline */}
                    {/* eslint-disable-next-line @next/next/no-img-element */}
                    <img src={src} alt={t("photoAlt", { index: i + 1, number: view.number })} className="aspect-square w-full rounded-lg object-cover" />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>

      {view.actions.length > 0 && (
        <section aria-labelledby="return-actions-heading" className="rounded-xl border-2 border-brand p-4">
          <h2 id="return-actions-heading" className="mb-3 text-base font-semibold">
            {t(view.actions.includes("decide") ? "decideTitle" : "status")}
          </h2>
          <ReturnAdminActions view={view} />
        </section>
      )}

      <section aria-labelledby="return-timeline-heading" className="rounded-xl border border-[var(--border)] p-4 text-sm">
        <h2 id="return-timeline-heading" className="mb-2 text-base font-semibold">
          {t("timeline")}
        </h2>
        <ol className="space-y-1">
          {view.events.map((e, i) => (
            <li key={i}>
              <span className="text-[var(--muted-fg)]">{when.format(new Date(e.at))}</span>{" "}
              {t("event", { status: t(`statuses.${e.status}`), note: e.note ?? "none" })}
            </li>
          ))}
        </ol>
        {view.lines.some((l) => l.decision) && (
          <ul className="mt-2">
            {view.lines
              .filter((l) => l.decision)
              .map((l) => (
                <li key={l.id} data-testid="return-line-decided">
                  {l.name}: {t("decided", { decision: t(`decisions.${l.decision!}`), stock: t(`stocks.${l.outcomeStock ?? "sellable"}`) })}
                  {l.refundId !== null && <span className="text-[var(--muted-fg)]"> {t("refundLink", { id: l.refundId })}</span>}
                </li>
              ))}
          </ul>
        )}
      </section>
    </div>
  );
}
