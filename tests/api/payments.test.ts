import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatOrderNumber, splitVat } from "../../src/lib/checkout";
import { openSession } from "../../src/server/auth/sessions";
import { rowsOf, type Database } from "../../src/server/db";
import { orders, orderLines, paymentCallbacks, payments, products, securityEvents, siteSettings, users } from "../../src/server/db/schema";
import { isDomainError } from "../../src/server/errors";
import { clickPesaStatus, createClickPesaProvider } from "../../src/server/payments/clickpesa";
import { createPaymentsService, type OrderToPay, type PaidPayment, type PaymentsServiceOptions } from "../../src/server/payments/service";
import { startFakeClickPesa, type FakeClickPesa } from "./fake-clickpesa";
import { buildTestApi, setupApi } from "./harness";
import { createHmac } from "node:crypto";

const api = setupApi();
let fake: FakeClickPesa;
beforeAll(async () => {
  fake = await startFakeClickPesa();
});
afterAll(async () => {
  await fake?.close();
});

let counter = 0;
const PHONE = "+255754123456";

/** A shopper row and its session cookie. */
async function makeShopper(role: "user" | "admin" = "user") {
  const [user] = await api.handle.db
    .insert(users)
    .values({
      email: `pay-${process.pid}-${Date.now()}-${counter++}@example.co.tz`,
      fullName: "Neema Kweka",
      passwordHash: "scrypt$unused",
      emailVerifiedAt: new Date(),
      role,
    })
    .returning({ id: users.id });
  const { token } = await openSession(api.handle.db, user!.id, false, 30, {});
  return { id: user!.id, cookie: `sid=${token}` };
}

/**
 * An order as the orders service would have placed it (that service is built elsewhere): one line,
 * VAT included, awaiting payment with a hold. Written straight to the tables.
 */
async function makeOrder(
  userId: number,
  options: { total?: number; method?: OrderToPay["paymentMethod"]; phone?: string | null; holdMinutes?: number } = {},
): Promise<OrderToPay> {
  const db = api.handle.db;
  const total = options.total ?? 125_000;
  const [seq] = rowsOf<{ n: string }>(await db.execute(sql`select nextval('order_number_seq') as n`));
  const number = formatOrderNumber(Number(seq!.n), 2026);
  const [product] = await db.select({ id: products.id }).from(products).limit(1);
  const { net, vat } = splitVat(total, 1800);
  const method = options.method ?? "mobile_money";
  const phone = options.phone === undefined ? PHONE : options.phone;
  // request_hash exists on main's schema (the lead's branch); drizzle ignores a key its table lacks
  const extra: Record<string, unknown> = { requestHash: `test-${number}` };
  const [order] = await db
    .insert(orders)
    .values({
      ...extra,
      number,
      userId,
      idempotencyKey: `test-${number}`,
      email: "neema@example.co.tz",
      fullName: "Neema Kweka",
      phone: PHONE,
      deliveryMethod: "pickup",
      vatZone: "mainland",
      subtotal: total,
      deliveryFee: 0,
      deliveryVat: 0,
      vatTotal: vat,
      total,
      paymentMethod: method,
      wallet: method === "mobile_money" ? "M-Pesa" : null,
      paymentPhone: method === "mobile_money" ? phone : null,
      holdUntil: new Date(Date.now() + (options.holdMinutes ?? 30) * 60_000),
    } as typeof orders.$inferInsert)
    .returning();
  await db.insert(orderLines).values({
    orderId: order!.id,
    productId: product!.id,
    variantId: "default",
    name: "Test item",
    sku: "TEST-1",
    quantity: 1,
    unitPrice: total,
    net,
    vat,
    gross: total,
    vatRateBp: 1800,
  });
  return { id: order!.id, number, total, paymentMethod: method, wallet: order!.wallet, paymentPhone: order!.paymentPhone };
}

const orderStatus = async (id: number) => (await api.handle.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;
const paymentRow = async (reference: string) => (await api.handle.db.select().from(payments).where(eq(payments.reference, reference)))[0]!;
const callbacksOf = (reference: string) =>
  api.handle.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.reference, reference)).orderBy(paymentCallbacks.id);
const refusalsOf = (reference: string) =>
  api.handle.db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.type, "payment-callback-refused"), sql`${securityEvents.detail}->>'reference' = ${reference}`));
/** Due now, whatever its backoff said (a test does not wait 15 s). */
const makeDue = (reference: string) =>
  api.handle.db
    .update(payments)
    .set({ nextCheckAt: sql`now() - interval '1 second'` })
    .where(eq(payments.reference, reference));

/** A payments service over the suite's database with a recording onPaid that marks the order paid in the transaction. */
function paymentsWith(overrides: Partial<PaymentsServiceOptions> = {}) {
  const paid: { orderId: number; payment: PaidPayment }[] = [];
  const failed: { orderId: number; reason: string }[] = [];
  const service = createPaymentsService({
    db: api.handle.db,
    settings: api.services.settings,
    clickpesa: { ...fake.credentials, baseUrl: fake.url },
    onPaid: async (tx: Database, orderId, payment) => {
      paid.push({ orderId, payment });
      await tx.update(orders).set({ status: "paid", paidAt: new Date() }).where(eq(orders.id, orderId));
    },
    onFailed: async (orderId, reason) => {
      failed.push({ orderId, reason });
    },
    deliverCallback: async (provider, rawBody, headers) => {
      await service.handleCallback(provider, JSON.parse(rawBody) as unknown, rawBody, headers, null);
    },
    ...overrides,
  });
  return { service, paid, failed };
}

const webhookHeaders = { "content-type": "application/json" };
const send = (service: ReturnType<typeof paymentsWith>["service"], body: unknown) =>
  service.handleCallback("clickpesa", body, JSON.stringify(body), webhookHeaders, "196.41.0.1");

async function refusedWith(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    return isDomainError(error) ? error.code : String(error);
  }
  return "accepted";
}

describe("ClickPesa, against a local fake of its documented API", () => {
  beforeEach(() => {
    fake.calls.length = 0;
  });

  it("maps ClickPesa's statuses: SUCCESS and SETTLED paid, PROCESSING and PENDING pending, FAILED failed", () => {
    expect(["SUCCESS", "SETTLED", "PROCESSING", "PENDING", "FAILED"].map(clickPesaStatus)).toEqual(["paid", "paid", "pending", "pending", "failed"]);
  });

  it("starts a USSD push: a token, then preview and initiate with the amount in whole shillings, TZS, an alphanumeric reference stored first, 255… and a valid checksum", async () => {
    const { service } = paymentsWith();
    const shopper = await makeShopper();
    const order = await makeOrder(shopper.id, { total: 125_000 });
    const start = await service.start(order);
    expect(start).toMatchObject({ status: "pending", next: "ussd-push", redirectUrl: null, sandboxUrl: null });
    expect(start.reference).toMatch(new RegExp(`^${order.number.replace(/-/g, "")}[A-Z0-9]{4}$`));

    const paths = fake.calls.map((c) => `${c.method} ${c.path}`);
    expect(paths).toEqual(["POST /generate-token", "POST /payments/preview-ussd-push-request", "POST /payments/initiate-ussd-push-request"]);
    expect(fake.calls[0]!.headers).toMatchObject({ "client-id": "test-client", "api-key": "test-api-key" });
    for (const call of fake.calls.slice(1)) {
      expect(call.headers.authorization).toMatch(/^Bearer fake-jwt-\d+$/);
      expect(call.body).toMatchObject({ amount: "125000", currency: "TZS", orderReference: start.reference, phoneNumber: "255754123456" });
      expect(call.body!.checksum).toMatch(/^[0-9a-f]{64}$/);
    }
    const row = await paymentRow(start.reference);
    expect(row).toMatchObject({ provider: "clickpesa", status: "pending", amount: 125_000, currency: "TZS", phone: PHONE, wallet: "M-Pesa" });
    expect(row.providerPaymentId).toBe(fake.payment(start.reference)!.id);
  });

  it("keeps the reference of a push the provider refused (stored before the call) and marks that attempt failed; a retry is a new attempt", async () => {
    const { service } = paymentsWith();
    const shopper = await makeShopper();
    const order = await makeOrder(shopper.id);
    fake.refuseNextPush("Wallet temporarily unavailable");
    expect(await refusedWith(service.start(order))).toBe("payment-failed");
    const pushed = fake.calls.find((c) => c.path === "/payments/initiate-ussd-push-request")!.body!.orderReference as string;
    expect(await paymentRow(pushed)).toMatchObject({ orderId: order.id, status: "failed", nextCheckAt: null });
    expect((await paymentRow(pushed)).failureReason).toContain("Wallet temporarily unavailable");

    const retry = await service.start(order);
    expect(retry.reference).not.toBe(pushed);
    expect(await paymentRow(retry.reference)).toMatchObject({ status: "pending" });
  });

  it("answers a repeated start with the pending attempt instead of pushing (and charging) twice; other details supersede it", async () => {
    const { service } = paymentsWith();
    const shopper = await makeShopper();
    const order = await makeOrder(shopper.id);
    const [first, second] = await Promise.all([service.start(order), service.start(order)]);
    expect(second.reference).toBe(first.reference);
    expect(fake.calls.filter((c) => c.path === "/payments/initiate-ussd-push-request")).toHaveLength(1);

    const other = await service.start({ ...order, paymentPhone: "+255715000111" });
    expect(other.reference).not.toBe(first.reference);
    expect((await paymentRow(first.reference)).status).toBe("cancelled");
  });

  it("caches the token (about an hour), renews it after 55 minutes, and after a 401 gets a new one and retries once", async () => {
    let clock = Date.now();
    const provider = createClickPesaProvider({ ...fake.credentials, baseUrl: fake.url, now: () => clock });
    const { service } = paymentsWith({ provider });
    const shopper = await makeShopper();
    const start = await service.start(await makeOrder(shopper.id));
    await provider.queryStatus(start.reference);
    await provider.queryStatus(start.reference);
    expect(provider.tokenRequests()).toBe(1);
    clock += 56 * 60_000;
    await provider.queryStatus(start.reference);
    expect(provider.tokenRequests()).toBe(2);
    fake.revokeTokens();
    expect((await provider.queryStatus(start.reference)).status).toBe("pending");
    expect(provider.tokenRequests()).toBe(3);
  });

  it("reads the latest of several answers under one reference", async () => {
    const { service } = paymentsWith();
    const shopper = await makeShopper();
    const start = await service.start(await makeOrder(shopper.id, { total: 5_000 }));
    fake.setStatus(start.reference, "SETTLED");
    const answer = await createClickPesaProvider({ ...fake.credentials, baseUrl: fake.url }).queryStatus(start.reference);
    expect(answer).toMatchObject({ status: "paid", amount: 5_000, currency: "TZS", providerStatus: "SETTLED" });
  });

  it("a valid webhook the status query confirms marks the payment and the order paid, once; a replay changes nothing", async () => {
    const { service, paid } = paymentsWith();
    const shopper = await makeShopper();
    const order = await makeOrder(shopper.id);
    const start = await service.start(order);
    fake.setStatus(start.reference, "SUCCESS");
    const webhook = fake.webhook(start.reference);

    expect(await send(service, webhook)).toEqual({ outcome: "paid", reference: start.reference });
    expect(await send(service, webhook)).toEqual({ outcome: "replay", reference: start.reference });
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ orderId: order.id, payment: { reference: start.reference, provider: "clickpesa", amount: order.total, currency: "TZS" } });
    expect(await orderStatus(order.id)).toBe("paid");
    expect((await paymentRow(start.reference)).status).toBe("paid");
    expect((await callbacksOf(start.reference)).map((c) => [c.verified, c.outcome])).toEqual([
      [true, "paid"],
      [true, "replay"],
    ]);
  });

  it("accepts both payload shapes: eventType and data.paymentId", async () => {
    const { service, paid } = paymentsWith();
    const shopper = await makeShopper();
    const start = await service.start(await makeOrder(shopper.id));
    fake.setStatus(start.reference, "SUCCESS");
    const webhook = fake.webhook(start.reference, { eventStyle: "eventType", idStyle: "paymentId" });
    expect(webhook).toHaveProperty("eventType");
    expect(await send(service, webhook)).toMatchObject({ outcome: "paid" });
    expect(paid).toHaveLength(1);
    expect((await paymentRow(start.reference)).providerPaymentId).toBe(fake.payment(start.reference)!.id);
  });

  it("paid only when verified: a valid callback while the status query still says PENDING does not pay; the poller does once both agree", async () => {
    const { service, paid } = paymentsWith();
    const shopper = await makeShopper();
    const order = await makeOrder(shopper.id);
    const start = await service.start(order);
    fake.setStatus(start.reference, "PENDING");

    expect(await send(service, fake.webhook(start.reference))).toMatchObject({ outcome: "awaiting-confirmation" });
    expect(paid).toHaveLength(0);
    expect(await orderStatus(order.id)).toBe("awaiting_payment");
    const waiting = await paymentRow(start.reference);
    expect(waiting).toMatchObject({ status: "pending", callbackStatus: "paid" });
    expect(waiting.nextCheckAt!.getTime()).toBeGreaterThan(Date.now());

    // the poller asks again when the payment is due: still pending, nothing changes
    await makeDue(start.reference);
    await service.pollDue();
    expect(paid).toHaveLength(0);

    fake.setStatus(start.reference, "SUCCESS");
    await makeDue(start.reference);
    const round = await service.pollDue();
    expect(round.paid).toBeGreaterThanOrEqual(1);
    expect(paid.map((p) => p.payment.reference)).toEqual([start.reference]);
    expect(await orderStatus(order.id)).toBe("paid");
  });

  it("the status query alone never pays: a payment the provider reports paid without a verified callback stays pending", async () => {
    const { service, paid } = paymentsWith();
    const shopper = await makeShopper();
    const order = await makeOrder(shopper.id);
    const start = await service.start(order);
    fake.setStatus(start.reference, "SUCCESS");
    await makeDue(start.reference);
    await service.pollDue();
    expect(paid).toHaveLength(0);
    expect(await paymentRow(start.reference)).toMatchObject({ status: "pending", lastProviderStatus: "SUCCESS", checks: 1 });
    // the callback arrives late: now both agree
    expect(await send(service, fake.webhook(start.reference))).toMatchObject({ outcome: "paid" });
    expect(paid).toHaveLength(1);
  });

  it("refuses a tampered, unsigned or wrongly signed webhook (401 invalid-signature), logs it and records it in the security log", async () => {
    const { service, paid } = paymentsWith();
    const shopper = await makeShopper();
    const start = await service.start(await makeOrder(shopper.id, { total: 300_000 }));
    fake.setStatus(start.reference, "SUCCESS");
    const good = fake.webhook(start.reference);

    const tampered = { ...good, data: { ...(good.data as Record<string, unknown>), collectedAmount: "1000" } };
    const unsigned: Record<string, unknown> = { ...good };
    delete unsigned.checksum;
    const otherKey = fake.webhook(start.reference, { key: "not-the-key" });
    for (const forged of [tampered, unsigned, otherKey]) expect(await refusedWith(send(service, forged))).toBe("invalid-signature");

    expect(paid).toHaveLength(0);
    expect((await paymentRow(start.reference)).status).toBe("pending");
    expect((await callbacksOf(start.reference)).map((c) => [c.verified, c.outcome])).toEqual([
      [false, "invalid-signature"],
      [false, "invalid-signature"],
      [false, "invalid-signature"],
    ]);
    const events = await refusalsOf(start.reference);
    expect(events).toHaveLength(3);
    expect(events[0]).toMatchObject({ ip: "196.41.0.1", detail: { provider: "clickpesa", reason: "invalid-signature" } });
  });

  it("refuses a validly signed callback whose amount or currency is not the payment's, and logs it", async () => {
    const { service, paid } = paymentsWith();
    const shopper = await makeShopper();
    const start = await service.start(await makeOrder(shopper.id, { total: 80_000 }));
    fake.setStatus(start.reference, "SUCCESS");
    expect(await refusedWith(send(service, fake.webhook(start.reference, { amount: "800" })))).toBe("invalid-state");
    expect(await refusedWith(send(service, fake.webhook(start.reference, { currency: "USD" })))).toBe("invalid-state");
    expect(paid).toHaveLength(0);
    expect((await callbacksOf(start.reference)).map((c) => c.outcome)).toEqual(["amount-mismatch", "amount-mismatch"]);
    expect(await refusalsOf(start.reference)).toHaveLength(2);
    // and a status query that reports another amount does not pay either
    fake.setStatus(start.reference, "SUCCESS", { collectedAmount: 8_000 });
    expect(await send(service, fake.webhook(start.reference, { amount: "80000" }))).toMatchObject({ outcome: "query-mismatch" });
    expect(paid).toHaveLength(0);
  });

  it("a declined push fails the payment (the order stays awaiting payment, for a retry until its hold ends)", async () => {
    const { service, failed } = paymentsWith();
    const shopper = await makeShopper();
    const order = await makeOrder(shopper.id);
    const start = await service.start(order);
    fake.setStatus(start.reference, "FAILED");
    expect(await send(service, fake.webhook(start.reference, { event: "PAYMENT FAILED" }))).toMatchObject({ outcome: "failed" });
    expect(await paymentRow(start.reference)).toMatchObject({ status: "failed", failureReason: "Insufficient balance" });
    expect(failed).toEqual([{ orderId: order.id, reason: "Insufficient balance" }]);
    // the same callback again changes nothing
    expect(await send(service, fake.webhook(start.reference, { event: "PAYMENT FAILED" }))).toMatchObject({ outcome: "unchanged" });
    expect(failed).toHaveLength(1);
    expect(await orderStatus(order.id)).toBe("awaiting_payment");
    expect((await service.start(order)).reference).not.toBe(start.reference);
  });

  it("concurrent callbacks and poller rounds apply a payment once (the payment row's lock)", async () => {
    const { service, paid } = paymentsWith();
    const shopper = await makeShopper();
    const start = await service.start(await makeOrder(shopper.id));
    fake.setStatus(start.reference, "SUCCESS");
    await api.handle.db.update(payments).set({ callbackStatus: "paid" }).where(eq(payments.reference, start.reference));
    await makeDue(start.reference);
    const webhook = fake.webhook(start.reference);
    const results = await Promise.all([...Array.from({ length: 6 }, () => send(service, webhook)), service.pollDue(), service.pollDue()]);
    expect(paid).toHaveLength(1);
    expect(results.slice(0, 6).filter((r) => "outcome" in r && r.outcome === "paid").length).toBeLessThanOrEqual(1);
  });

  it("stops asking when the order's hold has ended: an unanswered push expires", async () => {
    const { service, failed } = paymentsWith();
    const shopper = await makeShopper();
    const order = await makeOrder(shopper.id, { holdMinutes: 30 });
    const start = await service.start(order);
    await api.handle.db
      .update(orders)
      .set({ holdUntil: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, order.id));
    await makeDue(start.reference);
    await service.pollDue();
    expect(await paymentRow(start.reference)).toMatchObject({ status: "expired", failureReason: "hold-ended", nextCheckAt: null });
    expect(failed).toEqual([{ orderId: order.id, reason: "hold-ended" }]);
  });

  it("backs off: 15 s doubling, at most 10 minutes", async () => {
    const { checkDelayMs } = await import("../../src/server/payments/rules");
    expect([0, 1, 2, 3, 5, 6, 12].map((n) => checkDelayMs(n) / 1000)).toEqual([15, 30, 60, 120, 480, 600, 600]);
  });
});

describe("the payment routes", () => {
  it("the ClickPesa webhook is exempt from the browser-origin check (signed instead), refuses a forged one with 401, and the status is for the owner only", async () => {
    const shop = await buildTestApi(api, { bare: true, config: { payments: { clickpesa: { ...fake.credentials, baseUrl: fake.url } } } });
    try {
      const shopper = await makeShopper();
      const stranger = await makeShopper();
      const order = await makeOrder(shopper.id);
      const start = await shop.services.payments.start(order);
      fake.setStatus(start.reference, "SUCCESS");
      const post = (body: unknown, headers: Record<string, string> = {}) =>
        shop.app.inject({
          method: "POST",
          url: "/api/payments/clickpesa/webhook",
          headers: { "content-type": "application/json", ...headers },
          payload: JSON.stringify(body),
        });

      const forged = await post({ ...fake.webhook(start.reference), checksum: "0".repeat(64) });
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toMatchObject({ code: "invalid-signature" });
      const good = await post(fake.webhook(start.reference), { origin: "https://api.clickpesa.com" });
      expect(good.statusCode).toBe(200);
      expect(good.json()).toEqual({ received: true, outcome: "paid" });
      expect(await orderStatus(order.id)).toBe("paid");
      // a browser write elsewhere is still refused
      const elsewhere = await shop.app.inject({
        method: "POST",
        url: `/api/payments/sandbox/${start.reference}/confirm`,
        headers: { origin: "https://evil.example", cookie: shopper.cookie },
      });
      expect(elsewhere.statusCode).toBe(403);

      const own = await shop.app.inject({ method: "GET", url: `/api/payments/${start.reference}`, headers: { cookie: shopper.cookie } });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({
        orderNumber: order.number,
        orderStatus: "paid",
        payment: { reference: start.reference, status: "paid", amount: order.total },
      });
      expect((await shop.app.inject({ method: "GET", url: `/api/payments/${start.reference}`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
      expect((await shop.app.inject({ method: "GET", url: `/api/payments/${start.reference}` })).statusCode).toBe(401);
      // a guest is refused before the address is read; a signed-in shopper's malformed reference is a 400
      expect((await shop.app.inject({ method: "GET", url: "/api/payments/not-a-ref" })).statusCode).toBe(401);
      expect((await shop.app.inject({ method: "GET", url: "/api/payments/not-a-ref", headers: { cookie: shopper.cookie } })).statusCode).toBe(400);
    } finally {
      await shop.close();
    }
  });
});

describe("callbacks that are not JSON", () => {
  it("answer 415 (another content type) or 400 (not valid JSON) with {error, code}, never a 500, and are recorded and logged like any refused callback", async () => {
    const shop = await buildTestApi(api, { bare: true, config: { payments: { clickpesa: { ...fake.credentials, baseUrl: fake.url } } } });
    try {
      const json = JSON.stringify({ event: "PAYMENT RECEIVED", data: { orderReference: "KE2026000001ABCD", collectedAmount: "1000" }, checksum: "0" });
      const cases: { type?: string; payload: string; status: number; code: string; outcome: string }[] = [
        { type: "text/plain", payload: json, status: 415, code: "unsupported-media-type", outcome: "unsupported-media-type" },
        { type: "text/plain; charset=utf-8", payload: "paid\u0000", status: 415, code: "unsupported-media-type", outcome: "unsupported-media-type" },
        { type: "application/xml", payload: "<paid/>", status: 415, code: "unsupported-media-type", outcome: "unsupported-media-type" },
        { type: "application/x-www-form-urlencoded", payload: "status=paid", status: 415, code: "unsupported-media-type", outcome: "unsupported-media-type" },
        { type: "multipart/form-data; boundary=x", payload: "--x--", status: 415, code: "unsupported-media-type", outcome: "unsupported-media-type" },
        { payload: json, status: 415, code: "unsupported-media-type", outcome: "unsupported-media-type" },
        { type: "application/json", payload: "{not json", status: 400, code: "invalid-input", outcome: "malformed" },
        { type: "application/json", payload: "", status: 400, code: "invalid-input", outcome: "malformed" },
        // valid JSON that carries a NUL (which the database's text and jsonb refuse) is still refused cleanly
        {
          type: "application/json",
          payload: '{"reference":"KE\\u0000X","data":{"orderReference":"\\u0000"}}',
          status: 401,
          code: "invalid-signature",
          outcome: "invalid-signature",
        },
      ];
      for (const [n, { type, payload, status, code, outcome }] of cases.entries()) {
        for (const [app, provider] of [
          [shop.app, "clickpesa"],
          [api.app, "sandbox"],
        ] as const) {
          const ip = `196.41.${200 + n}.${provider === "sandbox" ? 2 : 1}`;
          const res = await app.inject({
            method: "POST",
            url: `/api/payments/${provider}/webhook`,
            headers: type ? { "content-type": type } : {},
            remoteAddress: ip,
            payload,
          });
          const what = `${provider}, ${type ?? "no content type"}: ${payload.slice(0, 20)}`;
          expect(res.statusCode, what).toBe(status);
          expect(res.json(), what).toMatchObject({ code, error: expect.any(String) });
          const recorded = await api.handle.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.ip, ip));
          expect(
            recorded.map((r) => [r.provider, r.verified, r.outcome]),
            what,
          ).toEqual([[provider, false, outcome]]);
          const logged = await api.handle.db
            .select()
            .from(securityEvents)
            .where(and(eq(securityEvents.type, "payment-callback-refused"), eq(securityEvents.ip, ip)));
          expect(
            logged.map((e) => e.detail),
            what,
          ).toEqual([expect.objectContaining({ provider, reason: outcome })]);
        }
      }
    } finally {
      await shop.close();
    }
  });
});

describe("the built-in sandbox", () => {
  const decide = (reference: string, decision: string, cookie: string, form = false) =>
    api.app.inject({
      method: "POST",
      url: `/api/payments/sandbox/${reference}/${decision}`,
      headers: form ? { cookie, "content-type": "application/x-www-form-urlencoded" } : { cookie },
      payload: form ? "" : undefined,
    });

  it("is the provider when ClickPesa is not configured, and offers card through its page", async () => {
    expect(api.services.payments.providerName).toBe("sandbox");
    expect(api.services.payments.cardAvailable).toBe(true);
    const shopper = await makeShopper();
    const card = await api.services.payments.start(await makeOrder(shopper.id, { method: "card" }));
    expect(card).toMatchObject({ next: "redirect", redirectUrl: `/payments/sandbox/${card.reference}`, sandboxUrl: `/payments/sandbox/${card.reference}` });
    const bank = await api.services.payments.start(await makeOrder(shopper.id, { method: "bank_transfer" }));
    expect(bank).toMatchObject({ next: "bank-transfer", redirectUrl: null, sandboxUrl: null });
  });

  it("confirm: the sandbox's signed callback goes through the same verification, its status query agrees, the order is paid", async () => {
    const shopper = await makeShopper();
    const order = await makeOrder(shopper.id);
    const start = await api.services.payments.start(order);
    expect(start).toMatchObject({ next: "ussd-push", sandboxUrl: `/payments/sandbox/${start.reference}` });
    const page = await api.services.payments.sandboxPayment(start.reference, { userId: shopper.id });
    expect(page).toMatchObject({ orderNumber: order.number, sandboxStatus: "pending", payment: { amount: order.total, phone: PHONE, wallet: "M-Pesa" } });

    const res = await decide(start.reference, "confirm", shopper.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ payment: { reference: start.reference, status: "paid" } });
    expect(await orderStatus(order.id)).toBe("paid");
    expect((await callbacksOf(start.reference)).map((c) => [c.provider, c.verified, c.outcome])).toEqual([["sandbox", true, "paid"]]);
    // a second answer changes nothing; from the page's form it just shows the page again
    expect((await decide(start.reference, "decline", shopper.cookie)).statusCode).toBe(409);
    const again = await decide(start.reference, "decline", shopper.cookie, true);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`/payments/sandbox/${start.reference}`);
    expect((await paymentRow(start.reference)).status).toBe("paid");
  });

  it("decline fails the payment and a retry starts a new attempt; expire expires it; only the owner may answer", async () => {
    const shopper = await makeShopper();
    const stranger = await makeShopper();
    const order = await makeOrder(shopper.id);
    const first = await api.services.payments.start(order);
    expect((await decide(first.reference, "confirm", stranger.cookie)).statusCode).toBe(404);
    expect((await decide(first.reference, "confirm", "")).statusCode).toBe(401);

    const declined = await decide(first.reference, "decline", shopper.cookie, true);
    expect(declined.statusCode).toBe(303);
    expect(await paymentRow(first.reference)).toMatchObject({ status: "failed", failureReason: "declined" });
    expect(await orderStatus(order.id)).toBe("awaiting_payment");

    const second = await api.services.payments.start(order);
    expect(second.reference).not.toBe(first.reference);
    await decide(second.reference, "expire", shopper.cookie);
    expect(await paymentRow(second.reference)).toMatchObject({ status: "expired", failureReason: "expired" });
    expect(await api.services.payments.latest(order.id)).toMatchObject({ reference: second.reference, status: "expired" });
    expect(await orderStatus(order.id)).toBe("awaiting_payment");
  });

  /**
   * The sandbox's confirmation of an attempt whose hand-off to the shop never happened, as when the
   * process stops right after the sandbox's own write: a payments service whose in-process delivery
   * fails. What it leaves in the database is what a crash there leaves.
   */
  async function confirmedButNeverDelivered(shopper: { id: number; cookie: string }) {
    const order = await makeOrder(shopper.id);
    const start = await api.services.payments.start(order);
    const lost = paymentsWith({
      clickpesa: null,
      deliverCallback: async () => {
        throw new Error("the process stopped before the hand-off");
      },
    });
    await lost.service.sandboxDecide(start.reference, "confirm", { userId: shopper.id });
    expect(await api.services.payments.sandboxPayment(start.reference, { userId: shopper.id })).toMatchObject({
      sandboxStatus: "confirmed",
      payment: { status: "pending" },
    });
    expect(await orderStatus(order.id)).toBe("awaiting_payment");
    expect(await callbacksOf(start.reference)).toEqual([]);
    return { order, reference: start.reference };
  }

  it("a confirmation the shop never took (it stopped between the sandbox and the hand-off) is delivered by the poller: the order is paid", async () => {
    const shopper = await makeShopper();
    const { order, reference } = await confirmedButNeverDelivered(shopper);
    // the shop again, as after a restart: its poller finds the payment due
    const { service, paid } = paymentsWith({ clickpesa: null });
    await makeDue(reference);
    expect(await service.pollDue()).toMatchObject({ paid: 1 });
    expect(paid.map((p) => p.payment.reference)).toEqual([reference]);
    expect(await orderStatus(order.id)).toBe("paid");
    expect(await paymentRow(reference)).toMatchObject({ status: "paid", callbackStatus: "paid" });
    // through the webhook's own verification, once
    expect((await callbacksOf(reference)).map((c) => [c.provider, c.verified, c.outcome])).toEqual([["sandbox", true, "paid"]]);
    await makeDue(reference);
    await service.pollDue();
    expect(paid).toHaveLength(1);
  });

  it("'pay again' on an attempt the sandbox confirmed settles it instead of handing back the stuck attempt or pushing anew", async () => {
    const shopper = await makeShopper();
    for (const other of [false, true]) {
      const { order, reference } = await confirmedButNeverDelivered(shopper);
      const { service, paid } = paymentsWith({ clickpesa: null });
      // the same details again, or another number (which would otherwise supersede the attempt)
      const again = await service.start(other ? { ...order, paymentPhone: "+255713000111" } : order);
      expect(again, other ? "another number" : "the same details").toMatchObject({ reference, status: "paid" });
      expect(paid).toHaveLength(1);
      expect(await orderStatus(order.id)).toBe("paid");
      expect((await api.handle.db.select().from(payments).where(eq(payments.orderId, order.id))).map((p) => [p.reference, p.status])).toEqual([
        [reference, "paid"],
      ]);
    }
  });

  it("its webhook route refuses a forged callback and records it; a correctly signed replay changes nothing", async () => {
    const shopper = await makeShopper();
    const order = await makeOrder(shopper.id);
    const start = await api.services.payments.start(order);
    const body = JSON.stringify({
      event: "sandbox.payment.confirmed",
      reference: start.reference,
      status: "paid",
      amount: order.total,
      currency: "TZS",
      providerPaymentId: "SBXFORGED",
      reason: null,
      sentAt: new Date().toISOString(),
    });
    const post = (signature: string) =>
      api.app.inject({
        method: "POST",
        url: "/api/payments/sandbox/webhook",
        headers: { "content-type": "application/json", "x-sandbox-signature": signature },
        payload: body,
      });

    const forged = await post(createHmac("sha256", "guessed").update(body).digest("hex"));
    expect(forged.statusCode).toBe(401);
    expect(await refusalsOf(start.reference)).toHaveLength(1);
    expect((await paymentRow(start.reference)).status).toBe("pending");

    // correctly signed but the sandbox's own record still says pending: not paid
    const [secret] = await api.handle.db.select().from(siteSettings).where(eq(siteSettings.key, "payments.sandboxCallbackSecret"));
    const signed = await post(createHmac("sha256", String(secret!.value)).update(body).digest("hex"));
    expect(signed.json()).toEqual({ received: true, outcome: "awaiting-confirmation" });
    expect(await orderStatus(order.id)).toBe("awaiting_payment");

    await decide(start.reference, "confirm", shopper.cookie);
    expect(await orderStatus(order.id)).toBe("paid");
    const replay = await post(createHmac("sha256", String(secret!.value)).update(body).digest("hex"));
    expect(replay.json()).toEqual({ received: true, outcome: "replay" });
    const rows = await api.handle.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.reference, start.reference)).orderBy(desc(paymentCallbacks.id));
    expect(rows.map((r) => r.outcome)).toEqual(["replay", "paid", "awaiting-confirmation", "invalid-signature"]);
  });
});
