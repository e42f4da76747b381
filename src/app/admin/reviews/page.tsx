import type { Metadata } from "next";
import Link from "next/link";
import { ListPage } from "@/components/admin/list-page";
import { ReviewModeration } from "@/components/admin/review-moderation";
import { adminTimeFormat } from "@/components/admin/time-format";
import { ReviewStars } from "@/components/reviews/review-stars";
import { Field, Select } from "@/components/ui/form";
import { pagedHref } from "@/lib/paged-href";
import { MODERATION_STATUSES, type ModerationStatus } from "@/lib/reviews";
import { productPath } from "@/lib/slug";
import { getServices } from "@/server/services";
import { requireAdmin } from "../../admin-guard";
import { getIntl, getTranslator } from "../../i18n";

const PAGE_SIZE = 20;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("admin.reviews");
  return { title: t("title"), robots: { index: false } };
}

type Search = { status?: string; reported?: string; page?: string };

/**
 * The reviews to moderate: reported ones first, then those waiting (the oldest first), then the
 * rest; each with its text as written (shown as text), and publish, hide with a reason, or the
 * shop's public answer. The page says what hiding is for: never a review for being negative.
 */
export default async function AdminReviewsPage({ searchParams }: { searchParams: Promise<Search> }) {
  await requireAdmin("/admin/reviews");
  const [query, t, { locale }] = await Promise.all([searchParams, getTranslator("admin.reviews"), getIntl()]);
  const status = (MODERATION_STATUSES as readonly string[]).includes(query.status ?? "") ? (query.status as ModerationStatus) : undefined;
  const reported = query.reported === "1" ? true : undefined;
  const page = Math.max(1, Math.min(4_000, Number.parseInt(query.page ?? "1", 10) || 1));
  const { reviews, total } = await (await getServices()).reviews.adminList({ status, reported, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const when = adminTimeFormat(locale);
  return (
    <ListPage
      back={{ href: "/admin", label: t("toAdmin") }}
      title={t("title")}
      intro={<span data-testid="reviews-policy">{t("policy")}</span>}
      width="narrow"
      filter={{
        action: "/admin/reviews",
        label: t("filterLabel"),
        submitLabel: t("apply"),
        children: (
          <>
            <Field id="status" label={t("status")} className="min-w-36 flex-1">
              {(control) => (
                <Select {...control} name="status" defaultValue={status ?? ""} compact>
                  <option value="">{t("allStatuses")}</option>
                  {MODERATION_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {t(`statuses.${s}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id="reported" label={t("reportedFilter")} className="min-w-36 flex-1">
              {(control) => (
                <Select {...control} name="reported" defaultValue={reported ? "1" : ""} compact>
                  <option value="">{t("allReviews")}</option>
                  <option value="1">{t("reportedOnly")}</option>
                </Select>
              )}
            </Field>
          </>
        ),
      }}
      count={t("count", { count: total })}
      pager={{
        label: t("pages"),
        page,
        pages,
        href: (n) => pagedHref("/admin/reviews", { status, reported: reported ? "1" : undefined }, n),
        text: { previous: t("previous"), next: t("next"), position: t("pageOf", { page, pages }) },
      }}
    >
      <ul className="space-y-3">
        {reviews.map((r) => (
          <li
            key={r.id}
            className="rounded-xl border border-[var(--border)] p-3 text-sm"
            data-testid="admin-review"
            data-review-id={r.id}
            data-status={r.status}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Link href={productPath({ id: r.productId, slug: r.productSlug })} className="font-semibold break-words text-brand hover:underline">
                {r.productName}
              </Link>
              <span className="flex flex-wrap gap-1 text-xs font-semibold">
                {r.reportCount > 0 && (
                  <span className="rounded bg-red-100 px-2 py-0.5 text-red-900" data-testid="admin-review-reports">
                    {t("reports", { count: r.reportCount })}
                  </span>
                )}
                <span className="rounded bg-[var(--surface)] px-2 py-0.5" data-testid="admin-review-status">
                  {t(`statuses.${r.status}`)}
                </span>
              </span>
            </div>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <ReviewStars rating={r.rating} />
              {r.title && <span className="font-semibold break-words">{r.title}</span>}
            </div>
            {r.body && <p className="mt-1 break-words whitespace-pre-line">{r.body}</p>}
            {r.photos.length > 0 && (
              <ul className="mt-2 flex flex-wrap gap-2">
                {r.photos.map((src, i) => (
                  <li key={src}>
                    <a href={src} target="_blank" rel="noreferrer">
                      {/* eslint-disable-next-line @next/next/no-img-element */}
                      <img
                        src={src}
                        alt={t("photoAlt", { index: i + 1 })}
                        width={64}
                        height={64}
                        className="h-16 w-16 rounded border border-[var(--border)] object-cover"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-1 text-xs text-[var(--muted-fg)]">
              {[
                r.authorName,
                when.format(new Date(r.createdAt)),
                t(`languages.${r.locale}`),
                r.verifiedPurchase ? t("verified") : null,
                r.demo ? t("demo") : null,
                r.variantLabel || null,
              ]
                .filter(Boolean)
                .join(" · ")}
              {r.orderNumber && (
                <>
                  {" · "}
                  <Link href={`/admin/orders/${encodeURIComponent(r.orderNumber)}`} className="text-brand hover:underline">
                    {r.orderNumber}
                  </Link>
                </>
              )}
            </p>
            {r.status === "hidden" && r.hiddenReason && (
              <p className="mt-1 text-xs" data-testid="admin-review-hidden-reason">
                {t("hiddenBecause", { reason: t(`reasons.${r.hiddenReason}`), note: r.moderationNote ?? "" })}
              </p>
            )}
            <ReviewModeration review={r} />
          </li>
        ))}
      </ul>
    </ListPage>
  );
}
