import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { zipSync } from "fflate";
import { parse } from "csv-parse/sync";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLACEHOLDER_IMAGE } from "../../src/lib/product-image";
import { productsByImages } from "../../src/server/catalog/products";
import { brands, catalogImports, categories, priceBreaks, productSpecs, products, specAttributes } from "../../src/server/db/schema";
import { picturesLacking } from "../../src/server/image-search/embeddings-store";
import { deflatedZeros, rawZip } from "../fixtures/zip-files";
import { xlsxWorkbook } from "../fixtures/xlsx";
import { adminCookie, apiClient, multipartForm, setupApi, shopperCookie } from "./harness";
import { DAR_COURIER_ORDER } from "../fixtures/orders";

// a copy of the seeded shop of its own (it costs a copy): the products it creates, until its batches
// are undone at the end, changed the counts other files expect of the shared shop when they ran meanwhile
const api = setupApi({ pristine: true });
let admin = "";
let resistors = 0;

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

async function upload(url: string, data: string | Buffer, name: string, type = "text/csv") {
  const form = multipartForm([{ name: "file", filename: name, type, data }]);
  const res = await api.app.inject({ method: "POST", url, headers: { ...form.headers, cookie: admin }, payload: form.payload });
  return { status: res.statusCode, body: res.json() as Json };
}

const importSheet = (data: string | Buffer, query: Record<string, boolean> = {}, name = "supplier.csv") =>
  upload(`/api/admin/products/import?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, data, name);

const undo = async (id: number) => {
  const res = await api.app.inject({ method: "POST", url: `/api/admin/imports/${id}/undo`, headers: { cookie: admin } });
  return { status: res.statusCode, body: res.json() as Json };
};

const { call } = apiClient<Json>(api);

const productBySku = async (sku: string) => (await api.handle.db.select().from(products).where(eq(products.sku, sku)))[0];
const countProducts = async () => Number((await api.handle.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]!.n);
const ownSpecs = async (productId: number) =>
  api.handle.db
    .select({ key: productSpecs.key, num: productSpecs.num, text: productSpecs.text })
    .from(productSpecs)
    .where(and(eq(productSpecs.productId, productId), isNull(productSpecs.variantId)))
    .orderBy(productSpecs.key);

/** Two products of the seeded shop without options, for lines that change existing products. */
async function existing(offset: number) {
  return api.handle.db
    .select({ id: products.id, sku: products.sku, name: products.name, price: products.price, stock: products.stockQuantity })
    .from(products)
    .where(sql`not exists (select 1 from product_variants v where v.product_id = ${products.id}) and ${products.archivedAt} is null`)
    .orderBy(products.id)
    .offset(offset)
    .limit(2);
}

beforeAll(async () => {
  admin = await adminCookie(api, "import");
  // a category of this file's own with the attributes a resistor is chosen by
  const [category] = await api.handle.db
    .insert(categories)
    .values({ name: "Import Resistors", slug: "import-resistors", nameSw: "Resista za uingizaji", sortOrder: 900 })
    .returning({ id: categories.id });
  resistors = category!.id;
  await api.handle.db.insert(specAttributes).values([
    { categoryId: resistors, key: "resistance", nameEn: "Resistance", nameSw: "Ukinzani", kind: "number", unit: "ohm", sortOrder: 1 },
    { categoryId: resistors, key: "tolerance", nameEn: "Tolerance", nameSw: "Ustahimilivu", kind: "number", unit: "percent", sortOrder: 2 },
    {
      categoryId: resistors,
      key: "package",
      nameEn: "Package",
      nameSw: "Kifurushi",
      kind: "list",
      unit: null,
      options: ["0402", "0603", "0805", "1206"],
      sortOrder: 3,
    },
  ]);
});

afterAll(async () => {
  const open = await api.handle.db
    .select({ id: catalogImports.id })
    .from(catalogImports)
    .where(isNull(catalogImports.undoneAt))
    .orderBy(sql`id desc`);
  for (const { id } of open) await undo(id);
  await api.handle.db
    .delete(categories)
    .where(and(eq(categories.id, resistors), sql`not exists (select 1 from products p where p.category_id = ${resistors})`));
});

describe("catalogue import: a dry run", () => {
  it("reports every line (created, changed with what moves, unchanged, refused with the column) and writes nothing", async () => {
    const [a, b] = await existing(360);
    const before = await countProducts();
    const csv = [
      "sku,name,category,brand,price,stock_quantity,spec.resistance,spec.package,spec.tolerance",
      "IMP-R-10K,Resistor 10k 0805 1%,import-resistors,Yageo,50,1000,10k,0805,1%",
      `${a!.sku},,,,${a!.price + 100},,,,`,
      `${b!.sku},,,,${b!.price},${b!.stock},,,`,
      "IMP-R-BAD,Resistor bad,Import Resistors,,50,10,ten kilo,0805,",
      "IMP-R-NOCAT,Resistor nowhere,no-such-category,,50,10,,,",
      "IMP-R-DEC,Resistor dear,import-resistors,,50.5,-3,,,",
    ].join("\n");
    const dry = await importSheet(csv, { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ ok: false, dryRun: true, importId: null, counts: { rows: 6, created: 1, changed: 1, unchanged: 1, refused: 3 } });
    const lines = dry.body.lines as Json[];
    expect(lines[0]).toMatchObject({ line: 2, sku: "IMP-R-10K", outcome: "created", productId: null });
    expect(lines[1]).toMatchObject({
      line: 3,
      outcome: "changed",
      productId: a!.id,
      changes: { price: { before: String(a!.price), after: String(a!.price + 100) } },
    });
    expect(lines[2]).toMatchObject({ line: 4, outcome: "unchanged", productId: b!.id });
    expect(lines[3]).toMatchObject({
      line: 5,
      outcome: "refused",
      problems: [{ column: "spec.resistance", message: expect.stringMatching(/^spec\.resistance: .*"ten kilo"/) }],
    });
    expect(lines[4]).toMatchObject({ outcome: "refused", problems: [{ column: "category", message: expect.stringContaining("no-such-category") }] });
    expect(lines[5]!.problems.map((p: Json) => p.column)).toEqual(["price", "stock_quantity"]);
    expect(await countProducts()).toBe(before);
    expect(await productBySku("IMP-R-10K")).toBeUndefined();

    // without skipping refused lines, the real import writes nothing either
    const refused = await importSheet(csv);
    expect(refused.body).toMatchObject({ ok: false, dryRun: false, importId: null });
    expect(await countProducts()).toBe(before);
    expect((await productBySku(a!.sku))!.price).toBe(a!.price);
  });
});

describe("catalogue import: creating, changing and undoing", () => {
  it("creates products with their specifications and stock in the right category, changes others, and undoes the batch as one", async () => {
    const [a] = await existing(370);
    const csv = [
      "sku,name,description,category,brand,price,stock_quantity,spec.resistance,spec.package,spec.tolerance",
      'IMP-R-4K7,Resistor 4.7k 0603,"Thick film, 1/10 W",Import Resistors,Kilima Passives,40,500,4k7,0603,±5%',
      `${a!.sku},,,,,${a!.price + 250},77,,,`,
      "IMP-R-BAD2,Resistor bad,,import-resistors,,50,10,,0999,",
    ].join("\n");
    const done = await importSheet(csv, { skipRefused: true });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ ok: true, dryRun: false, counts: { created: 1, changed: 1, refused: 1 } });
    expect(done.body.lines[2]).toMatchObject({ outcome: "refused", problems: [{ column: "spec.package" }] });
    const importId = done.body.importId as number;
    expect(importId).toBeGreaterThan(0);

    const created = (await productBySku("IMP-R-4K7"))!;
    expect(done.body.lines[0]).toMatchObject({ outcome: "created", productId: created.id });
    expect(created).toMatchObject({
      name: "Resistor 4.7k 0603",
      description: "Thick film, 1/10 W",
      categoryId: resistors,
      category: "Import Resistors",
      brand: "Kilima Passives",
      price: 40,
      originalPrice: 40,
      stockQuantity: 500,
      image: PLACEHOLDER_IMAGE,
    });
    expect((await ownSpecs(created.id)).map((s) => [s.key, s.num === null ? s.text : Number(s.num)])).toEqual([
      ["package", "0603"],
      ["resistance", 4700],
      ["tolerance", 5],
    ]);
    expect(await productBySku("IMP-R-BAD2")).toBeUndefined();
    expect((await productBySku(a!.sku))!).toMatchObject({ price: a!.price + 250, stockQuantity: 77 });
    // the shop shows the new product at once
    const shown = await api.app.inject({ method: "GET", url: `/api/products/${created.id}` });
    expect(shown.statusCode).toBe(200);

    const list = await api.app.inject({ method: "GET", url: "/api/admin/imports", headers: { cookie: admin } });
    expect(list.json().imports[0]).toMatchObject({ id: importId, kind: "products", file: "supplier.csv", counts: { created: 1, changed: 1 }, undoneAt: null });

    const undone = await undo(importId);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ id: importId, restored: 1, removed: 1, archived: 0 });
    expect(await productBySku("IMP-R-4K7")).toBeUndefined();
    expect((await productBySku(a!.sku))!).toMatchObject({ price: a!.price, stockQuantity: a!.stock });
    // the brand it created goes with it; twice is refused
    expect(await api.handle.db.select().from(brands).where(eq(brands.name, "Kilima Passives"))).toEqual([]);
    expect((await undo(importId)).status).toBe(409);
  });

  it("refuses an undo when a product it changed moved since, and says which", async () => {
    const [a] = await existing(380);
    const done = await importSheet(`sku,price\n${a!.sku},${a!.price + 10}\n`);
    expect(done.body.counts).toMatchObject({ changed: 1 });
    const change = await api.app.inject({
      method: "PATCH",
      url: `/api/admin/products/${a!.id}`,
      headers: { cookie: admin },
      payload: { price: a!.price + 20, reason: "supplier's new list" },
    });
    expect(change.statusCode).toBe(200);
    const refused = await undo(done.body.importId);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "invalid-state", conflicts: [{ productId: a!.id, sku: a!.sku, columns: expect.arrayContaining(["price"]) }] });
    expect((await productBySku(a!.sku))!.price).toBe(a!.price + 20);
  });

  it("keeps a product it created that an order names: undo archives it, however its stock moved by the sale", async () => {
    const done = await importSheet("sku,name,category,price,stock_quantity\nIMP-O-1,Ordered resistor,import-resistors,500,5\n");
    const made = (await productBySku("IMP-O-1"))!;
    const shopper = await shopperCookie(api, "import");
    expect((await call("POST", "/api/cart", shopper, { productId: made.id, variantId: "default", quantity: 2 })).status).toBe(200);
    const order = await call("POST", "/api/orders", shopper, DAR_COURIER_ORDER, { "idempotency-key": randomUUID() });
    expect(order.status).toBe(201);
    const undone = await undo(done.body.importId);
    expect(undone.body).toMatchObject({ removed: 0, archived: 1 });
    expect((await productBySku("IMP-O-1"))!.archivedAt).not.toBeNull();
  });

  it("creates a category the sheet names only when asked to", async () => {
    const csv = "sku,name,category,price\nIMP-C-100N,Capacitor 100nF,Import Capacitors,30\n";
    expect((await importSheet(csv, { dryRun: true })).body.lines[0]).toMatchObject({ outcome: "refused", problems: [{ column: "category" }] });
    const done = await importSheet(csv, { createCategories: true });
    expect(done.body).toMatchObject({ ok: true, counts: { created: 1 } });
    const [category] = await api.handle.db.select().from(categories).where(eq(categories.slug, "import-capacitors"));
    expect(category).toMatchObject({ name: "Import Capacitors" });
    expect((await productBySku("IMP-C-100N"))!).toMatchObject({ categoryId: category!.id, brand: "Generic" });
    await undo(done.body.importId);
    expect(await api.handle.db.select().from(categories).where(eq(categories.slug, "import-capacitors"))).toEqual([]);
  });
});

describe("catalogue export with specifications", () => {
  it("writes one spec.<key> column per attribute, which imports back unchanged", async () => {
    const done = await importSheet(
      "sku,name,category,price,spec.resistance,spec.package,spec.tolerance\nIMP-R-220,Resistor 220R,import-resistors,30,220R,0805,1%\n",
    );
    expect(done.body.counts).toMatchObject({ created: 1 });
    const res = await api.app.inject({ method: "GET", url: "/api/admin/products.csv", headers: { cookie: admin } });
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual(expect.arrayContaining(["spec.resistance", "spec.package", "spec.tolerance"]));
    const mine = rows.find((r) => r.sku === "IMP-R-220")!;
    expect(mine).toMatchObject({ "spec.resistance": "220 Ω", "spec.tolerance": "±1%" });
    // the whole export back in: nothing moves
    const again = await importSheet(res.body, { dryRun: true }, "export.csv");
    expect(again.body.counts).toMatchObject({ created: 0, changed: 0, refused: 0 });
  });
});

describe("catalogue import from an XLSX workbook", () => {
  it("reads the first sheet, numbers and text alike", async () => {
    const book = xlsxWorkbook([
      ["SKU", "Name", "Category", "Price", "Stock_Quantity", "spec.resistance", "spec.package"],
      ["IMP-X-1K", "Resistor 1k & more <0402>", "import-resistors", 25, 300, 1000, "0402"],
      [null, null, null, null, null, null, null],
      ["IMP-X-BAD", "Resistor", "import-resistors", 25.5, 3, "1k", "0402"],
    ]);
    const dry = await importSheet(book, { dryRun: true }, "supplier.xlsx");
    expect(dry.status).toBe(200);
    expect(dry.body.columns).toEqual(["sku", "name", "category", "price", "stock_quantity", "spec.resistance", "spec.package"]);
    expect(dry.body.lines).toMatchObject([
      { line: 2, sku: "IMP-X-1K", outcome: "created" },
      {
        line: 4,
        sku: "IMP-X-BAD",
        outcome: "refused",
        problems: [{ column: "price", message: 'price must be a whole number from 0 to 2000000000 (got "25.5")' }],
      },
    ]);
    const done = await importSheet(book, { skipRefused: true }, "supplier.xlsx");
    const created = (await productBySku("IMP-X-1K"))!;
    expect(created).toMatchObject({ name: "Resistor 1k & more <0402>", price: 25, stockQuantity: 300 });
    expect((await ownSpecs(created.id)).map((s) => [s.key, s.num === null ? s.text : Number(s.num)])).toEqual([
      ["package", "0402"],
      ["resistance", 1000],
    ]);
    expect(done.body.importId).toBeGreaterThan(0);
  });

  it("refuses a file that is neither CSV nor a workbook", async () => {
    const res = await importSheet(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), {}, "broken.xlsx");
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/not an XLSX workbook/);
  });
});

describe("pictures by ZIP", () => {
  it("sets the pictures of the SKUs the files name, and reports unknown SKUs, non-pictures and clutter", async () => {
    await importSheet("sku,name,category,price\nIMP-P-1,Picture one,import-resistors,10\nIMP-P-2,Picture two,import-resistors,10\n");
    const png = await sharp({ create: { width: 80, height: 60, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
    const zip = Buffer.from(
      zipSync({
        "photos/IMP-P-1.png": png,
        "photos/IMP-P-2.jpg": Buffer.from("this is not a picture"),
        "NO-SUCH-SKU.png": png,
        "notes.txt": Buffer.from("hello"),
        "__MACOSX/photos/._IMP-P-1.png": Buffer.from("apple"),
      }),
    );
    const res = await upload("/api/admin/products/pictures", zip, "pictures.zip", "application/zip");
    expect(res.status).toBe(200);
    expect(res.body.counts).toEqual({ matched: 1, unchanged: 0, unknownSku: 1, refused: 1, ignored: 1 });
    const byName = Object.fromEntries((res.body.entries as Json[]).map((e) => [e.name, e]));
    expect(byName["photos/IMP-P-2.jpg"]).toMatchObject({ outcome: "refused", sku: "IMP-P-2", reason: expect.stringMatching(/not a picture/) });
    expect(byName["NO-SUCH-SKU.png"]).toMatchObject({ outcome: "unknown-sku" });
    expect(byName["notes.txt"]).toMatchObject({ outcome: "ignored" });
    const one = (await productBySku("IMP-P-1"))!;
    expect(one.image).toMatch(/^\/media\/products\/upload-640-[0-9a-f]+\.webp$/);
    expect((await productBySku("IMP-P-2"))!.image).toBe(PLACEHOLDER_IMAGE);

    // the batch can be undone: the placeholder comes back
    expect((await undo(res.body.importId)).status).toBe(200);
    expect((await productBySku("IMP-P-1"))!.image).toBe(PLACEHOLDER_IMAGE);
  });

  it("refuses a zip bomb: a whole archive that admits to unpacking too far, and an entry that inflates past what it claims", async () => {
    const admits = rawZip([{ name: "IMP-P-1.png", data: await deflatedZeros(1024 * 1024), size: 700 * 1024 * 1024 }]);
    const whole = await upload("/api/admin/products/pictures", admits, "bomb.zip", "application/zip");
    expect(whole.status).toBe(413);
    expect(whole.body).toMatchObject({ code: "too-large", reason: "zipTooLargeUnpacked" });

    const lies = rawZip([{ name: "IMP-P-1.png", data: await deflatedZeros(64 * 1024 * 1024), size: 4096 }]);
    const entry = await upload("/api/admin/products/pictures", lies, "lies.zip", "application/zip");
    expect(entry.status).toBe(200);
    expect(entry.body.entries[0]).toMatchObject({ outcome: "refused", reason: expect.stringMatching(/unpacks to more/) });

    expect((await upload("/api/admin/products/pictures", Buffer.from("not a zip"), "x.zip", "application/zip")).status).toBe(400);
  });
});

describe("products without a picture", () => {
  it("show the placeholder, and search by image leaves them out", async () => {
    await importSheet("sku,name,category,price\nIMP-N-1,No picture yet,import-resistors,10\n");
    const product = (await productBySku("IMP-N-1"))!;
    expect(product.image).toBe(PLACEHOLDER_IMAGE);
    // the placeholder's renditions are in the media store
    const media = await api.app.inject({ method: "GET", url: PLACEHOLDER_IMAGE });
    expect(media.statusCode).toBe(200);
    expect(media.headers["content-type"]).toMatch(/image\/webp/);
    // nothing computes a vector for it, and no search by image answers it
    expect((await picturesLacking(api.handle.db, "any-model")).map((p) => p.image)).not.toContain(PLACEHOLDER_IMAGE);
    expect(await productsByImages(api.handle.db, [PLACEHOLDER_IMAGE], 10)).toEqual([]);
  });
});

describe("catalogue import: limits", () => {
  it("names unknown columns and a missing sku column on line 1", async () => {
    const res = await importSheet("sku,colour\nX,red\n", { dryRun: true });
    expect(res.body).toMatchObject({ ok: false, fileProblems: [{ line: 1, message: expect.stringMatching(/Unknown columns: colour/) }] });
    expect((await importSheet("name,price\nX,1\n", { dryRun: true })).body.fileProblems[0].message).toMatch(/sku column/);
    expect((await importSheet(Buffer.from([0xff, 0xfe, 0x00, 0x41]))).status).toBe(400);
  });

  it("sets prices by quantity and pack sizes, and refuses a ladder that does not fall below the price, naming the column", async () => {
    const csv = [
      "sku,name,category,price,pack_size,price_breaks",
      "IMP-B-1,Resistor pack of 100,import-resistors,2800,100,10:2600;100:2200",
      "IMP-B-2,Resistor pack of 10,import-resistors,2800,10,10:2900",
      "IMP-B-3,Resistor pack of 10,import-resistors,2800,0,ten",
    ].join("\n");
    const dry = await importSheet(csv, { dryRun: true });
    expect(dry.body.lines[1]).toMatchObject({
      outcome: "refused",
      problems: [{ column: "price_breaks", message: expect.stringMatching(/below the price of one/) }],
    });
    expect(dry.body.lines[2].problems.map((p: Json) => p.column)).toEqual(["pack_size", "price_breaks"]);
    const created = await importSheet(csv, { skipRefused: true });
    const made = (await productBySku("IMP-B-1"))!;
    expect(made.packSize).toBe(100);
    const ladder = await api.handle.db
      .select({ minQuantity: priceBreaks.minQuantity, price: priceBreaks.price })
      .from(priceBreaks)
      .where(eq(priceBreaks.productId, made.id))
      .orderBy(priceBreaks.minQuantity);
    expect(ladder).toEqual([
      { minQuantity: 10, price: 2600 },
      { minQuantity: 100, price: 2200 },
    ]);
    // a new price under the breaks is refused unless the line changes them too; "-" takes them off
    expect((await importSheet("sku,price\nIMP-B-1,2000\n", { dryRun: true })).body.lines[0]).toMatchObject({
      outcome: "refused",
      problems: [{ column: "price" }],
    });
    const off = await importSheet("sku,price,price_breaks\nIMP-B-1,2000,-\n");
    expect(off.body.lines[0]).toMatchObject({ outcome: "changed", changes: { price_breaks: { before: "10:2600;100:2200", after: "" } } });
    expect(await api.handle.db.select().from(priceBreaks).where(eq(priceBreaks.productId, made.id))).toEqual([]);
    // and undo puts them back
    await undo(off.body.importId);
    expect(await api.handle.db.select().from(priceBreaks).where(eq(priceBreaks.productId, made.id))).toHaveLength(2);
    // the batch that created it, breaks and all, is undone as it was written
    expect((await undo(created.body.importId)).body).toMatchObject({ removed: 1 });
    expect(await productBySku("IMP-B-1")).toBeUndefined();
  });
});
