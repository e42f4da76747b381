import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShopTier } from "../../src/lib/price-breaks";
import { invalidateTags } from "../../src/server/cache/tagged-cache";
import { priceBreaksOf, setPriceBreaks } from "../../src/server/catalog/price-breaks";
import { orderLines, orders, priceBreaks, products, securityEvents } from "../../src/server/db/schema";
import { DAR_COURIER_ORDER } from "../fixtures/orders";
import { adminCookie, apiClient, multipartForm, setupApi, shopperCookie } from "./harness";

const api = setupApi();

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const { call } = apiClient<Json>(api);

/** The shop-wide tiers these tests price with (the settings' own are put back afterwards). */
const TIERS: ShopTier[] = [
  { minQuantity: 10, percentOff: 3 },
  { minQuantity: 50, percentOff: 5 },
];
let savedTiers: ShopTier[] = [];

beforeAll(async () => {
  savedTiers = (await api.services.settings.get()).bulkPricingTiers;
  await api.services.settings.save({ bulkPricingTiers: TIERS });
});
afterAll(async () => {
  await api.services.settings.save({ bulkPricingTiers: savedTiers });
});

let picked = 0;

/**
 * A product without options at TSh 3,000 (VAT-inclusive), plenty in stock, none of its own breaks:
 * taken from the end of the catalogue so other files' picks from the start never meet it.
 */
async function product(): Promise<{ id: number; price: number }> {
  const [p] = await api.handle.db
    .select({ id: products.id })
    .from(products)
    .where(sql`not exists (select 1 from product_variants v where v.product_id = ${products.id}) and ${products.archivedAt} is null`)
    .orderBy(sql`${products.id} desc`)
    .offset(picked++)
    .limit(1);
  await api.handle.db.update(products).set({ price: 3_000, originalPrice: 3_000, stockQuantity: 500, packSize: 1 }).where(eq(products.id, p!.id));
  await api.handle.db.delete(priceBreaks).where(eq(priceBreaks.productId, p!.id));
  return { id: p!.id, price: 3_000 };
}

const LADDER = [
  { minQuantity: 10, price: 2_600 },
  { minQuantity: 100, price: 2_200 },
];

async function setQuantity(cookie: string, productId: number, quantity: number) {
  const cart = (await call("GET", "/api/cart", cookie)).body;
  const item = cart.items.find((i: Json) => i.productId === productId);
  if (!item) return call("POST", "/api/cart", cookie, { productId, quantity });
  return call("PATCH", "/api/cart", cookie, { itemId: Number(item.id), variantId: "default", quantity });
}

async function lineOf(cookie: string, productId: number): Promise<Json> {
  const cart = (await call("GET", "/api/cart", cookie)).body;
  return cart.items.find((i: Json) => i.productId === productId).variants[0];
}

describe("prices by quantity in the cart", () => {
  it("prices 9 units at the one-unit price and 10 at the break, with the ladder the line follows", async () => {
    const p = await product();
    await setPriceBreaks(api.handle.db, p.id, null, LADDER);
    const cookie = await shopperCookie(api, "breaks");
    expect((await setQuantity(cookie, p.id, 9)).status).toBe(200);
    const nine = await lineOf(cookie, p.id);
    expect(nine).toMatchObject({ quantity: 9, price: 3_000 });
    expect(nine.pricing).toEqual({ source: "product", steps: [{ minQuantity: 1, price: 3_000 }, ...LADDER] });
    await setQuantity(cookie, p.id, 10);
    expect(await lineOf(cookie, p.id)).toMatchObject({ quantity: 10, price: 2_600 });
    const cart = (await call("GET", "/api/cart", cookie)).body;
    expect(cart.totals.subtotal).toBe(26_000);
    await setQuantity(cookie, p.id, 100);
    expect(await lineOf(cookie, p.id)).toMatchObject({ quantity: 100, price: 2_200 });
  });

  it("never stacks: a product with breaks of its own ignores the shop's tiers, one without follows them", async () => {
    const own = await product();
    const plain = await product();
    await setPriceBreaks(api.handle.db, own.id, null, [{ minQuantity: 20, price: 2_500 }]);
    const cookie = await shopperCookie(api, "breaks-tiers");
    await setQuantity(cookie, own.id, 10);
    await setQuantity(cookie, plain.id, 10);
    // at 10 the shop's 3 % would take TSh 90 off; the product's own ladder starts at 20
    expect(await lineOf(cookie, own.id)).toMatchObject({ price: 3_000, pricing: { source: "product" } });
    expect(await lineOf(cookie, plain.id)).toMatchObject({
      price: 2_910,
      pricing: {
        source: "shop",
        steps: [
          { minQuantity: 1, price: 3_000 },
          { minQuantity: 10, price: 2_910 },
          { minQuantity: 50, price: 2_850 },
        ],
      },
    });
    await setQuantity(cookie, own.id, 50);
    expect(await lineOf(cookie, own.id)).toMatchObject({ price: 2_500 });
  });
});

describe("a product's detail", () => {
  it("carries its ladder from 1+ and its pack size, and none for a product without breaks of its own", async () => {
    const p = await product();
    const plain = await product();
    await setPriceBreaks(api.handle.db, p.id, null, LADDER);
    await api.handle.db.update(products).set({ packSize: 100 }).where(eq(products.id, p.id));
    invalidateTags("catalog");
    const detail = (await call("GET", `/api/products/${p.id}`, null)).body;
    expect(detail.priceBreaks).toEqual([
      { minQuantity: 1, price: 3_000, variantId: null },
      { minQuantity: 10, price: 2_600, variantId: null },
      { minQuantity: 100, price: 2_200, variantId: null },
    ]);
    expect(detail.packSize).toBe(100);
    const none = (await call("GET", `/api/products/${plain.id}`, null)).body;
    expect(none).toMatchObject({ priceBreaks: [], packSize: 1 });
  });
});

describe("prices by quantity at the checkout", () => {
  it("quotes and places the order at the break, with each line's net, VAT and gross exact and totals that add up", async () => {
    const p = await product();
    const q = await product();
    await setPriceBreaks(api.handle.db, p.id, null, LADDER);
    const cookie = await shopperCookie(api, "breaks-order");
    await setQuantity(cookie, p.id, 10); // 10 × 2,600 (its own break)
    await setQuantity(cookie, q.id, 11); // 11 × 2,910 (the shop's 3 %)
    const subtotal = 10 * 2_600 + 11 * 2_910;
    const quote = (await call("POST", "/api/checkout/quote", cookie, { region: "dar-es-salaam", method: "courier" })).body.quote;
    expect(quote).toMatchObject({ subtotal, deliveryFee: 5_000, total: subtotal + 5_000 });
    const placed = await call("POST", "/api/orders", cookie, { ...DAR_COURIER_ORDER, expectedTotal: quote.total }, { "idempotency-key": randomUUID() });
    expect(placed.status).toBe(201);
    const order = placed.body.order;
    expect(order).toMatchObject({ subtotal, total: subtotal + 5_000 });
    const byProduct = new Map(order.lines.map((l: Json) => [l.productId, l]));
    expect(byProduct.get(p.id)).toMatchObject({ quantity: 10, unitPrice: 2_600, gross: 26_000 });
    expect(byProduct.get(q.id)).toMatchObject({ quantity: 11, unitPrice: 2_910, gross: 32_010 });
    for (const line of order.lines) {
      expect(line.net + line.vat).toBe(line.gross);
      expect(line.net).toBe(Math.round((line.gross * 10_000) / 11_800));
    }
    const deliveryVat = 5_000 - Math.round((5_000 * 10_000) / 11_800);
    expect(order.vatTotal).toBe(order.lines.reduce((n: number, l: Json) => n + l.vat, 0) + deliveryVat);
    // the stored lines are the answer's, figure for figure
    const stored = await api.handle.db
      .select({ productId: orderLines.productId, unitPrice: orderLines.unitPrice, net: orderLines.net, vat: orderLines.vat, gross: orderLines.gross })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.number, order.number));
    expect(stored).toHaveLength(2);
    for (const row of stored) expect(byProduct.get(row.productId)).toMatchObject({ unitPrice: row.unitPrice, net: row.net, vat: row.vat, gross: row.gross });
  });

  it("refuses a total seen before a break applied (the quote moved), with the new quote", async () => {
    const p = await product();
    const cookie = await shopperCookie(api, "breaks-changed");
    await setQuantity(cookie, p.id, 12);
    const before = (await call("POST", "/api/checkout/quote", cookie, { region: "dar-es-salaam", method: "courier" })).body.quote;
    await setPriceBreaks(api.handle.db, p.id, null, [{ minQuantity: 12, price: 2_400 }]);
    const res = await call("POST", "/api/orders", cookie, { ...DAR_COURIER_ORDER, expectedTotal: before.total }, { "idempotency-key": randomUUID() });
    expect(res).toMatchObject({ status: 409, body: { code: "price-changed", quote: { subtotal: 12 * 2_400 } } });
  });
});

describe("an admin's prices by quantity", () => {
  const admin = () => adminCookie(api, "breaks");

  it("sets a ladder and a pack size, reads them back, and logs the change", async () => {
    const p = await product();
    const cookie = await admin();
    const body = { packSize: 100, ladders: [{ option: null, breaks: [...LADDER].reverse() }] };
    const res = await call("PUT", `/api/admin/products/${p.id}/pricing`, cookie, body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ packSize: 100, ladders: [{ option: null, breaks: LADDER }] });
    expect((await call("GET", `/api/admin/products/${p.id}/pricing`, cookie)).body).toEqual(res.body);
    const [event] = await api.handle.db
      .select({ detail: securityEvents.detail })
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.type, "admin-product-changed"),
          sql`${securityEvents.detail}->>'action' = 'pricing'`,
          sql`(${securityEvents.detail}->>'product')::int = ${p.id}`,
        ),
      );
    expect(event?.detail).toMatchObject({ before: { packSize: 1, ladders: [] }, after: { packSize: 100 } });
    // an empty list removes the ladders
    expect((await call("PUT", `/api/admin/products/${p.id}/pricing`, cookie, { packSize: 1, ladders: [] })).body).toEqual({ packSize: 1, ladders: [] });
  });

  it("refuses a bad ladder with 400 {error, code}, naming the break, and changes nothing", async () => {
    const p = await product();
    const cookie = await admin();
    await call("PUT", `/api/admin/products/${p.id}/pricing`, cookie, { packSize: 1, ladders: [{ option: null, breaks: LADDER }] });
    const refusals: [Json[], string, string][] = [
      [[{ minQuantity: 10, price: 3_000 }], "notBelowUnitPrice", "ladders.0.breaks.0"],
      [
        [
          { minQuantity: 10, price: 2_600 },
          { minQuantity: 100, price: 2_700 },
        ],
        "notDecreasing",
        "ladders.0.breaks.1",
      ],
      [
        [
          { minQuantity: 10, price: 2_600 },
          { minQuantity: 10, price: 2_500 },
        ],
        "duplicate",
        "ladders.0.breaks.1",
      ],
      [[{ minQuantity: 1, price: 2_000 }], "quantity", "ladders.0.breaks.0"],
      [[{ minQuantity: 5, price: 0 }], "price", "ladders.0.breaks.0"],
    ];
    for (const [breaks, reason, path] of refusals) {
      const res = await call("PUT", `/api/admin/products/${p.id}/pricing`, cookie, { packSize: 1, ladders: [{ option: null, breaks }] });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "validation", field: "priceBreaks", reason, problems: [{ path, problem: reason }] });
      expect(typeof res.body.error).toBe("string");
    }
    const shape = await call("PUT", `/api/admin/products/${p.id}/pricing`, cookie, {
      packSize: 1,
      ladders: [{ option: null, breaks: [{ minQuantity: 10, price: 2_600.5 }] }],
    });
    expect(shape).toMatchObject({ status: 400, body: { code: "invalid-input" } });
    const unknownOption = await call("PUT", `/api/admin/products/${p.id}/pricing`, cookie, {
      packSize: 1,
      ladders: [{ option: "colour:green", breaks: LADDER }],
    });
    expect(unknownOption).toMatchObject({ status: 400, body: { code: "validation", reason: "unknownOption" } });
    expect((await call("PUT", `/api/admin/products/${p.id}/pricing`, cookie, { packSize: 0, ladders: [] })).status).toBe(400);
    // the ladder set first is still there
    expect((await call("GET", `/api/admin/products/${p.id}/pricing`, cookie)).body).toEqual({ packSize: 1, ladders: [{ option: null, breaks: LADDER }] });
    expect((await call("PUT", `/api/admin/products/999999999/pricing`, cookie, { packSize: 1, ladders: [] })).status).toBe(404);
  });

  it("keeps an option's own ladder when the options are written again, and prices the option by it", async () => {
    const { id } = await product();
    const cookie = await admin();
    const stamp = randomUUID().slice(0, 8).toUpperCase();
    const plan = (stock: number) => ({
      type: "simple",
      axes: [{ name: "Value", values: ["10k", "4k7"] }],
      variants: [
        { attributes: { Value: "10k" }, sku: `PB-${stamp}-10K`, price: 1_000, stock },
        { attributes: { Value: "4k7" }, sku: `PB-${stamp}-4K7`, price: 1_200, stock },
      ],
      reason: "options for the price-break test",
    });
    const made = await call("PUT", `/api/admin/products/${id}/variants`, cookie, plan(500));
    expect(made.status).toBe(200);
    const [tenK, fourK7] = made.body.variants.map((v: Json) => v.combinationId) as [string, string];
    const set = await call("PUT", `/api/admin/products/${id}/pricing`, cookie, {
      packSize: 1,
      ladders: [
        { option: null, breaks: [{ minQuantity: 10, price: 950 }] },
        { option: fourK7, breaks: [{ minQuantity: 5, price: 1_100 }] },
      ],
    });
    expect(set.status).toBe(200);
    // a shared break is checked against the product's own price (the cheapest option's)
    const tooDear = await call("PUT", `/api/admin/products/${id}/pricing`, cookie, {
      packSize: 1,
      ladders: [{ option: null, breaks: [{ minQuantity: 10, price: 1_100 }] }],
    });
    expect(tooDear).toMatchObject({ status: 400, body: { code: "validation", reason: "notBelowUnitPrice" } });

    const shopper = await shopperCookie(api, "breaks-options");
    await call("POST", "/api/cart", shopper, { productId: id, variantId: tenK, quantity: 10 });
    await call("POST", "/api/cart", shopper, { productId: id, variantId: fourK7, quantity: 10 });
    const lines = async () => {
      const item = (await call("GET", "/api/cart", shopper)).body.items.find((i: Json) => i.productId === id);
      return new Map<string, Json>(item.variants.map((v: Json) => [v.variantId, v]));
    };
    const before = await lines();
    // 10k has no ladder of its own: the product's shared one; 4k7 its own (the shared one is not its)
    expect(before.get(tenK)).toMatchObject({ price: 950, pricing: { source: "product" } });
    expect(before.get(fourK7)).toMatchObject({ price: 1_100, pricing: { source: "product" } });

    // the options written again (another stock): the option's ladder follows its combination id
    expect((await call("PUT", `/api/admin/products/${id}/variants`, cookie, plan(400))).status).toBe(200);
    expect((await call("GET", `/api/admin/products/${id}/pricing`, cookie)).body.ladders).toEqual([
      { option: null, breaks: [{ minQuantity: 10, price: 950 }] },
      { option: fourK7, breaks: [{ minQuantity: 5, price: 1_100 }] },
    ]);
    expect((await lines()).get(fourK7)).toMatchObject({ price: 1_100 });
  });
});

describe("prices by quantity in the catalogue CSV", () => {
  it("exports a product's ladder and pack size, and an import of the columns sets them (the exported row back in changes nothing)", async () => {
    const p = await product();
    await setPriceBreaks(api.handle.db, p.id, null, LADDER);
    await api.handle.db.update(products).set({ packSize: 100 }).where(eq(products.id, p.id));
    const cookie = await adminCookie(api, "breaks-csv");
    const exported = await api.app.inject({ method: "GET", url: "/api/admin/products.csv", headers: { cookie } });
    expect(exported.statusCode).toBe(200);
    const rows = parse(exported.body, { columns: true }) as Record<string, string>[];
    const [{ sku }] = (await api.handle.db.select({ sku: products.sku }).from(products).where(eq(products.id, p.id))) as [{ sku: string }];
    const row = rows.find((r) => r.sku === sku)!;
    expect(row).toMatchObject({ pack_size: "100", price_breaks: "10:2600;100:2200" });

    const sheet = (text: string, dryRun: boolean) => {
      const form = multipartForm([{ name: "file", filename: "breaks.csv", type: "text/csv", data: text }]);
      return api.app.inject({
        method: "POST",
        url: `/api/admin/products/import?dryRun=${dryRun}`,
        headers: { ...form.headers, cookie },
        payload: form.payload,
      });
    };
    const back = (await sheet(`sku,pack_size,price_breaks\n${sku},${row.pack_size},${row.price_breaks}\n`, true)).json();
    expect(back.lines[0]).toMatchObject({ outcome: "unchanged" });
    const changed = await sheet(`sku,pack_size,price_breaks\n${sku},50,20:2500;200:2100\n`, false);
    expect(changed.statusCode).toBe(200);
    expect((await call("GET", `/api/admin/products/${p.id}/pricing`, cookie)).body).toEqual({
      packSize: 50,
      ladders: [
        {
          option: null,
          breaks: [
            { minQuantity: 20, price: 2_500 },
            { minQuantity: 200, price: 2_100 },
          ],
        },
      ],
    });
    const refused = (await sheet(`sku,price_breaks\n${sku},10:3100\n`, true)).json();
    expect(refused.lines[0]).toMatchObject({ outcome: "refused", problems: [{ column: "price_breaks" }] });
  });
});

describe("prices by quantity in the BOM matcher", () => {
  let client = 0;
  const match = async (text: string, quantity: number): Promise<Json> => {
    const res = await api.app.inject({
      method: "POST",
      url: "/api/bom/match",
      headers: { "content-type": "application/json" },
      remoteAddress: `10.88.0.${++client}`,
      payload: JSON.stringify({ lines: [{ text, quantity }] }),
    });
    expect(res.statusCode).toBe(200);
    return res.json().lines[0];
  };

  it("prices a matched line at the step its units reach, in packs where the product is sold in packs", async () => {
    // a part the demo catalogue sells without options (the sample BOM's NE555 timer)
    const first = await match("NE555 timer DIP-8", 1);
    expect(first.status).toBe("matched");
    expect(first.best.variant).toBeNull();
    const id = first.best.id as number;
    const [row] = await api.handle.db.select({ price: products.price, packSize: products.packSize }).from(products).where(eq(products.id, id));
    const price = row!.price;
    const seeded = ((await priceBreaksOf(api.handle.db, [id])).get(id) ?? []).filter((b) => b.variantId === null);
    const [ten, hundred] = [Math.floor(price * 0.9), Math.floor(price * 0.8)];
    await setPriceBreaks(api.handle.db, id, null, [
      { minQuantity: 10, price: ten },
      { minQuantity: 100, price: hundred },
    ]);
    try {
      // without a pack size of its own, the pieces a unit holds are what its name says (the NE555's "pack of 5")
      await api.handle.db.update(products).set({ packSize: 1 }).where(eq(products.id, id));
      const named = first.best.packSize as number;
      expect((await match("NE555 timer DIP-8", 9 * named)).best).toMatchObject({ id, units: 9, price, pricing: { source: "product" } });
      expect((await match("NE555 timer DIP-8", 10 * named)).best).toMatchObject({ id, units: 10, price: ten });
      // sold in tens: 1,000 pieces are 100 units, at the 100+ step
      await api.handle.db.update(products).set({ packSize: 10 }).where(eq(products.id, id));
      expect((await match("NE555 timer DIP-8", 1_000)).best).toMatchObject({ id, packSize: 10, units: 100, price: hundred });
    } finally {
      await api.handle.db.update(products).set({ packSize: row!.packSize }).where(eq(products.id, id));
      await setPriceBreaks(api.handle.db, id, null, seeded);
    }
  });
});
