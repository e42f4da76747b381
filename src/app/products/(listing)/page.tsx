import { permanentRedirect } from "next/navigation";
import { Suspense } from "react";
import type { Metadata } from "next";
import { CategoryStrip } from "@/components/catalog/category-strip";
import { GentleScrollHint } from "@/components/catalog/gentle-scroll-hint";
import { ProductListing } from "@/components/catalog/product-listing";
import { SPEC_PARAM_PREFIX } from "@/lib/specs/params";
import type { Facet } from "@/server/specs/facets";
import type { InitialListing } from "@/components/catalog/use-listing";
import { AdCarousel } from "@/components/promo/ad-carousel";
import { facetKey, filtersFromParams, forCard, listingKey, listingQuery, pageOffset, parsePage, shuffleSeed } from "@/lib/listing";
import { categoryName } from "@/lib/locale";
import { safeRedirect } from "@/lib/redirect";
import { textIn } from "@/lib/site-settings";
import { getServices } from "@/server/services";
import { getIntl, getTranslator, languageAlternates } from "../../i18n";
import { loadSiteSettings } from "../../site-settings";

const DEFAULT_AD_ROTATION_SECONDS = 10;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const filters = filtersFromParams(await searchParams);
  const t = await getTranslator("catalog.title");
  const title = filters.search ? t("searchResults", { search: filters.search }) : t("allProducts");
  // every combination of spec filters is an address of its own: crawlers get the category's list only
  if (Object.keys(filters.specs).length > 1) {
    const category = filters.category ? `/products?category=${encodeURIComponent(filters.category)}` : "/products";
    return { title, robots: { index: false, follow: true }, alternates: { canonical: category } };
  }
  return { title, alternates: languageAlternates("/products") };
}

export default async function ProductsPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const { locale } = await getIntl();
  const filters = filtersFromParams(params);
  const page = parsePage(params.page);
  const settings = await loadSiteSettings();
  const { pageData, ads: adverts, taxonomy, specs } = await getServices();
  const [categories, ads, rotationSeconds, priceCeiling, popularThreshold] = await Promise.all([
    pageData.categories().catch(() => []),
    // ads are decoration: a failure shows none rather than failing the page (it is only logged)
    pageData.ads("products").catch((error: unknown) => {
      console.error("ads failed to load:", error);
      return [];
    }),
    adverts.rotationSeconds().catch(() => DEFAULT_AD_ROTATION_SECONDS),
    pageData.priceCeiling().catch(() => 0),
    // a badge is decoration: without its threshold no card says "Popular"
    pageData.popularThreshold(settings.reviews.popular).catch(() => null),
  ]);
  // a category's old slug (before a rename or a merge) moves to its address of today, for good
  const asked = typeof params.category === "string" ? params.category : null;
  if (asked && categories.length && !categories.some((c) => c.slug === asked)) {
    const now = await taxonomy.categoryRedirect(asked);
    if (now) {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(params)) for (const v of [value].flat()) if (v !== undefined) query.append(key, key === "category" ? now : v);
      permanentRedirect(safeRedirect(`/products?${query.toString()}`, "/products"));
    }
  }
  let initial: InitialListing;
  let facets: Facet[] = [];
  try {
    const query = listingQuery(filters, pageOffset(page));
    const [result, counted] = await Promise.all([pageData.list(query), filters.category ? specs.facets(query, locale) : []]);
    initial = {
      products: result.products.map(forCard),
      total: result.total,
      estimate: result.totalIsEstimate,
      more: result.hasMore,
      understood: result.understood ?? [],
    };
    facets = counted;
  } catch (error) {
    // read by its code: the page's bundle and the server's each have their own DomainError class
    const refused = error as { code?: unknown; details?: { field?: unknown } } | null;
    const field = refused?.code === "invalid-input" ? refused.details?.field : undefined;
    if (typeof field === "string" && field.startsWith(SPEC_PARAM_PREFIX)) initial = { error: { kind: "bad-filter", field } };
    else {
      console.error("product listing failed:", error);
      initial = { error: { kind: "fetch-failed" } };
    }
  }

  // category names in the page's language (the Kiswahili one where a category has it)
  const named = categories.map((c) => ({ name: categoryName(c, locale), slug: c.slug }));

  return (
    <div className="mx-auto max-w-7xl px-3 py-4 sm:px-4">
      <h1 className="text-lg font-bold sm:text-2xl">{textIn(settings.mainHeadline, locale)}</h1>
      {/* Separate Suspense boundaries hydrate as separate tasks: shorter main-thread blocks on slow phones. */}
      <Suspense>
        <CategoryStrip categories={named} />
      </Suspense>
      <Suspense>
        <AdCarousel ads={ads} rotationSeconds={rotationSeconds} />
        <GentleScrollHint />
      </Suspense>
      <Suspense>
        <ProductListing
          companyName={settings.companyName}
          priceCeiling={priceCeiling}
          key={listingKey(filters, page)}
          initialKey={listingKey(filters, page)}
          initial={initial}
          categories={named}
          seed={shuffleSeed()}
          facets={facets}
          facetsKey={facetKey(filters)}
          popular={{ basis: settings.reviews.popular.basis, threshold: popularThreshold }}
        />
      </Suspense>
    </div>
  );
}
