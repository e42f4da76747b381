import { describe, expect, inject, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../src/server/db/client";
import { invalidateCatalogCounts } from "../../src/server/catalog/catalog-cache";
import { getJson, setupApi } from "./harness";

/*
 * The facet counts the database keeps (spec_facet_pairs, migration 0053) answer facets with no spec
 * filter or one; the counted value sets' tokens (spec_facet_sets, migration 0055) select the products
 * of every spec filter, for listings and the facets of two filters or more, and a listing with spec
 * filters counts, filters and sorts its matches by the listing's columns the sets carry (0056). Each check here compares every count of /api/facets with a brute-force count from
 * the spec rows, after the kinds of change the triggers must follow: a value changed, added or
 * removed, a product archived and brought back, moved to another category, deleted, and a product
 * whose options carry two values of the filtered key (the kept counts would count it twice: the
 * shop must count from the rows then).
 */
const api = setupApi({ pristine: true });
const CATEGORY = "passive-components";

type FacetValue = { value: number | string | boolean; count: number };
type Facet = { key: string; kind: "number" | "list" | "boolean"; values: FacetValue[]; count?: number };
type Filter = { key: string; values: (number | string)[] } | { key: string; min: number; max: number };

const db = () => api.handle.db;

async function categoryId(slug: string): Promise<number> {
  return Number(rowsOf<{ id: number }>(await db().execute(sql`select id from categories where slug = ${slug}`))[0]!.id);
}

/** Whether spec row `s` matches the filter, written independently of the server's conditions. */
function rowMatches(filter: Filter): ReturnType<typeof sql> {
  if ("min" in filter) return sql`s.key = ${filter.key} and s.num between ${String(filter.min)}::numeric and ${String(filter.max)}::numeric`;
  const any = filter.values.map((value) =>
    typeof value === "number" ? sql`abs(s.num - ${String(value)}::numeric) <= abs(${String(value)}::numeric) * 1e-9` : sql`s.text = ${value}`,
  );
  return sql`s.key = ${filter.key} and (${sql.join(any, sql` or `)})`;
}

/** Brute force: the on-sale products of the category matching every filter (and carrying `key`, = `value` when given). */
async function productsWith(category: number, filters: Filter[], key?: string, value?: number | string | boolean): Promise<number[]> {
  const own =
    key === undefined
      ? sql`true`
      : value === undefined
        ? sql`s.key = ${key}`
        : rowMatches(typeof value === "boolean" ? { key, values: [String(value)] } : { key, values: [value] });
  const matching = filters.map((filter) => sql` and exists (select 1 from product_specs s where s.product_id = p.id and ${rowMatches(filter)})`);
  const rows = rowsOf<{ id: number }>(
    await db().execute(sql`select p.id from products p
      where p.category_id = ${category} and p.archived_at is null
        and exists (select 1 from product_specs s where s.product_id = p.id and ${own})${sql.join(matching, sql``)}
      order by p.id`),
  );
  return rows.map((r) => Number(r.id));
}

const countWith = async (category: number, filters: Filter[], key: string, value?: number | string | boolean) =>
  (await productsWith(category, filters, key, value)).length;

const param = (filter: Filter) =>
  `spec.${filter.key}=${encodeURIComponent("min" in filter ? `${filter.min}..${filter.max}` : filter.values.map(String).join(","))}`;

/**
 * Every count of the category's facets with `filters` applied, against the brute-force counts, and
 * the filtered listing against the brute-force products.
 */
async function expectExactFacets(filters: Filter[]): Promise<void> {
  invalidateCatalogCounts();
  const category = await categoryId(CATEGORY);
  const params = filters.map((f) => `&${param(f)}`).join("");
  const { status, body } = await getJson<{ facets: Facet[] }>(api.app, `/api/facets?category=${CATEGORY}${params}`);
  expect(status).toBe(200);
  expect(body.facets.length).toBeGreaterThanOrEqual(3);
  for (const facet of body.facets) {
    // a facet's own filter does not narrow its counts
    const applied = filters.filter((f) => f.key !== facet.key);
    if (facet.kind === "number")
      expect({ key: facet.key, count: facet.count }).toEqual({ key: facet.key, count: await countWith(category, applied, facet.key) });
    for (const v of facet.values)
      expect({ key: facet.key, value: v.value, count: v.count }).toEqual({
        key: facet.key,
        value: v.value,
        count: await countWith(category, applied, facet.key, v.value),
      });
  }
  const expected = await productsWith(category, filters);
  const listing = await getJson<{ products: { id: number }[]; pagination: { total: number } }>(
    api.app,
    `/api/products?category=${CATEGORY}${params}&limit=100&sortBy=price`,
  );
  expect(listing.status).toBe(200);
  expect(listing.body.pagination.total).toBe(expected.length);
  if (expected.length <= 100) expect(listing.body.products.map((p) => p.id).sort((a, b) => a - b)).toEqual(expected);
}

const FILTERS: Filter[][] = [
  [],
  [{ key: "package", values: ["0805"] }],
  [{ key: "package", values: ["0603", "0805"] }],
  [{ key: "resistance", min: 1000, max: 100000 }],
  // two filters: the selection comes from the counted sets' tokens (migration 0055)
  [
    { key: "package", values: ["0603", "0805"] },
    { key: "resistance", min: 1000, max: 100000 },
  ],
  [
    { key: "package", values: ["0805"] },
    { key: "resistance", values: [10000, 4700] },
  ],
  // two filters on neither resistance nor package: a product with two of either counts once in the resistance's total
  [
    { key: "tolerance", min: 0, max: 100 },
    { key: "power", min: 0, max: 1000 },
  ],
];

/** The listing's columns each counted value set carries (migration 0056) are its product's. */
async function expectSetsInStep(): Promise<void> {
  const stale = rowsOf(
    await db().execute(sql`select s.product_id from spec_facet_sets s join products p on p.id = s.product_id
      where (s.brand_id, s.price, s.stock_quantity, s.sales_count, s.rating, s.created_at, s.name)
        is distinct from (p.brand_id, p.price, p.stock_quantity, p.sales_count, p.rating, p.created_at, p.name)`),
  );
  expect(stale).toEqual([]);
}

async function expectAllExact(): Promise<void> {
  for (const filters of FILTERS) await expectExactFacets(filters);
  await expectSetsInStep();
}

type SortCase = { query: string; order: ReturnType<typeof sql> };
const SORTS: SortCase[] = [
  { query: "", order: sql`p.sales_count desc, p.id desc` },
  { query: "&sortBy=price", order: sql`p.price asc, p.id asc` },
  { query: "&sortBy=price&sortOrder=desc", order: sql`p.price desc, p.id desc` },
  { query: "&sortBy=name", order: sql`p.name asc, p.id asc` },
  { query: "&sortBy=rating", order: sql`p.rating desc, p.id desc` },
  { query: "&sortBy=created_at", order: sql`p.created_at desc, p.id desc` },
  { query: "&sortBy=sales", order: sql`p.sales_count desc, p.id desc` },
];

/** A listing with a spec filter and `extra` filters, in every sort and on its second page, against the products in that order. */
async function expectListingOrders(filter: Filter, extra: string, where: ReturnType<typeof sql>): Promise<void> {
  invalidateCatalogCounts();
  const category = await categoryId(CATEGORY);
  const ids = await productsWith(category, [filter]);
  for (const sort of SORTS) {
    const expected = rowsOf<{ id: number }>(
      await db().execute(
        sql`select p.id from products p where p.id = any(array[${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )}]::int[]) and ${where} order by ${sort.order}`,
      ),
    ).map((r) => Number(r.id));
    for (const offset of [0, 3]) {
      const { status, body } = await getJson<{ products: { id: number }[]; pagination: { total: number; totalIsEstimate: boolean } }>(
        api.app,
        `/api/products?category=${CATEGORY}&${param(filter)}${extra}${sort.query}&limit=5&offset=${offset}`,
      );
      expect(status).toBe(200);
      expect({
        sort: sort.query,
        offset,
        ids: body.products.map((p) => p.id),
        total: body.pagination.total,
        estimate: body.pagination.totalIsEstimate,
      }).toEqual({
        sort: sort.query,
        offset,
        ids: expected.slice(offset, offset + 5),
        total: expected.length,
        estimate: false,
      });
    }
  }
}

/** A product of the category with a resistance and a package other than 0603 (the first not yet taken). */
async function aResistor(): Promise<number> {
  const category = await categoryId(CATEGORY);
  const rows = rowsOf<{ id: number }>(
    await db().execute(sql`select p.id from products p where p.category_id = ${category} and p.archived_at is null
      and exists (select 1 from product_specs s where s.product_id = p.id and s.key = 'package' and s.text <> '0603')
      and not exists (select 1 from product_specs s where s.product_id = p.id and s.key = 'package' and s.text = '0603')
      and exists (select 1 from product_specs s where s.product_id = p.id and s.key = 'resistance')
      order by p.id limit 1`),
  );
  expect(rows.length).toBe(1);
  return Number(rows[0]!.id);
}

describe("kept facet counts", () => {
  it("match a brute-force count at the start and after a value is changed, added and removed", async () => {
    await expectAllExact();
    const id = await aResistor();
    await db().execute(sql`update product_specs set text = '0603' where product_id = ${id} and key = 'package' and variant_id is null`);
    await expectAllExact();
    await db().execute(sql`delete from product_specs where product_id = ${id} and key = 'resistance'`);
    await expectAllExact();
    await db().execute(
      sql`insert into product_specs (product_id, category_id, key, num) select ${id}, category_id, 'resistance', 22000 from products where id = ${id}`,
    );
    await expectAllExact();
  });

  it("follow a product archived and brought back, moved to another category and back, and deleted", async () => {
    const id = await aResistor();
    await db().execute(sql`update products set archived_at = now() where id = ${id}`);
    await expectAllExact();
    await db().execute(sql`update products set archived_at = null where id = ${id}`);
    await expectAllExact();
    const home = await categoryId(CATEGORY);
    const elsewhere = await categoryId("sensors-modules");
    await db().execute(sql`update products set category_id = ${elsewhere} where id = ${id}`);
    await expectAllExact();
    expect(rowsOf(await db().execute(sql`select 1 from spec_facet_pairs where category_id = ${elsewhere} and a_key = 'package'`)).length).toBeGreaterThan(0);
    await db().execute(sql`update products set category_id = ${home} where id = ${id}`);
    await expectAllExact();
    await db().execute(sql`delete from products where id = ${id}`);
    await expectAllExact();
    expect(rowsOf(await db().execute(sql`select 1 from spec_facet_sets where product_id = ${id}`))).toEqual([]);
  });

  it("are not added up where a product carries two of the filter's values (its options): counted from the rows instead", async () => {
    const id = await aResistor();
    const [{ pkg } = { pkg: "" }] = rowsOf<{ pkg: string }>(
      await db().execute(sql`select text as pkg from product_specs where product_id = ${id} and key = 'package'`),
    );
    // an option of the same product in 0603 and another resistance: the product now has two packages and two resistances
    await db().execute(
      sql`insert into product_specs (product_id, category_id, key, text) select ${id}, category_id, 'package', '0603' from products where id = ${id}`,
    );
    await db().execute(
      sql`insert into product_specs (product_id, category_id, key, num) select ${id}, category_id, 'resistance', 123456 from products where id = ${id}`,
    );
    await expectAllExact();
    // the table still holds what adding up would get wrong: this product counted under both packages
    const both = rowsOf(
      await db().execute(
        sql`select 1 from spec_facet_pairs where a_key = 'package' and a_val = '0603' and b_key = 'package' and b_val = ${pkg} and products > 0`,
      ),
    );
    expect(both.length).toBe(1);
    await db().execute(sql`delete from product_specs where product_id = ${id} and key = 'package' and text = '0603'`);
    await db().execute(sql`delete from product_specs where product_id = ${id} and key = 'resistance' and num = 123456`);
    await expectAllExact();
    expect(rowsOf(await db().execute(sql`select 1 from spec_facet_pairs where a_key = 'package' and b_key = 'package'`))).toEqual([]);
  });

  it("list a product by its new price, sales, rating, name, stock and brand, in every sort a listing with spec filters offers", async () => {
    const id = await aResistor();
    // every resistor of the category: the changed one among several
    const filter: Filter = { key: "resistance", min: 0, max: 1e12 };
    expect((await productsWith(await categoryId(CATEGORY), [filter])).length).toBeGreaterThan(5);
    await expectListingOrders(filter, "", sql`true`);
    await db().execute(sql`update products set price = 1, sales_count = 1000000, rating = 0.5, name = '0 first by name' where id = ${id}`);
    await expectListingOrders(filter, "", sql`true`);
    await expectListingOrders(filter, "&minPrice=1&maxPrice=1", sql`p.price = 1`);
    await db().execute(sql`update products set stock_quantity = 0 where id = ${id}`);
    await expectListingOrders(filter, "&inStock=true", sql`p.stock_quantity > 0`);
    const [{ slug, brandId } = { slug: "", brandId: 0 }] = rowsOf<{ slug: string; brandId: number }>(
      await db().execute(sql`select slug, id as "brandId" from brands where id <> (select brand_id from products where id = ${id}) order by id limit 1`),
    );
    await db().execute(sql`update products set brand_id = ${brandId} where id = ${id}`);
    await expectListingOrders(filter, `&brand=${slug}`, sql`p.brand_id = ${brandId}`);
    await expectSetsInStep();
  });

  // The embedded database has one connection: its transactions cannot overlap.
  it.skipIf(!inject("database").databaseUrl)(
    "follow two edits of one product's specifications and a stock change made at the same moment (PostgreSQL)",
    async () => {
      const id = await aResistor();
      const [before] = rowsOf<{ pkg: string; ohms: string }>(
        await db().execute(sql`select (select text from product_specs where product_id = ${id} and key = 'package' and variant_id is null) as pkg,
          (select num from product_specs where product_id = ${id} and key = 'resistance' limit 1) as ohms`),
      );
      const waiting = async (count: number) => {
        for (;;) {
          const rows = rowsOf(await db().execute(sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`));
          if (rows.length >= count) return;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let firstDone = () => {};
      const firstWritten = new Promise<void>((resolve) => (firstDone = resolve));
      const first = db().transaction(async (tx) => {
        await tx.execute(sql`update product_specs set num = case when num = 10000 then 4700 else 10000 end where product_id = ${id} and key = 'resistance'`);
        firstDone();
        await held;
      });
      await firstWritten;
      // another edit of the same product's values, and an order's stock change, while the first is open
      // (both values are among the filters' own, so no filter of the checks runs out of products)
      const second = db().transaction(async (tx) => {
        await tx.execute(sql`update product_specs set text = '0805' where product_id = ${id} and key = 'package' and variant_id is null`);
      });
      // (a query of drizzle's runs when awaited: this one is sent now)
      const third = (async () => db().execute(sql`update products set stock_quantity = stock_quantity + 7 where id = ${id}`))();
      await waiting(2);
      release();
      await Promise.all([first, second, third]);
      await expectAllExact();
      const values = rowsOf<{ vals: unknown }>(await db().execute(sql`select vals from spec_facet_sets where product_id = ${id}`));
      expect(JSON.stringify(values)).toContain('"0805"');
      expect(JSON.stringify(values)).toContain(Number(before!.ohms) === 10000 ? "4700" : "10000");
      // the product as it was, for the tests after this one
      await db().execute(sql`update product_specs set text = ${before!.pkg} where product_id = ${id} and key = 'package' and variant_id is null`);
      await db().execute(sql`update product_specs set num = ${before!.ohms} where product_id = ${id} and key = 'resistance'`);
      await expectAllExact();
    },
  );

  it("are rebuilt to the same counts from scratch", async () => {
    const pairs = async () => rowsOf(await db().execute(sql`select * from spec_facet_pairs order by category_id, a_key, a_val, b_key, b_val`));
    const tokens = async () =>
      rowsOf<{ product_id: number; tokens: string[] }>(
        await db().execute(sql`select product_id, array(select unnest(tokens) order by 1) as tokens from spec_facet_sets order by product_id`),
      );
    const [pairsBefore, tokensBefore] = [await pairs(), await tokens()];
    await db().execute(sql`select spec_facets_rebuild()`);
    expect(await pairs()).toEqual(pairsBefore);
    expect(await tokens()).toEqual(tokensBefore);
    await expectSetsInStep();
    expect(pairsBefore.length).toBeGreaterThan(100);
    // a number's token is its value without trailing zeros, as the pair counts write it
    expect(tokensBefore.flatMap((r) => r.tokens)).toContain("resistance=10000");
  });
});
