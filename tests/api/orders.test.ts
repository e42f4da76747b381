import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, orderEvents, orderLines, orders, payments, productVariants, products, securityEvents } from "../../src/server/db/schema";
import { setupApi, shopperCookie, adminCookie as adminCookieOf, apiClient } from "./harness";
import { DAR_COURIER_ORDER } from "../fixtures/orders";
import { DEFAULT_SITE_SETTINGS } from "../../src/lib/site-settings";
import { saveSiteSettings } from "../../src/server/settings/settings";

const api = setupApi();
let picked = 0;

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const { call } = apiClient<Json>(api);

/** A product without options, with its stock and delivery flags set for the test. */
async function product(stock: number, flags: { freeDelivery?: boolean; sameDayDelivery?: boolean } = {}) {
  const [p] = await api.handle.db
    .select({ id: products.id, price: products.price })
    .from(products)
    .where(sql`not exists (select 1 from product_variants v where v.product_id = ${products.id}) and price between 1000 and 90000`)
    .orderBy(products.id)
    .offset(picked++)
    .limit(1);
  await api.handle.db
    .update(products)
    .set({ stockQuantity: stock, freeDelivery: flags.freeDelivery ?? false, sameDayDelivery: flags.sameDayDelivery ?? false })
    .where(eq(products.id, p!.id));
  return p!;
}

async function stockOf(productId: number): Promise<number> {
  const [row] = await api.handle.db.select({ stock: products.stockQuantity }).from(products).where(eq(products.id, productId));
  return row!.stock;
}

async function addToCart(cookie: string, productId: number, quantity = 1, variantId = "default") {
  const res = await call("POST", "/api/cart", cookie, { productId, variantId, quantity });
  expect(res.status).toBe(200);
}

const darCourier = DAR_COURIER_ORDER;

function checkout(cookie: string, body: Json, key: string = randomUUID()) {
  return call("POST", "/api/orders", cookie, body, { "idempotency-key": key });
}

const adminCookie = () => adminCookieOf(api, "orders");

describe("placing an order", () => {
  it("needs a signed-in shopper, a cart and an Idempotency-Key", async () => {
    expect((await checkout("", darCourier)).status).toBe(401);
    const cookie = await shopperCookie(api, "orders");
    expect((await call("POST", "/api/orders", cookie, darCourier)).body.code).toBe("invalid-input");
    expect((await checkout(cookie, darCourier)).body.code).toBe("cart-empty");
  });

  it("re-reads prices, stores net, VAT and gross per line at the Mainland rate, decrements stock and empties the cart", async () => {
    const cookie = await shopperCookie(api, "orders");
    const a = await product(10);
    const b = await product(5);
    await addToCart(cookie, a.id, 2);
    await addToCart(cookie, b.id, 1);
    const res = await checkout(cookie, darCourier);
    expect(res.status).toBe(201);
    const order = res.body.order;
    expect(order.number).toMatch(/^KE-\d{4}-\d{6}$/);
    expect(order.status).toBe("awaiting_payment");
    expect(order.phone).toBe("+255754123456");
    const subtotal = 2 * a.price + b.price;
    expect(order).toMatchObject({ subtotal, deliveryFee: 5000, total: subtotal + 5000, vatZone: "mainland", currency: "TZS" });
    for (const line of order.lines) {
      expect(line.vatRateBp).toBe(1800);
      expect(line.net + line.vat).toBe(line.gross);
      expect(line.vat).toBe(line.gross - Math.round((line.gross * 100) / 118));
    }
    const deliveryVat = 5000 - Math.round((5000 * 100) / 118);
    expect(order.vatTotal).toBe(order.lines.reduce((n: number, l: Json) => n + l.vat, 0) + deliveryVat);
    expect(await stockOf(a.id)).toBe(8);
    expect(await stockOf(b.id)).toBe(4);
    expect((await call("GET", "/api/cart", cookie)).body.totals.total_items).toBe(0);
    expect(order.events.map((e: Json) => e.status)).toEqual(["awaiting_payment"]);
    // the address is saved and comes back first
    const saved = (await call("GET", "/api/account/addresses", cookie)).body.addresses;
    expect(saved[0]).toMatchObject({ region: "dar-es-salaam", district: "Kinondoni", phone: "+255754123456" });
  });

  it("charges Zanzibar's VAT rate to a Zanzibar address, and the region's parcel fee", async () => {
    const cookie = await shopperCookie(api, "orders");
    const a = await product(3);
    await addToCart(cookie, a.id, 1);
    const res = await checkout(cookie, {
      ...darCourier,
      delivery: { method: "parcel", region: "urban-west", district: "Mjini", parcelOffice: "Malindi port office" },
    });
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({ vatZone: "zanzibar", deliveryFee: 15000, total: a.price + 15000 });
    expect(res.body.order.delivery).toMatchObject({ method: "parcel", parcelOffice: "Malindi port office" });
    expect(res.body.order.lines[0].vatRateBp).toBe(1500);
  });

  it("offers delivery by the rules of the settings: free courier when every line is free-delivery, pick-up free, no courier upcountry", async () => {
    const cookie = await shopperCookie(api, "orders");
    const free = await product(4, { freeDelivery: true, sameDayDelivery: true });
    await addToCart(cookie, free.id, 1);
    const dar = (await call("POST", "/api/checkout/quote", cookie, { region: "dar-es-salaam", method: "courier" })).body.quote;
    expect(dar.options.find((o: Json) => o.method === "courier")).toMatchObject({ fee: 0, available: true });
    expect(dar.options.find((o: Json) => o.method === "parcel")).toMatchObject({ available: false, unavailable: "inside-courier-area" });
    expect(dar).toMatchObject({ deliveryFee: 0, total: free.price });
    const arusha = (await call("POST", "/api/checkout/quote", cookie, { region: "arusha", method: "courier" })).body.quote;
    expect(arusha.method).toBeNull();
    expect(arusha.options.find((o: Json) => o.method === "parcel")).toMatchObject({ fee: 12000, available: true });
    const refused = await checkout(cookie, { ...darCourier, delivery: { ...darCourier.delivery, region: "arusha", district: "Arusha City" } });
    expect(refused).toMatchObject({ status: 400, body: { code: "validation", field: "delivery" } });
    const pickup = await checkout(cookie, { ...darCourier, delivery: { method: "pickup" } });
    expect(pickup.body.order).toMatchObject({ deliveryFee: 0, vatZone: "mainland", total: free.price });
  });

  it("offers same day only when every line allows it and before the cut-off", async () => {
    const cookie = await shopperCookie(api, "orders");
    const fast = await product(4, { sameDayDelivery: true });
    const slow = await product(4, { sameDayDelivery: false });
    await addToCart(cookie, fast.id, 1);
    const settings = await api.services.settings.get();
    const sameDay = async () =>
      (await call("POST", "/api/checkout/quote", cookie, { region: "dar-es-salaam", method: "same_day" })).body.quote.options.find(
        (o: Json) => o.method === "same_day",
      );
    try {
      await api.services.settings.save({ delivery: { ...settings.delivery, sameDay: { ...settings.delivery.sameDay, cutoff: "23:59" } } });
      expect(await sameDay()).toMatchObject({ available: true, fee: 10000 });
      await addToCart(cookie, slow.id, 1);
      expect(await sameDay()).toMatchObject({ available: false, unavailable: "not-every-line" });
      await call("POST", "/api/cart", cookie, undefined);
      await api.services.settings.save({ delivery: { ...settings.delivery, sameDay: { ...settings.delivery.sameDay, cutoff: "00:00" } } });
      expect(await sameDay()).toMatchObject({ available: false });
    } finally {
      await api.services.settings.save({ delivery: settings.delivery });
    }
  });

  it("refuses a bad phone, an unknown region and a wallet the shop does not take, with the field named", async () => {
    const cookie = await shopperCookie(api, "orders");
    await addToCart(cookie, (await product(3)).id, 1);
    expect((await checkout(cookie, { ...darCourier, phone: "0222 123 456" })).body).toMatchObject({ code: "validation", field: "phone" });
    expect((await checkout(cookie, { ...darCourier, delivery: { ...darCourier.delivery, region: "nairobi" } })).body).toMatchObject({
      code: "validation",
      field: "region",
    });
    expect((await checkout(cookie, { ...darCourier, payment: { method: "mobile_money", wallet: "PayPal" } })).body).toMatchObject({
      code: "validation",
      field: "wallet",
    });
    expect((await checkout(cookie, { ...darCourier, fullName: "Asha\u0007" })).body.code).toBe("invalid-input");
    expect((await checkout(cookie, { ...darCourier, buyerTin: "12345" })).body).toMatchObject({ code: "validation", field: "buyerTin" });
    expect((await checkout(cookie, { ...darCourier, buyerTin: "TIN-123-456-789" })).body).toMatchObject({ code: "validation", field: "buyerTin" });
    // a method the settings leave out is refused, not only hidden from the page
    await saveSiteSettings(api.handle.db, { paymentSettings: { ...DEFAULT_SITE_SETTINGS.paymentSettings, methods: ["mobile_money"] } });
    try {
      expect((await checkout(cookie, darCourier)).body).toMatchObject({ code: "validation", field: "payment" });
    } finally {
      await saveSiteSettings(api.handle.db, { paymentSettings: DEFAULT_SITE_SETTINGS.paymentSettings });
    }
  });

  it("keeps a buyer's TIN as TRA prints it, and offers that buyer a pro-forma invoice for mobile money too", async () => {
    const cookie = await shopperCookie(api, "orders");
    await addToCart(cookie, (await product(3)).id, 1);
    const placed = await checkout(cookie, { ...darCourier, payment: { method: "mobile_money", wallet: "M-Pesa" }, buyerTin: "123 456 789" });
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({ buyerTin: "123-456-789", invoice: "proforma" });
  });

  it("refuses with the new total when a price changed since the shopper saw it", async () => {
    const cookie = await shopperCookie(api, "orders");
    const a = await product(3);
    await addToCart(cookie, a.id, 1);
    const res = await checkout(cookie, { ...darCourier, expectedTotal: a.price + 5000 - 1 });
    expect(res).toMatchObject({ status: 409, body: { code: "price-changed", quote: { total: a.price + 5000 } } });
    expect(await stockOf(a.id)).toBe(3);
    expect((await checkout(cookie, { ...darCourier, expectedTotal: a.price + 5000 })).status).toBe(201);
  });

  it("answers a repeated submit with the same order, once, and refuses the key with another request", async () => {
    const cookie = await shopperCookie(api, "orders");
    const a = await product(5);
    await addToCart(cookie, a.id, 2);
    const key = randomUUID();
    const [first, second] = await Promise.all([checkout(cookie, darCourier, key), checkout(cookie, darCourier, key)]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(first.body.order.number).toBe(second.body.order.number);
    expect(await stockOf(a.id)).toBe(3);
    const again = await checkout(cookie, darCourier, key);
    expect(again).toMatchObject({ status: 200, body: { order: { number: first.body.order.number } } });
    expect((await checkout(cookie, { ...darCourier, fullName: "Someone Else" }, key)).body.code).toBe("idempotency-conflict");
    const [count] = await api.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.idempotencyKey, key));
    expect(count!.n).toBe(1);
  });

  it("sells the last unit once when 20 shoppers order it at the same moment", async () => {
    const last = await product(1);
    const cookies = await Promise.all(Array.from({ length: 20 }, () => shopperCookie(api, "race")));
    for (const cookie of cookies) await addToCart(cookie, last.id, 1);
    const results = await Promise.all(cookies.map((cookie) => checkout(cookie, darCourier)));
    const placed = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 409);
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.body).toMatchObject({ code: "out-of-stock", lines: [{ productId: last.id, available: 0 }] });
    expect(await stockOf(last.id)).toBe(0);
  });

  it("decrements a variant's own stock and the product's", async () => {
    const [variant] = await api.handle.db
      .select({ productId: productVariants.productId, combinationId: productVariants.combinationId })
      .from(productVariants)
      .orderBy(productVariants.id)
      .limit(1);
    await api.handle.db
      .update(productVariants)
      .set({ stock: 4 })
      .where(sql`${productVariants.productId} = ${variant!.productId} and ${productVariants.combinationId} = ${variant!.combinationId}`);
    await api.handle.db.update(products).set({ stockQuantity: 40 }).where(eq(products.id, variant!.productId));
    const cookie = await shopperCookie(api, "orders");
    await addToCart(cookie, variant!.productId, 3, variant!.combinationId);
    expect((await checkout(cookie, darCourier)).status).toBe(201);
    const [after] = await api.handle.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(sql`${productVariants.productId} = ${variant!.productId} and ${productVariants.combinationId} = ${variant!.combinationId}`);
    expect(after!.stock).toBe(1);
    expect(await stockOf(variant!.productId)).toBe(37);
  });
});

describe("an order after placing", () => {
  it("is listed newest first, readable only by its shopper, cancellable while unpaid with its stock returned", async () => {
    const cookie = await shopperCookie(api, "orders");
    const other = await shopperCookie(api, "orders");
    const a = await product(6);
    await addToCart(cookie, a.id, 2);
    const first = (await checkout(cookie, darCourier)).body.order;
    await addToCart(cookie, a.id, 1);
    const second = (await checkout(cookie, darCourier)).body.order;
    const list = (await call("GET", "/api/orders", cookie)).body.orders;
    expect(list.map((o: Json) => o.number)).toEqual([second.number, first.number]);
    expect(list[1]).toMatchObject({ status: "awaiting_payment", total: first.total, itemCount: 2 });
    expect((await call("GET", `/api/orders/${first.number}`, other)).status).toBe(404);
    expect((await call("POST", `/api/orders/${first.number}/cancel`, other)).status).toBe(404);
    expect(await stockOf(a.id)).toBe(3);
    const cancelled = await call("POST", `/api/orders/${first.number}/cancel`, cookie);
    expect(cancelled.body.order).toMatchObject({ status: "cancelled", canCancel: false });
    expect(await stockOf(a.id)).toBe(5);
    expect((await call("POST", `/api/orders/${first.number}/cancel`, cookie)).body.code).toBe("invalid-state");
  });

  it("is cancelled with its stock released once its hold ends unpaid", async () => {
    const cookie = await shopperCookie(api, "orders");
    const a = await product(2);
    await addToCart(cookie, a.id, 2);
    const order = (await checkout(cookie, darCourier)).body.order;
    expect(new Date(order.holdUntil).getTime() - Date.now()).toBeGreaterThan(71 * 3600_000);
    expect(await stockOf(a.id)).toBe(0);
    await api.handle.db
      .update(orders)
      .set({ holdUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.number, order.number));
    expect(await api.services.orders.expireDue()).toBeGreaterThanOrEqual(1);
    const after = (await call("GET", `/api/orders/${order.number}`, cookie)).body.order;
    expect(after.status).toBe("cancelled");
    expect(after.events.at(-1)).toMatchObject({ status: "cancelled", actor: "system", note: "not-paid-in-time" });
    expect(await stockOf(a.id)).toBe(2);
  });
});

describe("an unpaid order with a payment still pending at the provider", () => {
  it("gets a grace period past its hold before it is cancelled", async () => {
    const cookie = await shopperCookie(api, "orders");
    await addToCart(cookie, (await product(2)).id, 1);
    const order = (await checkout(cookie, darCourier)).body.order;
    const [row] = await api.handle.db.select({ id: orders.id }).from(orders).where(eq(orders.number, order.number));
    await api.handle.db.insert(payments).values({
      orderId: row!.id,
      provider: "sandbox",
      reference: `T${randomUUID().replace(/-/g, "")}`,
      method: "mobile_money",
      amount: order.total,
      currency: "TZS",
    });
    await api.handle.db
      .update(orders)
      .set({ holdUntil: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, row!.id));
    await api.services.orders.expireDue();
    expect((await call("GET", `/api/orders/${order.number}`, cookie)).body.order.status).toBe("awaiting_payment");
    await api.handle.db
      .update(orders)
      .set({ holdUntil: new Date(Date.now() - 11 * 60_000) })
      .where(eq(orders.id, row!.id));
    await api.services.orders.expireDue();
    const after = (await call("GET", `/api/orders/${order.number}`, cookie)).body.order;
    expect(after.status).toBe("cancelled");
    expect(after.payment.status).toBe("cancelled");
  });
});

describe("tracking an order", () => {
  it("shows the timeline for the number with its e-mail or phone, and one same answer otherwise", async () => {
    const cookie = await shopperCookie(api, "track");
    await addToCart(cookie, (await product(3)).id, 1);
    const order = (await checkout(cookie, darCourier)).body.order;
    const byEmail = await call("POST", "/api/tracking", null, { number: order.number, contact: order.email.toUpperCase() });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.tracking).toEqual({
      number: order.number,
      status: "awaiting_payment",
      test: false,
      events: [{ at: expect.any(String), status: "awaiting_payment" }],
    });
    expect(JSON.stringify(byEmail.body)).not.toContain("Asha");
    expect((await call("POST", "/api/tracking", null, { number: order.number.toLowerCase(), contact: "+255 754 123 456" })).status).toBe(200);
    const wrong = await call("POST", "/api/tracking", null, { number: order.number, contact: "someone@example.com" });
    const missing = await call("POST", "/api/tracking", null, { number: "KE-2026-999999", contact: order.email });
    expect({ status: wrong.status, body: wrong.body }).toEqual({ status: missing.status, body: missing.body });
    expect(wrong.status).toBe(404);
  });

  /** A lookup from a given client address. */
  const trackFrom = async (ip: string, number: string, contact: string) => {
    const res = await api.app.inject({
      method: "POST",
      url: "/api/tracking",
      remoteAddress: ip,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ number, contact }),
    });
    return { status: res.statusCode, body: res.json() as Json, retryAfter: Number(res.headers["retry-after"]) };
  };
  let clients = 0;
  /** a fresh client address per use, so one test's failures never reach another's */
  const freshAddress = () => `10.31.${process.pid % 250}.${(clients++ % 250) + 1}`;
  const placedOrder = async () => {
    const cookie = await shopperCookie(api, "track");
    await addToCart(cookie, (await product(3)).id, 1);
    return (await checkout(cookie, darCourier)).body.order as Json;
  };

  it("limits a client guessing many order numbers, across orders, and counts only its failed lookups", async () => {
    const order = await placedOrder();
    const guesser = freshAddress();
    // right lookups from the same client do not count
    for (let i = 0; i < 5; i++) expect((await trackFrom(guesser, order.number, order.email)).status).toBe(200);
    const year = order.number.split("-")[1];
    for (let i = 0; i < 20; i++) {
      const guess = await trackFrom(guesser, `KE-${year}-${String(900000 + i).padStart(6, "0")}`, "someone@example.com");
      expect(guess.status, `guess ${i + 1}`).toBe(404);
    }
    const limited = await trackFrom(guesser, `KE-${year}-900099`, "someone@example.com");
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: "rate-limited", reason: "trackingClientLimited" });
    expect(limited.retryAfter).toBeGreaterThan(0);
    expect(limited.retryAfter).toBeLessThanOrEqual(15 * 60);
    // the guessing client is refused even a right lookup (else its answers would still tell right from wrong)...
    expect((await trackFrom(guesser, order.number, order.email)).status).toBe(429);
    // ...and nobody else is: the order answers its owner from another address
    expect((await trackFrom(freshAddress(), order.number, order.email)).status).toBe(200);
  });

  it("keeps answering an order's owner after many wrong guesses at it from many addresses, and slows the guessers", async () => {
    const order = await placedOrder();
    // 30 wrong contacts from 30 addresses (the old per-number limit locked the order after 10)
    for (let i = 0; i < 30; i++) expect((await trackFrom(freshAddress(), order.number, `guess${i}@example.com`)).status).toBe(404);
    // the owner, by e-mail and by phone, from their own address
    const owner = freshAddress();
    expect((await trackFrom(owner, order.number, order.email)).status).toBe(200);
    expect((await trackFrom(owner, order.number, "+255 754 123 456")).status).toBe(200);
    // an owner who mistyped once or twice is still heard
    const typist = freshAddress();
    expect((await trackFrom(typist, order.number, "typo@example.com")).status).toBe(404);
    expect((await trackFrom(typist, order.number, order.email)).status).toBe(200);
    // a client with a run of failures waits while the order is being guessed; a right contact from it waits too (no oracle)
    const guesser = freshAddress();
    for (let i = 0; i < 3; i++) expect((await trackFrom(guesser, order.number, `more${i}@example.com`)).status).toBe(404);
    const slowed = await trackFrom(guesser, order.number, "more3@example.com");
    expect(slowed.status).toBe(429);
    expect(slowed.body).toMatchObject({ code: "rate-limited", reason: "trackingOrderGuessed" });
    expect(slowed.retryAfter).toBeGreaterThan(0);
    expect((await trackFrom(guesser, order.number, order.email)).status).toBe(429);
    // an order number without an order is treated the same way (the answers must not tell them apart)
    const year = order.number.split("-")[1];
    const unknown = `KE-${year}-999998`;
    for (let i = 0; i < 10; i++) expect((await trackFrom(freshAddress(), unknown, `x${i}@example.com`)).status).toBe(404);
    const another = freshAddress();
    for (let i = 0; i < 3; i++) expect((await trackFrom(another, unknown, `y${i}@example.com`)).status).toBe(404);
    expect((await trackFrom(another, unknown, "y3@example.com")).body).toMatchObject({ reason: "trackingOrderGuessed" });
  });

  it("locks nothing for everyone: a guessed order still hears a new client, right or wrong", async () => {
    const order = await placedOrder();
    for (let i = 0; i < 40; i++) await trackFrom(freshAddress(), order.number, `guess${i}@example.com`);
    const wrong = await trackFrom(freshAddress(), order.number, "stranger@example.com");
    const missing = await trackFrom(freshAddress(), "KE-2026-999997", order.email);
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual(missing.body);
    expect((await trackFrom(freshAddress(), order.number, order.email)).body.tracking).toMatchObject({ number: order.number });
  });
});

describe("the admin's orders", () => {
  it("lists and finds orders, marks a bank transfer paid, ships it and the shopper's timeline follows; every action is logged", async () => {
    const shopper = await shopperCookie(api, "orders");
    await addToCart(shopper, (await product(3)).id, 1);
    const order = (await checkout(shopper, darCourier)).body.order;
    const admin = await adminCookie();
    expect((await call("GET", "/api/admin/orders", shopper)).status).toBe(403);
    const found = (await call("GET", `/api/admin/orders?q=${order.number.slice(-6)}&status=awaiting_payment`, admin)).body;
    expect(found.orders.map((o: Json) => o.number)).toContain(order.number);
    const detail = (await call("GET", `/api/admin/orders/${order.number}`, admin)).body.order;
    expect(detail.actions).toEqual(["mark-paid", "cancel"]);
    expect((await call("POST", `/api/admin/orders/${order.number}/ship`, admin, {})).body.code).toBe("invalid-state");
    const paid = (await call("POST", `/api/admin/orders/${order.number}/mark-paid`, admin, {})).body.order;
    expect(paid).toMatchObject({ status: "paid", actions: ["processing", "ship", "cancel"] });
    expect((await call("POST", `/api/admin/orders/${order.number}/ship`, admin, { carrier: "Kilima Express" })).body).toMatchObject({
      code: "validation",
      field: "trackingNumber",
    });
    const shipped = (await call("POST", `/api/admin/orders/${order.number}/ship`, admin, { carrier: "Kilima Express", trackingNumber: "KX-1234" })).body.order;
    expect(shipped).toMatchObject({ status: "shipped", carrier: "Kilima Express", trackingNumber: "KX-1234" });
    const mine = (await call("GET", `/api/orders/${order.number}`, shopper)).body.order;
    expect(mine.events.map((e: Json) => e.status)).toEqual(["awaiting_payment", "paid", "shipped"]);
    // paid: a receipt (not a fiscal one: no fiscal device confirmed it), and the invoice a bank transfer has after payment;
    // a bank transfer confirmed by an admin is real money, not a test order; every step: the shopper's e-mail, in the outbox
    expect(mine.receipt).toMatchObject({ number: expect.any(String), fiscal: false, verificationCode: null, test: false });
    expect(mine).toMatchObject({ test: false, invoice: "invoice" });
    const mails = await api.handle.db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.recipient, order.email));
    expect(mails.map((m) => m.kind).sort()).toEqual(["order-paid", "order-placed", "order-shipped"]);
    const logged = await api.handle.db
      .select({ detail: securityEvents.detail })
      .from(securityEvents)
      .where(sql`${securityEvents.type} = 'admin-order-action' and ${securityEvents.detail}->>'order' = ${order.number}`);
    expect(logged.map((e) => (e.detail as Json).action).sort()).toEqual(["mark-paid", "ship"]);
  });

  it("names the admin on every order action in the security log (processing, ship, deliver), as price changes do", async () => {
    const shopper = await shopperCookie(api, "orders");
    await addToCart(shopper, (await product(3)).id, 1);
    const order = (await checkout(shopper, darCourier)).body.order;
    const admin = await adminCookie();
    const { id: adminId, email: adminEmail } = (await call("GET", "/api/auth/session", admin)).body.user;
    for (const [action, body] of [
      ["mark-paid", {}],
      ["processing", {}],
      ["ship", { carrier: "Kilima Express", trackingNumber: "KX-5678" }],
      ["deliver", {}],
    ] as const) {
      expect((await call("POST", `/api/admin/orders/${order.number}/${action}`, admin, body)).status, action).toBe(200);
    }
    const logged = await api.handle.db
      .select({ userId: securityEvents.userId, email: securityEvents.email, detail: securityEvents.detail })
      .from(securityEvents)
      .where(sql`${securityEvents.type} = 'admin-order-action' and ${securityEvents.detail}->>'order' = ${order.number}`)
      .orderBy(securityEvents.id);
    expect(logged.map((e) => (e.detail as Json).action)).toEqual(["mark-paid", "processing", "ship", "deliver"]);
    for (const event of logged) {
      expect(event).toMatchObject({ userId: adminId, email: adminEmail, detail: { by: adminEmail } });
    }
    // and the security log, filtered by the admin's address, lists them
    const view = (await call("GET", `/api/admin/security/events?type=admin-order-action&account=${encodeURIComponent(adminEmail)}`, admin)).body;
    expect(view.events.filter((e: Json) => e.detail?.order === order.number)).toHaveLength(4);
  });

  it("cancels a paid order with its stock returned, then records the refund", async () => {
    const shopper = await shopperCookie(api, "orders");
    const a = await product(3);
    await addToCart(shopper, a.id, 2);
    const order = (await checkout(shopper, darCourier)).body.order;
    const admin = await adminCookie();
    const sales = async () => (await api.handle.db.select({ n: products.salesCount }).from(products).where(eq(products.id, a.id)))[0]!.n;
    const before = await sales();
    await call("POST", `/api/admin/orders/${order.number}/mark-paid`, admin, {});
    // a reservation is not a sale; a paid order is, until it is cancelled
    expect(await sales()).toBe(before + 2);
    const cancelled = (await call("POST", `/api/admin/orders/${order.number}/cancel`, admin, { note: "Customer asked by phone" })).body.order;
    expect(cancelled).toMatchObject({ status: "cancelled", actions: ["refund"] });
    expect(await stockOf(a.id)).toBe(3);
    expect(await sales()).toBe(before);
    expect((await call("POST", `/api/admin/orders/${order.number}/refund`, admin, {})).body.order.status).toBe("refunded");
    const events = await api.handle.db.select().from(orderEvents).innerJoin(orders, eq(orders.id, orderEvents.orderId)).where(eq(orders.number, order.number));
    expect(events.map((e) => e.order_events.status)).toEqual(["awaiting_payment", "paid", "cancelled", "refunded"]);
    const lines = await api.handle.db.select().from(orderLines).innerJoin(orders, eq(orders.id, orderLines.orderId)).where(eq(orders.number, order.number));
    expect(lines).toHaveLength(1);
  });
});

describe("paying an order by mobile money (the built-in sandbox)", () => {
  const mobile = { ...darCourier, payment: { method: "mobile_money", wallet: "M-Pesa", phone: "0684 000 111" } };

  it("pushes the payment at placement; confirming it on the sandbox page pays the order, with its receipt", async () => {
    const cookie = await shopperCookie(api, "pay");
    const a = await product(4);
    await addToCart(cookie, a.id, 1);
    const placed = await checkout(cookie, mobile);
    expect(placed.status).toBe(201);
    expect(placed.body.payment).toMatchObject({ status: "pending", next: "ussd-push", sandboxUrl: expect.stringContaining("/payments/sandbox/") });
    expect(placed.body.order).toMatchObject({
      wallet: "M-Pesa",
      paymentPhone: "+255684000111",
      payment: { status: "pending", amount: placed.body.order.total },
    });
    // the browser saying "paid" counts for nothing: only the provider's verified word does
    const reference = placed.body.payment.reference;
    expect((await call("POST", `/api/payments/sandbox/${reference}/confirm`, await shopperCookie(api, "pay"))).status).toBe(404);
    expect((await call("POST", `/api/payments/sandbox/${reference}/confirm`, cookie, {})).status).toBe(200);
    const paid = (await call("GET", `/api/orders/${placed.body.order.number}`, cookie)).body.order;
    expect(paid).toMatchObject({ status: "paid", payment: { status: "paid" }, receipt: { number: expect.any(String) } });
    // a repeated submit neither places nor charges again
    const again = await call("POST", "/api/orders", cookie, mobile, { "idempotency-key": "x".repeat(16) });
    expect(again.body.code).toBe("cart-empty");
  });

  it("is a test order wherever it is shown; shipping it answers 409 confirmation-required unless the admin confirms", async () => {
    const cookie = await shopperCookie(api, "pay");
    await addToCart(cookie, (await product(4)).id, 1);
    const placed = await checkout(cookie, mobile);
    await call("POST", `/api/payments/sandbox/${placed.body.payment.reference}/confirm`, cookie, {});
    const number = placed.body.order.number;
    const mine = (await call("GET", `/api/orders/${number}`, cookie)).body.order;
    expect(mine).toMatchObject({ status: "paid", test: true, receipt: { number: `TEST-${number}`, test: true, fiscal: false, verificationCode: null } });
    expect((await call("GET", "/api/orders", cookie)).body.orders.find((o: Json) => o.number === number)).toMatchObject({ test: true });
    expect((await call("POST", "/api/tracking", null, { number, contact: mine.email })).body.tracking).toMatchObject({ number, test: true });
    const admin = await adminCookie();
    expect((await call("GET", `/api/admin/orders?q=${number}`, admin)).body.orders).toEqual([expect.objectContaining({ number, test: true })]);
    expect((await call("GET", `/api/admin/orders/${number}`, admin)).body.order).toMatchObject({ test: true, actions: ["processing", "ship", "cancel"] });

    const refused = await call("POST", `/api/admin/orders/${number}/ship`, admin, { carrier: "DHL", trackingNumber: "DHL-778899" });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "confirmation-required", reason: "testOrder", error: expect.stringContaining("test order") });
    expect((await call("GET", `/api/orders/${number}`, cookie)).body.order.status).toBe("paid");
    // not a flag that is merely present: it must say true
    expect(
      (await call("POST", `/api/admin/orders/${number}/ship`, admin, { carrier: "DHL", trackingNumber: "DHL-778899", confirmTestOrder: false })).status,
    ).toBe(409);
    // preparing it hands nothing over
    expect((await call("POST", `/api/admin/orders/${number}/processing`, admin, {})).status).toBe(200);

    const shipped = await call("POST", `/api/admin/orders/${number}/ship`, admin, { carrier: "DHL", trackingNumber: "DHL-778899", confirmTestOrder: true });
    expect(shipped.status).toBe(200);
    expect(shipped.body.order).toMatchObject({ status: "shipped", test: true });
    const logged = await api.handle.db
      .select({ detail: securityEvents.detail })
      .from(securityEvents)
      .where(
        sql`${securityEvents.type} = 'admin-order-action' and ${securityEvents.detail}->>'order' = ${number} and ${securityEvents.detail}->>'action' = 'ship'`,
      );
    expect(logged.map((e) => e.detail)).toEqual([expect.objectContaining({ testOrder: true })]);
  });

  it("keeps a declined order open for another try, with another number", async () => {
    const cookie = await shopperCookie(api, "pay");
    await addToCart(cookie, (await product(4)).id, 1);
    const placed = await checkout(cookie, mobile);
    await call("POST", `/api/payments/sandbox/${placed.body.payment.reference}/decline`, cookie, {});
    const declined = (await call("GET", `/api/orders/${placed.body.order.number}`, cookie)).body.order;
    expect(declined).toMatchObject({ status: "awaiting_payment", payment: { status: "failed" } });
    const retry = await call("POST", `/api/orders/${placed.body.order.number}/pay`, cookie, { wallet: "Airtel Money", phone: "0784 555 666" });
    expect(retry.body.payment).toMatchObject({ status: "pending", next: "ussd-push" });
    expect(retry.body.payment.reference).not.toBe(placed.body.payment.reference);
    await call("POST", `/api/payments/sandbox/${retry.body.payment.reference}/confirm`, cookie, {});
    expect((await call("GET", `/api/orders/${placed.body.order.number}`, cookie)).body.order).toMatchObject({
      status: "paid",
      wallet: "Airtel Money",
      paymentPhone: "+255784555666",
    });
  });
});
