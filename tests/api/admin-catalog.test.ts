import { and, desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products, securityEvents } from "../../src/server/db/schema";
import { adminCookie, setupApi, shopperCookie, apiClient } from "./harness";

const api = setupApi();
let admin = "";
let shopper = "";

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const { call } = apiClient<Json>(api);

/** A product of this file's own (the lowest ids are the other files' usual picks; these come from the middle). */
let picked = 0;
async function product() {
  const [p] = await api.handle.db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      price: products.price,
      originalPrice: products.originalPrice,
      stock: products.stockQuantity,
    })
    .from(products)
    .where(sql`not exists (select 1 from product_variants v where v.product_id = ${products.id})`)
    .orderBy(products.id)
    .offset(150 + picked++)
    .limit(1);
  return p!;
}

beforeAll(async () => {
  admin = await adminCookie(api, "catalog");
  shopper = await shopperCookie(api, "catalog");
});

describe("admin catalogue calls: who may", () => {
  it("answers a guest 401 and a shopper 403 on every call, and changes nothing", async () => {
    const p = await product();
    for (const [method, url, body] of [
      ["GET", "/api/admin/products", undefined],
      ["GET", `/api/admin/products/${p.id}`, undefined],
      ["PATCH", `/api/admin/products/${p.id}`, { price: 1, reason: "test" }],
    ] as const) {
      expect((await call(method, url, null, body)).status).toBe(401);
      const refused = await call(method, url, shopper, body);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe("forbidden");
    }
    const [after] = await api.handle.db.select({ price: products.price }).from(products).where(eq(products.id, p.id));
    expect(after!.price).toBe(p.price);
  });
});

describe("PATCH /api/admin/products/:id", () => {
  it("refuses bad input with 400 and the field's name: no reason, a negative or fractional price, a control character, nothing to change", async () => {
    const p = await product();
    const url = `/api/admin/products/${p.id}`;
    for (const [body, words] of [
      [{ price: 1000 }, /reason/],
      [{ price: 1000, reason: "" }, /reason/],
      [{ price: -1, reason: "sale" }, /price/],
      [{ price: 10.5, reason: "sale" }, /price/],
      [{ stockQuantity: "ten", reason: "count" }, /stockQuantity/],
      [{ price: 1000, reason: "bad\u0007bell" }, /reason/],
      [{ reason: "nothing" }, /price|stock/],
      [{ price: p.price, reason: "same again" }, /already|ones the product has/],
    ] as const) {
      const res = await call("PATCH", url, admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("invalid-input");
      expect(res.body.error).toMatch(words);
    }
    expect((await call("PATCH", "/api/admin/products/999999999", admin, { price: 1, reason: "x" })).status).toBe(404);
    const [after] = await api.handle.db.select({ price: products.price }).from(products).where(eq(products.id, p.id));
    expect(after!.price).toBe(p.price);
  });

  it("changes the price and stock with a reason, keeps before and after in the audit trail and the security log, and shoppers see it at once", async () => {
    const p = await product();
    // the shop's answer is cached before the change
    expect((await call("GET", `/api/products/${p.id}`, null)).body.price).toBe(p.price);

    const newPrice = p.price + 1234;
    const res = await call("PATCH", `/api/admin/products/${p.id}`, admin, { price: newPrice, stockQuantity: 7, reason: "Supplier raised the price" });
    expect(res.status).toBe(200);
    expect(res.body.product).toMatchObject({ id: p.id, price: newPrice, stockQuantity: 7 });
    expect(res.body.change).toMatchObject({
      reason: "Supplier raised the price",
      changes: { price: { before: p.price, after: newPrice }, stockQuantity: { before: p.stock, after: 7 } },
    });

    // the shopper's API and the listing show the new price, not the cached one
    const shopView = await call("GET", `/api/products/${p.id}`, null);
    expect(shopView.body).toMatchObject({ price: newPrice, stock_quantity: 7 });
    const listing = await call("GET", `/api/products?search=${encodeURIComponent(p.sku)}`, null);
    expect(listing.body.products.find((x: Json) => x.id === p.id)?.price).toBe(newPrice);

    // the product's admin page lists the change, newest first
    const page = await call("GET", `/api/admin/products/${p.id}`, admin);
    expect(page.status).toBe(200);
    expect(page.body.history[0]).toMatchObject({ reason: "Supplier raised the price", adminEmail: expect.stringContaining("-admin-") });

    const [event] = await api.handle.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.type, "admin-product-changed"), sql`${securityEvents.detail}->>'product' = ${String(p.id)}`))
      .orderBy(desc(securityEvents.id))
      .limit(1);
    expect(event?.detail).toMatchObject({ product: p.id, reason: "Supplier raised the price", changes: { price: { before: p.price, after: newPrice } } });
  });

  it("refuses a 'was' price below the price (a deal stays a real one), and changes nothing", async () => {
    const p = await product();
    const res = await call("PATCH", `/api/admin/products/${p.id}`, admin, { price: p.price + 5000, originalPrice: 1, reason: "end of the deal" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "validation", field: "originalPrice", reason: "wasPriceNotAbovePrice" });
    const [after] = await api.handle.db.select({ price: products.price }).from(products).where(eq(products.id, p.id));
    expect(after!.price).toBe(p.price);
  });
});

describe("GET /api/admin/products", () => {
  it("finds a product by SKU, by number and by words of its name, and filters out-of-stock products", async () => {
    const p = await product();
    const bySku = await call("GET", `/api/admin/products?q=${encodeURIComponent(p.sku.toUpperCase())}`, admin);
    expect(bySku.status).toBe(200);
    expect(bySku.body.products.map((x: Json) => x.id)).toContain(p.id);
    const byNumber = await call("GET", `/api/admin/products?q=${p.id}`, admin);
    expect(byNumber.body.products.map((x: Json) => x.id)).toContain(p.id);
    const word = p.name.split(/\s+/).find((w) => w.length >= 4) ?? p.name;
    const byName = await call("GET", `/api/admin/products?q=${encodeURIComponent(word)}&limit=100`, admin);
    expect(byName.body.products.length).toBeGreaterThan(0);
    expect(byName.body.products.every((x: Json) => x.name.toLowerCase().includes(word.toLowerCase()) || x.sku.toLowerCase() === word.toLowerCase())).toBe(true);

    await call("PATCH", `/api/admin/products/${p.id}`, admin, { stockQuantity: 0, reason: "stock count" });
    const out = await call("GET", "/api/admin/products?stock=out&limit=100", admin);
    expect(out.body.products.every((x: Json) => x.stockQuantity === 0)).toBe(true);
    expect(out.body.total).toBeGreaterThanOrEqual(1);
  });

  it("pages the list and counts it, with a clear 400 for a bad filter", async () => {
    const first = await call("GET", "/api/admin/products?limit=5", admin);
    const second = await call("GET", "/api/admin/products?limit=5&offset=5", admin);
    expect(first.body.products).toHaveLength(5);
    expect(second.body.products).toHaveLength(5);
    expect(first.body.products.map((x: Json) => x.id)).not.toContain(second.body.products[0].id);
    expect(first.body.total).toBeGreaterThanOrEqual(10);
    const bad = await call("GET", "/api/admin/products?stock=some", admin);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("invalid-input");
  });
});
