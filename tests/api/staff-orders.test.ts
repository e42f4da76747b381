import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fiscalReceipts, messageOutbox, orderEvents, orders, recordedPayments, securityEvents, users } from "../../src/server/db/schema";
import { DAR_COURIER_ORDER } from "../fixtures/orders";
import { phoneMaker, productPicker } from "./buyers";
import { adminCookie, apiClient, setupApi, shopperCookie } from "./harness";

const api = setupApi();

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const { call } = apiClient<Json>(api);

const product = productPicker(api, { offset: 40, maxPrice: 60000 });

/** A fresh Tanzanian mobile number per use, so one test's SMS quota or limits never reach another's. */
const freshPhone = phoneMaker("0714", 173);

async function staffOrder(admin: string, phone: string, lines: Json[], extra: Json = {}, key: string = randomUUID()) {
  return call("POST", "/api/admin/staff-orders", admin, { ...DAR_COURIER_ORDER, phone, lines, ...extra }, { "idempotency-key": key });
}

async function orderRow(number: string) {
  const [row] = await api.handle.db.select().from(orders).where(eq(orders.number, number));
  return row!;
}

async function logged(type: string, number: string) {
  const rows = await api.handle.db
    .select({ userId: securityEvents.userId, detail: securityEvents.detail })
    .from(securityEvents)
    .where(sql`${securityEvents.type} = ${type} and ${securityEvents.detail}->>'order' = ${number}`);
  return rows.map((r) => ({ userId: r.userId, ...(r.detail as Json) }));
}

async function adminId(cookie: string): Promise<{ id: number; email: string }> {
  const me = await call("GET", "/api/auth/session", cookie);
  return { id: me.body.user.id, email: me.body.user.email };
}

describe("orders taken by staff", () => {
  it("places a customer's order by their number (never an account that merely names it), paid by the prompt staff send", async () => {
    const admin = await adminCookie(api, "staff-prompt");
    const staff = await adminId(admin);
    const a = await product(5);
    const phone = freshPhone();
    // an account whose profile names the number (unconfirmed): shown by the lookup, not given the order
    const [holder] = await api.handle.db
      .insert(users)
      .values({ email: `holder-${randomUUID()}@example.com`, fullName: "Profile Holder", passwordHash: "scrypt$x", phone: phone.e164 })
      .returning({ id: users.id });

    const placed = await staffOrder(admin, phone.local, [{ productId: a.id, variantId: "default", quantity: 2 }], {
      payment: { method: "mobile_money", wallet: "M-Pesa" },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order).toMatchObject({ subtotal: 2 * a.price, phone: phone.e164, status: "awaiting_payment", email: null });
    const row = await orderRow(placed.body.order.number);
    expect(row).toMatchObject({ userId: null, guestPhone: phone.e164 });
    expect(row.userId).not.toBe(holder!.id);
    const [first] = await api.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, row.id));
    expect(first).toMatchObject({ actor: "admin", actorUserId: staff.id, note: "taken-by-staff" });
    expect(await logged("admin-order-placed", row.number)).toEqual([expect.objectContaining({ userId: staff.id, by: staff.email })]);

    // the lookup: the account that names the number (e-mail masked) and the number's orders
    const lookup = await call("GET", `/api/admin/staff-orders/lookup?phone=${encodeURIComponent(phone.local)}`, admin);
    expect(lookup.status).toBe(200);
    expect(lookup.body.accounts).toEqual([{ name: "Profile Holder", email: expect.stringMatching(/^h\*\*\*@example\.com$/) }]);
    expect(lookup.body.orders.map((o: Json) => o.number)).toEqual([row.number]);

    // the same Idempotency-Key answers the same order
    const again = await staffOrder(
      admin,
      phone.local,
      [{ productId: a.id, variantId: "default", quantity: 2 }],
      { payment: { method: "mobile_money", wallet: "M-Pesa" } },
      row.idempotencyKey,
    );
    expect(again.status).toBe(200);
    expect(again.body.order.number).toBe(row.number);

    const prompt = await call("POST", `/api/admin/staff-orders/${row.number}/prompt`, admin, {});
    expect(prompt.status, JSON.stringify(prompt.body)).toBe(200);
    expect(prompt.body.payment).toMatchObject({ next: "ussd-push", status: "pending" });
    expect(await logged("admin-payment-prompt-sent", row.number)).toEqual([expect.objectContaining({ userId: staff.id, ok: true })]);
    // the customer answers the prompt (the sandbox, reached by the order's link)
    const token = new URL(await api.services.links.orderLink(row.id)).pathname.slice(3);
    const confirmed = await call("POST", `/api/guest-orders/${token}/sandbox/${prompt.body.payment.reference}/confirm`, null);
    expect(confirmed.status, confirmed.text).toBe(200);
    const paid = await orderRow(row.number);
    expect(paid.status).toBe("paid");
    // paying from the order's own number confirmed it: an account confirming it later takes the order
    expect(paid.guestPhoneConfirmedAt).not.toBeNull();
  });

  it("records a payment at the counter: the order paid, a receipt issued, who, how and the till's transaction id kept and logged", async () => {
    const admin = await adminCookie(api, "staff-counter");
    const staff = await adminId(admin);
    const a = await product(5);
    const phone = freshPhone();
    const placed = await staffOrder(admin, phone.local, [{ productId: a.id, quantity: 1 }], { delivery: { method: "pickup" } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const number = placed.body.order.number;
    const url = `/api/admin/staff-orders/${number}/recorded-payments`;

    // a till's payment needs its transaction id
    const noTxn = await call("POST", url, admin, { method: "till" });
    expect(noTxn).toMatchObject({ status: 400, body: { code: "validation", field: "transactionId" } });
    expect((await orderRow(number)).status).toBe("awaiting_payment");

    const txn = `QK${Date.now().toString(36).toUpperCase()}`;
    const recorded = await call("POST", url, admin, { method: "till", transactionId: txn });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    expect(recorded.body.recordedPayments).toEqual([
      expect.objectContaining({ method: "till", transactionId: txn, amount: placed.body.order.total, staff: "Shop Admin", reversedAt: null }),
    ]);
    const row = await orderRow(number);
    expect(row.status).toBe("paid");
    const events = await api.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, row.id)).orderBy(orderEvents.id);
    expect(events.at(-1)).toMatchObject({ status: "paid", actor: "admin", actorUserId: staff.id, note: `recorded-payment till ${txn}` });
    expect(await api.handle.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.orderId, row.id))).toHaveLength(1);
    const [kept] = await api.handle.db.select().from(recordedPayments).where(eq(recordedPayments.orderId, row.id));
    expect(kept).toMatchObject({ staffUserId: staff.id, method: "till", transactionId: txn, amount: row.total });
    expect(await logged("admin-payment-recorded", number)).toEqual([expect.objectContaining({ userId: staff.id, method: "till", transactionId: txn })]);

    // the same till transaction cannot pay a second order; a paid order takes no second payment
    const other = await staffOrder(admin, phone.local, [{ productId: a.id, quantity: 1 }], { delivery: { method: "pickup" } });
    const reused = await call("POST", `/api/admin/staff-orders/${other.body.order.number}/recorded-payments`, admin, { method: "till", transactionId: txn });
    expect(reused).toMatchObject({ status: 400, body: { code: "validation", field: "transactionId" } });
    expect((await call("POST", url, admin, { method: "cash" })).status).toBe(409);

    // the receipt stands in the fiscal series: only a credit note cancels it, so the payment is not reversed
    const noReason = await call("POST", `${url}/reverse`, admin, {});
    expect(noReason.status).toBe(400);
    const refused = await call("POST", `${url}/reverse`, admin, { reason: "Wrong order" });
    expect(refused).toMatchObject({ status: 409, body: { code: "invalid-state", reason: "receipt-issued" } });
    expect((await orderRow(number)).status).toBe("paid");
  });

  it("reverses a recorded payment that has no receipt, with a reason, logged; the order waits for payment again", async () => {
    const admin = await adminCookie(api, "staff-reverse");
    const staff = await adminId(admin);
    const a = await product(5);
    const phone = freshPhone();
    const placed = await staffOrder(admin, phone.local, [{ productId: a.id, quantity: 1 }], { payment: { method: "mobile_money", wallet: "M-Pesa" } });
    const number = placed.body.order.number;
    // a prompt to the sandbox makes it a test order: paid by hand after that, it gets no fiscal receipt
    expect((await call("POST", `/api/admin/staff-orders/${number}/prompt`, admin, {})).status).toBe(200);
    const url = `/api/admin/staff-orders/${number}/recorded-payments`;
    expect((await call("POST", url, admin, { method: "cash", note: "paid at the counter" })).status).toBe(200);
    const row = await orderRow(number);
    expect(row.status).toBe("paid");
    expect(await api.handle.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.orderId, row.id))).toHaveLength(0);

    expect((await call("POST", `${url}/reverse`, admin, { reason: "" })).status).toBe(400);
    const reversed = await call("POST", `${url}/reverse`, admin, { reason: "Counted twice" });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.recordedPayments).toEqual([
      expect.objectContaining({ method: "cash", reversedBy: "Shop Admin", reversalReason: "Counted twice", reversedAt: expect.any(String) }),
    ]);
    const back = await orderRow(number);
    expect(back).toMatchObject({ status: "awaiting_payment", paidAt: null });
    expect(await logged("admin-payment-reversed", number)).toEqual([expect.objectContaining({ userId: staff.id, reason: "Counted twice", method: "cash" })]);
    // nothing left to reverse
    expect((await call("POST", `${url}/reverse`, admin, { reason: "Again" })).body).toMatchObject({ code: "invalid-state", reason: "no-recorded-payment" });
  });

  it("sends the order's link to pay by SMS (in the order's language, one SMS), and by WhatsApp only to a number that chose it", async () => {
    const admin = await adminCookie(api, "staff-link");
    const a = await product(5);
    const phone = freshPhone();
    const placed = await staffOrder(admin, phone.local, [{ productId: a.id, quantity: 1 }]);
    const number = placed.body.order.number;
    const row = await orderRow(number);
    const link = await api.services.links.orderLink(row.id);
    expect(link).toMatch(/\/o\//);

    const sms = await call("POST", `/api/admin/staff-orders/${number}/link`, admin, { channel: "sms" });
    expect(sms).toMatchObject({ status: 200, body: { queued: true, reason: null } });
    const texts = await api.handle.db
      .select({ text: messageOutbox.text, channel: messageOutbox.channel })
      .from(messageOutbox)
      .where(and(eq(messageOutbox.orderId, row.id), eq(messageOutbox.recipient, phone.e164), sql`${messageOutbox.dedupeKey} like 'staff-link:%'`));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toContain(link);
    expect(texts[0]!.text).toContain(number);
    expect(await logged("admin-payment-link-sent", number)).toEqual([expect.objectContaining({ channel: "sms", queued: true })]);

    const whatsapp = await call("POST", `/api/admin/staff-orders/${number}/link`, admin, { channel: "whatsapp" });
    expect(whatsapp).toMatchObject({ status: 409, body: { code: "invalid-state", reason: "whatsapp-not-chosen" } });
    await api.services.notify.setWhatsAppChoice(phone.e164, true);
    const chosen = await call("POST", `/api/admin/staff-orders/${number}/link`, admin, { channel: "whatsapp" });
    expect(chosen).toMatchObject({ status: 200, body: { queued: true } });
  });

  it("keeps the staff routes from shoppers and guests", async () => {
    const shopper = await shopperCookie(api, "staff-shopper");
    const body = { ...DAR_COURIER_ORDER, lines: [{ productId: 1, quantity: 1 }] };
    expect((await call("POST", "/api/admin/staff-orders", shopper, body, { "idempotency-key": randomUUID() })).status).toBe(403);
    expect((await call("POST", "/api/admin/staff-orders", null, body, { "idempotency-key": randomUUID() })).status).toBe(401);
    expect((await call("GET", "/api/admin/staff-orders/lookup?phone=0754123456", shopper)).status).toBe(403);
    expect((await call("POST", "/api/admin/staff-orders/KE-2026-000001/recorded-payments", shopper, { method: "cash" })).status).toBe(403);
    expect((await call("POST", "/api/admin/staff-orders/KE-2026-000001/recorded-payments/reverse", shopper, { reason: "x" })).status).toBe(403);
  });
});
