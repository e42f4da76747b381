import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../src/server/db/client";
import { getJson, setupApi } from "./harness";

/*
 * Specifications through the API on the demo catalogue: spec filters on the listing, facet
 * counts checked against a brute-force count, refusals, search that reads values, a product's
 * spec table.
 */
// its searches expect exactly the demo catalogue's parts: other files add resistors to the shared one
const api = setupApi({ pristine: true });
const CATEGORY = "passive-components";

type FacetValue = { value: number | string | boolean; label: string; count: number };
type Facet = {
  key: string;
  label: string;
  unit: string | null;
  kind: "number" | "list" | "boolean";
  values: FacetValue[];
  min?: number | null;
  max?: number | null;
  count?: number;
};
type Page = {
  products: { id: number; name: string; category_slug: string }[];
  pagination: { total: number; hasMore: boolean; totalIsEstimate?: boolean };
  understood?: { key: string; value?: number | string | boolean; display: string; words: string[] }[];
  remaining?: string;
};

async function categoryId(slug: string): Promise<number> {
  return Number(rowsOf<{ id: number }>(await api.handle.db.execute(sql`select id from categories where slug = ${slug}`))[0]!.id);
}

/** A condition on product_specs rows `s` for one filter, written independently of the server's. */
function rowMatches(key: string, value: number | string): ReturnType<typeof sql> {
  return typeof value === "number"
    ? sql`s.key = ${key} and abs(s.num - ${String(value)}::numeric) <= abs(${String(value)}::numeric) * 1e-9`
    : sql`s.key = ${key} and s.text = ${value}`;
}

/** Brute force: the on-sale products of the category having every filter's value. */
async function productsWith(category: number, filters: [string, number | string][]): Promise<number[]> {
  const conditions = filters.map(([key, value]) => sql` and exists (select 1 from product_specs s where s.product_id = p.id and ${rowMatches(key, value)})`);
  const rows = rowsOf<{ id: number }>(
    await api.handle.db.execute(
      sql`select p.id from products p where p.category_id = ${category} and p.archived_at is null${sql.join(conditions, sql``)} order by p.id`,
    ),
  );
  return rows.map((r) => Number(r.id));
}

const param = (value: number | string | boolean) => encodeURIComponent(String(value));

describe("spec filters and facets", () => {
  it("counts each facet value as a brute-force count does, and a filtered listing holds exactly those products", async () => {
    const category = await categoryId(CATEGORY);
    const { status, body } = await getJson<{ facets: Facet[] }>(api.app, `/api/facets?category=${CATEGORY}`);
    expect(status).toBe(200);
    expect(body.facets.length).toBeGreaterThanOrEqual(3);
    for (const facet of body.facets)
      for (const v of facet.values) {
        const value = typeof v.value === "boolean" ? String(v.value) : v.value;
        expect({ key: facet.key, value: v.value, count: v.count }).toEqual({
          key: facet.key,
          value: v.value,
          count: (await productsWith(category, [[facet.key, value]])).length,
        });
      }

    // one value of the resistance facet chosen: the other facets count within it, its own does not change
    const resistance = body.facets.find((f) => f.key === "resistance")!;
    const tenK = resistance.values.find((v) => v.value === 10000)!;
    expect(tenK.count).toBeGreaterThanOrEqual(2);
    const narrowed = await getJson<{ facets: Facet[] }>(api.app, `/api/facets?category=${CATEGORY}&spec.resistance=10k`);
    expect(narrowed.body.facets.find((f) => f.key === "resistance")!.values).toEqual(resistance.values);
    const packages = narrowed.body.facets.find((f) => f.key === "package")!;
    for (const v of packages.values)
      expect(v.count).toBe(
        (
          await productsWith(category, [
            ["resistance", 10000],
            ["package", v.value as string],
          ])
        ).length,
      );

    const expected = await productsWith(category, [
      ["resistance", 10000],
      ["package", "0805"],
    ]);
    expect(expected.length).toBeGreaterThanOrEqual(1);
    const listed = await getJson<Page>(api.app, `/api/products?category=${CATEGORY}&spec.resistance=10000&spec.package=0805&limit=100`);
    expect(listed.status).toBe(200);
    expect(listed.body.products.map((p) => p.id).sort((a, b) => a - b)).toEqual(expected);
    expect(listed.body.pagination.total).toBe(expected.length);
  });

  it("reads number values in every usual notation and ranges in base units or with prefixes", async () => {
    const ids = async (query: string) =>
      (await getJson<Page>(api.app, `/api/products?category=${CATEGORY}&limit=100&${query}`)).body.products.map((p) => p.id).sort();
    const base = await ids("spec.resistance=10000");
    expect(base.length).toBeGreaterThan(0);
    for (const form of ["10k", "10K", "10%20kohm", "10k%CE%A9", "10000..10000", "9k9..10k1"]) expect(await ids(`spec.resistance=${form}`)).toEqual(base);
    // several values of one facet: any of them
    const either = await ids("spec.resistance=10k,1k");
    expect(either.length).toBeGreaterThan(base.length);
    // an open range
    const atLeast = await ids("spec.resistance=10k..");
    expect(atLeast).toEqual(expect.arrayContaining(base));
  });

  it("applies a spec filter without a category across categories", async () => {
    const { status, body } = await getJson<Page>(api.app, "/api/products?spec.voltage=5&limit=100");
    expect(status).toBe(200);
    expect(new Set(body.products.map((p) => p.category_slug)).size).toBeGreaterThan(1);
    const facets = await getJson<{ facets: Facet[] }>(api.app, "/api/facets");
    expect(facets.body).toEqual({ facets: [] });
  });

  it("refuses an unknown spec or a value that does not parse, naming it", async () => {
    for (const [query, field] of [
      [`category=${CATEGORY}&spec.colour=red`, "spec.colour"],
      [`category=${CATEGORY}&spec.resistance=abc`, "spec.resistance"],
      [`category=${CATEGORY}&spec.resistance=10k..1k`, "spec.resistance"],
      [`category=${CATEGORY}&spec.resistance=..`, "spec.resistance"],
      ["spec.nosuchthing=1", "spec.nosuchthing"],
    ] as const) {
      for (const path of ["/api/products", "/api/facets"]) {
        const { status, body } = await getJson<{ error: string; code: string; field?: string }>(api.app, `${path}?${query}`);
        expect({ path, query, status, code: body.code, field: body.field }).toEqual({ path, query, status: 400, code: "invalid-input", field });
        expect(body.error).toContain(field);
      }
    }
    const badKey = await getJson<{ code: string }>(api.app, `/api/products?spec.Not%20A%20Key=1`);
    expect(badKey.status).toBe(400);
  });
});

describe("search that reads specifications", () => {
  it("turns values into filters, keeps the other words, and says what it understood", async () => {
    const { status, body } = await getJson<Page>(api.app, `/api/products?search=${param("10k 0805")}&limit=50`);
    expect(status).toBe(200);
    expect(body.understood?.map((u) => [u.key, u.value])).toEqual([
      ["resistance", 10000],
      ["package", "0805"],
    ]);
    expect(body.remaining?.trim()).toBe("");
    const category = await categoryId(CATEGORY);
    const expected = await productsWith(category, [
      ["resistance", 10000],
      ["package", "0805"],
    ]);
    expect(body.products.map((p) => p.id).sort((a, b) => a - b)).toEqual(expected);

    const mixed = await getJson<Page>(api.app, `/api/products?search=${param("100 ohm resistor")}`);
    expect(mixed.body.understood?.map((u) => [u.key, u.value])).toEqual([["resistance", 100]]);
    expect(mixed.body.remaining?.trim()).toBe("resistor");
    expect(mixed.body.products.length).toBeGreaterThan(0);
    // every product found is 100 Ω (itself or one of its options): no 10 kΩ part first
    for (const p of mixed.body.products) {
      const [row] = rowsOf<{ n: number }>(
        await api.handle.db.execute(sql`select count(*)::int as n from product_specs s where s.product_id = ${p.id} and ${rowMatches("resistance", 100)}`),
      );
      expect(Number(row!.n), p.name).toBeGreaterThan(0);
    }
    // and every such product is found, the total exact: the on-sale 100 Ω products with the word
    const wordy = rowsOf<{ id: number }>(
      await api.handle.db.execute(sql`select p.id from products p where p.archived_at is null
        and p.search_vector @@ to_tsquery('english', 'resistor')
        and exists (select 1 from product_specs s where s.product_id = p.id and ${rowMatches("resistance", 100)}) order by p.id`),
    ).map((r) => Number(r.id));
    const all = await getJson<Page>(api.app, `/api/products?search=${param("100 ohm resistor")}&limit=100`);
    expect(all.body.pagination).toMatchObject({ total: wordy.length, totalIsEstimate: false });
    expect(all.body.products.map((p) => p.id).sort((a, b) => a - b)).toEqual(wordy);
  });

  it("searches plain words as before and answers what it understood as nothing", async () => {
    const { body } = await getJson<Page>(api.app, `/api/products?search=arduino`);
    expect(body.understood).toEqual([]);
    expect(body.remaining).toBe("arduino");
    expect(body.products.length).toBeGreaterThan(0);
  });
});

describe("a product's specifications", () => {
  it("carries its spec table in the reader's language", async () => {
    const [row] = rowsOf<{ id: number }>(
      await api.handle.db.execute(
        sql`select p.id from products p join product_specs s on s.product_id = p.id and s.key = 'resistance' where p.name like '10k Ohm SMD Resistor 0805%' limit 1`,
      ),
    );
    const id = Number(row!.id);
    type Spec = { key: string; label: string; value: unknown; unit: string | null; display: string };
    const en = await getJson<{ specs: Spec[] }>(api.app, `/api/products/${id}`, { cookie: "locale=en" });
    const resistance = en.body.specs.find((s) => s.key === "resistance")!;
    expect(resistance).toMatchObject({ value: 10000, unit: "ohm", display: "10 kΩ" });
    expect(en.body.specs.find((s) => s.key === "package")).toMatchObject({ value: "0805" });
    const sw = await getJson<{ specs: Spec[] }>(api.app, `/api/products/${id}`, { cookie: "locale=sw" });
    expect(sw.body.specs.map((s) => s.key)).toEqual(en.body.specs.map((s) => s.key));
    expect(sw.body.specs.find((s) => s.key === "resistance")!.label).not.toBe(resistance.label);
  });
});

describe("suggestions", () => {
  it("offer a typed value narrowed by the packages the catalogue has it in", async () => {
    const { body } = await getJson<{ suggestions: string[] }>(api.app, "/api/search-suggestions?q=10k");
    expect(body.suggestions).toContain("10k 0805");
    const category = await categoryId(CATEGORY);
    // each one finds something
    for (const suggestion of body.suggestions.filter((s) => s.startsWith("10k "))) {
      const found = await getJson<Page>(api.app, `/api/products?search=${param(suggestion)}`);
      expect(found.body.products.length, suggestion).toBeGreaterThan(0);
    }
    expect(category).toBeGreaterThan(0);
    const plain = await getJson<{ suggestions: string[] }>(api.app, "/api/search-suggestions?q=ardu");
    expect(plain.body.suggestions.some((s) => /arduino/i.test(s))).toBe(true);
  });
});
