import fs from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { PDFParse } from "pdf-parse";
import { beforeAll, describe, expect, it } from "vitest";
import { DATASHEET_MAX_BYTES } from "../../src/lib/datasheets";
import { invalidateCatalogCounts } from "../../src/server/catalog/catalog-cache";
import { generateSpecSheets } from "../../src/server/catalog/datasheets";
import { brands, categories, productSpecs, products, securityEvents, specAttributes } from "../../src/server/db/schema";
import { adminCookie, apiClient, multipartForm, setupApi, shopperCookie } from "./harness";

const api = setupApi();
// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const { call } = apiClient<Json>(api);

const stamp = `${process.pid % 1000}${Date.now() % 100_000}`;
let admin = "";
let shopper = "";
let categoryId = 0;
let otherCategoryId = 0;
/** the fixture's products by name */
const id: Record<string, number> = {};

async function textOf(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, " ");
  } finally {
    await parser.destroy();
  }
}

async function upload(productId: number, bytes: Buffer, cookie: string | null = admin, filename = "datasheet.pdf") {
  const form = multipartForm([{ name: "file", filename, type: "application/pdf", data: bytes }]);
  const res = await api.app.inject({
    method: "POST",
    url: `/api/admin/products/${productId}/datasheet`,
    headers: { ...form.headers, ...(cookie ? { cookie } : {}) },
    payload: form.payload,
  });
  return { status: res.statusCode, body: res.json() as Json };
}

/** A tiny PDF as a manufacturer's file might begin (the shop checks the first bytes only). */
const makerPdf = (tail = "") => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% maker datasheet ${stamp} ${tail}\n%%EOF\n`);

/**
 * A category of resistors of its own (so the seeded catalogue cannot disturb the answers): its key
 * attributes are resistance and package; tolerance is shown but not key.
 */
beforeAll(async () => {
  admin = await adminCookie(api, "datasheets");
  shopper = await shopperCookie(api, "datasheets");
  const db = api.handle.db;
  const [brand] = await db.select({ id: brands.id, name: brands.name }).from(brands).limit(1);
  const made = await db
    .insert(categories)
    .values([
      { name: `Test resistors ${stamp}`, nameSw: `Resista za majaribio ${stamp}`, slug: `test-resistors-${stamp}`, sortOrder: 900 },
      { name: `Test kits ${stamp}`, slug: `test-kits-${stamp}`, sortOrder: 901 },
    ])
    .returning({ id: categories.id, name: categories.name });
  categoryId = made[0]!.id;
  otherCategoryId = made[1]!.id;
  for (const category of [categoryId, otherCategoryId])
    await db.insert(specAttributes).values([
      { categoryId: category, key: "resistance", nameEn: "Resistance", nameSw: "Ukinzani", kind: "number", unit: "ohm", isKey: true, sortOrder: 1 },
      { categoryId: category, key: "package", nameEn: "Package", nameSw: "Kifurushi", kind: "list", options: ["0603", "0805"], isKey: true, sortOrder: 2 },
      { categoryId: category, key: "tolerance", nameEn: "Tolerance", nameSw: "Ustahimilivu", kind: "number", unit: "percent", isKey: false, sortOrder: 3 },
    ]);

  // name, category, price, stock, archived, resistance (ohm), package, tolerance (%)
  const fixture: [string, number, number, number, boolean, string | null, string | null, string | null][] = [
    ["subject", categoryId, 100, 10, false, "10000", "0805", "1"],
    ["cheaper-match", categoryId, 80, 5, false, "10000.000", "0805", "5"],
    ["out-of-stock", categoryId, 70, 0, false, "10000", "0805", "1"],
    ["other-package", categoryId, 50, 9, false, "10000", "0603", "1"],
    ["other-value", categoryId, 60, 9, false, "4700", "0805", "1"],
    ["archived", categoryId, 65, 9, false, "10000", "0805", "1"],
    ["dearer-match", categoryId, 150, 3, false, "1e4", "0805", null],
    ["other-category", otherCategoryId, 10, 9, false, "10000", "0805", "1"],
    ["no-specs", categoryId, 20, 9, false, null, null, null],
  ];
  for (const [name, category, price, stock, , r, pkg, tol] of fixture) {
    const [row] = await db
      .insert(products)
      .values({
        name: `DSA ${name} ${stamp}`,
        slug: `dsa-${name}-${stamp}`,
        description: `Fixture ${name}`,
        image: "/media/products/x-640-0123456789.webp",
        categoryId: category,
        category: category === categoryId ? made[0]!.name : made[1]!.name,
        brandId: brand!.id,
        brand: brand!.name,
        sku: `DSA-${name.toUpperCase()}-${stamp}`,
        price,
        originalPrice: price,
        stockQuantity: stock,
        archivedAt: name === "archived" ? new Date() : null,
      })
      .returning({ id: products.id });
    id[name] = row!.id;
    const specs: { key: string; num?: string; text?: string }[] = [];
    if (r) specs.push({ key: "resistance", num: r });
    if (pkg) specs.push({ key: "package", text: pkg });
    if (tol) specs.push({ key: "tolerance", num: tol });
    if (specs.length) await db.insert(productSpecs).values(specs.map((s) => ({ productId: row!.id, categoryId: category, ...s })));
  }
  invalidateCatalogCounts();
});

describe("alternatives in stock", () => {
  it("are the same category's products on sale and in stock whose key specifications match, cheapest first", async () => {
    const found = await api.services.comparison.alternatives(id.subject!);
    // exact numbers: 10000, 10000.000 and 1e4 are one value; tolerance is not key, so it may differ
    expect(found.map((p) => p.id)).toEqual([id["cheaper-match"], id["dearer-match"]]);
    expect(found.every((p) => p.in_stock)).toBe(true);
  });

  it("honour the limit, and are none for a product without key specifications", async () => {
    expect((await api.services.comparison.alternatives(id.subject!, 1)).map((p) => p.id)).toEqual([id["cheaper-match"]]);
    expect(await api.services.comparison.alternatives(id["no-specs"]!)).toEqual([]);
    expect(await api.services.comparison.alternatives(2_000_000_000)).toEqual([]);
  });

  it("follow stock: a product that comes back in stock becomes an alternative", async () => {
    await api.handle.db.update(products).set({ stockQuantity: 4 }).where(eq(products.id, id["out-of-stock"]!));
    invalidateCatalogCounts();
    const found = await api.services.comparison.alternatives(id.subject!);
    expect(found.map((p) => p.id)).toEqual([id["out-of-stock"], id["cheaper-match"], id["dearer-match"]]);
    await api.handle.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, id["out-of-stock"]!));
    invalidateCatalogCounts();
  });
});

describe("datasheets", () => {
  it("a spec sheet generated from the product's data is served as an attachment with nosniff, and says it is not the manufacturer's", async () => {
    const made = await call("POST", `/api/admin/products/${id.subject}/datasheet/generate`, admin);
    expect(made.status, made.text).toBe(200);
    const sheet = made.body.datasheet;
    expect(sheet).toMatchObject({ generated: true, manufacturerUrl: null });
    expect(sheet.url).toMatch(new RegExp(`^/api/products/${id.subject}/datasheet\\?v=[0-9a-f]+$`));
    expect(sheet.bytes).toBeGreaterThan(1000);

    const res = await api.app.inject({ method: "GET", url: sheet.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="DSA-SUBJECT-${stamp}-datasheet.pdf"`);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(res.headers["content-length"])).toBe(sheet.bytes);
    const text = await textOf(res.rawPayload);
    expect(text).toContain(`DSA subject ${stamp}`);
    expect(text).toContain("This is not the manufacturer's datasheet");
    expect(text).toContain("Hii si karatasi ya data ya mtengenezaji");
    expect(text).toMatch(/Resistance \/ Ukinzani 10 kOhm/);
    expect(text).toMatch(/Package \/ Kifurushi 0805/);

    // without the current version (an old link) it is kept a short while only; a HEAD has the headers
    const plain = await api.app.inject({ method: "GET", url: `/api/products/${id.subject}/datasheet` });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=300");
    const head = await api.app.inject({ method: "HEAD", url: sheet.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-disposition"]).toContain("attachment");
  });

  it("is not served from /media (only as an attachment through its product)", async () => {
    const [row] = await api.handle.db.select({ key: products.datasheetKey }).from(products).where(eq(products.id, id.subject!));
    expect(row!.key).toMatch(/^datasheets\//);
    await fs.access(path.join(api.mediaDir, row!.key!));
    for (const url of [`/media/${row!.key}`, `/media/${row!.key!.replace("datasheets", "%64atasheets")}`, `/media/./${row!.key}`]) {
      const res = await api.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it("a product without a datasheet, or not on sale, answers 404", async () => {
    expect((await call("GET", `/api/products/${id["no-specs"]}/datasheet`, null)).status).toBe(404);
    await generateSpecSheets(api.handle.db, api.services.media, [id.archived!]);
    expect((await call("GET", `/api/products/${id.archived}/datasheet`, null)).status).toBe(404);
    expect((await call("GET", `/api/products/abc/datasheet`, null)).status).toBe(400);
  });

  it("an admin uploads a manufacturer's PDF in its place; anything else is refused by its bytes, not its name", async () => {
    expect((await upload(id.subject!, makerPdf(), null)).status).toBe(401);
    expect((await upload(id.subject!, makerPdf(), shopper)).status).toBe(403);

    const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001", "hex");
    const refused = await upload(id.subject!, png, admin, "looks-like.pdf");
    expect(refused.status).toBe(415);
    expect(refused.body).toMatchObject({ code: "unsupported-media-type" });
    const html = await upload(id.subject!, Buffer.from("<html><script>alert(1)</script>%PDF-1.4"), admin);
    expect(html.status).toBe(415);

    const pdf = makerPdf();
    const stored = await upload(id.subject!, pdf);
    expect(stored.status).toBe(201);
    expect(stored.body.datasheet).toMatchObject({ generated: false, bytes: pdf.length });
    const res = await api.app.inject({ method: "GET", url: stored.body.datasheet.url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="DSA-SUBJECT-${stamp}-datasheet.pdf"`);

    const [event] = await api.handle.db
      .select({ detail: securityEvents.detail })
      .from(securityEvents)
      .where(
        sql`${securityEvents.type} = 'admin-product-changed' and ${securityEvents.detail}->>'action' = 'datasheet-uploaded' and (${securityEvents.detail}->>'product')::int = ${id.subject}`,
      );
    expect(event).toBeTruthy();
  });

  it("refuses a file over the limit while it streams in", async () => {
    const big = Buffer.alloc(DATASHEET_MAX_BYTES + 1024, 0x20);
    makerPdf().copy(big);
    const res = await upload(id.subject!, big);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: "too-large" });
  }, 60_000);

  it("keeps the manufacturer's link (https only) beside the shop's copy, and removes the copy", async () => {
    const bad = await call("PUT", `/api/admin/products/${id.subject}/datasheet/link`, admin, { manufacturerUrl: "http://www.ti.com/x.pdf" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "validation", field: "manufacturerUrl", reason: "notHttps" });
    const link = "https://www.yageo.com/upload/media/product/productsearch/datasheet/rchip/PYu-RC_Group_51_RoHS_L_12.pdf";
    const good = await call("PUT", `/api/admin/products/${id.subject}/datasheet/link`, admin, { manufacturerUrl: link });
    expect(good.status).toBe(200);
    expect(good.body.datasheet).toMatchObject({ manufacturerUrl: link, generated: false });

    const removed = await call("DELETE", `/api/admin/products/${id.subject}/datasheet`, admin);
    expect(removed.status).toBe(200);
    expect(removed.body.datasheet).toEqual({ url: null, bytes: null, generated: false, manufacturerUrl: link });
    expect((await call("GET", `/api/products/${id.subject}/datasheet`, null)).status).toBe(404);
    const cleared = await call("PUT", `/api/admin/products/${id.subject}/datasheet/link`, admin, { manufacturerUrl: null });
    expect(cleared.body.datasheet).toBeNull();
    expect((await call("GET", `/api/admin/products/${id.subject}/datasheet`, admin)).body).toEqual({ datasheet: null });
    expect((await call("GET", `/api/admin/products/2000000000/datasheet`, admin)).status).toBe(404);
  });
});

describe("compare", () => {
  it("lines up to four products' specifications and marks the rows that differ", async () => {
    const ids = [id.subject, id["other-package"], id["dearer-match"]];
    const res = await call("GET", `/api/compare?ids=${ids.join(",")}`, null, undefined, { cookie: "locale=sw" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.products.map((p: Json) => p.id)).toEqual(ids);
    expect(res.body.missing).toEqual([]);
    const rows = Object.fromEntries(res.body.rows.map((r: Json) => [r.key, r]));
    expect(res.body.rows.map((r: Json) => r.key)).toEqual(["resistance", "package", "tolerance"]);
    expect(rows.resistance).toMatchObject({ label: "Ukinzani", differs: false });
    expect(rows.package.differs).toBe(true);
    expect(rows.package.values.map((v: string) => v.slice(0, 4))).toEqual(["0805", "0603", "0805"]);
    expect(rows.tolerance.values[2]).toBeNull();
    expect(rows.tolerance.differs).toBe(true);
  });

  it("reports ids of products not on sale as missing, and refuses ids that are not ids", async () => {
    const res = await call("GET", `/api/compare?ids=${id.subject},${id.archived},999999999`, null);
    expect(res.status).toBe(200);
    expect(res.body.products.map((p: Json) => p.id)).toEqual([id.subject]);
    expect(res.body.missing).toEqual([id.archived, 999_999_999]);
    for (const ids of ["", "abc", "1,2,3,4,5", "-4", "1;2"]) {
      const bad = await call("GET", `/api/compare?ids=${ids}`, null);
      expect(bad.status, ids).toBe(400);
      expect(bad.body.code).toBe("invalid-input");
    }
    expect((await call("GET", `/api/compare`, null)).status).toBe(400);
  });
});
