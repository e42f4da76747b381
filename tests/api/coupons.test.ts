import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { splitVat } from "../../src/lib/checkout";
import { openSession } from "../../src/server/auth/sessions";
import { coinEntries, couponRedemptions, coupons, orderLines, orders, products, users, userTwoFactor } from "../../src/server/db/schema";
import { spendCoins } from "../../src/server/rewards/ledger";
import { setupApi, apiClient } from "./harness";

const api = setupApi();
let picked = 0;

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const { call } = apiClient<Json>(api);

async function shopper(role: "user" | "admin" = "user"): Promise<{ id: number; cookie: string }> {
  const [user] = await api.handle.db
    .insert(users)
    .values({ email: `coupons-${randomUUID()}@example.co.tz`, fullName: "Neema Kweka", passwordHash: "scrypt$x", role, emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  if (role === "admin") await api.handle.db.insert(userTwoFactor).values({ userId: user!.id, secret: "JBSWY3DPEHPK3PXP", enabledAt: new Date() });
  const { token } = await openSession(api.handle.db, user!.id, false, 30, {});
  return { id: user!.id, cookie: `sid=${token}` };
}

/** A product without options (from the dearer end of the catalogue, apart from the orders tests' picks), with stock. */
async function product(stock = 50) {
  const [p] = await api.handle.db
    .select({ id: products.id, price: products.price })
    .from(products)
    .where(sql`not exists (select 1 from product_variants v where v.product_id = ${products.id}) and price between 3000 and 90000`)
    .orderBy(sql`${products.id} desc`)
    .offset(picked++)
    .limit(1);
  await api.handle.db.update(products).set({ stockQuantity: stock, freeDelivery: false, sameDayDelivery: false }).where(eq(products.id, p!.id));
  return p!;
}

async function addToCart(cookie: string, productId: number, quantity = 1) {
  expect((await call("POST", "/api/cart", cookie, { productId, variantId: "default", quantity })).status).toBe(200);
}

const darCourier = {
  fullName: "Neema Kweka",
  phone: "0754 765 432",
  delivery: { method: "courier", region: "dar-es-salaam", district: "Ilala", street: "Samora Ave" },
  payment: { method: "bank_transfer" },
};

function checkout(cookie: string, extra: Json = {}) {
  return call("POST", "/api/orders", cookie, { ...darCourier, ...extra }, { "idempotency-key": randomUUID() });
}

function quote(cookie: string, extra: Json = {}) {
  return call("POST", "/api/checkout/quote", cookie, { region: "dar-es-salaam", method: "courier", ...extra });
}

let codes = 0;
/** A coupon stored directly (the admin API has its own test); returns its code. */
async function coupon(values: Partial<typeof coupons.$inferInsert> = {}): Promise<string> {
  const code = values.code ?? `T${process.pid}-${Date.now().toString(36)}-${codes++}`.toUpperCase();
  await api.handle.db.insert(coupons).values({ kind: "percent", value: 10, ...values, code });
  return code;
}

async function coinsOf(cookie: string): Promise<Json> {
  return (await call("GET", "/api/account/coins", cookie)).body.coins;
}

describe("a coupon at checkout", () => {
  it("takes a percentage off the goods (not delivery), with VAT worked out again per line and totals that add up", async () => {
    const { cookie } = await shopper();
    const a = await product();
    const b = await product();
    await addToCart(cookie, a.id, 3);
    await addToCart(cookie, b.id, 1);
    const code = await coupon({ kind: "percent", value: 15 });
    const subtotal = 3 * a.price + b.price;
    const discount = Math.floor((subtotal * 15) / 100);
    const q = (await quote(cookie, { couponCode: code.toLowerCase() })).body.quote;
    expect(q).toMatchObject({ subtotal, discount, deliveryFee: 5000, total: subtotal - discount + 5000, coupon: { code, applied: true, discount } });

    const placed = await checkout(cookie, { couponCode: ` ${code.toLowerCase()} `, expectedTotal: q.total });
    expect(placed.status).toBe(201);
    const order = placed.body.order;
    expect(order).toMatchObject({ subtotal, discount, couponCode: code, total: subtotal - discount + 5000, coinsSpent: 0 });
    expect(order.lines.reduce((s: number, l: Json) => s + l.discount, 0)).toBe(discount);
    for (const line of order.lines) {
      expect(line.gross).toBe(line.unitPrice * line.quantity - line.discount);
      expect({ net: line.net, vat: line.vat }).toEqual(splitVat(line.gross, 1800));
    }
    expect(order.lines.reduce((s: number, l: Json) => s + l.gross, 0) + order.deliveryFee).toBe(order.total);
    expect(order.vatTotal).toBe(order.lines.reduce((s: number, l: Json) => s + l.vat, 0) + splitVat(5000, 1800).vat);
    expect(q.vatTotal).toBe(order.vatTotal);
    // the quote's lines are the order's, figure for figure
    expect(q.lines).toEqual(order.lines.map((l: Json) => ({ gross: l.gross, net: l.net, vat: l.vat, discount: l.discount })));
    const [use] = await api.handle.db
      .select()
      .from(couponRedemptions)
      .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
      .where(eq(orders.number, order.number));
    expect(use!.coupon_redemptions).toMatchObject({ discount, releasedAt: null });
  });

  it("takes a fixed amount, never below zero for the goods", async () => {
    const { cookie } = await shopper();
    const a = await product();
    await addToCart(cookie, a.id, 1);
    const fixed = await coupon({ kind: "fixed", value: 2500 });
    expect((await quote(cookie, { couponCode: fixed })).body.quote).toMatchObject({ discount: 2500, total: a.price - 2500 + 5000 });
    const huge = await coupon({ kind: "fixed", value: 50_000_000 });
    const all = (await quote(cookie, { couponCode: huge })).body.quote;
    expect(all).toMatchObject({ discount: a.price, total: 5000 });
    const order = (await checkout(cookie, { couponCode: huge })).body.order;
    expect(order).toMatchObject({ discount: a.price, total: 5000 });
    expect(order.lines[0]).toMatchObject({ gross: 0, net: 0, vat: 0 });
  });

  it("says why a code does not apply: unknown, below the minimum (with what is missing), outside its window, switched off", async () => {
    const { cookie } = await shopper();
    const a = await product();
    await addToCart(cookie, a.id, 1);
    const reason = async (couponCode: string) => (await quote(cookie, { couponCode })).body.quote.coupon;
    expect(await reason("NO-SUCH-CODE")).toMatchObject({ applied: false, reason: "not-found" });
    expect(await reason("x")).toMatchObject({ applied: false, reason: "not-found" });
    expect(await reason(await coupon({ minSubtotal: a.price + 1000 }))).toEqual({
      code: expect.any(String),
      applied: false,
      reason: "below-minimum",
      missing: 1000,
    });
    expect(await reason(await coupon({ validFrom: new Date(Date.now() + 86_400_000) }))).toMatchObject({ reason: "not-yet-valid" });
    expect(await reason(await coupon({ validUntil: new Date(Date.now() - 1000) }))).toMatchObject({ reason: "expired" });
    expect(await reason(await coupon({ active: false }))).toMatchObject({ reason: "inactive" });
    // the quote still prices the cart without it; placing with it is refused, nothing reserved
    const below = await coupon({ minSubtotal: a.price + 1000 });
    expect((await quote(cookie, { couponCode: below })).body.quote).toMatchObject({ discount: 0, total: a.price + 5000 });
    const refused = await checkout(cookie, { couponCode: below });
    expect(refused).toMatchObject({ status: 409, body: { code: "coupon-invalid", reason: "below-minimum", missing: 1000 } });
    expect((await call("GET", "/api/cart", cookie)).body.totals.total_items).toBe(1);
  });

  it("refuses a total the shopper did not see with price-changed", async () => {
    const { cookie } = await shopper();
    const a = await product();
    await addToCart(cookie, a.id, 1);
    const code = await coupon({ kind: "fixed", value: 1000 });
    const res = await checkout(cookie, { couponCode: code, expectedTotal: a.price + 5000 });
    expect(res).toMatchObject({ status: 409, body: { code: "price-changed", quote: { total: a.price - 1000 + 5000 } } });
  });

  it("holds a use limit of 3 when 10 shoppers order with it at the same moment", async () => {
    const code = await coupon({ kind: "fixed", value: 1000, usageLimit: 3 });
    const a = await product(100);
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => shopper()));
    for (const s of shoppers) await addToCart(s.cookie, a.id, 1);
    const results = await Promise.all(shoppers.map((s) => checkout(s.cookie, { couponCode: code })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.body).toMatchObject({ code: "coupon-invalid", reason: "used-up" });
    const [count] = await api.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(couponRedemptions)
      .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
      .where(eq(coupons.code, code));
    expect(count!.n).toBe(3);
  });

  it("holds the per-shopper limit, and a cancelled order gives its use back", async () => {
    const { cookie } = await shopper();
    const a = await product();
    const code = await coupon({ perCustomerLimit: 1 });
    await addToCart(cookie, a.id, 1);
    const first = (await checkout(cookie, { couponCode: code })).body.order;
    await addToCart(cookie, a.id, 1);
    expect((await checkout(cookie, { couponCode: code })).body).toMatchObject({ code: "coupon-invalid", reason: "already-used" });
    // someone else may still use it
    const other = await shopper();
    await addToCart(other.cookie, a.id, 1);
    expect((await quote(other.cookie, { couponCode: code })).body.quote.coupon).toMatchObject({ applied: true });
    expect((await call("POST", `/api/orders/${first.number}/cancel`, cookie)).body.order.status).toBe("cancelled");
    expect((await checkout(cookie, { couponCode: code })).status).toBe(201);
    const used = (await call("GET", "/api/account/coupons", cookie)).body.used;
    expect(used).toHaveLength(2);
    expect(used.find((u: Json) => u.orderNumber === first.number)).toMatchObject({ code, released: true });
  });

  it("gives an expired unpaid order's use back", async () => {
    const { cookie } = await shopper();
    const a = await product();
    const code = await coupon({ usageLimit: 1 });
    await addToCart(cookie, a.id, 1);
    const order = (await checkout(cookie, { couponCode: code })).body.order;
    const other = await shopper();
    await addToCart(other.cookie, a.id, 1);
    expect((await quote(other.cookie, { couponCode: code })).body.quote.coupon).toMatchObject({ reason: "used-up" });
    await api.handle.db
      .update(orders)
      .set({ holdUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.number, order.number));
    await api.services.orders.expireDue();
    expect((await quote(other.cookie, { couponCode: code })).body.quote.coupon).toMatchObject({ applied: true });
  });

  it("lists the public coupons to every shopper, not the private ones", async () => {
    const { cookie } = await shopper();
    const shown = await coupon({ public: true, description: "Karibu" });
    const hidden = await coupon({ public: false });
    const off = await coupon({ public: true, active: false });
    const list = (await call("GET", "/api/account/coupons", cookie)).body.available.map((c: Json) => c.code);
    expect(list).toContain(shown);
    expect(list).not.toContain(hidden);
    expect(list).not.toContain(off);
    expect((await call("GET", "/api/account/coupons", null)).status).toBe(401);
  });
});

describe("loyalty coins", () => {
  async function grant(userId: number, delta: number) {
    await api.handle.db.insert(coinEntries).values({ userId, delta, reason: "earned", expiresAt: new Date(Date.now() + 30 * 86_400_000) });
  }

  it("are earned when an order is paid, for the goods after the discount", async () => {
    const { cookie } = await shopper();
    const admin = await shopper("admin");
    const a = await product();
    await addToCart(cookie, a.id, 2);
    const code = await coupon({ kind: "fixed", value: 1000 });
    const order = (await checkout(cookie, { couponCode: code })).body.order;
    expect((await coinsOf(cookie)).balance).toBe(0);
    expect((await call("POST", `/api/admin/orders/${order.number}/mark-paid`, admin.cookie, {})).body.order.status).toBe("paid");
    const coins = await coinsOf(cookie);
    const earned = Math.floor((2 * a.price - 1000) / 1000);
    expect(coins).toMatchObject({ balance: earned, value: earned * 10, rule: { coinValue: 10, maxSharePercent: 20 } });
    expect(coins.history[0]).toMatchObject({ delta: earned, reason: "earned", orderNumber: order.number, expiresAt: expect.any(String) });
    // cancelling the paid order takes them back
    await call("POST", `/api/admin/orders/${order.number}/cancel`, admin.cookie, {});
    expect(await coinsOf(cookie)).toMatchObject({ balance: 0 });
    expect((await coinsOf(cookie)).history[0]).toMatchObject({ delta: -earned, reason: "reversed" });
  });

  it("are spent at checkout within 20 % of the goods, and come back when the unpaid order is cancelled or expires", async () => {
    const { id, cookie } = await shopper();
    const a = await product();
    await grant(id, 100_000);
    await addToCart(cookie, a.id, 1);
    const usable = Math.floor((a.price * 0.2) / 10);
    const q = (await quote(cookie, { coinsToSpend: 999_999 })).body.quote;
    expect(q.coins).toMatchObject({ balance: 100_000, usable, spent: usable, value: usable * 10, coinValue: 10 });
    expect(q.total).toBe(a.price - usable * 10 + 5000);
    expect((await checkout(cookie, { coinsToSpend: usable + 1 })).body).toMatchObject({ code: "validation", field: "coins" });
    const order = (await checkout(cookie, { coinsToSpend: usable, expectedTotal: q.total })).body.order;
    expect(order).toMatchObject({ coinsSpent: usable, coinsValue: usable * 10, total: q.total });
    expect(order.lines[0].gross + order.deliveryFee).toBe(order.total);
    expect((await coinsOf(cookie)).balance).toBe(100_000 - usable);
    await call("POST", `/api/orders/${order.number}/cancel`, cookie);
    expect((await coinsOf(cookie)).balance).toBe(100_000);

    await addToCart(cookie, a.id, 1);
    const second = (await checkout(cookie, { coinsToSpend: usable })).body.order;
    expect((await coinsOf(cookie)).balance).toBe(100_000 - usable);
    await api.handle.db
      .update(orders)
      .set({ holdUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.number, second.number));
    await api.services.orders.expireDue();
    expect((await coinsOf(cookie)).balance).toBe(100_000);
    const reasons = (await coinsOf(cookie)).history.map((e: Json) => e.reason);
    expect(reasons.slice(0, 4)).toEqual(["refunded", "spent", "refunded", "spent"]);
  });

  it("are never overspent by parallel spends (each under the shopper's lock, with the balance checked)", async () => {
    const { id } = await shopper();
    await grant(id, 250);
    const attempts = await Promise.allSettled(Array.from({ length: 6 }, () => api.handle.db.transaction((tx) => spendCoins(tx, id, null, 100, new Date()))));
    expect(attempts.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    for (const r of attempts.filter((x) => x.status === "rejected")) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "validation" });
    const [sum] = await api.handle.db
      .select({ n: sql<number>`coalesce(sum(${coinEntries.delta}), 0)::int` })
      .from(coinEntries)
      .where(eq(coinEntries.userId, id));
    expect(sum!.n).toBe(50);
    const spent = await api.handle.db
      .select()
      .from(coinEntries)
      .where(and(eq(coinEntries.userId, id), eq(coinEntries.reason, "spent")));
    expect(spent).toHaveLength(2);
  });

  it("that lapsed are not spendable", async () => {
    const { id, cookie } = await shopper();
    await api.handle.db
      .insert(coinEntries)
      .values({ userId: id, delta: 500, reason: "earned", createdAt: new Date(Date.now() - 400 * 86_400_000), expiresAt: new Date(Date.now() - 1000) });
    await grant(id, 70);
    const a = await product();
    await addToCart(cookie, a.id, 1);
    expect((await quote(cookie, { coinsToSpend: 1000 })).body.quote.coins.balance).toBe(70);
    expect((await coinsOf(cookie)).balance).toBe(70);
  });
});

describe("the admin's coupons", () => {
  it("are created, listed with their uses and switched off by an admin only", async () => {
    const admin = await shopper("admin");
    const { cookie } = await shopper();
    const code = `ADM-${Date.now().toString(36)}`.toUpperCase();
    const input = {
      code: code.toLowerCase(),
      kind: "percent",
      value: 12,
      minSubtotal: 20_000,
      validFrom: "2026-01-01",
      validUntil: "2099-12-31",
      usageLimit: 50,
      perCustomerLimit: 2,
      public: true,
    };
    expect((await call("POST", "/api/admin/coupons", cookie, input)).status).toBe(403);
    expect((await call("POST", "/api/admin/coupons", admin.cookie, { ...input, value: 95 })).body.code).toBe("invalid-input");
    const created = await call("POST", "/api/admin/coupons", admin.cookie, input);
    expect(created).toMatchObject({
      status: 201,
      body: { coupon: { code, kind: "percent", value: 12, validFrom: "2026-01-01", validUntil: "2099-12-31", active: true } },
    });
    expect((await call("POST", "/api/admin/coupons", admin.cookie, input)).body).toMatchObject({ code: "validation", field: "code" });
    const [row] = await api.handle.db.select().from(coupons).where(eq(coupons.code, code));
    // the window is in shop time (Africa/Dar_es_Salaam, UTC+3)
    expect(row!.validFrom!.toISOString()).toBe("2025-12-31T21:00:00.000Z");

    const a = await product();
    await addToCart(cookie, a.id, 1);
    if (a.price >= 20_000) {
      expect((await checkout(cookie, { couponCode: code })).status).toBe(201);
      const listed = (await call("GET", "/api/admin/coupons", admin.cookie)).body.coupons.find((c: Json) => c.code === code);
      expect(listed).toMatchObject({ uses: 1, usageLimit: 50 });
      await addToCart(cookie, a.id, 1);
    }
    expect((await call("GET", "/api/admin/coupons", cookie)).status).toBe(403);
    const off = await call("POST", `/api/admin/coupons/${code}/active`, admin.cookie, { active: false });
    expect(off.body.coupon.active).toBe(false);
    expect((await quote(cookie, { couponCode: code })).body.quote.coupon).toMatchObject({ reason: "inactive" });
    expect((await call("POST", "/api/admin/coupons/NOPE-NOPE/active", admin.cookie, { active: false })).status).toBe(404);
  });
});

describe("order lines", () => {
  it("keep their discounted figures in the database", async () => {
    const { cookie } = await shopper();
    const a = await product();
    await addToCart(cookie, a.id, 2);
    const code = await coupon({ kind: "percent", value: 33 });
    const order = (await checkout(cookie, { couponCode: code })).body.order;
    const rows = await api.handle.db.select().from(orderLines).innerJoin(orders, eq(orders.id, orderLines.orderId)).where(eq(orders.number, order.number));
    expect(rows[0]!.order_lines.discount).toBe(Math.floor((2 * a.price * 33) / 100));
    expect(rows[0]!.orders).toMatchObject({ discount: rows[0]!.order_lines.discount, couponCode: code });
  });
});
