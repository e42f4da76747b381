import type { Product } from "./product";

/** schema.org's AggregateRating as a product page's JSON-LD carries it. */
export interface AggregateRatingData {
  "@type": "AggregateRating";
  ratingValue: number;
  reviewCount: number;
}

/**
 * A product's AggregateRating for search engines: only from real buyers' published reviews
 * (`real_rating`/`real_reviews`), never from demo reviews (search engines' rules for review
 * snippets forbid invented ratings); none when no real review exists (not a rating of zero).
 */
export function aggregateRatingOf(product: Pick<Product, "real_rating" | "real_reviews">): AggregateRatingData | undefined {
  if (!product.real_reviews || product.real_reviews <= 0) return undefined;
  return { "@type": "AggregateRating", ratingValue: product.real_rating ?? 0, reviewCount: product.real_reviews };
}
