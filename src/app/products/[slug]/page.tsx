import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { preload } from "react-dom";
import { ArrowLeft } from "lucide-react";
import { WishlistHeart } from "@/components/account/wishlist-heart";
import { AlternativesStrip } from "@/components/catalog/alternatives-strip";
import { DatasheetLinks } from "@/components/catalog/datasheet-links";
import { ProductPurchase } from "@/components/catalog/product-purchase";
import { SpecTable } from "@/components/catalog/spec-table";
import { CompareToggle } from "@/components/compare/compare-toggle";
import { CompareTray } from "@/components/compare/compare-tray";
import { ProductTile } from "@/components/catalog/product-tile";
import { Stars } from "@/components/catalog/stars";
import { categoryName } from "@/lib/locale";
import { aggregateRatingOf } from "@/lib/structured-data";
import { productImageSrcSet } from "@/lib/product-image";
import { safeRedirect } from "@/lib/redirect";
import { getIntl, getTranslator, languageAlternates } from "../../i18n";
import { productPath } from "@/lib/slug";
import { loadProduct as load } from "./load-product";
import { ProductAvailability } from "./availability";
import { ProductQuestionsSection } from "./questions";
import { siteUrl } from "@/server/config";
import { getServices } from "@/server/services";
import { loadSiteSettings } from "../../site-settings";
import { BackOrderOffer } from "@/components/back-orders/back-order-offer";
import { DeliveryEstimateLine } from "@/components/delivery/delivery-estimate";
import { ReviewsSection } from "./reviews-section";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<{ returnTo?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const product = await load((await params).slug);
  if (!product) return { title: (await getTranslator("meta.catalog"))("productNotFound") };
  const description = product.description.slice(0, 160);
  return {
    title: product.name,
    description,
    alternates: languageAlternates(productPath(product)),
    openGraph: { title: product.name, description, images: [{ url: product.image, width: 640, height: 640, alt: product.name }], type: "website" },
  };
}

const MAIN_IMAGE_SIZES = "(min-width: 768px) 50vw, 100vw";

export default async function ProductPage({ params, searchParams }: Props) {
  const product = await load((await params).slug);
  if (!product) notFound();
  const { locale } = await getIntl();
  const t = await getTranslator("catalog.product");
  const { pageData, catalog } = await getServices();
  const [settings, related, categories, extras] = await Promise.all([
    loadSiteSettings(),
    pageData.related(product),
    pageData.categories().catch(() => []),
    catalog.detailExtras(product, locale),
  ]);
  // the category's name in the page's language (the product carries the stored one)
  const category = categories.find((c) => c.slug === product.category_slug);
  const categoryLabel = category ? categoryName(category, locale) : product.category;
  // only a path on this site may be the back link (no open redirect through returnTo)
  const backTo = safeRedirect((await searchParams).returnTo, "/products");
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  // the main image is the page's largest paint: asked for from the <head>, before the body arrives
  preload(product.image, { as: "image", imageSrcSet: productImageSrcSet(product.image), imageSizes: MAIN_IMAGE_SIZES, fetchPriority: "high" });
  const productUrl = new URL(productPath(product), siteUrl()).href;
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    sku: product.sku,
    // search engines read JSON-LD without the page's base: every address in it is absolute
    image: new URL(product.image, siteUrl()).href,
    url: productUrl,
    description: product.description,
    brand: { "@type": "Brand", name: product.brand },
    category: product.category,
    // real buyers' published reviews only: demo reviews are never given to search engines
    aggregateRating: aggregateRatingOf(product),
    offers: {
      "@type": "Offer",
      priceCurrency: "TZS",
      price: product.price,
      availability: product.in_stock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      seller: { "@type": "Organization", name: settings.companyName },
    },
  };

  return (
    <div className="mx-auto max-w-6xl px-3 py-4 sm:px-4">
      <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, "\\u003c") }} />
      <Link href={backTo} prefetch={false} className="inline-flex items-center gap-1 text-sm text-brand hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {t("back")}
      </Link>
      <div className="mt-3 grid gap-6 md:grid-cols-2">
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img
          src={product.image}
          srcSet={productImageSrcSet(product.image)}
          sizes={MAIN_IMAGE_SIZES}
          alt={product.name}
          width={640}
          height={640}
          // the page's largest paint: fetched first (and preloaded from the <head> above)
          fetchPriority="high"
          loading="eager"
          className="aspect-square w-full rounded-xl border border-[var(--border)] bg-[var(--surface)] object-cover"
        />
        {/* min-w-0: a wide table in this column (the price ladder, the spec table) scrolls in its own frame instead of widening the page */}
        <div className="min-w-0">
          <p className="text-sm text-[var(--muted-fg)]">
            <Link href={`/products?category=${product.category_slug}`} prefetch={false} className="hover:text-brand">
              {categoryLabel}
            </Link>{" "}
            · {product.brand}
          </p>
          <div className="mt-1 flex items-start justify-between gap-3">
            <h1 className="text-xl font-bold sm:text-2xl">{product.name}</h1>
            <WishlistHeart product={{ id: product.id, name: product.name }} className="shrink-0" />
          </div>
          <p className="mt-1 text-xs text-[var(--muted-fg)]">{t("sku", { sku: product.sku })}</p>
          <div className="mt-2">
            <Stars rating={product.rating} reviews={product.reviews} />
          </div>
          <ProductPurchase
            product={product}
            pricing={{ priceBreaks: extras.priceBreaks, packSize: extras.packSize, tiers: settings.bulkPricingTiers }}
            whatsapp={settings.whatsappNumber ? { shopNumber: settings.whatsappNumber, productUrl } : undefined}
          />
          <ProductAvailability product={product} />
          <BackOrderOffer product={product} />
          <DeliveryEstimateLine productIds={[product.id]} courierRegions={settings.delivery.courierRegions} />
          <div className="mt-3 flex flex-wrap gap-2 text-xs font-medium">
            {product.free_delivery && <span className="rounded bg-emerald-100 px-2 py-1 text-emerald-900">{t("freeDelivery")}</span>}
            {product.same_day_delivery && <span className="rounded bg-sky-100 px-2 py-1 text-sky-900">{t("sameDay")}</span>}
          </div>
          <div className="mt-4">
            <CompareToggle product={{ id: product.id, name: product.name, image: product.image }} />
          </div>
          <SpecTable specs={extras.specs} productName={product.name} />
          <DatasheetLinks datasheet={extras.datasheet} />
          <h2 className="mt-6 font-semibold">{t("description")}</h2>
          <p className="mt-1 text-sm leading-relaxed whitespace-pre-line">{product.description}</p>
        </div>
      </div>
      <AlternativesStrip products={extras.alternatives} />
      <ReviewsSection product={product} />
      <ProductQuestionsSection productId={product.id} />
      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="mt-10">
          <h2 id="related-heading" className="text-lg font-semibold">
            {t("moreIn", { category: categoryLabel })}
          </h2>
          <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {related.slice(0, 8).map((p) => (
              <ProductTile key={p.id} product={p} />
            ))}
          </div>
        </section>
      )}
      <CompareTray />
    </div>
  );
}
