import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, rowsOf, type DbHandle } from "../../src/server/db/client";
import { invalidateCatalogCounts } from "../../src/server/catalog/catalog-cache";
import { createCatalogService, EXACT_TOTAL_LIMIT, roundEstimate, SEARCH_SCAN } from "../../src/server/catalog/products";
import { clearResolvedWords, refreshSearchLexicon } from "../../src/server/search/resolve";

// A catalogue of its own (an empty embedded database), large enough that totals become estimates.
const COUNT = SEARCH_SCAN + 600;
let handle: DbHandle;
let catalog: ReturnType<typeof createCatalogService>;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: "memory://" });
  const { db } = handle;
  await db.execute(sql`insert into categories (name, slug) values ('Sensors', 'sensors'), ('Tools', 'tools')`);
  await db.execute(sql`insert into brands (name, slug) values ('Kilima', 'kilima')`);
  // every product is a "widget"; one in ten a "gizmo" too, and product 7 alone a "sprocket"
  await db.execute(sql`
    insert into products (name, slug, image, category_id, category, brand_id, brand, sku, price, original_price, stock_quantity, sales_count)
    select case when g = 7 then 'Sprocket Widget ' || g when g % 10 = 0 then 'Gizmo Widget ' || g else 'Widget ' || g end,
      'widget-' || g, 'w.webp', 1 + g % 2, case when g % 2 = 0 then 'Sensors' else 'Tools' end, 1, 'Kilima', 'W-' || g,
      1000 + g, 1000 + g, g % 5, g
    from generate_series(1, ${COUNT}) g`);
  // as the seeders do: the planner's statistics (estimates come from them), then the lexicon
  await db.execute(sql`analyze products`);
  await refreshSearchLexicon(db);
  catalog = createCatalogService(db);
}, 120_000);

afterAll(async () => {
  invalidateCatalogCounts();
  clearResolvedWords();
  await handle?.close();
});

describe("estimated totals", () => {
  it("rounds an estimate to two significant figures", () => {
    expect(roundEstimate(12_345)).toBe(12_000);
    expect(roundEstimate(987_654)).toBe(990_000);
    expect(roundEstimate(2_601)).toBe(2_600);
    expect(roundEstimate(42)).toBe(42);
  });

  it("counts up to the limit exactly and labels a larger total as an estimate", async () => {
    invalidateCatalogCounts();
    const page = await catalog.list({ limit: 20, offset: 40 });
    expect(page.products).toHaveLength(20);
    expect(page.hasMore).toBe(true);
    expect(page.totalIsEstimate).toBe(true);
    expect(page.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    expect(Math.abs(page.total - COUNT) / COUNT).toBeLessThan(0.25);

    // a filter with fewer matches than the limit: exact
    const cheap = await catalog.list({ maxPrice: 1000 + 300, offset: 20 });
    expect(cheap).toMatchObject({ total: 300, totalIsEstimate: false, hasMore: true });
  });

  it("gives the exact total on the last page, and says no more follow", async () => {
    const last = await catalog.list({ limit: 20, offset: COUNT - 5 });
    expect(last).toMatchObject({ total: COUNT, totalIsEstimate: false, hasMore: false });
    expect(last.products).toHaveLength(5);
  });

  it("pages through many matches and through few in the same order, each page the next slice", async () => {
    for (const query of [
      { sortBy: "price" as const, sortOrder: "desc" as const },
      { category: "sensors", maxPrice: 1000 + 400 },
    ]) {
      invalidateCatalogCounts();
      const whole = await catalog.list({ ...query, limit: 100 });
      const pages = [
        await catalog.list({ ...query, limit: 30 }),
        await catalog.list({ ...query, limit: 30, offset: 30 }),
        await catalog.list({ ...query, limit: 40, offset: 60 }),
      ];
      expect(pages.flatMap((p) => p.products.map((x) => x.id))).toEqual(whole.products.map((x) => x.id));
      expect(pages.every((p) => p.hasMore)).toBe(whole.total > 100);
    }
    // few matches (the cheap sensors): their sales order, most sold first
    const cheap = await catalog.list({ category: "sensors", maxPrice: 1000 + 400, limit: 5 });
    expect(cheap.products.map((p) => p.sales_count)).toEqual([400, 398, 396, 394, 392]);
    // a page past the end of few matches: empty, with their exact total
    expect(await catalog.list({ category: "sensors", maxPrice: 1000 + 400, offset: 500 })).toMatchObject({
      products: [],
      total: 200,
      totalIsEstimate: false,
      hasMore: false,
    });
  });

  it("searches: exact below the scan limit, an estimate above it, ranked most popular first", async () => {
    const few = await catalog.list({ search: "gizmo", limit: 20 });
    expect(few).toMatchObject({ total: Math.floor(COUNT / 10), totalIsEstimate: false, hasMore: true });
    expect(few.products[0]!.sales_count).toBe(Math.floor(COUNT / 10) * 10);

    const many = await catalog.list({ search: "widget", limit: 20 });
    expect(many.totalIsEstimate).toBe(true);
    expect(many.total).toBeGreaterThanOrEqual(SEARCH_SCAN);
    expect(many.hasMore).toBe(true);
    expect(many.products.map((p) => p.sales_count)).toEqual(Array.from({ length: 20 }, (_, i) => COUNT - i));

    // the words as a phrase in the name come first, however unpopular
    const phrase = await catalog.list({ search: "sprocket widget" });
    expect(phrase.products.map((p) => p.name)).toEqual(["Sprocket Widget 7"]);
  });

  it("applies the listing's filters to a search", async () => {
    const page = await catalog.list({ search: "gizmo", category: "tools", limit: 50 });
    expect(page.total).toBe(0);
    const sensors = await catalog.list({ search: "gizmo", category: "sensors", maxPrice: 1000 + 100, inStock: false });
    expect(sensors.products.map((p) => p.name).sort()).toEqual([
      "Gizmo Widget 10",
      "Gizmo Widget 100",
      "Gizmo Widget 20",
      "Gizmo Widget 30",
      "Gizmo Widget 40",
      "Gizmo Widget 50",
      "Gizmo Widget 60",
      "Gizmo Widget 70",
      "Gizmo Widget 80",
      "Gizmo Widget 90",
    ]);
  });
});

describe("estimated totals of a search with spec filters", () => {
  it("come from the value sets past the scan, not from the planner's guess at how they narrow the words", async () => {
    const { db } = handle;
    // every widget a 10 kΩ part but one in five (4.7 kΩ), in both categories
    await db.execute(sql`insert into spec_attributes (category_id, key, name_en, name_sw, kind, unit)
      values (1, 'resistance', 'Resistance', 'Ukinzani', 'number', 'ohm'), (2, 'resistance', 'Resistance', 'Ukinzani', 'number', 'ohm')`);
    await db.execute(sql`insert into product_specs (product_id, category_id, key, num)
      select id, category_id, 'resistance', case when id % 5 = 0 then 4700 else 10000 end from products where name like '%Widget%'`);
    await db.execute(sql`analyze`);
    invalidateCatalogCounts();
    const truth = async (words: string, ohms = 10000) =>
      Number(
        rowsOf<{ n: number }>(
          await db.execute(sql`select count(*)::int as n from products p join product_specs s on s.product_id = p.id
            where s.key = 'resistance' and s.num = ${ohms} and p.name ilike ${`%${words}%`}`),
        )[0]!.n,
      );

    const many = await catalog.list({ search: "widget", specs: { resistance: "10000" }, limit: 20 });
    const widgets = await truth("widget");
    expect(widgets).toBeGreaterThan(SEARCH_SCAN);
    expect(many.totalIsEstimate).toBe(true);
    expect(Math.abs(many.total - widgets) / widgets).toBeLessThan(0.15);
    expect(many.products).toHaveLength(20);

    // within a category the sets' count follows the category too
    const sensors = await catalog.list({ search: "widget", category: "sensors", specs: { resistance: "10000" } });
    const inSensors = Number(
      rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from products p join product_specs s on s.product_id = p.id
          where p.category_id = 1 and s.key = 'resistance' and s.num = 10000`),
      )[0]!.n,
    );
    if (sensors.totalIsEstimate) expect(Math.abs(sensors.total - inSensors) / inSensors).toBeLessThan(0.15);
    else expect(sensors.total).toBe(inSensors);

    // a word only some of them have (every gizmo is a 4.7 kΩ part), under the scan: exact
    const gizmos = await catalog.list({ search: "gizmo", specs: { resistance: "4k7" } });
    expect(gizmos).toMatchObject({ total: await truth("gizmo", 4700), totalIsEstimate: false });
    expect(gizmos.total).toBeGreaterThan(50);
  });
});

describe("search_rank follows the catalogue", () => {
  const rankOf = async (id: number) =>
    rowsOf<{ popularity: number; price: number }>(await handle.db.execute(sql`select popularity, price from search_rank where product_id = ${id}`))[0];

  it("adds, re-prices, renames and removes a product's search row with the product", async () => {
    const [added] = rowsOf<{ id: number }>(
      await handle.db.execute(sql`
        insert into products (name, slug, image, category_id, category, brand_id, brand, sku, price, original_price, stock_quantity, sales_count)
        values ('Sprocket Gizmo', 'sprocket-gizmo', 'f.webp', 1, 'Sensors', 1, 'Kilima', 'FLUX-1', 5000, 5000, 3, 1) returning id`),
    );
    const id = Number(added!.id);
    expect(await rankOf(id)).toEqual({ popularity: 1, price: 5000 });

    await handle.db.execute(sql`update products set price = 4500, sales_count = 9 where id = ${id}`);
    expect(await rankOf(id)).toEqual({ popularity: 9, price: 4500 });

    invalidateCatalogCounts();
    expect((await catalog.list({ search: "sprocket gizmo" })).products.map((p) => p.id)).toEqual([id]);
    await handle.db.execute(sql`update products set name = 'Time Circuit' where id = ${id}`);
    const matches = rowsOf<{ n: number }>(
      await handle.db.execute(sql`select count(*)::int as n from search_rank where product_id = ${id} and vector @@ to_tsquery('english', 'sprocket:*')`),
    );
    expect(Number(matches[0]!.n)).toBe(0);

    await handle.db.execute(sql`delete from products where id = ${id}`);
    expect(await rankOf(id)).toBeUndefined();
  });
});
