import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { aggregateRatingOf } from "../../src/lib/structured-data";
import { invalidateCatalogCounts } from "../../src/server/catalog/catalog-cache";
import { rowsOf } from "../../src/server/db/client";
import { productReviews, users } from "../../src/server/db/schema";
import { DEMO_ACCOUNT_DOMAIN, backfillDemoReviews } from "../../src/seed/demo-reviews";
import { apiClient, setupApi, unique } from "./harness";

/**
 * The demo seed's reviews (src/seed/demo-reviews.ts), the numbers the rating trigger gives the
 * products from them, the "Popular" threshold, and structured data that never carries a rating
 * made of demo reviews.
 */
const api = setupApi();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const { call } = apiClient<Record<string, any>>(api);

interface ProductCounts {
  id: number;
  reviews: number;
  rating: number;
  real_reviews: number;
  counted: number;
  demo: number;
  verified: number;
  average: number | null;
}

describe("demo reviews", () => {
  it("gives every demo product a few to a few dozen published demo reviews, never verified, and the products the numbers they say", async () => {
    const rows = rowsOf<ProductCounts>(
      await api.handle.db.execute(sql`
        select p.id, p.reviews, p.rating, p.real_reviews,
               count(r.id)::int as counted, count(r.id) filter (where r.demo)::int as demo,
               count(r.id) filter (where r.verified_purchase)::int as verified, avg(r.rating)::float as average
          from products p join product_reviews r on r.product_id = p.id and r.status = 'published'
         where p.sku not like 'BULK-%'
         group by p.id
        having count(r.id) filter (where not r.demo) = 0`),
    );
    // nearly every demo product (another test file may have written a real review of a few)
    expect(rows.length).toBeGreaterThan(300);
    for (const row of rows) {
      expect(row.counted).toBeGreaterThanOrEqual(1);
      expect(row.counted).toBeLessThanOrEqual(40);
      expect(row.demo).toBe(row.counted);
      expect(row.verified).toBe(0);
      expect(row.reviews).toBe(row.counted);
      expect(row.real_reviews).toBe(0);
      expect(row.rating).toBeCloseTo(row.average!, 4);
    }
    // skewed: most products a handful, the best sellers dozens
    const counts = rows.map((r) => r.counted).sort((a, b) => a - b);
    expect(counts[Math.floor(counts.length / 2)]).toBeLessThanOrEqual(8);
    expect(counts.at(-1)).toBeGreaterThanOrEqual(15);
    // mostly four and five stars, with some ones to threes; in both languages
    const [stars] = rowsOf<{ high: number; low: number; sw: number; en: number; total: number }>(
      await api.handle.db.execute(sql`
        select count(*) filter (where rating >= 4)::int as high, count(*) filter (where rating <= 3)::int as low,
               count(*) filter (where locale = 'sw')::int as sw, count(*) filter (where locale = 'en')::int as en, count(*)::int as total
          from product_reviews where demo`),
    );
    expect(stars!.high / stars!.total).toBeGreaterThan(0.75);
    expect(stars!.low).toBeGreaterThan(0);
    expect(stars!.sw).toBeGreaterThan(stars!.total / 4);
    expect(stars!.en).toBeGreaterThan(stars!.total / 4);
  });

  it("writes them as demo accounts nobody can sign in as", async () => {
    const demoUsers = await api.handle.db
      .select({ email: users.email, lockedAt: users.lockedAt, passwordHash: users.passwordHash })
      .from(users)
      .where(sql`${users.email} like ${`%@${DEMO_ACCOUNT_DOMAIN}`}`);
    expect(demoUsers.length).toBeGreaterThanOrEqual(24);
    for (const user of demoUsers) {
      expect(user.lockedAt).not.toBeNull();
      expect(user.passwordHash.startsWith("scrypt$")).toBe(false);
    }
    const login = await call("POST", "/api/auth/login", null, { email: demoUsers[0]!.email, password: "demo-account:no-password" });
    expect(login.status).toBe(401);
  });

  it("writes nothing more when a demo shop that has them starts again", async () => {
    const before = rowsOf<{ n: number }>(await api.handle.db.execute(sql`select count(*)::int as n from product_reviews where demo`))[0]!.n;
    expect(await backfillDemoReviews(api.handle.db)).toBe(0);
    const after = rowsOf<{ n: number }>(await api.handle.db.execute(sql`select count(*)::int as n from product_reviews where demo`))[0]!.n;
    expect(after).toBe(before);
  });
});

describe("structured data", () => {
  it("carries no rating for a product with only demo reviews, and the real one once a real review is published", async () => {
    const [picked] = rowsOf<{ id: number }>(
      await api.handle.db.execute(sql`
        select p.id from products p
         where p.archived_at is null and p.reviews > 0 and p.real_reviews = 0 and p.sku not like 'BULK-%'
         order by p.id desc offset 7 limit 1`),
    );
    const id = picked!.id;
    invalidateCatalogCounts();
    const demoOnly = (await api.services.pageData.product(id))!;
    expect(demoOnly.reviews).toBeGreaterThan(0);
    expect(demoOnly.real_reviews).toBe(0);
    expect(aggregateRatingOf(demoOnly)).toBeUndefined();

    const [buyer] = await api.handle.db
      .insert(users)
      .values({ email: unique("real-reviewer"), fullName: "Halima Real", passwordHash: "scrypt$x", emailVerifiedAt: sql`now()` })
      .returning({ id: users.id });
    const [review] = await api.handle.db
      .insert(productReviews)
      .values({
        productId: id,
        userId: buyer!.id,
        authorKey: `user:${buyer!.id}`,
        authorName: "Halima R.",
        rating: 2,
        title: "Real",
        body: "Bought and used it.",
        locale: "en",
        status: "published",
      })
      .returning({ id: productReviews.id });
    try {
      invalidateCatalogCounts();
      const withReal = (await api.services.pageData.product(id))!;
      expect(withReal.reviews).toBe(demoOnly.reviews + 1);
      expect(withReal.real_reviews).toBe(1);
      expect(aggregateRatingOf(withReal)).toEqual({ "@type": "AggregateRating", ratingValue: 2, reviewCount: 1 });
    } finally {
      await api.handle.db.delete(productReviews).where(eq(productReviews.id, review!.id));
      invalidateCatalogCounts();
    }
  });
});

describe("the Popular badge's threshold", () => {
  it("is the reviews (or sales) of the product at the edge of the catalogue's top share", async () => {
    invalidateCatalogCounts();
    for (const basis of ["reviews", "sales"] as const) {
      const column = basis === "sales" ? sql.raw("sales_count") : sql.raw("reviews");
      const values = rowsOf<{ v: number }>(
        await api.handle.db.execute(sql`select ${column}::int as v from products where archived_at is null order by 1 desc`),
      ).map((r) => r.v);
      const threshold = await api.services.catalog.popularThreshold({ basis, topPercent: 5 });
      expect(threshold).toBe(values[Math.ceil(values.length * 0.05) - 1]);
      // at least the top 5% reach it, and not everything does
      expect(values.filter((v) => v >= threshold!).length).toBeGreaterThanOrEqual(Math.ceil(values.length * 0.05));
      expect(values.filter((v) => v >= threshold!).length).toBeLessThan(values.length);
    }
  });
});
