import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/server/db";
import { productChanges, products } from "../../src/server/db/schema";
import { adminCookie, apiClient, multipartForm, setupApi } from "./harness";

const api = setupApi();
let admin = "";
const stamp = `${process.pid % 1000}${Date.now() % 100_000}`;
let made = 0;

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const { call } = apiClient<Json>(api);

/** A product of this file's own, with no history: a copy of a seeded one's category and brand at `price`, no "was" price. */
async function newProduct(price: number): Promise<number> {
  const [model] = await api.handle.db
    .select({ categoryId: products.categoryId, category: products.category, brandId: products.brandId, brand: products.brand, image: products.image })
    .from(products)
    .limit(1);
  const n = ++made;
  const [row] = await api.handle.db
    .insert(products)
    .values({
      ...model!,
      name: `Was price test ${stamp} ${n}`,
      slug: `was-price-test-${stamp}-${n}`,
      sku: `WAS-${stamp}-${n}`,
      price,
      originalPrice: price,
      stockQuantity: 5,
    })
    .returning({ id: products.id });
  return row!.id;
}

const patch = (id: number, body: Json) => call("PATCH", `/api/admin/products/${id}`, admin, body);
/** What a shopper's API answers for the product: its price and "was" price. */
const shown = async (id: number) => {
  const res = await api.app.inject({ method: "GET", url: `/api/products/${id}` });
  const body = res.json() as Json;
  return { price: body.price as number, was: body.original_price as number };
};
const discounted = ({ price, was }: { price: number; was: number }) => was > price;

beforeAll(async () => {
  admin = await adminCookie(api, "was-price");
});

describe("a price change never touches the 'was' price by itself", () => {
  it("raising the price and restoring it later shows no discount that never existed", async () => {
    const id = await newProduct(10_000);
    expect((await patch(id, { price: 12_000, reason: "Supplier raised the price" })).status).toBe(200);
    expect(await shown(id)).toEqual({ price: 12_000, was: 12_000 });
    const back = await patch(id, { price: 10_000, reason: "Supplier price back" });
    expect(back.status).toBe(200);
    expect(discounted(await shown(id))).toBe(false);
    // the history records the prices only: no "was" price was set by either change
    expect(back.body.change.changes).toEqual({ price: { before: 12_000, after: 10_000 } });
  });

  it("keeps a 'was' price in force through a further cut, and drops it for good once the price reaches it", async () => {
    const id = await newProduct(10_000);
    await patch(id, { price: 8_000, reason: "Clearance" });
    expect((await patch(id, { originalPrice: 10_000, reason: "Show the deal" })).status).toBe(200);
    expect(await shown(id)).toEqual({ price: 8_000, was: 10_000 });
    await patch(id, { price: 7_500, reason: "Deeper clearance" });
    expect(await shown(id)).toEqual({ price: 7_500, was: 10_000 });

    const raised = await patch(id, { price: 10_500, reason: "New stock at the new price" });
    expect(raised.status).toBe(200);
    expect(discounted(await shown(id))).toBe(false);
    expect(raised.body.change.changes).toEqual({ price: { before: 7_500, after: 10_500 }, originalPrice: { before: 10_000, after: 0 } });
    // a later cut shows no discount until an admin sets one again, on purpose
    await patch(id, { price: 9_000, reason: "Competitor's price" });
    expect(discounted(await shown(id))).toBe(false);
    expect((await patch(id, { originalPrice: 10_500, reason: "Show the deal" })).status).toBe(200);
    expect(await shown(id)).toEqual({ price: 9_000, was: 10_500 });
  });
});

describe("setting a 'was' price", () => {
  it("takes only a price the product really had, above the price, with the reason in its history", async () => {
    const id = await newProduct(10_000);
    // the product never had another price
    const never = await patch(id, { originalPrice: 12_000, reason: "Make it look cheap" });
    expect(never.status).toBe(400);
    expect(never.body).toMatchObject({ code: "validation", field: "originalPrice", reason: "wasPriceNeverCharged" });
    expect(never.body.error).toMatch(/never had the price 12000/);
    expect(await shown(id)).toEqual({ price: 10_000, was: 10_000 });

    await patch(id, { price: 9_000, reason: "Clearance" });
    const page = await call("GET", `/api/admin/products/${id}`, admin);
    expect(page.body.pastPrices).toEqual([10_000, 9_000]);

    for (const [was, reason] of [
      [9_500, "wasPriceNeverCharged"],
      [8_000, "wasPriceNotAbovePrice"],
    ] as const) {
      const refused = await patch(id, { originalPrice: was, reason: "try" });
      expect(refused.status, String(was)).toBe(400);
      expect(refused.body).toMatchObject({ code: "validation", field: "originalPrice", reason });
    }
    // with a new price in the same change, the "was" price is checked against that price
    expect((await patch(id, { price: 10_500, originalPrice: 10_000, reason: "try" })).body.reason).toBe("wasPriceNotAbovePrice");

    const set = await patch(id, { originalPrice: 10_000, reason: "Clearance: show the old price" });
    expect(set.status).toBe(200);
    expect(set.body.change.changes).toEqual({ originalPrice: { before: 0, after: 10_000 } });
    expect(await shown(id)).toEqual({ price: 9_000, was: 10_000 });

    // 0 takes it away
    const cleared = await patch(id, { originalPrice: 0, reason: "Clearance over" });
    expect(cleared.body.change.changes).toEqual({ originalPrice: { before: 10_000, after: 0 } });
    expect(discounted(await shown(id))).toBe(false);
    const rows = await api.handle.db.select({ reason: productChanges.reason }).from(productChanges).where(eq(productChanges.productId, id));
    expect(rows.map((r) => r.reason)).toContain("Clearance: show the old price");
  });

  it("takes the price of today when the same change lowers the price below it", async () => {
    const id = await newProduct(15_000);
    expect((await call("GET", `/api/admin/products/${id}`, admin)).body.pastPrices).toEqual([15_000]);
    const cut = await patch(id, { price: 12_000, originalPrice: 15_000, reason: "Launch offer" });
    expect(cut.status).toBe(200);
    expect(cut.body.change.changes).toEqual({ price: { before: 15_000, after: 12_000 }, originalPrice: { before: 0, after: 15_000 } });
    expect(await shown(id)).toEqual({ price: 12_000, was: 15_000 });
  });

  it("is refused in a CSV import too, on its line, when the product never had that price", async () => {
    const id = await newProduct(20_000);
    const [row] = await api.handle.db.select({ sku: products.sku }).from(products).where(eq(products.id, id));
    const upload = (csv: string) => {
      const form = multipartForm([{ name: "file", filename: "p.csv", type: "text/csv", data: csv }]);
      return api.app.inject({ method: "POST", url: "/api/admin/products/import", headers: { ...form.headers, cookie: admin }, payload: form.payload });
    };
    const refused = (await upload(`sku,price,original_price\n${row!.sku},18000,25000\n`)).json() as Json;
    expect(refused.ok).toBe(false);
    expect(refused.lines[0].problems).toEqual([{ column: "original_price", message: expect.stringMatching(/original_price: .*never had the price 25000/) }]);
    expect(await shown(id)).toEqual({ price: 20_000, was: 20_000 });
    // none, or the price it had before the cut, is fine
    expect(((await upload(`sku,price,original_price\n${row!.sku},18000,0\n`)).json() as Json).ok).toBe(true);
    expect(((await upload(`sku,price,original_price\n${row!.sku},18000,20000\n`)).json() as Json).ok).toBe(true);
    expect(await shown(id)).toEqual({ price: 18_000, was: 20_000 });
  });

  it("every seeded deal's 'was' price is in its history", async () => {
    const count = async (query: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await api.handle.db.execute(query))[0]!.n;
    const seeded = sql`p.sku like 'KE-%' and p.original_price > p.price`;
    expect(await count(sql`select count(*)::int as n from products p where ${seeded}`)).toBeGreaterThan(10);
    const unsupported = sql`select count(*)::int as n from products p where ${seeded} and not exists (
      select 1 from product_changes c where c.product_id = p.id and (c.changes -> 'price' ->> 'before')::int = p.original_price)`;
    expect(await count(unsupported)).toBe(0);
  });
});
