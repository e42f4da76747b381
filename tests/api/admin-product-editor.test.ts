import fs from "node:fs/promises";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { brands, categories, products, securityEvents } from "../../src/server/db/schema";
import { adminCookie, apiClient, multipartForm, setupApi, shopperCookie } from "./harness";

const api = setupApi();
let admin = "";
let shopper = "";
const stamp = `${process.pid % 1000}${Date.now() % 100_000}`;

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const { call } = apiClient<Json>(api);

async function upload(bytes: Buffer, cookie: string | null = admin) {
  const form = multipartForm([{ name: "file", filename: "p.png", type: "image/png", data: bytes }]);
  const res = await api.app.inject({
    method: "POST",
    url: "/api/admin/products/image",
    headers: { ...form.headers, ...(cookie ? { cookie } : {}) },
    payload: form.payload,
  });
  return { status: res.statusCode, body: res.json() as Json };
}

const photo = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
let category = "";
let brand = "";

beforeAll(async () => {
  admin = await adminCookie(api, "editor");
  shopper = await shopperCookie(api, "editor");
  category = (await api.handle.db.select({ slug: categories.slug }).from(categories).limit(1))[0]!.slug;
  brand = (await api.handle.db.select({ name: brands.name }).from(brands).limit(1))[0]!.name;
});

describe("creating a product and changing its details", () => {
  it("answers a guest 401 and a shopper 403", async () => {
    const body = { name: "X", category, brand, sku: `WHO-${stamp}`, image: "/media/products/x-640-0123456789.webp", price: 1, stockQuantity: 1 };
    for (const [method, url] of [
      ["POST", "/api/admin/products"],
      ["PUT", "/api/admin/products/1/details"],
    ] as const) {
      expect((await call(method, url, null, body)).status, url).toBe(401);
      expect((await call(method, url, shopper, body)).status, url).toBe(403);
    }
    expect((await upload(await photo(), null)).status).toBe(401);
    expect((await upload(await photo(), shopper)).status).toBe(403);
  });

  it("stores a picture as square WebP renditions under one content hash", async () => {
    const res = await upload(await photo());
    expect(res.status).toBe(201);
    expect(res.body.image).toMatch(/^\/media\/products\/upload-640-[0-9a-f]{10}\.webp$/);
    for (const size of [640, 320]) {
      const file = path.join(api.mediaDir, res.body.image.replace("/media/", "").replace("-640-", `-${size}-`));
      expect(await sharp(await fs.readFile(file)).metadata()).toMatchObject({ format: "webp", width: size, height: size });
    }
    expect((await upload(Buffer.from("not a picture"))).status).toBe(400);
  });

  it("creates a product the shop lists at once, refuses a taken SKU or an unknown category, and changes its details with a log", async () => {
    const { body: pic } = await upload(await photo());
    const sku = `NEW-${stamp}`;
    const base = {
      name: `Solar charge controller ${stamp}`,
      description: "20 A, 12/24 V",
      category,
      brand,
      sku,
      image: pic.image,
      price: 45_000,
      stockQuantity: 12,
    };

    for (const [change, field] of [
      [{ image: "https://elsewhere.example/x.webp" }, /image/],
      [{ sku: "bad sku!" }, /sku/],
      [{ price: -1 }, /price/],
      [{ name: "" }, /name/],
    ] as const) {
      const res = await call("POST", "/api/admin/products", admin, { ...base, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.error).toMatch(field);
    }
    // a new product has had no other price: no "was" price yet
    const made = await call("POST", "/api/admin/products", admin, { ...base, originalPrice: 60_000 });
    expect(made.status).toBe(400);
    expect(made.body).toMatchObject({ code: "validation", field: "originalPrice", reason: "wasPriceNeverCharged" });
    const unknown = await call("POST", "/api/admin/products", admin, { ...base, category: "no-such-category" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.field).toBe("category");

    const created = await call("POST", "/api/admin/products", admin, base);
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(created.body.slug).toBe(`solar-charge-controller-${stamp}`);
    const taken = await call("POST", "/api/admin/products", admin, { ...base, name: "Another" });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ field: "sku", reason: "skuTaken", product: id });

    const shown = await api.app.inject({ method: "GET", url: `/api/products/${id}` });
    expect(shown.json()).toMatchObject({ name: base.name, price: 45_000, sku, image: pic.image, in_stock: true });
    const searched = await api.app.inject({ method: "GET", url: `/api/products?search=${encodeURIComponent(`controller ${stamp}`)}` });
    expect(searched.json().products.map((p: Json) => p.id)).toContain(id);

    const changed = await call("PUT", `/api/admin/products/${id}/details`, admin, { ...base, name: `MPPT charge controller ${stamp}`, freeDelivery: true });
    expect(changed.status).toBe(200);
    expect(changed.body.changes).toEqual({
      name: { before: base.name, after: `MPPT charge controller ${stamp}` },
      freeDelivery: { before: false, after: true },
    });
    const [row] = await api.handle.db.select({ slug: products.slug, free: products.freeDelivery }).from(products).where(eq(products.id, id));
    expect(row).toEqual({ slug: `mppt-charge-controller-${stamp}`, free: true });
    // the admin's product read carries the details the edit form starts from
    const read = await call("GET", `/api/admin/products/${id}`, admin);
    expect(read.body.details).toEqual({
      name: `MPPT charge controller ${stamp}`,
      description: base.description,
      category,
      brand,
      sku,
      image: pic.image,
      freeDelivery: true,
      sameDayDelivery: false,
      // no specification values were given
      specs: {},
    });
    // a word no other product uses is searched as typed (the lexicon learnt it), not "corrected" away
    const word = `kilimatron${stamp.replace(/\d/g, (d) => "abcdefghij"[Number(d)]!)}`;
    expect(
      (
        await call("PUT", `/api/admin/products/${id}/details`, admin, {
          ...base,
          name: `MPPT charge controller ${stamp}`,
          freeDelivery: true,
          description: `Made by ${word}`,
        })
      ).status,
    ).toBe(200);
    const byWord = await api.app.inject({ method: "GET", url: `/api/products?search=${word}` });
    expect(byWord.json().products.map((p: Json) => p.id)).toEqual([id]);
    expect((await call("PUT", "/api/admin/products/2147483000/details", admin, base)).status).toBe(404);

    const events = await api.handle.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.type, "admin-product-changed")))
      .orderBy(desc(securityEvents.id))
      .limit(5);
    const mine = events.filter((e) => (e.detail as Json).product === id).map((e) => (e.detail as Json).action);
    expect(mine).toEqual(["details", "details", "created"]);
  });
});

describe("archiving a product", () => {
  it("takes a product off sale everywhere a shopper looks, keeps it for carts as sold out, and puts it back", async () => {
    const pic = (await upload(await photo())).body;
    const word = `archivo${stamp.replace(/\d/g, (d) => "abcdefghij"[Number(d)]!)}`;
    const created = await call("POST", "/api/admin/products", admin, {
      name: `Relay ${word}`,
      description: "A relay",
      category,
      brand,
      sku: `ARC-${stamp}`,
      image: pic.image,
      price: 9_000,
      stockQuantity: 5,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const add = await api.app.inject({
      method: "POST",
      url: "/api/cart",
      headers: { cookie: shopper, "content-type": "application/json" },
      payload: JSON.stringify({ productId: id, quantity: 1 }),
    });
    expect(add.statusCode).toBe(200);

    const listed = async () => {
      const byWord = (await api.app.inject({ method: "GET", url: `/api/products?search=${word}` })).json().products.map((p: Json) => p.id);
      const byCategory = (await api.app.inject({ method: "GET", url: `/api/products?category=${category}&sortBy=created_at&sortOrder=desc&limit=100` }))
        .json()
        .products.map((p: Json) => p.id);
      const page = (await api.app.inject({ method: "GET", url: `/api/products/${id}` })).statusCode;
      const sitemap = (await api.services.catalog.sitemapProducts()).some((p) => p.id === id);
      return { search: byWord.includes(id), category: byCategory.includes(id), page, sitemap };
    };
    expect(await listed()).toEqual({ search: true, category: true, page: 200, sitemap: true });

    const archive = (body: Json, cookie: string | null = admin) => call("POST", `/api/admin/products/${id}/archive`, cookie, body);
    expect((await archive({ archived: true, reason: "x" }, null)).status).toBe(401);
    expect((await archive({ archived: true, reason: "x" }, shopper)).status).toBe(403);
    expect((await archive({ archived: true, reason: "" })).status).toBe(400);
    expect((await call("POST", `/api/admin/products/2147483000/archive`, admin, { archived: true, reason: "x" })).status).toBe(404);
    const archived = await archive({ archived: true, reason: "Supplier stopped making it" });
    expect(archived.status).toBe(200);
    expect(archived.body.archivedAt).toEqual(expect.any(String));
    expect((await archive({ archived: true, reason: "again" })).status).toBe(409);

    expect(await listed()).toEqual({ search: false, category: false, page: 404, sitemap: false });
    // the shopper's cart keeps the line, sold out; adding it again is refused, and so is ordering it
    const cart = (await api.app.inject({ method: "GET", url: "/api/cart", headers: { cookie: shopper } })).json();
    const line = cart.items.find((i: Json) => i.productId === id);
    expect(line.product).toMatchObject({ in_stock: false, stock_quantity: 0 });
    const again = await api.app.inject({
      method: "POST",
      url: "/api/cart",
      headers: { cookie: shopper, "content-type": "application/json" },
      payload: JSON.stringify({ productId: id, quantity: 1 }),
    });
    expect(again.statusCode).toBe(404);
    // the admin still finds it, marked
    const adminRead = await call("GET", `/api/admin/products/${id}`, admin);
    expect(adminRead.body.product.archivedAt).toEqual(expect.any(String));

    expect((await archive({ archived: false, reason: "Back in production" })).status).toBe(200);
    expect(await listed()).toEqual({ search: true, category: true, page: 200, sitemap: true });
    const log = await api.handle.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.type, "admin-product-changed"))
      .orderBy(desc(securityEvents.id))
      .limit(5);
    const mine = log.filter((e) => (e.detail as Json).product === id).map((e) => [(e.detail as Json).action, (e.detail as Json).reason]);
    expect(mine.slice(0, 2)).toEqual([
      ["restored", "Back in production"],
      ["archived", "Supplier stopped making it"],
    ]);
  });
});

describe("a product's options", () => {
  it("replaces the options from a checked plan: combination ids the cart takes, the product's from-price and stock, price moves in the audit trail", async () => {
    const pic = (await upload(await photo())).body;
    const created = await call("POST", "/api/admin/products", admin, {
      name: `Jumper wire set ${stamp}`,
      category,
      brand,
      sku: `JMP-${stamp}`,
      image: pic.image,
      price: 3_000,
      stockQuantity: 0,
    });
    const id = created.body.id as number;
    const axes = [
      { name: "Length", values: ["10cm", "20cm"] },
      { name: "Type", values: ["M-M", "M-F"] },
    ];
    const variants = [
      { attributes: { Length: "10cm", Type: "M-M" }, sku: `JMP-${stamp}-10MM`, price: 2_500, stock: 4 },
      { attributes: { Length: "10cm", Type: "M-F" }, sku: `JMP-${stamp}-10MF`, price: 2_600, stock: 0 },
      { attributes: { Length: "20cm", Type: "M-M" }, sku: `JMP-${stamp}-20MM`, price: 3_500, stock: 2 },
      { attributes: { Length: "20cm", Type: "M-F" }, sku: `JMP-${stamp}-20MF`, price: 3_600, stock: 1 },
    ];
    const put = (body: Json, cookie: string | null = admin) => call("PUT", `/api/admin/products/${id}/variants`, cookie, body);
    expect((await put({ type: "multi-dependent", axes, variants, reason: "x" }, shopper)).status).toBe(403);
    expect((await put({ type: "multi-dependent", axes, variants, reason: "" })).status).toBe(400);
    const missing = await put({ type: "multi-dependent", axes, variants: variants.slice(1), reason: "New options" });
    expect(missing.status).toBe(400);
    expect(missing.body.problems).toEqual([{ path: "variants", problem: "missingCombination" }]);

    const saved = await put({ type: "multi-dependent", axes, variants, reason: "New options" });
    expect(saved.status).toBe(200);
    expect(saved.body.added).toEqual(["Length:10cm-Type:M-M", "Length:10cm-Type:M-F", "Length:20cm-Type:M-M", "Length:20cm-Type:M-F"]);
    const shown = (await api.app.inject({ method: "GET", url: `/api/products/${id}` })).json();
    expect(shown).toMatchObject({ price: 2_500, stock_quantity: 7, variant_config: { type: "multi-dependent", attributeOrder: ["Length", "Type"] } });
    expect(shown.product_variants.map((v: Json) => [v.combinationId, v.price])).toEqual([
      ["Length:10cm-Type:M-M", 2_500],
      ["Length:10cm-Type:M-F", 2_600],
      ["Length:20cm-Type:M-M", 3_500],
      ["Length:20cm-Type:M-F", 3_600],
    ]);
    const add = await api.app.inject({
      method: "POST",
      url: "/api/cart",
      headers: { cookie: shopper, "content-type": "application/json" },
      payload: JSON.stringify({ productId: id, variantId: "Length:20cm-Type:M-F", quantity: 1 }),
    });
    expect(add.statusCode).toBe(200);

    // the product's own price and stock come from the options now; its "was" price stays its own
    const patch = (body: Json) =>
      api.app.inject({
        method: "PATCH",
        url: `/api/admin/products/${id}`,
        headers: { cookie: admin, "content-type": "application/json" },
        payload: JSON.stringify(body),
      });
    const refused = await patch({ price: 1_000, reason: "try" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "invalid-state" });
    expect((await patch({ stockQuantity: 50, reason: "try" })).statusCode).toBe(409);
    // its "was" price is one of its own earlier prices (3,000 before the options), never one it did not have
    const never = await patch({ originalPrice: 4_000, reason: "A made-up deal" });
    expect(never.statusCode).toBe(400);
    expect(never.json()).toMatchObject({ code: "validation", field: "originalPrice", reason: "wasPriceNeverCharged" });
    expect((await patch({ originalPrice: 3_000, reason: "A real deal" })).statusCode).toBe(200);

    // a price change of one option goes into the audit trail; the cart keeps its line
    const repriced = variants.map((v) => (v.sku.endsWith("20MF") ? { ...v, price: 3_900 } : v));
    expect((await put({ type: "multi-dependent", axes, variants: repriced, reason: "Supplier price rise" })).status).toBe(200);
    const history = await call("GET", `/api/admin/products/${id}`, admin);
    expect(history.body.history[0]).toMatchObject({
      reason: "Supplier price rise",
      changes: { "variant|Length:20cm-Type:M-F|price": { before: 3_600, after: 3_900 } },
    });
    expect(history.body.options.variants).toHaveLength(4);
    expect(
      (await api.app.inject({ method: "GET", url: "/api/cart", headers: { cookie: shopper } })).json().items.find((i: Json) => i.productId === id),
    ).toBeTruthy();

    // back to no options
    const none = await put({ type: "none", axes: [], variants: [], reason: "Sold by the bag only" });
    expect(none.body.removed).toHaveLength(4);
    expect((await api.app.inject({ method: "GET", url: `/api/products/${id}` })).json()).toMatchObject({ product_variants: [], variant_config: null });
  });
});
