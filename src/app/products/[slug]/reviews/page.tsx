import type { Metadata } from "next";
import Link from "next/link";
import { ArrowLeft } from "lucide-react";
import { RatingSummaryView } from "@/components/reviews/rating-summary";
import { ReviewItem } from "@/components/reviews/review-item";
import { Button } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/form";
import { Pager } from "@/components/ui/pager";
import { pagedHref } from "@/lib/paged-href";
import { REVIEW_SORTS, type ReviewSort } from "@/lib/reviews";
import { productPath } from "@/lib/slug";
import { getServices } from "@/server/services";
import { getTranslator, languageAlternates } from "../../../i18n";
import { loadSessionUser } from "../../../session";
import { loadProduct } from "../load-product";

const PAGE_SIZE = 20;
/** pages past this are not offered (the list's offset is capped by the API's contract too) */
const MAX_PAGE = 500;

type Search = { page?: string; sort?: string; stars?: string };
type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Search> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const product = await loadProduct((await params).slug);
  const t = await getTranslator("catalog.reviews");
  if (!product) return { title: (await getTranslator("meta.catalog"))("productNotFound") };
  return { title: t("pageTitle", { name: product.name }), alternates: languageAlternates(`${productPath(product)}/reviews`) };
}

/** The choices of the address, each kept only when it is one the list knows. */
function readSearch(search: Search): { page: number; sort: ReviewSort; stars: number | undefined } {
  const sort = (REVIEW_SORTS as readonly string[]).includes(search.sort ?? "") ? (search.sort as ReviewSort) : "newest";
  const stars = Number(search.stars);
  const page = Math.max(1, Math.min(MAX_PAGE, Number.parseInt(search.page ?? "1", 10) || 1));
  return { page, sort, stars: Number.isInteger(stars) && stars >= 1 && stars <= 5 ? stars : undefined };
}

/**
 * A product's reviews page (/products/<id>-<slug>/reviews): the rating summary and every published
 * review, twenty a page, with the sort and the star filter in the address (a GET form: it works
 * before any script and each choice is a link to keep).
 */
export default async function ProductReviewsPage({ params, searchParams }: Props) {
  const [{ slug }, search, user, t, services] = await Promise.all([params, searchParams, loadSessionUser(), getTranslator("catalog.reviews"), getServices()]);
  // the layout has answered 404 for an unknown product
  const product = (await loadProduct(slug))!;
  const { page, sort, stars } = readSearch(search);
  const list = await services.reviews.list(product.id, { sort, stars, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }, { userId: user?.id ?? null });
  const pages = Math.max(1, Math.min(MAX_PAGE, Math.ceil(list.total / PAGE_SIZE)));
  const path = `${productPath(product)}/reviews`;
  const filters = { sort: sort === "newest" ? undefined : sort, stars: stars ? String(stars) : undefined };

  return (
    <div className="mx-auto max-w-3xl px-3 py-4 sm:px-4">
      <Link href={productPath(product)} prefetch={false} className="inline-flex items-center gap-1 text-sm text-brand hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {t("backToProduct")}
      </Link>
      <h1 className="mt-3 text-xl font-bold break-words">{t("pageTitle", { name: product.name })}</h1>
      <div className="mt-4">
        <RatingSummaryView summary={list.summary} />
      </div>
      {list.summary.count > 0 && (
        <form method="get" action={path} role="search" aria-label={t("filterLabel")} className="mt-4 flex flex-wrap items-end gap-2 text-sm">
          <Field id="reviews-sort" label={t("sort")} className="min-w-36 flex-1 sm:flex-none">
            {(control) => (
              <Select {...control} compact name="sort" defaultValue={sort}>
                {REVIEW_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {t(`sorts.${s}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id="reviews-stars" label={t("filter")} className="min-w-36 flex-1 sm:flex-none">
            {(control) => (
              <Select {...control} compact name="stars" defaultValue={stars ?? ""}>
                <option value="">{t("allStars")}</option>
                {[5, 4, 3, 2, 1].map((n) => (
                  <option key={n} value={n}>
                    {t("starsOnly", { stars: n })}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Button type="submit" size="sm" className="h-9">
            {t("apply")}
          </Button>
        </form>
      )}
      {list.summary.count > 0 && (
        <p className="mt-3 text-sm text-[var(--muted-fg)]" role="status">
          {t("shown", { count: list.total })}
        </p>
      )}
      <div data-testid="reviews-list">
        {list.reviews.map((review) => (
          <ReviewItem key={review.id} review={review} productName={product.name} />
        ))}
        {list.summary.count > 0 && list.reviews.length === 0 && <p className="py-4 text-sm text-[var(--muted-fg)]">{t("noneWithStars")}</p>}
      </div>
      <Pager
        label={t("pages")}
        page={page}
        pages={pages}
        href={(n) => pagedHref(path, filters, n)}
        text={{ previous: t("previous"), next: t("next"), position: t("pageOf", { page, pages }) }}
      />
    </div>
  );
}
