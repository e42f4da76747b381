// The bulk catalogue for benchmarks (npm run seed:bulk): a small seed on a database of its own
// (a copy of the seeded demo shop, on PGlite or on TEST_DATABASE_URL's PostgreSQL) gives products the
// API lists, filters, sorts, finds and shows, and a second run neither duplicates nor loses any.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, rowsOf, type DbHandle } from "../../src/server/db/client";
import { seedBulk } from "../../src/seed/bulk";
import { BULK_SKU_PREFIX, bulkContext, bulkProduct } from "../../src/seed/bulk-catalog";
import { buildTestApi, getJson, setupApi } from "./harness";
import { seededServerData } from "./production-server";

const harness = setupApi();
let handle: DbHandle;
let app: FastifyInstance;
let closeApi: () => Promise<void>;
let dropDatabase: (() => Promise<void>) | undefined;
let media: string;

interface ListBody {
  products: { id: number; name: string; sku: string; slug: string; price: number; category_slug: string; sales_count: number; product_variants?: unknown[] }[];
  pagination: { total: number };
}

const count = async (where = sql`true`) =>
  Number(rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from products where ${where}`))[0]!.n);

beforeAll(async () => {
  media = await fs.mkdtemp(path.join(os.tmpdir(), "storefront-bulk-"));
  // a copy of the seeded demo shop, of its own: the bulk products go beside the demo catalogue
  const copy = await seededServerData(media, "storefront_bulk_test");
  dropDatabase = copy.drop;
  handle = await openDatabase({ databaseUrl: copy.databaseUrl, dataDir: copy.dataDir });
  ({ app, close: closeApi } = await buildTestApi(harness, { handle }));
});

afterAll(async () => {
  await closeApi?.();
  await handle?.close();
  await dropDatabase?.();
  await fs.rm(media, { recursive: true, force: true });
});

describe("bulk seed", () => {
  it("grows the catalogue to the count with generated products that the API lists and finds", async () => {
    const demo = await count();
    const result = await seedBulk(handle, 2000, { rebuildIndexes: true });
    expect(result).toMatchObject({ total: 2000, added: 2000 - demo, removed: 0 });
    expect(await count()).toBe(2000);

    // the indexes dropped for the load are all back
    const indexes = rowsOf<{ name: string }>(await handle.db.execute(sql`select indexname as name from pg_indexes where tablename = 'products'`)).map(
      (r) => r.name,
    );
    for (const name of [
      "products_search_idx",
      "products_name_trgm_idx",
      "products_listing_category_sales_idx",
      "products_listing_price_idx",
      "products_image_idx",
      "products_on_sale_sort_keys_idx",
      "products_sku_unique",
    ]) {
      expect(indexes).toContain(name);
    }
    const specIndexes = rowsOf<{ name: string }>(await handle.db.execute(sql`select indexname as name from pg_indexes where tablename = 'product_specs'`)).map(
      (r) => r.name,
    );
    for (const name of ["product_specs_product_values_idx", "product_specs_num_idx", "product_specs_text_idx", "product_specs_category_idx"]) {
      expect(specIndexes).toContain(name);
    }
    const foreignKeys = rowsOf<{ n: number }>(
      await handle.db.execute(sql`select count(*)::int as n from pg_constraint where conrelid = 'product_specs'::regclass and contype = 'f'`),
    )[0]!.n;
    expect(foreignKeys).toBe(2);

    // the load deferred the kept facet counts and counted them once at its end: every on-sale product's
    // values are there, and the pairs add up to what a count from the spec rows gives
    const facetCounts = rowsOf<{ kept: number; rows: number; pairs: number; counted: number }>(
      await handle.db.execute(sql`select
        (select count(*)::int from spec_facet_sets) as kept,
        (select count(distinct s.product_id)::int from product_specs s join products p on p.id = s.product_id where p.archived_at is null) as rows,
        (select coalesce(sum(products), 0)::int from spec_facet_pairs where a_key = '' and b_val = '') as pairs,
        (select count(*)::int from (select distinct s.product_id, s.key from product_specs s
          join products p on p.id = s.product_id where p.archived_at is null) k) as counted`),
    )[0]!;
    expect(facetCounts.kept).toBeGreaterThan(1000);
    expect(facetCounts.kept).toBe(facetCounts.rows);
    expect(facetCounts.pairs).toBe(facetCounts.counted);

    const plain = await getJson<ListBody>(app, "/api/products?limit=20");
    expect(plain.status).toBe(200);
    expect(plain.body.pagination.total).toBe(2000);

    // a generated product is found by its part number, by words of its name, and shown with its variants
    const rows = rowsOf<{ id: number; name: string; sku: string; variants: number }>(
      await handle.db.execute(sql`
        select p.id, p.name, p.sku, (select count(*)::int from product_variants v where v.product_id = p.id) as variants
        from products p where p.sku like ${BULK_SKU_PREFIX + "%"} order by p.id`),
    );
    expect(rows.length).toBe(2000 - demo);
    const sample = rows[17]!;
    const k = Number(sample.sku.slice(BULK_SKU_PREFIX.length));
    const mpn = bulkProduct(k, bulkContext([{ categorySlug: "x", name: "x", image: "x" }])).mpn;
    expect(sample.name).toContain(mpn);
    const byMpn = await getJson<ListBody>(app, `/api/products?search=${encodeURIComponent(mpn)}`);
    expect(byMpn.body.products[0]?.id).toBe(sample.id);

    const words = await getJson<ListBody>(app, "/api/products?search=smd%20resistor&limit=5");
    expect(words.body.pagination.total).toBeGreaterThan(20);
    expect(words.body.products.every((p) => /smd/i.test(p.name) && /resistor/i.test(p.name))).toBe(true);

    const withVariants = rows.find((r) => r.variants > 0)!;
    const page = await getJson<{ id: number; price: number; variants: { price: number }[] }>(app, `/api/products/${withVariants.id}`);
    expect(page.status).toBe(200);
    expect(page.body.variants.length).toBe(withVariants.variants);
    expect(page.body.price).toBe(Math.min(...page.body.variants.map((v) => v.price)));

    // categories hold different numbers of products; filters and sorts work over the generated rows
    const categories = (await getJson<{ categories: { slug: string; productCount: number }[] }>(app, "/api/categories")).body.categories;
    expect(categories.reduce((n, c) => n + c.productCount, 0)).toBe(2000);
    const sizes = categories.map((c) => c.productCount).sort((a, b) => b - a);
    expect(sizes[0]!).toBeGreaterThan(sizes.at(-1)! * 5);
    const band = await getJson<ListBody>(app, "/api/products?category=passive-components&minPrice=1000&maxPrice=5000&sortBy=price&sortOrder=desc&limit=50");
    expect(band.body.pagination.total).toBeGreaterThan(50);
    expect(band.body.products.every((p) => p.category_slug === "passive-components" && p.price >= 1000 && p.price <= 5000)).toBe(true);
    const prices = band.body.products.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const popular = await getJson<ListBody>(app, "/api/products?sortBy=sales&sortOrder=desc&limit=10");
    const sales = popular.body.products.map((p) => p.sales_count);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));

    const suggestions = await getJson<{ suggestions: string[] }>(app, "/api/search-suggestions?q=capaci");
    expect(suggestions.body.suggestions.length).toBeGreaterThan(0);
  });

  it("gives every generated product its specifications, in its category, agreeing with its name", async () => {
    const [bare] = rowsOf<{ n: number }>(
      await handle.db.execute(sql`
        select count(*)::int as n from products p
        where p.sku like ${BULK_SKU_PREFIX + "%"} and not exists (select 1 from product_specs s where s.product_id = p.id and s.key = 'type')`),
    );
    expect(bare!.n).toBe(0);
    const [misplaced] = rowsOf<{ n: number }>(
      await handle.db.execute(sql`select count(*)::int as n from product_specs s join products p on p.id = s.product_id where s.category_id <> p.category_id`),
    );
    expect(misplaced!.n).toBe(0);
    // the values are the ones the generator wrote, read by the category's definitions
    const sample = rowsOf<{ sku: string; key: string; num: string | null; text: string | null }>(
      await handle.db.execute(sql`
        select p.sku, s.key, s.num::text as num, s.text from products p join product_specs s on s.product_id = p.id
        where p.sku = (select min(sku) from products where sku like ${BULK_SKU_PREFIX + "%"} and name like '% SMD Resistor %')`),
    );
    const k = Number(sample[0]!.sku.slice(BULK_SKU_PREFIX.length));
    const generated = bulkProduct(k, bulkContext([{ categorySlug: "x", name: "x", image: "x" }])).specs;
    const stored = Object.fromEntries(sample.map((r) => [r.key, r.text ?? Number(r.num)]));
    expect(stored.package).toBe(generated.package);
    expect(stored.type).toBe("Resistor");
    expect(stored.resistance).toBeTypeOf("number");
    // a category's values are there to filter by: 10 kΩ parts among the passive components
    const [tenK] = rowsOf<{ n: number }>(
      await handle.db.execute(sql`
        select count(distinct s.product_id)::int as n from product_specs s join categories c on c.id = s.category_id
        where c.slug = 'passive-components' and s.key = 'resistance' and s.num = 10000`),
    );
    expect(tenK!.n).toBeGreaterThan(5);
  });

  it("adds only what is missing when run again, and removes the last ones for a smaller count", async () => {
    const before = rowsOf<{ sku: string; slug: string }>(await handle.db.execute(sql`select sku, slug from products order by id`));
    const again = await seedBulk(handle, 2000);
    expect(again).toMatchObject({ total: 2000, added: 0, removed: 0 });
    expect(rowsOf<{ sku: string; slug: string }>(await handle.db.execute(sql`select sku, slug from products order by id`))).toEqual(before);

    const grown = await seedBulk(handle, 2300);
    expect(grown).toMatchObject({ total: 2300, added: 300 });
    expect(await count()).toBe(2300);
    const distinct = rowsOf<{ slugs: number; skus: number }>(
      await handle.db.execute(sql`select count(distinct slug)::int as slugs, count(distinct sku)::int as skus from products`),
    )[0]!;
    expect(distinct).toEqual({ slugs: 2300, skus: 2300 });

    const shrunk = await seedBulk(handle, 2100);
    expect(shrunk).toMatchObject({ total: 2100, added: 0, removed: 200 });
    expect(await count()).toBe(2100);
    // the values of removed products go with them; products seeded before values existed get theirs
    const orphans = rowsOf<{ n: number }>(
      await handle.db.execute(sql`select count(*)::int as n from product_specs s where not exists (select 1 from products p where p.id = s.product_id)`),
    )[0]!.n;
    expect(orphans).toBe(0);
    const specsBefore = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from product_specs`))[0]!.n;
    await handle.db.execute(sql`delete from product_specs where product_id in (select id from products where sku like ${BULK_SKU_PREFIX + "%"})`);
    await seedBulk(handle, 2100);
    expect(rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from product_specs`))[0]!.n).toBe(specsBefore);
    // the survivors are the first ones, so growing again makes the same products as before
    await seedBulk(handle, 2300);
    expect(
      rowsOf<{ sku: string; slug: string }>(await handle.db.execute(sql`select sku, slug from products where sku like ${BULK_SKU_PREFIX + "%"} order by sku`))
        .length,
    ).toBe(2300 - before.filter((r) => !r.sku.startsWith(BULK_SKU_PREFIX)).length);
  });
});
