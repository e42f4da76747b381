import { and, desc, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brands, categories, products, securityEvents, slugRedirects } from "../../src/server/db/schema";
import { adminCookie, setupApi, shopperCookie, apiClient } from "./harness";

const api = setupApi();
let admin = "";
let shopper = "";
const run = `${process.pid % 1000}${Date.now() % 100_000}`;

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const { call } = apiClient<Json>(api);

/** Where the products this file moved were, so the other files find the catalogue as seeded. */
const originals: { id: number; categoryId: number; category: string; brandId: number; brand: string }[] = [];

/** Moves a few products of this file's own into a category or brand (from the middle of the catalogue). */
async function moveProducts(set: { categoryId?: number; category?: string; brandId?: number; brand?: string }, offset: number) {
  const rows = await api.handle.db
    .select({ id: products.id, categoryId: products.categoryId, category: products.category, brandId: products.brandId, brand: products.brand })
    .from(products)
    .orderBy(products.id)
    .offset(offset)
    .limit(3);
  originals.push(...rows);
  for (const r of rows) await api.handle.db.update(products).set(set).where(eq(products.id, r.id));
  return rows.map((r) => r.id);
}

afterAll(async () => {
  const db = api.handle.db;
  for (const o of originals)
    await db.update(products).set({ categoryId: o.categoryId, category: o.category, brandId: o.brandId, brand: o.brand }).where(eq(products.id, o.id));
  await db.delete(categories).where(like(categories.slug, `%-${run}`));
  await db.delete(brands).where(like(brands.slug, `%-${run}`));
  await db.delete(slugRedirects).where(like(slugRedirects.oldSlug, `%-${run}`));
});

beforeAll(async () => {
  admin = await adminCookie(api, "taxonomy");
  shopper = await shopperCookie(api, "taxonomy");
});

describe("categories and brands", () => {
  it("answers a guest 401, a shopper 403, and bad input 400", async () => {
    for (const [method, url, body] of [
      ["GET", "/api/admin/categories", undefined],
      ["POST", "/api/admin/categories", { name: "X" }],
      ["PUT", "/api/admin/categories/1", { name: "X" }],
      ["POST", "/api/admin/categories/order", { ids: [1] }],
      ["POST", "/api/admin/categories/1/merge", { into: 2 }],
      ["POST", "/api/admin/brands", { name: "X" }],
      ["PUT", "/api/admin/brands/1", { name: "X" }],
      ["POST", "/api/admin/brands/1/merge", { into: 2 }],
    ] as const) {
      expect((await call(method, url, null, body)).status, url).toBe(401);
      expect((await call(method, url, shopper, body)).status, url).toBe(403);
    }
    for (const body of [{ name: "" }, { name: "x".repeat(81) }, { name: "bad\u0007" }, {}])
      expect((await call("POST", "/api/admin/categories", admin, body)).status, JSON.stringify(body)).toBe(400);
    const symbols = await call("POST", "/api/admin/categories", admin, { name: "!!!" });
    expect(symbols.status).toBe(400);
    expect(symbols.body.field).toBe("name");
    expect((await call("POST", "/api/admin/categories/order", admin, { ids: [1, 1] })).status).toBe(400);
    expect((await call("POST", "/api/admin/categories/1/merge", admin, { into: 1 })).status).toBe(400);
  });

  it("creates a category, renames it (the old slug keeps finding its products and the product rows take the new name), and merges it", async () => {
    const created = await call("POST", "/api/admin/categories", admin, { name: `Solar Kits ${run}`, nameSw: `Vifaa vya Jua ${run}` });
    expect(created.status).toBe(201);
    expect(created.body.slug).toBe(`solar-kits-${run}`);
    expect((await call("POST", "/api/admin/categories", admin, { name: `Solar kits ${run}` })).status).toBe(400);
    const id = created.body.id as number;
    const moved = await moveProducts({ categoryId: id, category: `Solar Kits ${run}` }, 40);

    const renamed = await call("PUT", `/api/admin/categories/${id}`, admin, { name: `Solar Power ${run}`, nameSw: null });
    expect(renamed.status).toBe(200);
    expect(renamed.body.slug).toBe(`solar-power-${run}`);
    const [row] = await api.handle.db.select({ category: products.category }).from(products).where(eq(products.id, moved[0]!));
    expect(row!.category).toBe(`Solar Power ${run}`);
    const byOld = await call("GET", `/api/products?category=solar-kits-${run}&limit=10`, null);
    expect(byOld.body.products.map((p: Json) => p.id).sort()).toEqual([...moved].sort());

    // merged into another: its products move, its slugs (old and current) lead there, it is gone
    const target = await call("POST", "/api/admin/categories", admin, { name: `Power Supplies ${run}` });
    const merged = await call("POST", `/api/admin/categories/${id}/merge`, admin, { into: target.body.id });
    expect(merged.body).toEqual({ productsMoved: 3 });
    expect(await api.handle.db.select().from(categories).where(eq(categories.id, id))).toHaveLength(0);
    for (const slug of [`solar-kits-${run}`, `solar-power-${run}`]) {
      const found = await call("GET", `/api/products?category=${slug}&limit=10`, null);
      expect(found.body.products.map((p: Json) => p.id).sort(), slug).toEqual([...moved].sort());
    }
    expect(await api.services.taxonomy.categoryRedirect(`solar-kits-${run}`)).toBe(`power-supplies-${run}`);

    const events = await api.handle.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.type, "admin-taxonomy-changed")))
      .orderBy(desc(securityEvents.id))
      .limit(10);
    const actions = events.map((e) => (e.detail as Json).action);
    expect(actions).toEqual(expect.arrayContaining(["category-created", "category-renamed", "category-merged"]));
    const rename = events.find((e) => (e.detail as Json).action === "category-renamed")!.detail as Json;
    expect(rename).toMatchObject({ before: { slug: `solar-kits-${run}` }, after: { slug: `solar-power-${run}` } });
  });

  it("reorders the categories as sent", async () => {
    const { body } = await call("GET", "/api/admin/categories", admin);
    const ids = (body.categories as Json[]).map((c) => c.id as number);
    const reversed = [...ids].reverse();
    const res = await call("POST", "/api/admin/categories/order", admin, { ids: reversed });
    expect(res.status).toBe(200);
    expect(res.body.categories.map((c: Json) => c.id)).toEqual(reversed);
    await call("POST", "/api/admin/categories/order", admin, { ids });
    expect((await call("POST", "/api/admin/categories/order", admin, { ids: ids.slice(1) })).status).toBe(400);
  });

  it("renames a brand on every product, and merges one into another", async () => {
    const a = await call("POST", "/api/admin/brands", admin, { name: `Kilima Labs ${run}` });
    const b = await call("POST", "/api/admin/brands", admin, { name: `Dar Makers ${run}` });
    expect(a.status).toBe(201);
    const moved = await moveProducts({ brandId: a.body.id, brand: `Kilima Labs ${run}` }, 60);
    const renamed = await call("PUT", `/api/admin/brands/${a.body.id}`, admin, { name: `Kilima Lab ${run}` });
    expect(renamed.body.slug).toBe(`kilima-lab-${run}`);
    expect((await api.handle.db.select({ brand: products.brand }).from(products).where(eq(products.id, moved[0]!)))[0]!.brand).toBe(`Kilima Lab ${run}`);
    expect((await call("PUT", `/api/admin/brands/${a.body.id}`, admin, { name: `Dar Makers ${run}` })).status).toBe(400);
    const merged = await call("POST", `/api/admin/brands/${a.body.id}/merge`, admin, { into: b.body.id });
    expect(merged.body).toEqual({ productsMoved: 3 });
    const after = await api.handle.db.select({ brandId: products.brandId, brand: products.brand }).from(products).where(eq(products.id, moved[1]!));
    expect(after[0]).toEqual({ brandId: b.body.id, brand: `Dar Makers ${run}` });
    expect(await api.handle.db.select().from(brands).where(eq(brands.id, a.body.id))).toHaveLength(0);
    const [{ n }] = (await api.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.brandId, a.body.id))) as [{ n: number }];
    expect(Number(n)).toBe(0);
  });
});
