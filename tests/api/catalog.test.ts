import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../src/server/db/client";
import { SEARCH_SYNONYMS } from "../../src/server/search/synonyms";
import { getJson, setupApi } from "./harness";

const api = setupApi();

type P = {
  id: number;
  name: string;
  image: string;
  price: number;
  original_price: number;
  in_stock: boolean;
  stock_quantity: number;
  category: string;
  category_slug: string;
  brand: string;
  rating: number;
  sales_count: number;
  created_at: string;
  product_variants?: unknown[];
};
type Page = { products: P[]; pagination: { total: number; hasMore: boolean; limit: number; offset: number } };

async function count(where = sql`true`): Promise<number> {
  return Number(rowsOf<{ n: number }>(await api.handle.db.execute(sql`select count(*)::int as n from products where ${where}`))[0]!.n);
}

const names = (page: Page) => page.products.map((p) => p.name.toLowerCase());

describe("GET /api/products", () => {
  it("answers the first 20 products with the list fields and an exact total", async () => {
    const { status, headers, body } = await getJson<Page>(api.app, "/api/products");
    expect(status).toBe(200);
    expect(body.products).toHaveLength(20);
    expect(body.pagination).toEqual({ total: await count(), totalIsEstimate: false, hasMore: true, limit: 20, offset: 0 });
    expect(body.pagination.total).toBeGreaterThanOrEqual(300);
    for (const key of [
      "id",
      "name",
      "slug",
      "description",
      "image",
      "category",
      "brand",
      "sku",
      "price",
      "original_price",
      "stock_quantity",
      "in_stock",
      "free_delivery",
      "same_day_delivery",
      "rating",
      "reviews",
      "sales_count",
      "created_at",
      "updated_at",
      "variant_config",
    ]) {
      expect(body.products[0]).toHaveProperty(key);
    }
    expect(headers["cache-control"]).toBe("public, max-age=30, stale-while-revalidate=180");
  });

  it("pages with limit and offset without overlap, up to the exact end", async () => {
    const total = await count();
    const a = await getJson<Page>(api.app, "/api/products?limit=50&offset=0&sortBy=price");
    const b = await getJson<Page>(api.app, "/api/products?limit=50&offset=50&sortBy=price");
    const ids = new Set([...a.body.products, ...b.body.products].map((p) => p.id));
    expect(ids.size).toBe(100);
    const last = await getJson<Page>(api.app, `/api/products?limit=100&offset=${total - 3}`);
    expect(last.body.products).toHaveLength(3);
    expect(last.body.pagination.hasMore).toBe(false);
  });

  it("filters by price exactly and counts exactly", async () => {
    const { body } = await getJson<Page>(api.app, "/api/products?minPrice=10000&maxPrice=50000&limit=100");
    expect(body.products.length).toBeGreaterThan(0);
    for (const p of body.products) expect(p.price >= 10000 && p.price <= 50000).toBe(true);
    expect(body.pagination.total).toBe(await count(sql`price between 10000 and 50000`));
  });

  it.each([
    ["price", "asc", (a: P, b: P) => a.price <= b.price],
    ["price", "desc", (a: P, b: P) => a.price >= b.price],
    ["name", "asc", (a: P, b: P) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }) <= 0 || a.name <= b.name],
    ["created_at", "desc", (a: P, b: P) => a.created_at >= b.created_at],
    ["rating", "desc", (a: P, b: P) => a.rating >= b.rating],
    ["sales", "desc", (a: P, b: P) => a.sales_count >= b.sales_count],
  ] as const)("sorts by %s %s", async (sortBy, sortOrder, ordered) => {
    const { body } = await getJson<Page>(api.app, `/api/products?sortBy=${sortBy}&sortOrder=${sortOrder}&limit=100`);
    for (let i = 1; i < body.products.length; i++) expect(ordered(body.products[i - 1]!, body.products[i]!)).toBe(true);
  });

  it("sorts by price across pages", async () => {
    const a = await getJson<Page>(api.app, "/api/products?sortBy=price&sortOrder=asc&limit=20");
    const b = await getJson<Page>(api.app, "/api/products?sortBy=price&sortOrder=asc&limit=20&offset=20");
    expect(a.body.products.at(-1)!.price).toBeLessThanOrEqual(b.body.products[0]!.price);
  });

  it("filters by category slug or name, several categories, brand and stock", async () => {
    const cats = (await getJson<{ categories: { name: string; slug: string; productCount: number }[] }>(api.app, "/api/categories")).body.categories;
    const [first, second] = cats;
    const bySlug = await getJson<Page>(api.app, `/api/products?category=${first!.slug}&limit=100`);
    expect(bySlug.body.pagination.total).toBe(first!.productCount);
    expect(bySlug.body.products.every((p) => p.category_slug === first!.slug)).toBe(true);
    const byName = await getJson<Page>(api.app, `/api/products?category=${encodeURIComponent(first!.name)}`);
    expect(byName.body.pagination.total).toBe(first!.productCount);

    const both = await getJson<Page>(api.app, `/api/products?categories=${first!.slug},${encodeURIComponent(second!.name)}&limit=100`);
    expect(both.body.pagination.total).toBe(first!.productCount + second!.productCount);

    const brand = bySlug.body.products[0]!.brand;
    const byBrand = await getJson<Page>(api.app, `/api/products?brand=${encodeURIComponent(brand)}&limit=100`);
    expect(byBrand.body.products.length).toBeGreaterThan(0);
    expect(byBrand.body.products.every((p) => p.brand === brand)).toBe(true);

    const inStock = await getJson<Page>(api.app, "/api/products?inStock=true&limit=100");
    expect(inStock.body.products.every((p) => p.in_stock && p.stock_quantity > 0)).toBe(true);
    expect(inStock.body.pagination.total).toBe(await count(sql`stock_quantity > 0`));
    expect(inStock.body.pagination.total).toBeLessThan(await count());

    const unknown = await getJson<Page>(api.app, "/api/products?category=no-such-category");
    expect(unknown.status).toBe(200);
    expect(unknown.body.products).toEqual([]);
  });

  it("includes variants when enriched", async () => {
    const { body } = await getJson<Page>(api.app, "/api/products?enriched=true&limit=100");
    expect(body.products.every((p) => Array.isArray(p.product_variants))).toBe(true);
    expect(body.products.some((p) => (p.product_variants?.length ?? 0) > 0)).toBe(true);
  });

  it.each([
    ["limit=abc", "limit"],
    ["limit=101", "limit"],
    ["limit=0", "limit"],
    ["offset=-5", "offset"],
    ["sortBy=popularity", "sortBy"],
    ["sortOrder=up", "sortOrder"],
    ["minPrice=50000&maxPrice=1000", "minPrice"],
    ["maxPrice=1e9", "maxPrice"],
    ["inStock=maybe", "inStock"],
    [`search=${"x".repeat(201)}`, "search"],
  ])("answers 400 with a clear error for %s", async (query, parameter) => {
    const { status, body } = await getJson<{ error: string }>(api.app, `/api/products?${query}`);
    expect(status).toBe(400);
    expect(body.error).toContain(parameter);
  });
});

describe("search", () => {
  const search = (q: string, extra = "") => getJson<Page>(api.app, `/api/products?search=${encodeURIComponent(q)}${extra}`);

  it("puts Arduino Uno boards first for 'arduino uno', and for the typo 'ardiuno uno'", async () => {
    for (const q of ["arduino uno", "ardiuno uno", "Arduino UNO"]) {
      const { body, headers } = await search(q);
      expect(body.products.length).toBeGreaterThan(0);
      for (const name of names(body).slice(0, 3)) expect(name).toMatch(/arduino.*uno|uno.*arduino/);
      expect(headers["cache-control"]).toBe("public, max-age=1");
    }
  });

  it("corrects 'ardiuno' to Arduino products", async () => {
    const { body } = await search("ardiuno");
    expect(body.products.length).toBeGreaterThan(2);
    for (const name of names(body).slice(0, 5)) expect(name).toContain("arduino");
  });

  it("finds ESP32 WiFi boards, 10k resistors and soldering irons first", async () => {
    const esp = await search("esp32 wifi");
    for (const name of names(esp.body).slice(0, 3)) expect(name).toMatch(/esp32/);
    expect(names(esp.body)[0]).toMatch(/wi-?fi/);

    const res = await search("10k resistor");
    for (const name of names(res.body).slice(0, 2)) expect(name).toMatch(/10k.*resistor|resistor.*10k/);

    const iron = await search("soldering iron");
    for (const name of names(iron.body).slice(0, 3)) expect(name).toMatch(/soldering/);
    expect(names(iron.body)[0]).toContain("soldering iron");
  });

  it("returns nothing, not everything, when nothing matches", async () => {
    const { status, body } = await search("qqxzv wombatron");
    expect(status).toBe(200);
    expect(body.products).toEqual([]);
    expect(body.pagination.total).toBe(0);
  });

  it("combines search with filters and a price sort", async () => {
    const { body } = await search("arduino", "&sortBy=price&sortOrder=desc&limit=50");
    expect(body.products.length).toBeGreaterThan(1);
    for (let i = 1; i < body.products.length; i++) expect(body.products[i - 1]!.price).toBeGreaterThanOrEqual(body.products[i]!.price);
  });

  it("finds batteries for 'betri', LEDs and lamps for 'taa', wires for 'waya' (Kiswahili)", async () => {
    const cases: [string, RegExp][] = [
      ["betri", /batter/],
      ["taa", /\bleds?\b|lamp|light/],
      ["waya", /wire/],
      ["paneli ya jua", /solar.*panel|panel.*solar/],
    ];
    for (const [q, expected] of cases) {
      const { body } = await search(q);
      expect(body.products.length, q).toBeGreaterThan(2);
      for (const name of names(body).slice(0, 5)) expect(name, q).toMatch(expected);
    }
  });

  it("has a catalogue word for every word of the synonym tables", async () => {
    const meanings = [...new Set(Object.values(SEARCH_SYNONYMS).flatMap((table) => Object.values(table)))];
    const rows = rowsOf<{ word: string }>(
      await api.handle.db.execute(sql`select m.word from unnest(${sql.raw(`array[${meanings.map((m) => `'${m}'`).join(",")}]`)}::text[]) as m(word)
        where not exists (select 1 from search_lexicon l where l.word like m.word || '%')`),
    );
    expect(rows.map((r) => r.word)).toEqual([]);
  });

  it("is safe with SQL and tsquery syntax in the text", async () => {
    for (const q of ["'; drop table products; --", "a & | ! ( ) :* <->", "\\", "%_"]) {
      const { status } = await search(q);
      expect(status).toBe(200);
    }
    expect(await count()).toBeGreaterThan(0);
  });
});

describe("GET /api/products/:id", () => {
  it("answers the product with its variants and variant config", async () => {
    const withVariants = rowsOf<{ product_id: number }>(await api.handle.db.execute(sql`select product_id from product_variants limit 1`))[0]!;
    const { status, body } = await getJson<P & { variants: { combinationId: string; price: number }[]; variantConfig: { type: string } }>(
      api.app,
      `/api/products/${withVariants.product_id}?minimal=false`,
    );
    expect(status).toBe(200);
    expect(body.id).toBe(withVariants.product_id);
    expect(body.variants.length).toBeGreaterThan(0);
    expect(["simple", "primary-dependent", "multi-dependent"]).toContain(body.variantConfig.type);
    expect(body.price).toBe(Math.min(...body.variants.map((v) => v.price)));
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    expect((await getJson(api.app, "/api/products/99999999")).status).toBe(404);
    expect((await getJson(api.app, "/api/products/99999999")).body).toHaveProperty("error");
    for (const bad of ["abc", "0", "-1", "1.5", "12345678901"]) {
      const { status, body } = await getJson<{ error: string }>(api.app, `/api/products/${bad}`);
      expect(status).toBe(400);
      expect(body.error).toMatch(/id/);
    }
  });
});

describe("GET /api/categories", () => {
  it("lists at least 12 categories with exact product counts", async () => {
    const { body } = await getJson<{ categories: { id: number; name: string; slug: string; productCount: number }[] }>(api.app, "/api/categories");
    expect(body.categories.length).toBeGreaterThanOrEqual(12);
    expect(body.categories.reduce((sum, c) => sum + c.productCount, 0)).toBe(await count());
    for (const c of body.categories) expect(c.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe("GET /api/search-suggestions", () => {
  const suggest = async (q: string) =>
    (await getJson<{ suggestions: string[] }>(api.app, `/api/search-suggestions?q=${encodeURIComponent(q)}`)).body.suggestions;

  it("gives nothing under two characters", async () => {
    expect(await suggest("")).toEqual([]);
    expect(await suggest("a")).toEqual([]);
  });

  it("gives up to 8 distinct names, best first", async () => {
    const list = await suggest("ardu");
    expect(list.length).toBeGreaterThan(2);
    expect(list.length).toBeLessThanOrEqual(8);
    expect(new Set(list).size).toBe(list.length);
    expect(list.filter((s) => /arduino/i.test(s)).length).toBeGreaterThanOrEqual(3);
    expect((await suggest("ardiuno")).some((s) => /arduino/i.test(s))).toBe(true);
  });

  it("puts a category whose name starts with the text first", async () => {
    expect((await suggest("sens"))[0]).toMatch(/^Sensors/);
  });

  it("suggests a category by its Kiswahili name", async () => {
    expect(await suggest("vihisi")).toContain("Vihisi na Moduli");
    expect(await suggest("umeme na")).toContain("Umeme na Betri");
  });

  it("answers an empty list for nonsense", async () => {
    expect(await suggest("qqxzv")).toEqual([]);
  });
});

describe("advertisements and settings", () => {
  it("lists active ads for the products placement, one a video, links falling back to /products, uncached", async () => {
    const { body, headers } = await getJson<{ title: string; media_type: string; media_url: string; link_url: string }[]>(
      api.app,
      "/api/advertisements?placement=products&_=123",
    );
    expect(body.length).toBeGreaterThanOrEqual(3);
    expect(body.some((ad) => ad.media_type === "video")).toBe(true);
    expect(body.every((ad) => ad.link_url.length > 0)).toBe(true);
    expect(body.some((ad) => ad.link_url === "/products")).toBe(true);
    expect(headers["cache-control"]).toBe("no-store");
    const media = await api.app.inject({ method: "GET", url: body[0]!.media_url });
    expect(media.statusCode).toBe(200);
  });

  it("answers the rotation time from settings, default 10 s", async () => {
    const { body, headers } = await getJson(api.app, "/api/advertisements/rotation-time?_=1");
    expect(body).toEqual({ rotationTime: 10 });
    expect(headers["cache-control"]).toBe("no-store");
  });

  it("answers the public settings merged over the defaults", async () => {
    const { body } = await getJson<{ settings: { currency: string; productsPerRow: unknown; cart: { shippingCost: number } } }>(
      api.app,
      "/api/admin/settings?_=1",
    );
    expect(body.settings.currency).toBe("TZS");
    expect(body.settings.productsPerRow).toEqual({ mobile: 3, tablet: 4, desktop: 5 });
    expect(body.settings.cart.shippingCost).toBe(5000);
  });

  it("refuses a bad placement with 400", async () => {
    expect((await getJson(api.app, "/api/advertisements?placement=%3Cscript%3E")).status).toBe(400);
  });
});

describe("media and unknown routes", () => {
  it("serves product images as immutable WebP files", async () => {
    const { body } = await getJson<Page>(api.app, "/api/products?limit=1");
    const res = await api.app.inject({ method: "GET", url: body.products[0]!.image });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toContain("immutable");
    expect(res.rawPayload.subarray(8, 12).toString()).toBe("WEBP");
  });

  it("answers an unknown API path with 404 and an error", async () => {
    const { status, body } = await getJson(api.app, "/api/nope");
    expect(status).toBe(404);
    expect(body).toHaveProperty("error");
  });
});
