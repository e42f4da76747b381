import { describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { sitemapEntries, robotsRules } from "../../src/lib/sitemap";
import { productPath } from "../../src/lib/slug";
import { SITEMAP_PRODUCT_LIMIT } from "../../src/server/catalog/products";
import { rowsOf } from "../../src/server/db/client";
import { securityEvents, sessions, users } from "../../src/server/db/schema";
import { setupApi, SITE_ORIGIN } from "./harness";

const api = setupApi();

describe("the sitemap's products", () => {
  it("lists every product of the catalogue, with its address and last change", async () => {
    const rows = await api.services.catalog.sitemapProducts();
    const [count] = rowsOf<{ total: number }>(await api.handle.db.execute(sql`select count(*)::int as total from products`));
    const total = count!.total;
    expect(rows).toHaveLength(total);
    expect(rows.length).toBeGreaterThan(0);
    const first = rows[0]!;
    const product = await api.services.catalog.get(first.id);
    // the sitemap's address is the one the product's own page declares canonical
    expect(productPath(first)).toBe(productPath(product!));
    expect(first.updatedAt).toBeInstanceOf(Date);

    const entries = sitemapEntries(new URL(SITE_ORIGIN), rows);
    expect(entries.filter((e) => e.url.startsWith(`${SITE_ORIGIN}/products/`))).toHaveLength(total);
    expect(robotsRules(new URL(SITE_ORIGIN)).sitemap).toBe(`${SITE_ORIGIN}/sitemap.xml`);
  });

  it("lists only the newest products when the catalogue outgrows one sitemap file", async () => {
    const all = await api.services.catalog.sitemapProducts();
    const newest = await api.services.catalog.sitemapProducts(10);
    expect(newest.map((p) => p.id)).toEqual(all.slice(-10).map((p) => p.id));
    expect(SITEMAP_PRODUCT_LIMIT).toBeLessThan(50_000);
  });
});

describe("retention of security records", () => {
  it("deletes security events older than 12 months and expired sessions, and keeps the rest", async () => {
    const db = api.handle.db;
    const [user] = await db
      .insert(users)
      .values({
        email: `retention-${process.pid}-${Date.now()}@example.co.tz`,
        fullName: "Neema Said",
        passwordHash: "scrypt$unused",
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    const events = await db
      .insert(securityEvents)
      .values([
        { type: "login", userId: user!.id, at: sql`now() - interval '13 months'` },
        { type: "login", userId: user!.id, at: sql`now() - interval '11 months'` },
      ])
      .returning({ id: securityEvents.id });
    const made = await db
      .insert(sessions)
      .values([
        { tokenHash: `expired-${Date.now()}`, userId: user!.id, expiresAt: sql`now() - interval '1 minute'` },
        { tokenHash: `live-${Date.now()}`, userId: user!.id, expiresAt: sql`now() + interval '1 hour'` },
      ])
      .returning({ id: sessions.id });

    const pruned = await api.services.auth.pruneExpired();
    expect(pruned.events).toBeGreaterThanOrEqual(1);
    expect(pruned.sessions).toBeGreaterThanOrEqual(1);

    const keptEvents = await db
      .select({ id: securityEvents.id })
      .from(securityEvents)
      .where(
        inArray(
          securityEvents.id,
          events.map((e) => e.id),
        ),
      );
    expect(keptEvents.map((e) => e.id)).toEqual([events[1]!.id]);
    const keptSessions = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user!.id));
    expect(keptSessions.map((s) => s.id)).toEqual([made[1]!.id]);
  });
});
