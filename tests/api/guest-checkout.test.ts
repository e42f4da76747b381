import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withTransaction } from "../../src/server/db";
import { coupons, messageOutbox, orders, phoneCodes } from "../../src/server/db/schema";
import { DAR_COURIER_ORDER } from "../fixtures/orders";
import { codeSentTo, phoneMaker, productPicker, stockOf } from "./buyers";
import { apiClient, registerVerified, setupApi, TEST_PASSWORD, unique } from "./harness";

const api = setupApi();

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const { call, post } = apiClient<Json>(api);

const product = productPicker(api, { offset: 0, maxPrice: 60000 });

/** A fresh Tanzanian mobile number per use, so one test's SMS quota or limits never reach another's. */
const freshPhone = phoneMaker("0713", 131);

let addresses = 0;
const ip = () => `10.88.${addresses % 250}.${(addresses++ % 250) + 1}`;

const sendCode = (phone: string, from = ip()) => post("/api/checkout/phone-code", { phone }, {}, { ip: from });

function guestOrder(body: Json, key: string = randomUUID()) {
  return call("POST", "/api/orders", null, body, { "idempotency-key": key });
}

/** A guest's order body: the Dar courier order with the guest's lines and number. */
function guestBody(phone: string, lines: Json[], guest: Json = {}, extra: Json = {}): Json {
  return { ...DAR_COURIER_ORDER, phone, lines, guest: { phone, ...guest }, ...extra };
}

describe("checkout without an account", () => {
  it("quotes a guest's lines at the server's prices, and keeps the signed-in shopper's quote as it was", async () => {
    const a = await product(10);
    const quote = await call("POST", "/api/checkout/quote", null, {
      region: "dar-es-salaam",
      method: "courier",
      lines: [{ productId: a.id, variantId: "default", quantity: 2 }],
    });
    expect(quote.status).toBe(200);
    expect(quote.body.quote).toMatchObject({ subtotal: 2 * a.price, method: "courier", coins: { balance: 0, usable: 0 } });
    expect(quote.body.quote.total).toBe(2 * a.price + quote.body.quote.deliveryFee);
    // no lines and no session: as before guests could buy
    expect((await call("POST", "/api/checkout/quote", null, { region: "dar-es-salaam" })).status).toBe(401);
    // coins are an account's
    const coins = await call("POST", "/api/checkout/quote", null, { lines: [{ productId: a.id, quantity: 1 }], coinsToSpend: 10 });
    expect(coins).toMatchObject({ status: 400, body: { code: "validation", field: "coins" } });
    // a signed-in shopper's cart is the account's: guest fields are refused, not mixed in
    const email = await registerVerified(api, { ip: ip() });
    const login = await post("/api/auth/login", { email, password: TEST_PASSWORD }, {}, { ip: ip() });
    const mixed = await call("POST", "/api/checkout/quote", login.cookie, { lines: [{ productId: a.id, quantity: 1 }] });
    expect(mixed).toMatchObject({ status: 400, body: { code: "validation", field: "guest" } });
    // a line is validated at the boundary
    const bad = await call("POST", "/api/checkout/quote", null, { lines: [{ productId: a.id, quantity: 0 }] });
    expect(bad).toMatchObject({ status: 400, body: { code: "invalid-input" } });
  });

  it("places a guest's order with an SMS code: server prices, stock held, the code spent, the order reached by its signed link", async () => {
    const a = await product(6);
    const phone = freshPhone();
    const lines = [{ productId: a.id, variantId: "default", quantity: 2 }];

    // without a code (and not paying from that number by mobile money) the number must be confirmed first
    const unconfirmed = await guestOrder(guestBody(phone.local, lines));
    expect(unconfirmed).toMatchObject({ status: 400, body: { code: "invalid-code", field: "code", reason: "phoneCodeNeeded" } });

    const sent = await sendCode(phone.local);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ resendAfterSeconds: 60 });
    expect(sent.body.sentTo).not.toContain("713");
    expect(sent.body.expiresInSeconds).toBeGreaterThan(500);
    const code = await codeSentTo(api, phone.e164);
    // the SMS ends with the line browsers read to fill the code in
    const [sms] = await api.handle.db.select().from(messageOutbox).where(eq(messageOutbox.recipient, phone.e164)).orderBy(desc(messageOutbox.id)).limit(1);
    expect(sms!.text).toMatch(new RegExp(`@shop\\.test #${code}$`));

    const wrong = await guestOrder(guestBody(phone.local, lines, { code: code === "000000" ? "111111" : "000000" }));
    expect(wrong).toMatchObject({ status: 400, body: { code: "invalid-code", reason: "phoneCodeWrong", attemptsLeft: 4 } });

    const key = randomUUID();
    const placed = await guestOrder(guestBody(phone.local, lines, { code, email: "Guest.Buyer@Example.com" }), key);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order).toMatchObject({ subtotal: 2 * a.price, phone: phone.e164, email: "guest.buyer@example.com" });
    expect(placed.body.order.total).toBe(2 * a.price + placed.body.order.deliveryFee);
    expect(placed.body.orderPath).toMatch(/^\/o\/[0-9a-z]+-[A-Za-z0-9_-]{11}$/);
    expect(await stockOf(api, a.id)).toBe(4);
    const [row] = await api.handle.db.select().from(orders).where(eq(orders.number, placed.body.order.number));
    expect(row).toMatchObject({ userId: null, guestPhone: phone.e164 });
    expect(row!.guestPhoneConfirmedAt).not.toBeNull();

    // the placed SMS carries the same signed link, which opens the order
    const placedSms = await api.handle.db
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.orderId, row!.id), eq(messageOutbox.event, "order-placed")));
    expect(placedSms[0]!.text).toContain(`http://shop.test${placed.body.orderPath}`);
    const token = placed.body.orderPath.slice(3);
    const opened = await call("GET", `/api/guest-orders/${token}`, null);
    expect(opened.body.order.number).toBe(placed.body.order.number);
    // a token that is not the shop's answers like a missing order
    const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await call("GET", `/api/guest-orders/${forged}`, null)).status).toBe(404);
    expect((await call("GET", `/api/guest-orders/${row!.id.toString(36)}-AAAAAAAAAAA`, null)).status).toBe(404);

    // a retried submit finds its order (the code is spent by now); the spent code places nothing new
    const again = await guestOrder(guestBody(phone.local, lines, { code, email: "Guest.Buyer@Example.com" }), key);
    expect(again.status).toBe(200);
    expect(again.body.order.number).toBe(placed.body.order.number);
    const reused = await guestOrder(guestBody(phone.local, lines, { code }));
    expect(reused).toMatchObject({ status: 400, body: { code: "invalid-code", reason: "phoneCodeExpired" } });
    expect(await stockOf(api, a.id)).toBe(4);

    // the guest cancels the unpaid order by its link: the stock comes back
    const cancelled = await call("POST", `/api/guest-orders/${token}/cancel`, null);
    expect(cancelled.body.order.status).toBe("cancelled");
    expect(await stockOf(api, a.id)).toBe(6);
  });

  it("lets a guest paying by mobile money from the order's own number go without a code; the payment confirms the number", async () => {
    const a = await product(5);
    const phone = freshPhone();
    const lines = [{ productId: a.id, quantity: 1 }];
    const mobileMoney = { payment: { method: "mobile_money", wallet: "M-Pesa", phone: phone.local } };
    // paying from another number proves nothing about this one
    const other = freshPhone();
    const refused = await guestOrder(guestBody(phone.local, lines, {}, { payment: { method: "mobile_money", wallet: "M-Pesa", phone: other.local } }));
    expect(refused).toMatchObject({ status: 400, body: { code: "invalid-code", reason: "phoneCodeNeeded" } });
    // the guest number must be the order's contact number
    const mismatch = await guestOrder({ ...guestBody(phone.local, lines, {}, mobileMoney), phone: other.local });
    expect(mismatch).toMatchObject({ status: 400, body: { code: "validation", field: "phone" } });

    const placed = await guestOrder(guestBody(phone.local, lines, {}, mobileMoney));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.payment).toMatchObject({ next: "ussd-push" });
    const [row] = await api.handle.db.select().from(orders).where(eq(orders.number, placed.body.order.number));
    expect(row!.guestPhoneConfirmedAt).toBeNull();
    // the guest watches the payment and answers the sandbox by the order's link
    const token = placed.body.orderPath.slice(3);
    const reference = placed.body.payment.reference;
    expect((await call("GET", `/api/guest-orders/${token}/payments/${reference}`, null)).body.payment.status).toBe("pending");
    const confirmed = await call("POST", `/api/guest-orders/${token}/sandbox/${reference}/confirm`, null);
    expect(confirmed.status, confirmed.text).toBe(200);
    const [paid] = await api.handle.db.select().from(orders).where(eq(orders.id, row!.id));
    expect(paid!.status).toBe("paid");
    expect(paid!.guestPhoneConfirmedAt).not.toBeNull();
    // another order's link does not reach this payment
    const stranger = await guestOrder(guestBody(other.local, lines, {}, { payment: { method: "mobile_money", wallet: "M-Pesa", phone: other.local } }));
    const strangerToken = stranger.body.orderPath.slice(3);
    expect((await call("GET", `/api/guest-orders/${strangerToken}/payments/${reference}`, null)).status).toBe(404);
  });

  it("counts a coupon's per-shopper limit by the guest's number", async () => {
    const code = `GUEST${Date.now().toString(36)}`.toUpperCase();
    await api.handle.db.insert(coupons).values({ code, kind: "percent", value: 10, perCustomerLimit: 1 });
    const a = await product(10);
    const phone = freshPhone();
    const lines = [{ productId: a.id, quantity: 1 }];
    const mobileMoney = { payment: { method: "mobile_money", wallet: "M-Pesa", phone: phone.local }, couponCode: code };
    const first = await guestOrder(guestBody(phone.local, lines, {}, mobileMoney));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.order.discount).toBeGreaterThan(0);
    const quoted = await call("POST", "/api/checkout/quote", null, {
      region: "dar-es-salaam",
      method: "courier",
      lines,
      couponCode: code,
      guest: { phone: phone.local },
    });
    expect(quoted.body.quote.coupon).toMatchObject({ applied: false, reason: "already-used" });
    const second = await guestOrder(guestBody(phone.local, lines, {}, mobileMoney));
    expect(second).toMatchObject({ status: 409, body: { code: "coupon-invalid", reason: "already-used" } });
    // another number may still use it
    const other = freshPhone();
    const third = await guestOrder(
      guestBody(other.local, lines, {}, { ...mobileMoney, payment: { method: "mobile_money", wallet: "M-Pesa", phone: other.local } }),
    );
    expect(third.status).toBe(201);
  });

  it("limits codes: a resend waits a minute, five wrong tries spend a code, and a number's quota stops more SMS", async () => {
    const phone = freshPhone();
    const from = ip();
    expect((await sendCode(phone.local, from)).status).toBe(200);
    const soon = await sendCode(phone.local, from);
    expect(soon).toMatchObject({ status: 429, body: { code: "rate-limited", reason: "phoneCodeTooSoon" } });
    expect(Number(soon.headers["retry-after"])).toBeGreaterThan(0);
    const a = await product(3);
    const lines = [{ productId: a.id, quantity: 1 }];
    const code = await codeSentTo(api, phone.e164);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let left = 4; left >= 1; left--)
      expect((await guestOrder(guestBody(phone.local, lines, { code: wrong }))).body).toMatchObject({ reason: "phoneCodeWrong", attemptsLeft: left });
    expect((await guestOrder(guestBody(phone.local, lines, { code: wrong }))).body.reason).toBe("phoneCodeExpired");
    // even the right code is spent now
    expect((await guestOrder(guestBody(phone.local, lines, { code }))).body.reason).toBe("phoneCodeExpired");

    // the outbox's per-number quota holds for codes too (the resend wait moved back, as if minutes passed)
    const quota = api.services.notify.quota.perRecipient;
    let refusedAt = 0;
    for (let n = 1; n <= quota + 1 && !refusedAt; n++) {
      await api.handle.db
        .update(phoneCodes)
        .set({ createdAt: sql`now() - interval '2 minutes'` })
        .where(eq(phoneCodes.phone, phone.e164));
      const res = await sendCode(phone.local, ip());
      if (res.status === 429) {
        expect(res.body).toMatchObject({ code: "rate-limited", reason: "phoneCodeNotSent" });
        refusedAt = n;
      }
    }
    expect(refusedAt).toBeGreaterThan(0);
  });
});

describe("a guest who registers later", () => {
  it("sees the orders placed with a number once the account confirms that number by a code; an unconfirmed order stays out", async () => {
    const a = await product(10);
    const phone = freshPhone();
    const lines = [{ productId: a.id, quantity: 1 }];
    await sendCode(phone.local);
    const confirmed = await guestOrder(guestBody(phone.local, lines, { code: await codeSentTo(api, phone.e164) }));
    expect(confirmed.status).toBe(201);
    // paid by mobile money from the number but not paid yet: not confirmed, not claimed
    const unconfirmed = await guestOrder(guestBody(phone.local, lines, {}, { payment: { method: "mobile_money", wallet: "M-Pesa", phone: phone.local } }));
    expect(unconfirmed.status).toBe(201);

    const email = await registerVerified(api, { email: unique("claimer"), ip: ip() });
    const login = await post("/api/auth/login", { email, password: TEST_PASSWORD }, {}, { ip: ip() });
    const cookie = login.cookie!;
    expect((await call("GET", "/api/orders", cookie)).body.orders).toHaveLength(0);
    // typing the number claims nothing: only a code does
    expect((await call("POST", "/api/account/phone", cookie, { phone: phone.local, code: "123456" })).body.code).toBe("invalid-code");
    await api.handle.db
      .update(phoneCodes)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(phoneCodes.phone, phone.e164));
    expect((await call("POST", "/api/account/phone-code", cookie, { phone: phone.local })).status).toBe(200);
    const claimed = await call("POST", "/api/account/phone", cookie, { phone: phone.local, code: await codeSentTo(api, phone.e164) });
    expect(claimed.body).toEqual({ phone: phone.e164, claimedOrders: 1 });
    const mine = (await call("GET", "/api/orders", cookie)).body.orders.map((o: Json) => o.number);
    expect(mine).toEqual([confirmed.body.order.number]);
    expect((await call("GET", `/api/orders/${confirmed.body.order.number}`, cookie)).status).toBe(200);
    // the payment of the unconfirmed one confirms it; it moves at the account's next confirmation, not silently
    const [left] = await api.handle.db.select().from(orders).where(eq(orders.number, unconfirmed.body.order.number));
    expect(left!.userId).toBeNull();
    await withTransaction(api.handle.db, (tx) => api.services.orders.markPaidInTx(tx, left!.id, { actor: "provider" }));
    const [paid] = await api.handle.db.select().from(orders).where(eq(orders.id, left!.id));
    expect(paid!.guestPhoneConfirmedAt).not.toBeNull();
  });
});
