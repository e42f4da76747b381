import { ProductReviews } from "@/components/reviews/product-reviews";
import { productPath } from "@/lib/slug";
import { getServices } from "@/server/services";
import { loadSiteSettings } from "../../site-settings";

/** How many reviews the product page shows before "All reviews" (a number here: a client module's constant would reach this server module as a reference, not a value). */
const PRODUCT_PAGE_REVIEWS = 5;

/**
 * The product page's reviews section with its first reviews as anyone sees them: this HTML is the
 * cached page every guest gets, so it is read for no viewer in particular (the browser adds the
 * viewer's own parts). A failed read shows the section empty rather than losing the product page.
 */
export async function ReviewsSection({ product }: { product: { id: number; name: string; slug: string } }) {
  const [settings, services] = await Promise.all([loadSiteSettings(), getServices()]);
  const initial = await services.reviews
    .list(product.id, { sort: "newest", limit: PRODUCT_PAGE_REVIEWS, offset: 0 }, { userId: null })
    .catch((error: unknown) => {
      console.error("reviews failed to load for the product page:", error instanceof Error ? error.message : error);
      return null;
    });
  if (!initial) return null;
  return (
    <ProductReviews
      product={{ id: product.id, name: product.name, path: productPath(product) }}
      initial={initial}
      moderation={settings.reviews.moderation}
      pageSize={PRODUCT_PAGE_REVIEWS}
    />
  );
}
