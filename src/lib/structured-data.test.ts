import { describe, expect, it } from "vitest";
import { aggregateRatingOf } from "./structured-data";

describe("aggregateRatingOf", () => {
  it("gives search engines a rating only from real reviews", () => {
    expect(aggregateRatingOf({})).toBeUndefined();
    expect(aggregateRatingOf({ real_rating: 0, real_reviews: 0 })).toBeUndefined();
    expect(aggregateRatingOf({ real_rating: 4.5, real_reviews: 2 })).toEqual({ "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 2 });
  });
});
