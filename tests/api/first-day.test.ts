import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLACEHOLDER_IMAGE } from "../../src/lib/product-image";
import swCatalog from "../../src/messages/sw/catalog.json";
import { products } from "../../src/server/db/schema";
import { adminCookie, apiClient, buildTestApi, setupApi, shopperCookie } from "./harness";
import { ensureProductionBuild, freshPostgresDatabase, startProductionServer, type ProductionServer } from "./production-server";

/**
 * A shop started without the demo data (DEMO_DATA=off): empty, every page and answer still fine,
 * and the admin's first-day checklist listing what a live shop needs, each item turning done as
 * the owner sets it.
 */
const api = setupApi({ empty: true });
const swEmptyTitle = swCatalog.listing.emptyTitle;
let admin = "";

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const { call } = apiClient<Json>(api);

const checklist = async (app = api.app) => {
  const res = await call("GET", "/api/admin/checklist", admin, undefined, {}, { app });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { items: Json[]; done: number; total: number };
};
const item = (list: { items: Json[] }, id: string) => list.items.find((i) => i.id === id)!;

beforeAll(async () => {
  admin = await adminCookie(api, "first-day");
});

describe("an empty shop's answers", () => {
  it("has no categories, products or ads, and answers every catalogue call with an empty list", async () => {
    for (const [url, key] of [
      ["/api/categories", "categories"],
      ["/api/products", "products"],
      ["/api/products?search=resistor", "products"],
      ["/api/products?category=resistors", "products"],
      ["/api/advertisements", "advertisements"],
    ] as const) {
      const res = await call("GET", url, null);
      expect(res.status, `${url}: ${res.text}`).toBe(200);
      const list = Array.isArray(res.body) ? res.body : res.body[key];
      expect(list, url).toEqual([]);
    }
    expect((await call("GET", "/api/search-suggestions?q=led", null)).status).toBe(200);
    expect(await api.services.catalog.sitemapProducts()).toEqual([]);
    const discovery = await api.services.pageData.discovery();
    expect(discovery.byCategory).toEqual([]);
  });
});

describe("the first-day checklist", () => {
  it("is for admins only", async () => {
    expect((await call("GET", "/api/admin/checklist", null)).status).toBe(401);
    expect((await call("GET", "/api/admin/checklist", await shopperCookie(api, "first-day"))).status).toBe(403);
  });

  it("lists everything a live shop needs as missing in an empty shop, each with its reason and where it is set", async () => {
    const list = await checklist();
    expect(list.items.map((i) => [i.id, i.done])).toEqual([
      ["shopDetails", false],
      ["taxNumbers", false],
      ["categories", false],
      ["catalogue", false],
      ["payments", false],
      ["sms", false],
    ]);
    expect(list).toMatchObject({ done: 0, total: 6 });
    expect(item(list, "shopDetails").missing).toEqual(["companyName", "contactEmail", "contactPhone", "address"]);
    expect(item(list, "taxNumbers").missing).toEqual(["tin", "vrn"]);
    expect(item(list, "categories")).toMatchObject({ total: 0, reason: "No categories yet", href: "/admin/categories" });
    expect(item(list, "catalogue")).toMatchObject({ onSale: 0, href: "/admin/products/new" });
    expect(item(list, "payments")).toMatchObject({ provider: "sandbox" });
    expect(item(list, "payments").reason).toMatch(/CLICKPESA_CLIENT_ID/);
    expect(item(list, "sms")).toMatchObject({ provider: "sandbox" });
    expect(item(list, "sms").reason).toMatch(/AT_USERNAME, AT_API_KEY and AT_SENDER_ID/);
    for (const i of list.items) expect(i.href, i.id).toMatch(/^\/admin\//);
  });

  it("marks each item done as the owner sets it", async () => {
    // the shop's own details and tax numbers
    const saved = await call("POST", "/api/admin/settings", admin, {
      settings: {
        companyName: "Mwanga Parts",
        contactEmail: "duka@mwanga.co.tz",
        contactPhone: "+255 713 000 111",
        address: { en: "Mwenge, Dar es Salaam", sw: "Mwenge, Dar es Salaam" },
        fiscal: { tin: "123-456-789", vrn: "40-012345-A", vfdSerial: "" },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    let list = await checklist();
    expect(item(list, "shopDetails")).toMatchObject({ done: true, missing: [] });
    expect(item(list, "taxNumbers")).toMatchObject({ done: true, missing: [] });

    // a category, then its attributes
    const category = await call("POST", "/api/admin/categories", admin, { name: "Resistors", nameSw: "Vipingamizi" });
    expect(category.status).toBe(201);
    list = await checklist();
    expect(item(list, "categories")).toMatchObject({ done: false, total: 1, withoutAttributes: 1, examples: ["Resistors"] });
    const attribute = await call("POST", `/api/admin/categories/${category.body.id}/attributes`, admin, {
      key: "resistance",
      nameEn: "Resistance",
      nameSw: "Ukinzani",
      kind: "number",
      unit: "ohm",
    });
    expect(attribute.status).toBe(201);
    expect(item(await checklist(), "categories")).toMatchObject({ done: true, withoutAttributes: 0 });

    // a product on sale: without a picture of its own it is not done yet
    expect((await call("POST", "/api/admin/brands", admin, { name: "Yageo" })).status).toBe(201);
    const made = await call("POST", "/api/admin/products", admin, {
      name: "Resistor 4.7 kΩ 0805",
      category: category.body.slug,
      brand: "Yageo",
      sku: "RES-4K7-0805",
      image: "/media/products/upload-640-0123456789.webp",
      price: 50,
      stockQuantity: 1000,
      specs: { resistance: "4k7" },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await api.handle.db.update(products).set({ image: PLACEHOLDER_IMAGE }).where(eq(products.id, made.body.id));
    list = await checklist();
    expect(item(list, "catalogue")).toMatchObject({ done: false, onSale: 1, withoutPicture: 1, href: "/admin/products" });
    await api.handle.db.update(products).set({ image: "/media/products/upload-640-0123456789.webp" }).where(eq(products.id, made.body.id));
    expect(item(await checklist(), "catalogue")).toMatchObject({ done: true, onSale: 1, withoutPicture: 0 });
    // an archived product is not on sale
    expect((await call("POST", `/api/admin/products/${made.body.id}/archive`, admin, { archived: true, reason: "test" })).status).toBe(200);
    expect(item(await checklist(), "catalogue")).toMatchObject({ done: false, onSale: 0 });
    expect((await call("POST", `/api/admin/products/${made.body.id}/archive`, admin, { archived: false, reason: "test" })).status).toBe(200);

    // payments: live once ClickPesa's keys are configured (the sandbox is not)
    const live = await buildTestApi(api, {
      config: { payments: { clickpesa: { clientId: "id", apiKey: "key", checksumKey: "checksum", baseUrl: "http://127.0.0.1:9" } } },
    });
    try {
      list = await checklist(live.app);
      expect(item(list, "payments")).toMatchObject({ done: true, provider: "clickpesa" });
      // the SMS sender stays missing: SMS still go to the sandbox
      expect(item(list, "sms")).toMatchObject({ done: false, provider: "sandbox" });
      expect(list).toMatchObject({ done: 5, total: 6 });
    } finally {
      await live.close();
    }

    // SMS: done once Africa's Talking's keys are configured
    const texting = await buildTestApi(api, {
      config: {
        payments: { clickpesa: { clientId: "id", apiKey: "key", checksumKey: "checksum", baseUrl: "http://127.0.0.1:9" } },
        africasTalking: { username: "mwanga", apiKey: "at-key", senderId: "MWANGA", baseUrl: "http://127.0.0.1:9" },
      },
    });
    try {
      list = await checklist(texting.app);
      expect(item(list, "sms")).toMatchObject({ done: true, provider: "africastalking" });
      expect(list).toMatchObject({ done: 6, total: 6 });
    } finally {
      await texting.close();
    }
  });
});

describe("an empty shop's pages (production server, DEMO_DATA=off)", () => {
  let work = "";
  let server: ProductionServer | undefined;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    await ensureProductionBuild();
    work = await fs.mkdtemp(path.join(os.tmpdir(), "storefront-empty-shop-"));
    const pg = process.env.TEST_DATABASE_URL ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL, "storefront_empty_pages") : null;
    drop = pg?.drop;
    server = await startProductionServer({ DATA_DIR: path.join(work, "data"), DATABASE_URL: pg?.url, DEMO_DATA: "off", ADMIN_EMAIL: "owner@mwanga.example" });
  }, 900_000);

  afterAll(async () => {
    await server?.stop();
    await drop?.();
    if (work) await fs.rm(work, { recursive: true, force: true });
  });

  it("seeds nothing and answers every page of the shop front, in both languages", { timeout: 180_000 }, async () => {
    const categories = await (await fetch(`${server!.base}/api/categories`)).json();
    expect(categories).toMatchObject({ categories: [] });
    for (const lang of ["en", "sw"]) {
      for (const url of ["/", "/products", "/products?q=resistor", "/discover", "/sitemap.xml", "/robots.txt", "/ai-agent"]) {
        const res = await fetch(`${server!.base}${url}${url.includes("?") ? "&" : "?"}lang=${lang}`, { redirect: "manual" });
        expect(res.status, `${url} (${lang}): ${server!.output().slice(-2000)}`).toBe(200);
      }
    }
    // the listing says the catalogue is empty, in the reader's language
    expect(await (await fetch(`${server!.base}/products?lang=en`)).text()).toContain("No Products Available");
    expect(await (await fetch(`${server!.base}/products?lang=sw`)).text()).toContain(swEmptyTitle);
    expect(server!.output()).not.toMatch(/Seeded the demo catalogue/);
  });
});
