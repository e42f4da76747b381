import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { OrderStatus } from "../../src/lib/checkout";
import { orders, payments, products, users } from "../../src/server/db/schema";
import { adminCookie, setupApi, shopperCookie } from "./harness";

const api = setupApi();

// The figures are read as of a day of their own, years ahead, so that no other test file's orders,
// sign-ups or payments (made at the real time, in the same database) fall into its periods.
// 10:00 UTC is 13:00 in Dar es Salaam; that day began at 21:00 UTC the evening before.
const NOW = new Date("2031-05-15T10:00:00Z");
const at = (iso: string) => new Date(iso);

const made: number[] = [];
const madeUsers: number[] = [];

async function order(status: OrderStatus, total: number, createdAt: Date, paidAt: Date | null = null) {
  const key = randomUUID();
  const [row] = await api.handle.db
    .insert(orders)
    .values({
      number: `DASH-${key.slice(0, 12)}`,
      idempotencyKey: key,
      requestHash: key,
      status,
      email: "dashboard@example.co.tz",
      fullName: "Asha Mrisho",
      phone: "+255754765432",
      deliveryMethod: "pickup",
      vatZone: "mainland",
      subtotal: total,
      deliveryFee: 0,
      deliveryVat: 0,
      vatTotal: Math.round((total * 18) / 118),
      total,
      paymentMethod: "mobile_money",
      paidAt,
      createdAt,
    })
    .returning({ id: orders.id, number: orders.number });
  made.push(row!.id);
  return row!;
}

async function payment(orderId: number, amount: number, provider: string, status: "paid" | "failed") {
  await api.handle.db.insert(payments).values({
    orderId,
    provider,
    reference: `DASH${randomUUID().replace(/-/g, "").slice(0, 16)}`,
    method: "mobile_money",
    wallet: "M-Pesa",
    phone: "+255754765432",
    amount,
    currency: "TZS",
    status,
  });
}

afterAll(async () => {
  if (made.length) await api.handle.db.delete(orders).where(inArray(orders.id, made));
  if (madeUsers.length) await api.handle.db.delete(users).where(inArray(users.id, madeUsers));
});

describe("GET /api/admin/dashboard", () => {
  it("answers a guest 401 and a shopper 403, with the error shape", async () => {
    const guest = await api.app.inject({ method: "GET", url: "/api/admin/dashboard" });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ code: "unauthenticated", error: expect.any(String) });
    const shopper = await api.app.inject({ method: "GET", url: "/api/admin/dashboard", headers: { cookie: await shopperCookie(api, "dash") } });
    expect(shopper.statusCode).toBe(403);
    expect(shopper.json()).toMatchObject({ code: "forbidden" });
  });

  it("answers an admin with every section, not cached", async () => {
    const res = await api.app.inject({ method: "GET", url: "/api/admin/dashboard", headers: { cookie: await adminCookie(api, "dash") } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("no-store");
    const body = res.json();
    for (const key of ["today", "month", "awaitingAction", "awaitingPayment", "lowStock", "signups", "failedPayments", "periods"])
      expect(body).toHaveProperty(key);
    expect(body.periods.timeZone).toBe("Africa/Dar_es_Salaam");
  });
});

describe("dashboard figures", () => {
  it("counts orders placed and money taken by the shop's day and month (East Africa Time), leaving refunds out", async () => {
    await order("awaiting_payment", 15_000, at("2031-05-15T08:00:00Z"));
    await order("paid", 50_000, at("2031-05-15T07:00:00Z"), at("2031-05-15T07:05:00Z"));
    // placed last month, paid today: today's money, not today's order
    await order("processing", 120_000, at("2031-04-28T10:00:00Z"), at("2031-05-15T06:00:00Z"));
    await order("shipped", 30_000, at("2031-05-03T09:00:00Z"), at("2031-05-03T09:30:00Z"));
    await order("refunded", 999_000, at("2031-05-15T05:00:00Z"), at("2031-05-15T05:10:00Z"));
    // 23:30 on the 14th in Dar es Salaam (20:30 UTC): yesterday for the shop, though the 14th and 15th look alike in UTC
    await order("delivered", 7_000, at("2031-05-14T20:30:00Z"), at("2031-05-14T20:40:00Z"));

    const summary = await api.services.adminDashboard.summary(NOW);
    expect(summary.periods).toMatchObject({ day: "2031-05-14T21:00:00.000Z", month: "2031-04-30T21:00:00.000Z" });
    expect(summary.today).toEqual({ orders: 3, paidOrders: 2, revenue: 170_000, testOrders: 0 });
    expect(summary.month).toEqual({ orders: 5, paidOrders: 4, revenue: 207_000, testOrders: 0 });
  });

  it("leaves test orders (paid in the payment sandbox) out of the orders paid and the revenue, and counts them apart", async () => {
    const before = await api.services.adminDashboard.summary(NOW);
    const test = await order("paid", 400_000, at("2031-05-15T08:30:00Z"), at("2031-05-15T08:35:00Z"));
    await payment(test.id, 400_000, "sandbox", "paid");
    // a sandbox attempt that failed before a real payment went through: real money
    const real = await order("processing", 80_000, at("2031-05-15T08:40:00Z"), at("2031-05-15T08:50:00Z"));
    await payment(real.id, 80_000, "sandbox", "failed");
    await payment(real.id, 80_000, "clickpesa", "paid");

    const summary = await api.services.adminDashboard.summary(NOW);
    for (const key of ["today", "month"] as const) {
      expect(summary[key].orders).toBe(before[key].orders + 2);
      expect(summary[key].paidOrders).toBe(before[key].paidOrders + 1);
      expect(summary[key].revenue).toBe(before[key].revenue + 80_000);
      expect(summary[key].testOrders).toBe(before[key].testOrders + 1);
    }
  });

  it("says what the fiscal set-up still lacks: the TIN, the VRN, the VFD serial and a fiscal device", async () => {
    const saved = (await api.services.settings.get()).fiscal;
    try {
      await api.services.settings.save({ fiscal: { tin: "", vrn: "", vfdSerial: "" } });
      expect((await api.services.adminDashboard.summary(NOW)).fiscalSetup).toEqual({ missing: ["tin", "vrn", "vfdSerial", "device"] });
      await api.services.settings.save({ fiscal: { tin: "123-456-789", vrn: "40-012345-K", vfdSerial: "10TZ100123" } });
      // the local journal is no fiscal device: it stays missing
      expect((await api.services.adminDashboard.summary(NOW)).fiscalSetup).toEqual({ missing: ["device"] });
      const res = await api.app.inject({ method: "GET", url: "/api/admin/dashboard", headers: { cookie: await adminCookie(api, "dash") } });
      expect(res.json().fiscalSetup).toEqual({ missing: ["device"] });
    } finally {
      await api.services.settings.save({ fiscal: saved });
    }
  });

  it("lists the oldest orders waiting for the shop (paid, not shipped) first", async () => {
    const waiting = await order("paid", 42_000, at("2019-01-02T09:00:00Z"), at("2019-01-02T09:10:00Z"));
    const summary = await api.services.adminDashboard.summary(NOW);
    expect(summary.awaitingAction.count).toBeGreaterThanOrEqual(1);
    expect(summary.awaitingAction.oldest[0]).toMatchObject({ number: waiting.number, status: "paid", total: 42_000, fullName: "Asha Mrisho", test: false });
    // a test order waiting is marked as one
    const test = await order("paid", 9_000, at("2019-01-03T09:00:00Z"), at("2019-01-03T09:10:00Z"));
    await payment(test.id, 9_000, "sandbox", "paid");
    const again = await api.services.adminDashboard.summary(NOW);
    expect(again.awaitingAction.oldest.slice(0, 2)).toMatchObject([
      { number: waiting.number, test: false },
      { number: test.number, test: true },
    ]);
    expect(summary.awaitingPayment).toBeGreaterThanOrEqual(1);
  });

  it("lists products at or under the low-stock threshold, emptiest first", async () => {
    const [product] = await api.handle.db.select({ id: products.id, stock: products.stockQuantity }).from(products).orderBy(products.id).limit(1);
    await api.handle.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, product!.id));
    try {
      const summary = await api.services.adminDashboard.summary(NOW);
      expect(summary.lowStock.threshold).toBe(5);
      expect(summary.lowStock.count).toBeGreaterThanOrEqual(1);
      expect(summary.lowStock.products.map((p) => p.id)).toContain(product!.id);
      expect(summary.lowStock.products.every((p) => p.stock <= 5)).toBe(true);
      expect(summary.lowStock.products[0]!.stock).toBe(0);
    } finally {
      await api.handle.db.update(products).set({ stockQuantity: product!.stock }).where(eq(products.id, product!.id));
    }
  });

  it("shows the week's sign-ups and failed payments, newest first", async () => {
    const [user] = await api.handle.db
      .insert(users)
      .values({ email: `dash-${randomUUID()}@example.co.tz`, fullName: "Baraka Mushi", passwordHash: "scrypt$x", createdAt: at("2031-05-14T12:00:00Z") })
      .returning({ id: users.id, email: users.email });
    madeUsers.push(user!.id);
    const unpaid = await order("awaiting_payment", 25_000, at("2031-05-15T09:00:00Z"));
    await api.handle.db.insert(payments).values({
      orderId: made.at(-1)!,
      provider: "sandbox",
      reference: `DASH${randomUUID().slice(0, 8)}`,
      method: "mobile_money",
      wallet: "mpesa",
      phone: "+255754765432",
      amount: 25_000,
      currency: "TZS",
      status: "failed",
      failureReason: "insufficient funds",
      createdAt: at("2031-05-15T09:01:00Z"),
      updatedAt: at("2031-05-15T09:02:00Z"),
    });

    const summary = await api.services.adminDashboard.summary(NOW);
    expect(summary.signups.count).toBe(1);
    expect(summary.signups.latest[0]).toMatchObject({ email: user!.email, fullName: "Baraka Mushi", verified: false });
    expect(summary.failedPayments.count).toBe(1);
    expect(summary.failedPayments.latest[0]).toMatchObject({ orderNumber: unpaid.number, amount: 25_000, wallet: "mpesa", reason: "insufficient funds" });
  });
});
