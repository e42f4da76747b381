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
    // other test files add products to this shared catalogue while this one runs: every product that
    // existed before the sitemap was read must be in it, and nothing that did not exist after
    const idsNow = async () => rowsOf<{ id: number }>(await api.handle.db.execute(sql`select id from products where archived_at is null`)).map((r) => r.id);
    const before = await idsNow();
    const rows = await api.services.catalog.sitemapProducts();
    const after = new Set(await idsNow());
    const listed = new Set(rows.map((r) => r.id));
    expect(before.length).toBeGreaterThan(0);
    expect(before.filter((id) => !listed.has(id))).toEqual([]);
    expect(rows.filter((r) => !after.has(r.id))).toEqual([]);
    expect(listed.size).toBe(rows.length);
    const first = rows[0]!;
    const product = await api.services.catalog.get(first.id);
    // the sitemap's address is the one the product's own page declares canonical
    expect(productPath(first)).toBe(productPath(product!));
    expect(first.updatedAt).toBeInstanceOf(Date);

    const entries = sitemapEntries(new URL(SITE_ORIGIN), rows);
    expect(entries.filter((e) => e.url.startsWith(`${SITE_ORIGIN}/products/`))).toHaveLength(rows.length);
    expect(robotsRules(new URL(SITE_ORIGIN)).sitemap).toBe(`${SITE_ORIGIN}/sitemap.xml`);
  });

  it("lists only the newest products when the catalogue outgrows one sitemap file", async () => {
    const newest = await api.services.catalog.sitemapProducts(10);
    const all = await api.services.catalog.sitemapProducts();
    // read after the short list: products added in between come after its ten, never among them
    const ids = all.map((p) => p.id);
    const at = ids.indexOf(newest[0]!.id);
    expect(newest).toHaveLength(10);
    expect(ids.slice(at, at + 10)).toEqual(newest.map((p) => p.id));
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
