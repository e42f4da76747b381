import { Suspense } from "react";
import type { Metadata } from "next";
import { CategoryStrip } from "@/components/catalog/category-strip";
import { GentleScrollHint } from "@/components/catalog/gentle-scroll-hint";
import { ProductListing } from "@/components/catalog/product-listing";
import { AdCarousel } from "@/components/promo/ad-carousel";
import { adRotationSeconds, listAdvertisements } from "@/server/ads/ads";
import { LISTING_BATCH_SIZE, filtersFromParams, forCard, listingKey, pageOffset, parsePage, shuffleSeed, sortToApi } from "@/lib/listing";
import { listCategories } from "@/server/catalog/categories";
import { listProducts } from "@/server/catalog/products";
import { getDb } from "@/server/db";
import { loadSiteSettings } from "../site-settings";

const DEFAULT_AD_ROTATION_SECONDS = 10;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const { search } = filtersFromParams(await searchParams);
  return { title: search ? `“${search}” — products` : "All products", alternates: { canonical: "/products" } };
}

export default async function ProductsPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const filters = filtersFromParams(params);
  const page = parsePage(params.page);
  const settings = await loadSiteSettings();
  const db = await getDb();
  const [categories, ads, rotationSeconds] = await Promise.all([
    listCategories(db).catch(() => []),
    // ads are decoration: a failure shows none rather than failing the page (§8: only logged)
    listAdvertisements(db, "products").catch((error: unknown) => {
      console.error("ads failed to load:", error);
      return [];
    }),
    adRotationSeconds(db).catch(() => DEFAULT_AD_ROTATION_SECONDS),
  ]);
  let initial: { products: Awaited<ReturnType<typeof listProducts>>["products"]; total: number } | { error: string };
  try {
    const result = await listProducts(db, {
      search: filters.search.length === 1 ? undefined : filters.search || undefined,
      category: filters.category || undefined,
      brand: filters.brand || undefined,
      categories: filters.categories.length ? filters.categories : undefined,
      minPrice: filters.minPrice > 0 ? filters.minPrice : undefined,
      maxPrice: filters.maxPrice < 100_000 ? filters.maxPrice : undefined,
      limit: LISTING_BATCH_SIZE,
      offset: pageOffset(page),
      enriched: true,
      ...sortToApi(filters.sort),
    });
    initial = { products: result.products.map(forCard), total: result.total };
  } catch (error) {
    console.error("product listing failed:", error);
    initial = { error: "Failed to fetch products" };
  }

  return (
    <div className="mx-auto max-w-7xl px-3 py-4 sm:px-4">
      <h1 className="text-lg font-bold sm:text-2xl">{settings.mainHeadline}</h1>
      {/* Separate Suspense boundaries hydrate as separate tasks: shorter main-thread blocks on slow phones. */}
      <Suspense>
        <CategoryStrip categories={categories.map(({ name, slug }) => ({ name, slug }))} active={filters.category} />
      </Suspense>
      <Suspense>
        <AdCarousel ads={ads} rotationSeconds={rotationSeconds} />
        <GentleScrollHint />
      </Suspense>
      <Suspense>
        <ProductListing
          key={listingKey(filters, page)}
          initialKey={listingKey(filters, page)}
          initial={initial}
          categories={categories.map(({ name, slug }) => ({ name, slug }))}
          seed={shuffleSeed()}
        />
      </Suspense>
    </div>
  );
}
