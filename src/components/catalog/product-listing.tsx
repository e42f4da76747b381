"use client";

import { usePathname } from "next/navigation";
import { Suspense, useEffect, useRef } from "react";
import { useLocale, useTranslations } from "use-intl";
import { pageTitle } from "@/lib/page-title";
import {
  LISTING_BATCH_SIZE,
  filtersFromParams,
  listingHref,
  listingKey,
  nextPageParams,
  parsePage,
  withoutWords,
  type ListingFilters,
  type PopularRule,
} from "@/lib/listing";
import { clearImageResults, imageResults } from "../search/image-search-state";
import { typedSearch } from "../search/search-state";
import { useSearchNavigation } from "../search/use-search-navigation";
import { FilterBar } from "./filter-bar";
import { SpecChips, SpecFacets, specFilterLabel, useFacets } from "./spec-facets";
import type { FacetBody } from "@/lib/contract/specs";
import type { Locale } from "@/lib/locale";
import { ImageResultsView } from "./image-results";
import { ProductCard, ProductCardSkeleton } from "./product-card";
import { useListing, type InitialListing, type ListingFailure } from "./use-listing";
import { Button, ButtonLink } from "../ui/button";

export interface ListingProps {
  initialKey: string;
  initial: InitialListing;
  categories: { name: string; slug: string }[];
  seed: number;
  /** the shop's name, which ends every tab title */
  companyName: string;
  /** the dearest product's price: the top of the price filter */
  priceCeiling: number;
  /** the chosen category's spec filters with counts, as the server rendered them (for `facetsKey`) */
  facets: FacetBody[];
  facetsKey: string;
  /** the "Popular" badge's rule and threshold, worked out by the server for the whole catalogue */
  popular?: PopularRule | null;
}

/** The listing key of the address bar right now, which may be a render ahead of the router's. */
function locationListingKey(): string {
  const params = new URL(window.location.href).searchParams;
  return listingKey(filtersFromParams(Object.fromEntries(params)), parsePage(params.get("page")));
}

const gridClass =
  "mt-4 grid grid-cols-[repeat(var(--cols-mobile),minmax(0,1fr))] gap-[var(--card-gap,12px)] md:grid-cols-[repeat(var(--cols-tablet),minmax(0,1fr))] lg:grid-cols-[repeat(var(--cols-desktop),minmax(0,1fr))]";

/** The grid of /products: the server's first batch, then endless scrolling up to 120 a page. */
export function ProductListing({
  initialKey,
  initial,
  categories,
  seed,
  companyName,
  priceCeiling,
  facets: initialFacets,
  facetsKey,
  popular = null,
}: ListingProps) {
  const t = useTranslations("catalog.listing");
  const tTitle = useTranslations("catalog.title");
  const tSpecs = useTranslations("catalog.specFilters");
  const locale = useLocale() as Locale;
  const failureText = (failure: ListingFailure) =>
    failure.kind === "rate-limited"
      ? t("tooManyRequests")
      : failure.kind === "bad-filter"
        ? tSpecs("refused", { field: failure.field })
        : failure.kind === "http"
          ? t("httpStatus", { status: String(failure.status) })
          : failure.kind === "more-failed"
            ? t("loadMoreFailed")
            : t("fetchFailed");
  const pathname = usePathname();
  const listing = useListing({ initialKey, initial, seed });
  const { filters, page, products, total, totalIsEstimate, offset } = listing;
  const typed = typedSearch.use();
  // Typed but not yet searched (or one character): the current grid no longer answers it.
  const searchPending = typed.dirty && typed.text.trim() !== filters.search;
  const sentinel = useRef<HTMLDivElement>(null);
  const returnTo = listingHref(filters, page).replace(/^\/products/, pathname);
  const { submit, openCategory } = useSearchNavigation();
  const { facets, fresh: facetsFresh } = useFacets(filters, initialFacets, facetsKey);
  // the URL holds the filters; the listing follows it (history API, which Next's router tracks)
  const go = (next: ListingFilters) => window.history.pushState(null, "", listingHref(next));
  const chips = [
    ...Object.entries(filters.specs).map(([key, value]) => ({
      id: `spec:${key}`,
      label: specFilterLabel(
        facets.find((f) => f.key === key),
        key,
        value,
        locale,
      ),
      onRemove: () => go({ ...filters, specs: Object.fromEntries(Object.entries(filters.specs).filter(([k]) => k !== key)) }),
    })),
    // what a search read as specifications: removing one searches without its words
    ...listing.understood.map((u) => ({
      id: `understood:${u.key}`,
      label: u.display,
      onRemove: () => go({ ...filters, search: withoutWords(filters.search, u.words) }),
    })),
  ];

  // a search changes the URL in place (no navigation, so no new metadata): the tab title follows it
  const title = pageTitle(filters.search ? tTitle("searchResults", { search: filters.search }) : tTitle("allProducts"), companyName);
  useEffect(() => {
    document.title = title;
  }, [title]);

  // Results of a search by image replace the grid while the URL is the one they were made for (plain
  // /products). A text search, a category or any filter changes the URL, and that ends them.
  const urlKey = listingKey(filters, page);
  const image = imageResults.use();
  const showingImage = image !== null && image.key === urlKey;
  useEffect(() => {
    // the address bar may already show the results' URL while the router catches up: not stale
    if (image && image.key !== urlKey && image.key !== locationListingKey()) clearImageResults();
  }, [image, urlKey]);
  const heading = useRef<HTMLHeadingElement>(null);
  const closeImageResults = () => {
    clearImageResults();
    heading.current?.focus();
  };

  const { loadMore, moreError, hasMore, capped } = listing;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || moreError || !hasMore || capped) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void loadMore(), { rootMargin: "200px" });
    observer.observe(node);
    return () => observer.disconnect();
  }, [loadMore, moreError, hasMore, capped]);

  const filtered = Boolean(
    filters.search ||
    filters.category ||
    filters.brand ||
    filters.categories.length ||
    filters.minPrice > 0 ||
    filters.maxPrice !== null ||
    Object.keys(filters.specs).length,
  );
  const showSkeletons = listing.loading || searchPending;

  return (
    <section
      aria-label={t("region")}
      className="mt-4"
      aria-busy={showSkeletons && !showingImage}
      data-shown-key={showSkeletons || listing.error || showingImage ? undefined : listing.key}
    >
      <h2 ref={heading} tabIndex={-1} className="sr-only">
        {t("region")}
      </h2>
      {filters.search && !showingImage && <p className="mb-2 text-sm text-[var(--muted-fg)]">{t("resultsFor", { search: filters.search })}</p>}
      <FilterBar
        filters={filters}
        categories={categories}
        priceCeiling={priceCeiling}
        total={listing.error || showSkeletons || showingImage ? null : total}
        totalIsEstimate={totalIsEstimate}
        specFilters={<SpecFacets filters={filters} facets={facets} fresh={facetsFresh} onChange={(specs) => go({ ...filters, specs })} />}
      />
      <SpecChips chips={chips} />

      {showingImage ? (
        <ImageResultsView
          results={image}
          gridClass={gridClass}
          returnTo={returnTo}
          popular={popular}
          onKeyword={submit}
          onCategory={openCategory}
          onClose={closeImageResults}
        />
      ) : showSkeletons ? (
        <div className={gridClass} data-testid="product-skeletons">
          {Array.from({ length: LISTING_BATCH_SIZE }, (_, i) => (
            <ProductCardSkeleton key={i} />
          ))}
        </div>
      ) : listing.error ? (
        <div role="alert" className="mx-auto mt-10 max-w-md rounded-xl border border-red-300 p-6 text-center">
          <h2 className="text-lg font-semibold">{t("errorTitle")}</h2>
          <p className="mt-2 text-sm text-[var(--muted-fg)]">{failureText(listing.error)}</p>
          <div className="mt-4 flex justify-center gap-2">
            <Button onClick={listing.retry} className="text-sm">
              {t("tryAgain")}
            </Button>
            <button type="button" onClick={() => window.location.reload()} className="rounded-md border border-[var(--border)] px-4 py-2 text-sm font-semibold">
              {t("refresh")}
            </button>
          </div>
        </div>
      ) : products.length === 0 ? (
        filtered ? (
          <p className="mt-10 text-center text-[var(--muted-fg)]">{t("noMatches")}</p>
        ) : (
          <div className="mx-auto mt-10 max-w-md text-center">
            <h2 className="text-lg font-semibold">{t("emptyTitle")}</h2>
            <p className="mt-2 text-sm text-[var(--muted-fg)]">{t("emptyText")}</p>
            <Button onClick={() => window.location.reload()} className="mt-4 text-sm">
              {t("refresh")}
            </Button>
          </div>
        )
      ) : (
        <>
          {/* no prefetch as cards scroll by: a product page is fetched ahead on hover or touch only (RoutePrefetcher) */}
          <div className={gridClass} data-testid="product-grid">
            {products.map((product, i) => (
              // one boundary per card: each hydrates as its own short task on a slow phone
              <Suspense key={product.id}>
                <ProductCard product={product} returnTo={returnTo} eager={i < 6} popular={popular} />
              </Suspense>
            ))}
            {listing.loadingMore && Array.from({ length: 4 }, (_, i) => <ProductCardSkeleton key={`s${i}`} />)}
          </div>

          {moreError && (
            <div role="alert" className="mt-6 text-center">
              <p className="text-sm text-red-700 dark:text-red-300">{failureText(moreError)}</p>
              <button type="button" onClick={() => void loadMore()} className="mt-2 rounded-md border border-[var(--border)] px-4 py-2 text-sm font-semibold">
                {t("tryAgain")}
              </button>
            </div>
          )}

          {capped && hasMore ? (
            <nav aria-label={t("pagination")} className="mt-8 text-center">
              <p className="text-sm">{t("showing", { count: products.length, page: String(page) })}</p>
              <p className="text-sm text-[var(--muted-fg)]">
                {t(totalIsEstimate ? "moreAbout" : "more", { count: Math.max(1, total - offset - products.length) })}
              </p>
              <ButtonLink href={`/products?${nextPageParams(page, filters).toString()}`} prefetch={false} className="mt-3">
                {t("nextPage", { page: String(page + 1) })}
              </ButtonLink>
            </nav>
          ) : !hasMore && !moreError ? (
            <div className="mt-8 text-center text-sm text-[var(--muted-fg)]">
              <p className="font-medium">{t("noMore")}</p>
              <p>{t("endOfList")}</p>
            </div>
          ) : null}
          <div ref={sentinel} aria-hidden className="h-1" />
        </>
      )}
    </section>
  );
}
