import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  coinEntries,
  creditNotes,
  mailOutbox,
  messageOutbox,
  orders,
  paymentCallbacks,
  products,
  refunds,
  securityEvents,
  storeCreditAccounts,
  userTwoFactor,
  users,
} from "../../src/server/db/schema";
import { openSession } from "../../src/server/auth/sessions";
import { rowsOf } from "../../src/server/db";
import { DAR_COURIER_ORDER } from "../fixtures/orders";
import { clickPesaShop, payAtClickPesa } from "./clickpesa-shop";
import { startFakeClickPesa, type FakeClickPesa } from "./fake-clickpesa";
import { apiClient, setupApi, shopperCookie, unique } from "./harness";
import { phoneMaker } from "./buyers";
import { totpCode } from "./two-factor-helpers";

/**
 * Refunds through the admin API: partial refunds by line to mobile money (the fake ClickPesa's
 * payout API, completed only when its signed callback and the status query agree) and to store
 * credit, that credit spent at checkout, the credit note's VAT, two refunds at once, the
 * Idempotency-Key, the second factor asked again, and the old "refund" action as a full refund.
 */
const api = setupApi();

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const { call } = apiClient<Json>(api);

let fake: FakeClickPesa;
beforeAll(async () => {
  fake = await startFakeClickPesa();
});
afterAll(async () => {
  await fake?.close();
});

const SECRET = "JBSWY3DPEHPK3PXP";
const freshPhone = phoneMaker("0719", 331);

/** A fresh admin with two-step sign-in, and a code its authenticator shows now (each code is taken once). */
async function admin(label = "refunds"): Promise<{ cookie: string; code: string; id: number }> {
  const [user] = await api.handle.db
    .insert(users)
    .values({ email: unique(`${label}-admin`), fullName: "Refund Admin", passwordHash: "scrypt$x", role: "admin", emailVerifiedAt: sql`now()` })
    .returning({ id: users.id });
  await api.handle.db.insert(userTwoFactor).values({ userId: user!.id, secret: SECRET, enabledAt: new Date() });
  const { token } = await openSession(api.handle.db, user!.id, false, 30, {});
  return { cookie: `sid=${token}`, code: totpCode(SECRET), id: user!.id };
}

let picked = 0;
/** Two products without options, 2 000 to 40 000 shillings, with stock, into the shopper's cart (3 of the first, 1 of the second). */
async function fillCart(cookie: string, app = api.app) {
  const rows = await api.handle.db
    .select({ id: products.id })
    .from(products)
    .where(sql`not exists (select 1 from product_variants v where v.product_id = ${products.id}) and price between 2000 and 40000 and archived_at is null`)
    .orderBy(asc(products.id))
    .offset(40 + (picked += 2))
    .limit(2);
  for (const [i, row] of rows.entries()) {
    await api.handle.db.update(products).set({ stockQuantity: 50 }).where(eq(products.id, row.id));
    const added = await call("POST", "/api/cart", cookie, { productId: row.id, variantId: "default", quantity: i === 0 ? 3 : 1 }, {}, { app });
    expect(added.status).toBe(200);
  }
}

/** A signed-in shopper's order paid by bank transfer, marked paid by an admin (real money: a fiscal receipt, not a test). */
async function paidBankOrder(): Promise<{ cookie: string; order: Json }> {
  const cookie = await shopperCookie(api, "refunds");
  await fillCart(cookie);
  const placed = await call("POST", "/api/orders", cookie, DAR_COURIER_ORDER, { "idempotency-key": randomUUID() });
  expect(placed.status).toBe(201);
  const number = placed.body.order.number;
  const paid = await call("POST", `/api/admin/orders/${number}/mark-paid`, (await admin()).cookie, {});
  expect(paid.status, paid.text).toBe(200);
  return { cookie, order: (await call("GET", `/api/orders/${number}`, cookie)).body.order };
}

async function refund(number: string, body: Json, options: { key?: string; who?: { cookie: string; code: string }; app?: typeof api.app } = {}) {
  const who = options.who ?? (await admin());
  return call(
    "POST",
    `/api/admin/orders/${number}/refunds`,
    who.cookie,
    { twoFactorCode: who.code, ...body },
    { "idempotency-key": options.key ?? randomUUID() },
    { app: options.app },
  );
}

async function orderRow(number: string) {
  const [row] = await api.handle.db.select().from(orders).where(eq(orders.number, number));
  return row!;
}

/** Waits for a condition the app reaches on its own (an in-process callback), checking every 20 ms, for at most 5 s. */
async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("a partial refund to mobile money through the provider's payouts (fake ClickPesa)", () => {
  it("is pending until the signed payout callback and the status query agree, then completed with its credit note and the shopper told", async () => {
    const shop = await clickPesaShop(api, fake);
    try {
      const { call: shopCall } = apiClient<Json>(shop);
      const cookie = await shopperCookie(api, "refunds-clickpesa");
      // a number of its own: the refund's SMS is not held back by another test's quota on a shared one
      const contact = freshPhone();
      await fillCart(cookie, shop.app);
      const placed = await shopCall(
        "POST",
        "/api/orders",
        cookie,
        { ...DAR_COURIER_ORDER, phone: contact.local, payment: { method: "mobile_money", wallet: "M-Pesa", phone: "0754 123 456" } },
        { "idempotency-key": randomUUID() },
      );
      expect(placed.status, placed.text).toBe(201);
      const number: string = placed.body.order.number;
      await payAtClickPesa(shop, fake, placed.body.payment.reference);
      const order = (await shopCall("GET", `/api/orders/${number}`, cookie)).body.order;
      expect(order).toMatchObject({ status: "paid", test: false });
      const line = order.lines[0];

      const who = await admin();
      const made = await refund(
        number,
        { lines: [{ orderLineId: await lineId(number, 0), quantity: 1 }], method: "mobile_money", reason: "One board was faulty" },
        { who, app: shop.app },
      );
      expect(made.status, made.text).toBe(201);
      const unitGross = Math.round(line.gross / line.quantity);
      expect(made.body.refund).toMatchObject({ status: "pending", method: "mobile_money", amount: unitGross, creditNote: null, test: false });
      const reference: string = made.body.refund.providerReference;
      expect(fake.payout(reference)).toMatchObject({ amount: unitGross, phoneNumber: "255754123456", status: "AUTHORIZED" });

      // a forged callback is refused and recorded
      const forged = fake.payoutWebhook(reference, { key: "not-the-key" });
      const refusedHook = await shopCall("POST", "/api/payments/clickpesa/payout-webhook", null, forged);
      expect(refusedHook.status).toBe(401);
      expect(refusedHook.body.code).toBe("invalid-signature");

      // the signed callback says sent, the status query still says authorized: not believed yet
      const early = await shopCall("POST", "/api/payments/clickpesa/payout-webhook", null, fake.payoutWebhook(reference));
      expect(early.body).toEqual({ received: true, outcome: "pending" });
      expect((await api.handle.db.select().from(refunds).where(eq(refunds.providerReference, reference)))[0]).toMatchObject({
        status: "pending",
        callbackStatus: "paid",
      });
      expect((await orderRow(number)).status).toBe("paid");

      // the provider's side completes; the poller's query agrees with the callback
      fake.setPayoutStatus(reference, "SUCCESS");
      await api.handle.db
        .update(refunds)
        .set({ nextCheckAt: new Date(Date.now() - 1000) })
        .where(eq(refunds.providerReference, reference));
      expect(await shop.services.refunds.pollDue()).toMatchObject({ completed: 1 });
      const listed = await call("GET", `/api/admin/orders/${number}/refunds`, who.cookie, undefined, {}, { app: shop.app });
      expect(listed.body.refunds).toEqual([expect.objectContaining({ status: "completed", creditNote: expect.objectContaining({ gross: unitGross }) })]);
      expect(listed.body.refundable).toMatchObject({ paid: order.total, refunded: unitGross, remaining: order.total - unitGross });
      // paid, still being handled: it keeps its status; the timeline has the refund
      expect((await orderRow(number)).status).toBe("paid");
      const texts = await api.handle.db
        .select({ text: messageOutbox.text })
        .from(messageOutbox)
        .where(and(eq(messageOutbox.orderId, (await orderRow(number)).id), eq(messageOutbox.event, "order-refunded")));
      expect(texts).toHaveLength(1);
      expect(texts[0]!.text).toContain(number);
      const callbacks = await api.handle.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.reference, reference));
      expect(callbacks.map((c) => c.outcome)).toEqual(["payout:paid"]);
    } finally {
      await shop.close();
    }
  });

  it("a payout the provider reverses fails the refund, which then no longer counts", async () => {
    const shop = await clickPesaShop(api, fake);
    try {
      const { call: shopCall } = apiClient<Json>(shop);
      const cookie = await shopperCookie(api, "refunds-reversed");
      await fillCart(cookie, shop.app);
      const placed = await shopCall(
        "POST",
        "/api/orders",
        cookie,
        { ...DAR_COURIER_ORDER, payment: { method: "mobile_money", wallet: "M-Pesa", phone: "0754 123 457" } },
        { "idempotency-key": randomUUID() },
      );
      const number: string = placed.body.order.number;
      await payAtClickPesa(shop, fake, placed.body.payment.reference);
      const made = await refund(number, { amount: 1000, method: "mobile_money", reason: "Goodwill" }, { app: shop.app });
      expect(made.status, made.text).toBe(201);
      const reference = made.body.refund.providerReference;
      fake.setPayoutStatus(reference, "REVERSED");
      const hook = await shopCall("POST", "/api/payments/clickpesa/payout-webhook", null, fake.payoutWebhook(reference, { event: "PAYOUT REVERSED" }));
      expect(hook.body.outcome).toBe("failed");
      const summary = (await call("GET", `/api/admin/orders/${number}/refunds`, (await admin()).cookie, undefined, {}, { app: shop.app })).body;
      expect(summary.refunds[0]).toMatchObject({ status: "failed", creditNote: null });
      expect(summary.refundable.refunded).toBe(0);
    } finally {
      await shop.close();
    }
  });
});

/** The id of an order's line by position (the API's view of a line carries no id). */
async function lineId(number: string, index: number): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await api.handle.db.execute(
      sql`select l.id from order_lines l join orders o on o.id = l.order_id where o.number = ${number} order by l.id offset ${index} limit 1`,
    ),
  );
  return Number(row!.id);
}

describe("refunds to store credit, and store credit spent at checkout", () => {
  it("puts a partial refund on the shopper's balance, with a credit note whose VAT adds up to the refunded lines; the balance pays part of the next order", async () => {
    const { cookie, order } = await paidBankOrder();
    const number: string = order.number;
    const first = await lineId(number, 0);
    const made = await refund(number, {
      lines: [{ orderLineId: first, quantity: 2 }],
      method: "store_credit",
      reason: "Two arrived broken",
      includeDelivery: true,
    });
    expect(made.status, made.text).toBe(201);
    const r = made.body.refund;
    const line = order.lines[0];
    const goods = Math.round((line.gross * 2) / line.quantity);
    expect(r).toMatchObject({ status: "completed", method: "store_credit", amount: goods + order.deliveryFee, delivery: order.deliveryFee });
    // the credit note: its own series, the receipt it corrects, VAT per rate equal to the lines' VAT
    const note = r.creditNote;
    expect(note).toMatchObject({ number: expect.stringMatching(/^CN-\d{6}$/), receiptNumber: order.receipt.number, fiscal: false, test: false });
    const linesVat = r.lines.reduce((s: number, l: Json) => s + l.vat, 0);
    const linesGross = r.lines.reduce((s: number, l: Json) => s + l.gross, 0);
    expect(note.vat).toBe(linesVat);
    expect(note.gross).toBe(linesGross);
    expect(note.rates.reduce((s: number, x: Json) => s + x.vat, 0)).toBe(linesVat);
    expect(note.net + note.vat).toBe(note.gross);
    for (const l of r.lines) expect(l.net + l.vat).toBe(l.gross);
    expect((await orderRow(number)).status).toBe("paid");

    // the shopper's documents list it, with its PDF
    const docs = await call("GET", `/api/orders/${number}/credit-notes`, cookie);
    expect(docs.body.creditNotes).toEqual([expect.objectContaining({ number: note.number, pdfPath: note.pdfPath })]);
    for (const lang of ["sw", "en"]) {
      const pdf = await call("GET", `${note.pdfPath}?lang=${lang}`, cookie);
      expect(pdf.status).toBe(200);
      expect(pdf.headers["content-type"]).toBe("application/pdf");
      expect(pdf.text.startsWith("%PDF")).toBe(true);
    }
    expect((await call("GET", note.pdfPath, await shopperCookie(api, "stranger"))).status).toBe(404);

    // the balance and its history
    const credit = await call("GET", "/api/account/store-credit", cookie);
    expect(credit.body).toMatchObject({ balance: r.amount, entries: [expect.objectContaining({ delta: r.amount, reason: "refund", orderNumber: number })] });

    // the next order spends part of it: the provider is asked only for the rest
    await fillCart(cookie);
    const spend = 1000;
    const next = await call(
      "POST",
      "/api/orders",
      cookie,
      { ...DAR_COURIER_ORDER, payment: { method: "mobile_money", wallet: "M-Pesa", phone: "0754 123 458" }, storeCredit: spend },
      { "idempotency-key": randomUUID() },
    );
    expect(next.status, next.text).toBe(201);
    const nextRow = await orderRow(next.body.order.number);
    expect(nextRow.storeCreditSpent).toBe(spend);
    expect(next.body.payment).toMatchObject({ status: "pending" });
    expect((await call("GET", `/api/orders/${nextRow.number}`, cookie)).body.order.payment.amount).toBe(nextRow.total - spend);
    expect((await call("GET", "/api/account/store-credit", cookie)).body.balance).toBe(r.amount - spend);
    // more than the balance is refused, and the balance never goes below zero
    await fillCart(cookie);
    const tooMuch = await call(
      "POST",
      "/api/orders",
      cookie,
      { ...DAR_COURIER_ORDER, payment: { method: "mobile_money", wallet: "M-Pesa", phone: "0754 123 458" }, storeCredit: r.amount },
      { "idempotency-key": randomUUID() },
    );
    expect(tooMuch.status).toBe(400);
    const [account] = await api.handle.db.select().from(storeCreditAccounts).where(eq(storeCreditAccounts.userId, nextRow.userId!));
    expect(account!.balance).toBe(r.amount - spend);
    // cancelled unpaid: the credit it spent comes back
    expect((await call("POST", `/api/orders/${nextRow.number}/cancel`, cookie, {})).status).toBe(200);
    expect((await call("GET", "/api/account/store-credit", cookie)).body.balance).toBe(r.amount);
  });

  it("refuses store credit for a guest's order with a clear code", async () => {
    const { order } = await paidBankOrder();
    await api.handle.db.update(orders).set({ userId: null }).where(eq(orders.number, order.number));
    const made = await refund(order.number, { amount: 1000, method: "store_credit", reason: "Goodwill" });
    expect(made.status).toBe(400);
    expect(made.body.code).toBe("store-credit-unavailable");
  });
});

describe("the rules every refund keeps", () => {
  it("two refunds at once cannot exceed what was paid", async () => {
    const { order } = await paidBankOrder();
    const share = Math.ceil(order.total * 0.6);
    const [a, b] = await Promise.all([
      refund(order.number, { amount: Math.min(share, order.total - order.deliveryFee), method: "bank_transfer", bankReference: "NMB-1", reason: "Race A" }),
      refund(order.number, { amount: Math.min(share, order.total - order.deliveryFee), method: "bank_transfer", bankReference: "NMB-2", reason: "Race B" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect([a, b].find((x) => x.status === 409)!.body).toMatchObject({ code: "refund-refused", reason: "exceeds-paid" });
    const standing = await api.handle.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, (await orderRow(order.number)).id));
    expect(standing.reduce((s, r) => s + r.amount, 0)).toBeLessThanOrEqual(order.total);
  });

  it("the same Idempotency-Key answers the same refund; another body with it is refused", async () => {
    const { order } = await paidBankOrder();
    const key = randomUUID();
    const body = { amount: 1500, method: "bank_transfer", bankReference: "CRDB-778", reason: "Price match" };
    const first = await refund(order.number, body, { key });
    expect(first.status, first.text).toBe(201);
    const again = await refund(order.number, body, { key });
    expect(again.status).toBe(200);
    expect(again.body.refund.id).toBe(first.body.refund.id);
    const other = await refund(order.number, { ...body, amount: 1600 }, { key });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("idempotency-conflict");
    const missing = await call("POST", `/api/admin/orders/${order.number}/refunds`, (await admin()).cookie, { ...body, twoFactorCode: "000000" });
    expect(missing.status).toBe(400);
    // a bank transfer needs its reference
    const noReference = await refund(order.number, { amount: 100, method: "bank_transfer", reason: "x" });
    expect(noReference.body).toMatchObject({ code: "refund-refused", reason: "bank-reference-required" });
  });

  it("asks the admin's second factor again: missing or wrong is 403, and nothing is refunded", async () => {
    const { order } = await paidBankOrder();
    const who = await admin();
    const body = { amount: 1000, method: "bank_transfer", bankReference: "NMB-9", reason: "Goodwill" };
    const none = await call("POST", `/api/admin/orders/${order.number}/refunds`, who.cookie, body, { "idempotency-key": randomUUID() });
    expect(none.status).toBe(403);
    expect(none.body.code).toBe("second-factor-failed");
    const wrong = await call(
      "POST",
      `/api/admin/orders/${order.number}/refunds`,
      who.cookie,
      { ...body, twoFactorCode: "123456" },
      { "idempotency-key": randomUUID() },
    );
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe("second-factor-failed");
    expect(
      await api.handle.db
        .select()
        .from(refunds)
        .where(eq(refunds.orderId, (await orderRow(order.number)).id)),
    ).toEqual([]);
    const ok = await call(
      "POST",
      `/api/admin/orders/${order.number}/refunds`,
      who.cookie,
      { ...body, twoFactorCode: who.code },
      { "idempotency-key": randomUUID() },
    );
    expect(ok.status, ok.text).toBe(201);
    const logged = await api.handle.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.type, "admin-refund"), eq(securityEvents.userId, who.id)));
    expect(logged).toHaveLength(1);
  });

  it("refuses more units than were bought", async () => {
    const { order } = await paidBankOrder();
    const made = await refund(order.number, {
      lines: [{ orderLineId: await lineId(order.number, 1), quantity: 2 }],
      method: "bank_transfer",
      bankReference: "X1",
      reason: "x",
    });
    expect(made.status).toBe(409);
    expect(made.body).toMatchObject({ code: "refund-refused", reason: "exceeds-quantity" });
  });
});

describe("a refund the shop asks for itself (a back-order's, by bank transfer)", () => {
  it("waits for an admin to make the transfer and record its reference, then completes with its credit note", async () => {
    const { order } = await paidBankOrder();
    const asked = await api.services.refunds.create({
      orderNumber: order.number,
      amount: 2000,
      method: "bank_transfer",
      reason: "back-order date passed",
      idempotencyKey: `backorder-${order.number}`,
      actor: { system: true },
    });
    expect(asked).toMatchObject({ status: "requested", bankReference: null, creditNote: null, actorEmail: null });
    const who = await admin();
    const path = `/api/admin/orders/${order.number}/refunds/${asked.number}/transfer`;
    expect((await call("POST", path, who.cookie, { bankReference: "NMB-77" })).body.code).toBe("second-factor-failed");
    const recorded = await call("POST", path, who.cookie, { bankReference: "NMB-77", twoFactorCode: who.code });
    expect(recorded.status, recorded.text).toBe(200);
    expect(recorded.body.refund).toMatchObject({ status: "completed", bankReference: "NMB-77", creditNote: expect.objectContaining({ gross: 2000 }) });
    const again = await call("POST", path, (await admin()).cookie, { bankReference: "NMB-78", twoFactorCode: totpCode(SECRET) });
    expect(again.body.code).toBe("invalid-state");
  });
});

describe('the admin\'s old "refund" action', () => {
  it("is a full refund through the refunds flow: everything paid back by the route it came, a credit note, the order refunded", async () => {
    const { order } = await paidBankOrder();
    const who = await admin();
    expect((await call("POST", `/api/admin/orders/${order.number}/cancel`, who.cookie, { note: "Out of stock after all" })).status).toBe(200);
    const refunded = await call("POST", `/api/admin/orders/${order.number}/refund`, who.cookie, { note: "NMB-TRX-5521" });
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.body.order.status).toBe("refunded");
    const list = await call("GET", `/api/admin/orders/${order.number}/refunds`, who.cookie);
    expect(list.body.refunds).toEqual([
      expect.objectContaining({
        status: "completed",
        method: "bank_transfer",
        bankReference: "NMB-TRX-5521",
        amount: order.total,
        creditNote: expect.any(Object),
      }),
    ]);
    expect(list.body.refundable.remaining).toBe(0);
    const [note] = await api.handle.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.orderId, (await orderRow(order.number)).id));
    expect(note!.totals.gross).toBe(order.total);
    // a cancelled order's coins were settled by its cancellation: none moved again
    const moved = await api.handle.db
      .select()
      .from(coinEntries)
      .where(and(eq(coinEntries.orderId, (await orderRow(order.number)).id), sql`${coinEntries.refundId} is not null`));
    expect(moved).toEqual([]);
  });
});

describe("a test order (paid in the sandbox) refunded to mobile money", () => {
  it("goes through the sandbox's payout and its signed callback, with a TEST credit note", async () => {
    const cookie = await shopperCookie(api, "refunds-sandbox");
    await fillCart(cookie);
    const placed = await call(
      "POST",
      "/api/orders",
      cookie,
      { ...DAR_COURIER_ORDER, payment: { method: "mobile_money", wallet: "M-Pesa", phone: "0754 123 459" } },
      { "idempotency-key": randomUUID() },
    );
    expect((await call("POST", `/api/payments/sandbox/${placed.body.payment.reference}/confirm`, cookie, {})).status).toBe(200);
    const number: string = placed.body.order.number;
    const made = await refund(number, { lines: [{ orderLineId: await lineId(number, 1), quantity: 1 }], method: "mobile_money", reason: "Wrong colour" });
    expect(made.status, made.text).toBe(201);
    const done = await until(
      () => api.services.refunds.get(made.body.refund.id),
      (r) => r.status === "completed",
    );
    expect(done).toMatchObject({ status: "completed", test: true, creditNote: expect.objectContaining({ test: true, number: `TEST-CN-${number}-1` }) });
    // no money came in: it cannot become store credit, which buys real goods
    const credit = await refund(number, { amount: 500, method: "store_credit", reason: "Goodwill" });
    expect(credit.body).toMatchObject({ code: "refund-refused", reason: "test-order" });
  });
});

describe("a guest's order refunded in part", () => {
  it("lists its credit note on the order's signed link and serves the PDF there; a token that is not the shop's gets 404, as the receipt", async () => {
    const [row] = await api.handle.db
      .select({ id: products.id })
      .from(products)
      .where(sql`not exists (select 1 from product_variants v where v.product_id = ${products.id}) and price between 2000 and 40000 and archived_at is null`)
      .orderBy(asc(products.id))
      .offset(40 + (picked += 2))
      .limit(1);
    await api.handle.db.update(products).set({ stockQuantity: 50 }).where(eq(products.id, row!.id));
    const phone = freshPhone();
    const guestEmail = unique("refund-guest").toLowerCase();
    // a guest paying by mobile money from the order's own number needs no code; the sandbox stands for the wallet
    const placed = await call(
      "POST",
      "/api/orders",
      null,
      {
        ...DAR_COURIER_ORDER,
        phone: phone.local,
        lines: [{ productId: row!.id, variantId: "default", quantity: 3 }],
        guest: { phone: phone.local, email: guestEmail },
        payment: { method: "mobile_money", wallet: "M-Pesa", phone: phone.local },
      },
      { "idempotency-key": randomUUID() },
    );
    expect(placed.status, placed.text).toBe(201);
    const number: string = placed.body.order.number;
    const token: string = placed.body.orderPath.slice(3);
    expect((await call("POST", `/api/guest-orders/${token}/sandbox/${placed.body.payment.reference}/confirm`, null)).status).toBe(200);
    const made = await refund(number, { lines: [{ orderLineId: await lineId(number, 0), quantity: 1 }], method: "mobile_money", reason: "Wrong colour" });
    expect(made.status, made.text).toBe(201);
    const done = await until(
      () => api.services.refunds.get(made.body.refund.id),
      (r) => r.status === "completed",
    );
    const noteNumber: string = done.creditNote!.number;
    // the guest's mail points at the signed link (where the credit note is), not at an account it does not have
    const [mail] = await api.handle.db
      .select({ body: mailOutbox.body })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, guestEmail), eq(mailOutbox.kind, "order-refunded")));
    expect(mail!.body).toContain(`http://shop.test/o/${token}`);
    expect(mail!.body).not.toMatch(/\/account\/orders|\/api\/orders/);

    const listed = await call("GET", `/api/guest-orders/${token}/credit-notes`, null);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.headers["cache-control"]).toBe("private, no-store");
    const pdfPath = `/api/guest-orders/${token}/credit-notes/${noteNumber}.pdf`;
    expect(listed.body.creditNotes).toEqual([expect.objectContaining({ number: noteNumber, test: true, pdfPath })]);
    const pdf = await call("GET", `${pdfPath}?lang=en`, null);
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.text.startsWith("%PDF")).toBe(true);
    // the order page's own view carries it too (the page links it by the token)
    expect((await call("GET", `/api/guest-orders/${token}`, null)).body.order.creditNotes).toEqual([expect.objectContaining({ number: noteNumber })]);
    // the parts of an order that went out whole: nothing waiting, nothing shipped apart
    expect((await call("GET", `/api/guest-orders/${token}/back-orders`, null)).body.parts).toMatchObject({ number, waitingUnits: 0, shipments: [] });

    // a forged token, or another order's link, answers as the receipt does: 404, nothing said about the order
    const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await call("GET", `/api/guest-orders/${forged}/receipt.pdf`, null)).status).toBe(404);
    for (const path of ["credit-notes", `credit-notes/${noteNumber}.pdf`, "back-orders"]) {
      const refused = await call("GET", `/api/guest-orders/${forged}/${path}`, null);
      expect(refused, path).toMatchObject({ status: 404, body: { code: "not-found" } });
    }
    const other = await shopperCookie(api, "refunds-guest-other");
    await fillCart(other);
    const otherOrder = await call("POST", "/api/orders", other, DAR_COURIER_ORDER, { "idempotency-key": randomUUID() });
    const otherToken = await api.services.links.orderPath((await orderRow(otherOrder.body.order.number)).id);
    expect((await call("GET", `/api/guest-orders/${otherToken.slice(3)}/credit-notes/${noteNumber}.pdf`, null)).status).toBe(404);
    // the order number alone opens nothing: the account's routes ask for a sign-in
    expect((await call("GET", `/api/orders/${number}/credit-notes`, null)).status).toBe(401);
    expect((await call("GET", `/api/orders/${number}/credit-notes/${noteNumber}.pdf`, null)).status).toBe(401);
  });
});
