import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brands, categories, productSpecs, products, securityEvents } from "../../src/server/db/schema";
import { adminCookie, apiClient, setupApi, shopperCookie } from "./harness";

/**
 * A category's attribute definitions as the admin keeps them, and a product's values on its form:
 * read with the shop's own parser ("4k7" is 4700 Ω), refused naming the field, dropped (and named)
 * when the product moves to a category without them, carried along when categories merge.
 * Everything here happens in categories and products of this file's own.
 */
const api = setupApi();
let admin = "";
let shopper = "";
const run = `${process.pid % 1000}${Date.now() % 100_000}`;
const IMAGE = "/media/products/x-640-0123456789.webp";

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const { call } = apiClient<Json>(api);

const resistance = { key: "resistance", nameEn: "Resistance", nameSw: "Ukinzani", kind: "number", unit: "ohm", isKey: true };
const packageAttr = { key: "package", nameEn: "Package", nameSw: "Kifurushi", kind: "list", options: ["0805", "0603", "TO-220"] };

async function category(name: string): Promise<{ id: number; slug: string }> {
  const res = await call("POST", "/api/admin/categories", admin, { name: `${name} ${run}`, nameSw: `${name} sw ${run}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id, slug: res.body.slug };
}

async function attribute(categoryId: number, body: Json): Promise<Json> {
  const res = await call("POST", `/api/admin/categories/${categoryId}/attributes`, admin, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

let brand = "";
async function product(categorySlug: string, sku: string, specs?: Json) {
  return call("POST", "/api/admin/products", admin, {
    name: `Spec part ${sku}`,
    category: categorySlug,
    brand,
    sku,
    image: IMAGE,
    price: 1000,
    stockQuantity: 5,
    ...(specs ? { specs } : {}),
  });
}

async function details(id: number): Promise<Json> {
  const res = await call("GET", `/api/admin/products/${id}`, admin);
  expect(res.status).toBe(200);
  return res.body.details;
}

beforeAll(async () => {
  admin = await adminCookie(api, "spec-attributes");
  shopper = await shopperCookie(api, "spec-attributes");
  brand = `Spec Brand ${run}`;
  expect((await call("POST", "/api/admin/brands", admin, { name: brand })).status).toBe(201);
});

afterAll(async () => {
  const db = api.handle.db;
  await db.delete(products).where(like(products.sku, `SPEC-${run}-%`));
  await db.delete(categories).where(like(categories.slug, `%-${run}`));
  await db.delete(brands).where(like(brands.slug, `%-${run}`));
});

describe("attribute definitions", () => {
  it("answers a guest 401 and a shopper 403 on every attribute route", async () => {
    for (const [method, url, body] of [
      ["GET", "/api/admin/categories/1/attributes", undefined],
      ["POST", "/api/admin/categories/1/attributes", resistance],
      ["PUT", "/api/admin/categories/1/attributes/1", resistance],
      ["POST", "/api/admin/categories/1/attributes/order", { ids: [1] }],
      ["DELETE", "/api/admin/categories/1/attributes/1", undefined],
    ] as const) {
      expect((await call(method, url, null, body)).status, url).toBe(401);
      expect((await call(method, url, shopper, body)).status, url).toBe(403);
    }
  });

  it("creates, lists, changes, reorders and deletes a category's attributes", async () => {
    const { id } = await category("Resistors");
    const r = await attribute(id, resistance);
    expect(r).toMatchObject({ key: "resistance", kind: "number", unit: "ohm", options: [], isFilter: true, isKey: true, values: 0, products: 0, sortOrder: 1 });
    const p = await attribute(id, packageAttr);
    expect(p).toMatchObject({ kind: "list", unit: null, options: ["0805", "0603", "TO-220"], sortOrder: 2 });
    const w = await attribute(id, { key: "wattage", nameEn: "Power", nameSw: "Nguvu", kind: "number", unit: "watt", isFilter: false });

    const listed = await call("GET", `/api/admin/categories/${id}/attributes`, admin);
    expect(listed.status).toBe(200);
    expect(listed.body.category).toMatchObject({ id, slug: `resistors-${run}` });
    expect(listed.body.attributes.map((a: Json) => a.key)).toEqual(["resistance", "package", "wattage"]);

    // names, filter flags and options change freely while no product carries a value
    const changed = await call("PUT", `/api/admin/categories/${id}/attributes/${w.id}`, admin, {
      key: "power",
      nameEn: "Power rating",
      nameSw: "Kiwango cha nguvu",
      kind: "number",
      unit: "watt",
      isFilter: true,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ key: "power", nameEn: "Power rating", isFilter: true });

    const order = await call("POST", `/api/admin/categories/${id}/attributes/order`, admin, { ids: [p.id, w.id, r.id] });
    expect(order.status).toBe(200);
    expect(order.body.attributes.map((a: Json) => a.key)).toEqual(["package", "power", "resistance"]);
    expect((await call("POST", `/api/admin/categories/${id}/attributes/order`, admin, { ids: [p.id, r.id] })).status).toBe(400);

    const gone = await call("DELETE", `/api/admin/categories/${id}/attributes/${w.id}`, admin);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ removed: true, valuesRemoved: 0, productsTouched: 0 });
    expect((await call("GET", `/api/admin/categories/${id}/attributes`, admin)).body.attributes).toHaveLength(2);

    // the shop's own index of definitions sees them at once (its cache is dropped)
    const index = await api.services.specs.attributes();
    expect(index.byCategory.get(id)?.map((d) => d.key)).toEqual(["package", "resistance"]);

    const logged = await api.handle.db
      .select({ detail: securityEvents.detail })
      .from(securityEvents)
      .where(and(eq(securityEvents.type, "admin-taxonomy-changed"), sql`${securityEvents.detail}->>'category' = ${String(id)}`));
    expect(logged.map((l) => (l.detail as Json).action).sort()).toEqual([
      "spec-attribute-changed",
      "spec-attribute-created",
      "spec-attribute-created",
      "spec-attribute-created",
      "spec-attribute-deleted",
      "spec-attributes-reordered",
    ]);
  });

  it("refuses a bad definition with 400 naming the field", async () => {
    const { id } = await category("Refusals");
    await attribute(id, resistance);
    const cases: [Json, string][] = [
      [{ ...resistance, key: "Resistance" }, "key"],
      [{ ...resistance, key: "weight", unit: null }, "unit"],
      [{ ...resistance, key: "colour", kind: "list", unit: "ohm" }, "unit"],
      [{ ...resistance, unit: "volt", key: "resistance" }, "unit"],
      [{ ...resistance, key: "flag", kind: "boolean", unit: null, options: ["a"] }, "options"],
      [{ ...resistance, key: "chemistry", kind: "list", unit: null, options: ["Li-ion", "li ion"] }, "options"],
      [{ ...resistance, nameSw: "" }, "nameSw"],
      [{ ...resistance }, "key"],
    ];
    for (const [body, field] of cases) {
      const res = await call("POST", `/api/admin/categories/${id}/attributes`, admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field, JSON.stringify(res.body)).toBe(field);
    }
    expect((await call("POST", "/api/admin/categories/2000000000/attributes", admin, resistance)).status).toBe(404);
    expect((await call("GET", "/api/admin/categories/2000000000/attributes", admin)).status).toBe(404);
  });

  it("keeps the key, kind and unit while products carry values, says why, and deletes values only with force", async () => {
    const { id, slug } = await category("Carried");
    const r = await attribute(id, resistance);
    const p = await attribute(id, packageAttr);
    const power = { key: "rating", nameEn: "Power", nameSw: "Nguvu", kind: "number", unit: "watt" };
    const w = await attribute(id, power);
    for (const [n, value] of [
      [1, "4k7"],
      [2, "10k"],
    ] as const)
      expect((await product(slug, `SPEC-${run}-C${n}`, { resistance: value, package: "0805", rating: "1/4W" })).status).toBe(201);

    const listed = await call("GET", `/api/admin/categories/${id}/attributes`, admin);
    expect(listed.body.attributes.find((a: Json) => a.key === "resistance")).toMatchObject({ values: 2, products: 2 });

    const rekey = await call("PUT", `/api/admin/categories/${id}/attributes/${r.id}`, admin, { ...resistance, key: "ohms" });
    expect(rekey.status).toBe(409);
    expect(rekey.body).toMatchObject({ code: "invalid-state", field: "key", values: 2, products: 2 });
    expect(rekey.body.error).toMatch(/2 products carry 2 values/);
    const kind = await call("PUT", `/api/admin/categories/${id}/attributes/${w.id}`, admin, { ...power, kind: "list", unit: null });
    expect(kind.status).toBe(409);
    expect(kind.body.field).toBe("kind");
    const unit = await call("PUT", `/api/admin/categories/${id}/attributes/${w.id}`, admin, { ...power, unit: "volt" });
    expect(unit.status).toBe(409);
    expect(unit.body.field).toBe("unit");
    expect(unit.body.error).toMatch(/stored in watt/);
    // an option products carry cannot go; another can, and names may change
    const option = await call("PUT", `/api/admin/categories/${id}/attributes/${p.id}`, admin, { ...packageAttr, options: ["0603"] });
    expect(option.status).toBe(409);
    expect(option.body).toMatchObject({ field: "options", option: "0805", products: 2 });
    const renamed = await call("PUT", `/api/admin/categories/${id}/attributes/${p.id}`, admin, { ...packageAttr, nameEn: "Case", options: ["0805", "1206"] });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ nameEn: "Case", options: ["0805", "1206"], values: 2 });

    const refused = await call("DELETE", `/api/admin/categories/${id}/attributes/${r.id}`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "confirmation-required", values: 2, products: 2 });
    const forced = await call("DELETE", `/api/admin/categories/${id}/attributes/${r.id}?force=true`, admin);
    expect(forced.status).toBe(200);
    expect(forced.body).toEqual({ removed: true, valuesRemoved: 2, productsTouched: 2 });
    const left = await api.handle.db
      .select({ key: productSpecs.key })
      .from(productSpecs)
      .where(and(eq(productSpecs.categoryId, id)));
    expect(left.map((l) => l.key).sort()).toEqual(["package", "package", "rating", "rating"]);
  });
});

describe("values on the product form", () => {
  it("reads values in the shop's notation on create and change, and shows them back", async () => {
    const { id, slug } = await category("Passives");
    await attribute(id, resistance);
    await attribute(id, packageAttr);
    await attribute(id, { key: "tolerance", nameEn: "Tolerance", nameSw: "Ustahimilivu", kind: "number", unit: "percent" });
    await attribute(id, { key: "lead_free", nameEn: "Lead-free", nameSw: "Bila risasi", kind: "boolean" });

    const created = await product(slug, `SPEC-${run}-P1`, { resistance: "4k7", package: "to220", tolerance: "1%", lead_free: "ndiyo" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await details(created.body.id)).specs).toEqual({ resistance: 4700, package: "TO-220", tolerance: 1, lead_free: true });

    const now = await details(created.body.id);
    const change = await call("PUT", `/api/admin/products/${created.body.id}/details`, admin, {
      ...now,
      specs: { resistance: "10 kΩ", package: "0805", tolerance: "", lead_free: false },
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    expect(change.body.droppedSpecs).toEqual([]);
    expect(change.body.changes).toMatchObject({
      "specs.resistance": { before: "4.7 kΩ", after: "10 kΩ" },
      "specs.package": { after: "0805 (2012 metric)" },
      "specs.tolerance": { before: "±1%", after: "" },
      "specs.lead_free": { before: "Yes", after: "No" },
    });
    expect((await details(created.body.id)).specs).toEqual({ resistance: 10_000, package: "0805", lead_free: false });

    // the shop's product answer carries them too
    const shown = await call("GET", `/api/products/${created.body.id}`, null);
    expect(shown.status).toBe(200);
    expect(shown.body.specs?.find((s: Json) => s.key === "resistance")).toMatchObject({ value: 10_000, display: "10 kΩ" });

    // details without specs leave them as they are
    const again = await call("PUT", `/api/admin/products/${created.body.id}/details`, admin, { ...now, specs: undefined, name: `${now.name} v2` });
    expect(again.status).toBe(200);
    expect((await details(created.body.id)).specs).toEqual({ resistance: 10_000, package: "0805", lead_free: false });
  });

  it("refuses a value that does not read, or a key the category lacks, with 400 naming the field, and writes nothing", async () => {
    const { id, slug } = await category("Bad values");
    await attribute(id, resistance);
    await attribute(id, packageAttr);
    for (const [specs, field] of [
      [{ resistance: "4x7" }, "specs.resistance"],
      [{ resistance: true }, "specs.resistance"],
      [{ package: "SOT-999" }, "specs.package"],
      [{ voltage: "5V" }, "specs.voltage"],
    ] as const) {
      const res = await product(slug, `SPEC-${run}-B${field.length}${Object.values(specs)[0]}`.replace(/[^A-Za-z0-9._-]/g, ""), specs);
      expect(res.status, JSON.stringify(specs)).toBe(400);
      expect(res.body.field).toBe(field);
      expect(res.body.error).toBeTruthy();
    }
    const none = await api.handle.db
      .select({ id: products.id })
      .from(products)
      .where(like(products.sku, `SPEC-${run}-B%`));
    expect(none).toEqual([]);
    expect(
      (
        await call("POST", "/api/admin/products", admin, {
          name: "x",
          category: slug,
          brand,
          sku: "x",
          image: IMAGE,
          price: 1,
          stockQuantity: 1,
          specs: { Bad: "1" },
        })
      ).status,
    ).toBe(400);
  });

  it("keeps only the values the new category defines when a product moves, and names the ones dropped", async () => {
    const from = await category("Moving from");
    const into = await category("Moving into");
    await attribute(from.id, resistance);
    await attribute(from.id, packageAttr);
    await attribute(into.id, { ...packageAttr, options: [] });
    const made = await product(from.slug, `SPEC-${run}-M1`, { resistance: "220R", package: "0603" });
    expect(made.status).toBe(201);
    const now = await details(made.body.id);
    const moved = await call("PUT", `/api/admin/products/${made.body.id}/details`, admin, { ...now, specs: undefined, category: into.slug });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.droppedSpecs).toEqual([{ key: "resistance", nameEn: "Resistance", nameSw: "Ukinzani" }]);
    expect((await details(made.body.id)).specs).toEqual({ package: "0603" });
    const rows = await api.handle.db.select({ categoryId: productSpecs.categoryId }).from(productSpecs).where(eq(productSpecs.productId, made.body.id));
    expect(rows).toEqual([{ categoryId: into.id }]);
  });
});

describe("merging categories", () => {
  it("carries the attributes along (joined by key, options together) and the values with their products", async () => {
    const a = await category("Merge from");
    const b = await category("Merge into");
    await attribute(a.id, resistance);
    await attribute(a.id, { ...packageAttr, options: ["0805", "1206"] });
    await attribute(b.id, packageAttr);
    await attribute(b.id, { key: "voltage", nameEn: "Voltage", nameSw: "Volteji", kind: "number", unit: "volt" });
    const made = await product(a.slug, `SPEC-${run}-G1`, { resistance: "1k", package: "1206" });
    expect(made.status).toBe(201);
    const merged = await call("POST", `/api/admin/categories/${a.id}/merge`, admin, { into: b.id });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const listed = (await call("GET", `/api/admin/categories/${b.id}/attributes`, admin)).body.attributes as Json[];
    expect(listed.map((x) => x.key)).toEqual(["package", "voltage", "resistance"]);
    expect(listed.find((x) => x.key === "package")!.options).toEqual(["0805", "0603", "TO-220", "1206"]);
    expect(listed.find((x) => x.key === "resistance")).toMatchObject({ values: 1, products: 1 });
    expect((await details(made.body.id)).specs).toEqual({ resistance: 1000, package: "1206" });
  });

  it("refuses a merge where one key means something else in each category, naming it", async () => {
    const a = await category("Clash from");
    const b = await category("Clash into");
    await attribute(a.id, { key: "size", nameEn: "Size", nameSw: "Ukubwa", kind: "number", unit: "metre" });
    await attribute(b.id, { key: "size", nameEn: "Size", nameSw: "Ukubwa", kind: "list", options: ["S", "M"] });
    const refused = await call("POST", `/api/admin/categories/${a.id}/merge`, admin, { into: b.id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "invalid-state", key: "size" });
    expect(refused.body.error).toMatch(/size is a number in metre in one and a list in the other/);
    expect((await call("GET", `/api/admin/categories/${a.id}/attributes`, admin)).status).toBe(200);
  });
});
