import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { productChanges, products, securityEvents } from "../../src/server/db/schema";
import { adminCookie, multipartForm, setupApi, shopperCookie } from "./harness";

const api = setupApi();
let admin = "";
let shopper = "";

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

async function importCsv(text: string | Buffer, options: { cookie?: string | null; dryRun?: boolean; name?: string } = {}) {
  const form = multipartForm([{ name: "file", filename: options.name ?? "prices.csv", type: "text/csv", data: text }]);
  const cookie = options.cookie === undefined ? admin : options.cookie;
  const res = await api.app.inject({
    method: "POST",
    url: `/api/admin/products/import${options.dryRun ? "?dryRun=true" : ""}`,
    headers: { ...form.headers, ...(cookie ? { cookie } : {}) },
    payload: form.payload,
  });
  return { status: res.statusCode, body: res.json() as Json };
}

/** Products of this file's own (from the middle of the catalogue, apart from the other files' picks). */
async function picks(n: number, offset: number) {
  return api.handle.db
    .select({
      id: products.id,
      sku: products.sku,
      name: products.name,
      price: products.price,
      originalPrice: products.originalPrice,
      stock: products.stockQuantity,
    })
    .from(products)
    .where(sql`not exists (select 1 from product_variants v where v.product_id = ${products.id})`)
    .orderBy(products.id)
    .offset(300 + offset)
    .limit(n);
}

beforeAll(async () => {
  admin = await adminCookie(api, "csv");
  shopper = await shopperCookie(api, "csv");
});

describe("catalogue CSV", () => {
  it("answers a guest 401 and a shopper 403", async () => {
    expect((await api.app.inject({ method: "GET", url: "/api/admin/products.csv" })).statusCode).toBe(401);
    expect((await api.app.inject({ method: "GET", url: "/api/admin/products.csv", headers: { cookie: shopper } })).statusCode).toBe(403);
    expect((await importCsv("sku,price\nX,1\n", { cookie: null })).status).toBe(401);
    expect((await importCsv("sku,price\nX,1\n", { cookie: shopper })).status).toBe(403);
  });

  it("exports every product with the columns an import takes", async () => {
    const res = await api.app.inject({ method: "GET", url: "/api/admin/products.csv", headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    const [{ n }] = (await api.handle.db.select({ n: sql<number>`count(*)::int` }).from(products)) as [{ n: number }];
    expect(rows).toHaveLength(Number(n));
    const [first] = await picks(1, 0);
    expect(rows.find((r) => r.sku === first!.sku)).toMatchObject({ name: first!.name, price: String(first!.price), stock_quantity: String(first!.stock) });
    // the columns an import takes, then one per specification
    expect(Object.keys(rows[0]!).filter((c) => !c.startsWith("spec."))).toEqual([
      "sku",
      "name",
      "description",
      "category",
      "brand",
      "price",
      "original_price",
      "stock_quantity",
      "free_delivery",
      "same_day_delivery",
      "pack_size",
      "price_breaks",
    ]);
  });

  it("imports nothing from a file with a bad row, and names every bad line with its column", async () => {
    const [a, b, c] = await picks(3, 10);
    const csv = [
      "sku,price,stock_quantity,free_delivery",
      `${a!.sku},${a!.price + 500},7,yes`,
      `${b!.sku},twelve,3,no`,
      `NO-SUCH-SKU-${Date.now()},100,1,no`,
      `${c!.sku},100,-4,maybe`,
      `${a!.sku},1,1,no`,
    ].join("\n");
    const res = await importCsv(csv);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: false, importId: null, counts: { rows: 5, changed: 1, refused: 4 } });
    const problems = (res.body.lines as Json[]).filter((l) => l.outcome === "refused").map((l) => [l.line, l.problems]);
    expect(problems).toEqual([
      [3, [{ column: "price", message: 'price must be a whole number from 0 to 2000000000 (got "twelve")' }]],
      // an unknown SKU is a new product now: it needs a name and a category
      [
        4,
        [
          { column: "category", message: "A new product needs a category" },
          { column: "name", message: "A new product needs a name with letters or digits" },
        ],
      ],
      [
        5,
        [
          { column: "stock_quantity", message: 'stock_quantity must be a whole number from 0 to 10000000 (got "-4")' },
          { column: "free_delivery", message: 'free_delivery must be yes or no (got "maybe")' },
        ],
      ],
      [6, [{ column: "sku", message: `sku ${a!.sku} is already on line 2` }]],
    ]);
    const after = await api.handle.db.select({ price: products.price, stock: products.stockQuantity }).from(products).where(eq(products.id, a!.id));
    expect(after[0]).toEqual({ price: a!.price, stock: a!.stock });
  });

  it("refuses unknown columns and a file without a sku column on line 1", async () => {
    expect((await importCsv("sku,colour\nX,red\n")).body.fileProblems[0]).toMatchObject({ line: 1, message: expect.stringMatching(/Unknown columns: colour/) });
    expect((await importCsv("name,price\nX,1\n")).body.fileProblems[0]).toMatchObject({ line: 1, message: expect.stringMatching(/sku column/) });
    expect((await importCsv(Buffer.from([0xff, 0xfe, 0x00, 0x41]))).status).toBe(400);
  });

  it("checks without writing on a dry run, then applies a good file in one go, with the audit trail and the log", async () => {
    const [a, b] = await picks(2, 20);
    const csv = `sku,price,original_price,stock_quantity,name\n${a!.sku},"${(a!.price + 1000).toLocaleString("en-US")}",0,9,${a!.name}\n${b!.sku},${b!.price},,${b!.stock},"${b!.name} (v2)"\n`;
    const dry = await importCsv(csv, { dryRun: true });
    expect(dry.body).toMatchObject({ ok: true, dryRun: true, importId: null, counts: { rows: 2, changed: 2 } });
    expect((await api.handle.db.select({ price: products.price }).from(products).where(eq(products.id, a!.id)))[0]!.price).toBe(a!.price);

    const done = await importCsv(csv, { name: "march-prices.csv" });
    expect(done.body).toMatchObject({ ok: true, dryRun: false, counts: { rows: 2, changed: 2 } });
    const now = await api.handle.db
      .select({ id: products.id, price: products.price, stock: products.stockQuantity, name: products.name })
      .from(products)
      .where(inArray(products.id, [a!.id, b!.id]));
    expect(now.find((p) => p.id === a!.id)).toMatchObject({ price: a!.price + 1000, stock: 9, name: a!.name });
    expect(now.find((p) => p.id === b!.id)).toMatchObject({ price: b!.price, name: `${b!.name} (v2)` });

    const [trail] = await api.handle.db.select().from(productChanges).where(eq(productChanges.productId, a!.id)).orderBy(desc(productChanges.id)).limit(1);
    expect(trail).toMatchObject({
      reason: "Import: march-prices.csv",
      changes: { price: { before: a!.price, after: a!.price + 1000 }, stockQuantity: { before: a!.stock, after: 9 } },
    });
    const [event] = await api.handle.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.type, "admin-products-imported")))
      .orderBy(desc(securityEvents.id))
      .limit(1);
    expect(event!.detail).toMatchObject({ file: "march-prices.csv", rows: 2, changed: 2, products: expect.arrayContaining([a!.id, b!.id]) });

    // the shop's product answer shows the new price at once
    const shown = await api.app.inject({ method: "GET", url: `/api/products/${a!.id}` });
    expect(shown.json().price).toBe(a!.price + 1000);
  });
});

describe("catalogue CSV and products with options", () => {
  it("takes a product with options back as exported, and refuses a new price or stock for it (the options set them)", async () => {
    const [withOptions] = await api.handle.db
      .select({ sku: products.sku, price: products.price, stock: products.stockQuantity })
      .from(products)
      .where(sql`exists (select 1 from product_variants v where v.product_id = products.id)`)
      .limit(1);
    const unchanged = await importCsv(`sku,price,stock_quantity\n${withOptions!.sku},${withOptions!.price},${withOptions!.stock}\n`, { dryRun: true });
    expect(unchanged.body).toMatchObject({ ok: true });
    const moved = await importCsv(`sku,price,stock_quantity\n${withOptions!.sku},${withOptions!.price + 500},${withOptions!.stock}\n`, { dryRun: true });
    expect(moved.body.lines[0].problems).toEqual([
      { column: "price", message: `sku ${withOptions!.sku} takes its price and stock from its options: change them on the product's page` },
    ]);
  });
});
