import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_PAY_ON_DELIVERY, type PayOnDeliverySettings } from "../../src/lib/pay-on-delivery";
import { fiscalReceipts, messageOutbox, orders, recordedPayments, securityEvents, users } from "../../src/server/db/schema";
import { saveSiteSettings } from "../../src/server/settings/settings";
import { DAR_COURIER_ORDER } from "../fixtures/orders";
import { codeSentTo, phoneMaker, productPicker, stockOf } from "./buyers";
import { adminCookie, apiClient, setupApi, shopperCookie, unique } from "./harness";
import { openSession } from "../../src/server/auth/sessions";

const api = setupApi();

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const { call, post } = apiClient<Json>(api);

const product = productPicker(api, { offset: 80, maxPrice: 40000 });

/** A fresh Tanzanian mobile number per use, so one test's SMS quota or limits never reach another's. */
const freshPhone = phoneMaker("0716", 197);

let addresses = 0;
const ip = () => `10.77.${addresses % 250}.${(addresses++ % 250) + 1}`;

/** The texts queued to a number for an event, oldest first. */
async function smsTo(e164: string, event: string): Promise<string[]> {
  const rows = await api.handle.db
    .select({ text: messageOutbox.text })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.recipient, e164), eq(messageOutbox.event, event), eq(messageOutbox.channel, "sms")))
    .orderBy(messageOutbox.id);
  return rows.map((r) => r.text);
}

const COURIER_ON_DELIVERY = { ...DAR_COURIER_ORDER, payment: { method: "on_delivery" } };

/** A guest's pay-on-delivery order, the number confirmed by a fresh code each time. */
async function guestOnDelivery(phone: { local: string; e164: string }, lines: Json[], extra: Json = {}) {
  // a minute between codes to one number: the earlier code's time is moved back rather than waited for
  await api.handle.db.execute(sql`update phone_codes set created_at = now() - interval '2 minutes' where phone = ${phone.e164}`);
  const sent = await post("/api/checkout/phone-code", { phone: phone.local }, {}, { ip: ip() });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const code = await codeSentTo(api, phone.e164);
  return call(
    "POST",
    "/api/orders",
    null,
    { ...COURIER_ON_DELIVERY, phone: phone.local, lines, guest: { phone: phone.local, code }, ...extra },
    { "idempotency-key": randomUUID() },
  );
}

async function setPayOnDelivery(change: Partial<PayOnDeliverySettings>) {
  await saveSiteSettings(api.handle.db, { payOnDelivery: { ...DEFAULT_PAY_ON_DELIVERY, ...change } });
}

/** A rider: an account made a rider by an admin, signed in. */
async function rider(admin: string, label: string): Promise<{ id: number; cookie: string; name: string }> {
  const name = `Rider ${label}`;
  const [user] = await api.handle.db
    .insert(users)
    .values({ email: unique(`rider-${label}`), fullName: name, passwordHash: "scrypt$x", emailVerifiedAt: sql`now()` })
    .returning({ id: users.id });
  const made = await call("PUT", `/api/admin/customers/${user!.id}/role`, admin, { role: "rider" });
  expect(made).toMatchObject({ status: 200, body: { id: user!.id, role: "rider" } });
  const { token } = await openSession(api.handle.db, user!.id, false, 30, {});
  return { id: user!.id, cookie: `sid=${token}`, name };
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

describe("pay on delivery", () => {
  it("confirms a guest's courier order without payment, holds its stock, and a rider collects at the door: paid, receipt, handed over", async () => {
    await setPayOnDelivery({});
    const admin = await adminCookie(api, "pod-delivered");
    const a = await product(5);
    const phone = freshPhone();
    const placed = await guestOnDelivery(phone, [{ productId: a.id, variantId: "default", quantity: 2 }]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const number: string = placed.body.order.number;
    expect(placed.body.order).toMatchObject({
      status: "confirmed",
      paymentMethod: "on_delivery",
      holdUntil: null,
      paidAt: null,
      receipt: null,
      canCancel: true,
    });
    expect(placed.body.payment).toBeNull();
    expect(await stockOf(api, a.id)).toBe(3);
    const [placedSms] = await smsTo(phone.e164, "order-placed");
    // a guest's texts are in Kiswahili, the shop's default for SMS
    expect(placedSms).toMatch(/Lipa .+ ukipokea, taslimu au Lipa Namba yetu tu/);
    expect(placedSms).not.toMatch(/TEST/);
    // never expired like an unpaid order: the stock is held until the door
    await api.handle.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '10 days'` })
      .where(eq(orders.number, number));
    await api.services.orders.expireDue();
    expect((await orderRow(number)).status).toBe("confirmed");

    // the admin makes two riders and gives the order to one
    const juma = await rider(admin, "juma");
    const other = await rider(admin, "other");
    const riders = await call("GET", "/api/admin/riders", admin);
    expect(riders.body.riders).toEqual(expect.arrayContaining([expect.objectContaining({ id: juma.id, name: juma.name, open: 0 })]));
    const noRider = await call("POST", `/api/admin/orders/${number}/assign-rider`, admin, {});
    expect(noRider).toMatchObject({ status: 400, body: { code: "validation", field: "riderId" } });
    const shopper = await shopperCookie(api, "pod-not-a-rider");
    const [shopperRow] = await api.handle.db.select({ id: users.id }).from(users).orderBy(desc(users.id)).limit(1);
    const notRider = await call("POST", `/api/admin/orders/${number}/assign-rider`, admin, { riderId: shopperRow!.id });
    expect(notRider).toMatchObject({ status: 400, body: { code: "validation", field: "riderId" } });
    const assigned = await call("POST", `/api/admin/orders/${number}/assign-rider`, admin, { riderId: juma.id });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.order).toMatchObject({ status: "shipped", carrier: juma.name, paidAt: null, rider: { id: juma.id, name: juma.name } });
    expect(assigned.body.order.actions).toEqual(["collect", "refuse", "assign-rider"]);
    const [shippedSms] = await smsTo(phone.e164, "order-shipped");
    expect(shippedSms).toContain(`na msafirishaji wetu ${juma.name}`);
    // never handed over without its money: no "deliver" for an unpaid pay-on-delivery order
    expect((await call("POST", `/api/admin/orders/${number}/deliver`, admin, {})).status).toBe(409);

    // the rider sees it (only theirs); a shopper and a guest are refused the rider's routes
    const mine = await call("GET", "/api/rider/deliveries", juma.cookie);
    expect(mine.status).toBe(200);
    expect(mine.body.deliveries).toEqual([
      expect.objectContaining({ number, phone: phone.e164, total: placed.body.order.total, refusalFee: 0, lines: [{ name: a.name, quantity: 2 }] }),
    ]);
    expect((await call("GET", "/api/rider/deliveries", other.cookie)).body.deliveries).toEqual([]);
    expect((await call("GET", "/api/rider/deliveries", shopper)).status).toBe(403);
    expect((await call("GET", "/api/rider/deliveries", null)).status).toBe(401);
    const notYours = await call("POST", `/api/rider/deliveries/${number}/collect`, other.cookie, { method: "cash" });
    expect(notYours).toMatchObject({ status: 404, body: { code: "not-found" } });
    // a till payment needs its transaction id
    const noTxn = await call("POST", `/api/rider/deliveries/${number}/collect`, juma.cookie, { method: "till" });
    expect(noTxn).toMatchObject({ status: 400, body: { code: "validation", field: "transactionId" } });

    const collected = await call("POST", `/api/rider/deliveries/${number}/collect`, juma.cookie, { method: "till", transactionId: "QKD7HX2P9Z" });
    expect(collected).toMatchObject({ status: 200, body: { number, status: "delivered" } });
    const row = await orderRow(number);
    expect(row.paidAt).not.toBeNull();
    const [receipt] = await api.handle.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.orderId, row.id));
    expect(receipt, "the receipt is issued at the door").toBeTruthy();
    const [payment] = await api.handle.db.select().from(recordedPayments).where(eq(recordedPayments.orderId, row.id));
    expect(payment).toMatchObject({ staffUserId: juma.id, method: "till", kind: "order", transactionId: "QKD7HX2P9Z", amount: row.total, reversedAt: null });
    expect(await logged("rider-payment-recorded", number)).toEqual([
      expect.objectContaining({ userId: juma.id, method: "till", transactionId: "QKD7HX2P9Z", amount: row.total }),
    ]);
    expect((await smsTo(phone.e164, "order-paid"))[0]).toMatch(/Risiti yako:/);
    // the customer's page says how it was paid; the stock stays sold
    const link = await api.services.links.orderLink(row.id);
    const token = link.split("/o/")[1]!;
    const view = await call("GET", `/api/guest-orders/${token}`, null);
    expect(view.body.order).toMatchObject({ status: "delivered", paidInPerson: { method: "till", transactionId: "QKD7HX2P9Z" } });
    expect(view.body.order.receipt).not.toBeNull();
    expect(await stockOf(api, a.id)).toBe(3);
    // done: off the rider's list, counted in their day; the till's id pays nothing else
    const after = await call("GET", "/api/rider/deliveries", juma.cookie);
    expect(after.body.deliveries).toEqual([]);
    expect(after.body.today).toMatchObject({ delivered: 1, refused: 0, cash: 0, till: row.total });
    const again = await call("POST", `/api/rider/deliveries/${number}/collect`, juma.cookie, { method: "cash" });
    expect(again.status).toBe(409);
  });

  it("takes an order refused at the door back into stock, charges the fee the settings name, counts it against a new customer, and reconciles the rider's cash", async () => {
    await setPayOnDelivery({ refusalFee: "delivery_fee" });
    const admin = await adminCookie(api, "pod-refused");
    const a = await product(4);
    const phone = freshPhone();
    const placed = await guestOnDelivery(phone, [{ productId: a.id, variantId: "default", quantity: 3 }]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const number: string = placed.body.order.number;
    const fee: number = placed.body.order.deliveryFee;
    expect(fee).toBeGreaterThan(0);
    expect(await stockOf(api, a.id)).toBe(1);

    // a new customer's limit (one open or refused order until one is delivered) holds for a second order
    const b = await product(5);
    const second = await guestOnDelivery(phone, [{ productId: b.id, variantId: "default", quantity: 1 }]);
    expect(second).toMatchObject({ status: 409, body: { code: "on-delivery-refused", reason: "new-customer-limit" } });
    expect(await stockOf(api, b.id)).toBe(5);

    const amani = await rider(admin, "amani");
    expect((await call("POST", `/api/admin/orders/${number}/assign-rider`, admin, { riderId: amani.id })).status).toBe(200);
    expect((await call("GET", "/api/rider/deliveries", amani.cookie)).body.deliveries[0]).toMatchObject({ number, refusalFee: fee });
    const noReason = await call("POST", `/api/rider/deliveries/${number}/refuse`, amani.cookie, { reason: "" });
    expect(noReason).toMatchObject({ status: 400, body: { code: "invalid-input" } });
    expect(JSON.stringify(noReason.body)).toContain("reason");
    const refused = await call("POST", `/api/rider/deliveries/${number}/refuse`, amani.cookie, {
      reason: "Customer says the module is the wrong size",
      fee: { method: "cash" },
    });
    expect(refused).toMatchObject({ status: 200, body: { number, status: "refused" } });
    expect(await stockOf(api, a.id)).toBe(4);
    const row = await orderRow(number);
    expect(row.paidAt).toBeNull();
    const [feePayment] = await api.handle.db.select().from(recordedPayments).where(eq(recordedPayments.orderId, row.id));
    expect(feePayment).toMatchObject({ kind: "refusal_fee", method: "cash", amount: fee, staffUserId: amani.id });
    expect(await api.handle.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.orderId, row.id))).toEqual([]);
    expect((await smsTo(phone.e164, "order-refused"))[0]).toMatch(/ilikataliwa ilipofikishwa/);
    expect(await logged("rider-delivery-refused", number)).toEqual([expect.objectContaining({ userId: amani.id, fee: "cash" })]);
    // refused counts against the number: still no second pay-on-delivery order
    const third = await guestOnDelivery(phone, [{ productId: b.id, variantId: "default", quantity: 1 }]);
    expect(third).toMatchObject({ status: 409, body: { code: "on-delivery-refused", reason: "new-customer-limit" } });

    // the day's cash: the fee in cash, counted by an admin (a different count needs a note)
    const day = await call("GET", "/api/admin/cash", admin);
    expect(day.status).toBe(200);
    const line = day.body.collectors.find((c: Json) => c.staffId === amani.id);
    expect(line).toMatchObject({ role: "rider", collected: { delivered: 0, refused: 1, cash: fee, till: 0, fees: fee }, handover: null });
    expect(line.entries).toEqual([expect.objectContaining({ order: number, kind: "refusal_fee", method: "cash", amount: fee })]);
    const short = await call("POST", "/api/admin/cash/handovers", admin, { staffId: amani.id, day: day.body.day, countedCash: fee - 1000 });
    expect(short).toMatchObject({ status: 400, body: { code: "validation", field: "note" } });
    const counted = await call("POST", "/api/admin/cash/handovers", admin, {
      staffId: amani.id,
      day: day.body.day,
      countedCash: fee - 1000,
      note: "1,000 short: rider paid fuel",
    });
    expect(counted.status, JSON.stringify(counted.body)).toBe(200);
    expect(counted.body.collector.handover).toMatchObject({ countedCash: fee - 1000, difference: -1000, note: "1,000 short: rider paid fuel" });
    expect((await call("GET", "/api/admin/cash?day=2026-02-30", admin)).body).toMatchObject({ code: "validation", field: "day" });
    // a rider holding no deliveries may go back to being a shopper
    expect((await call("PUT", `/api/admin/customers/${amani.id}/role`, admin, { role: "user" })).body).toEqual({ id: amani.id, role: "user" });
    expect((await call("GET", "/api/rider/deliveries", amani.cookie)).status).toBe(403);
  });

  it("offers pay on delivery only within the settings, to a confirmed number, and caps the units one number holds", async () => {
    await setPayOnDelivery({ maxOrderTotal: 60_000, maxOpenUnitsPerProduct: 3 });
    const a = await product(20);
    // a bus parcel is not the shop's courier
    const phone = freshPhone();
    const parcel = await guestOnDelivery(phone, [{ productId: a.id, quantity: 1 }], {
      delivery: { method: "parcel", region: "dodoma", district: "Dodoma Mjini", parcelOffice: "Dodoma bus terminal" },
    });
    expect(parcel).toMatchObject({ status: 400, body: { code: "validation", field: "payment", reason: "on-delivery-method" } });
    // above the ceiling
    const big = await product(50);
    const quantity = Math.ceil(61_000 / big.price);
    const over = await guestOnDelivery(freshPhone(), [{ productId: big.id, quantity }]);
    expect(over).toMatchObject({ status: 400, body: { code: "validation", field: "payment", reason: "on-delivery-ceiling" } });
    // switched off
    await setPayOnDelivery({ enabled: false });
    const off = await guestOnDelivery(freshPhone(), [{ productId: a.id, quantity: 1 }]);
    expect(off).toMatchObject({ status: 400, body: { code: "validation", reason: "on-delivery-disabled" } });
    await setPayOnDelivery({ maxOpenUnitsPerProduct: 3, newCustomerOrders: 5 });
    // a guest without a code: the number is not confirmed (a mobile-money payment is what proves it otherwise)
    const noCode = await call(
      "POST",
      "/api/orders",
      null,
      { ...COURIER_ON_DELIVERY, phone: phone.local, lines: [{ productId: a.id, quantity: 1 }], guest: { phone: phone.local } },
      { "idempotency-key": randomUUID() },
    );
    expect(noCode).toMatchObject({ status: 400, body: { code: "invalid-code", reason: "phoneCodeNeeded" } });

    // the units cap: 2 held, 2 more would be 4 > 3
    const first = await guestOnDelivery(phone, [{ productId: a.id, quantity: 2 }]);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const capped = await guestOnDelivery(phone, [{ productId: a.id, quantity: 2 }]);
    expect(capped).toMatchObject({ status: 409, body: { code: "on-delivery-refused", reason: "units-cap", lines: [{ productId: a.id, available: 1 }] } });
    expect(await stockOf(api, a.id)).toBe(18);
    // the shopper cancels while it is only confirmed: the stock comes back, and the cap frees up
    const link = await api.services.links.orderLink((await orderRow(first.body.order.number)).id);
    const cancelled = await call("POST", `/api/guest-orders/${link.split("/o/")[1]}/cancel`, null, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await stockOf(api, a.id)).toBe(20);
    expect((await guestOnDelivery(phone, [{ productId: a.id, quantity: 3 }])).status).toBe(201);

    // an account: its number must be confirmed by a code, and be the order's contact number
    const shopper = await shopperCookie(api, "pod-account");
    await call("POST", "/api/cart", shopper, { productId: a.id, quantity: 1 });
    const mine = freshPhone();
    const unconfirmed = await call("POST", "/api/orders", shopper, { ...COURIER_ON_DELIVERY, phone: mine.local }, { "idempotency-key": randomUUID() });
    expect(unconfirmed).toMatchObject({ status: 409, body: { code: "on-delivery-refused", reason: "phone-not-confirmed" } });
    // typed in the profile is not confirmed
    const [me] = await api.handle.db.select({ id: users.id }).from(users).orderBy(desc(users.id)).limit(1);
    await api.handle.db.update(users).set({ phone: mine.e164 }).where(eq(users.id, me!.id));
    expect((await call("POST", "/api/orders", shopper, { ...COURIER_ON_DELIVERY, phone: mine.local }, { "idempotency-key": randomUUID() })).body.reason).toBe(
      "phone-not-confirmed",
    );
    expect((await call("POST", "/api/account/phone-code", shopper, { phone: mine.local })).status).toBe(200);
    expect((await call("POST", "/api/account/phone", shopper, { phone: mine.local, code: await codeSentTo(api, mine.e164) })).status).toBe(200);
    const other = await call("POST", "/api/orders", shopper, { ...COURIER_ON_DELIVERY, phone: freshPhone().local }, { "idempotency-key": randomUUID() });
    expect(other.body.reason).toBe("phone-not-confirmed");
    const confirmed = await call("POST", "/api/orders", shopper, { ...COURIER_ON_DELIVERY, phone: mine.local }, { "idempotency-key": randomUUID() });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    expect(confirmed.body.order.status).toBe("confirmed");
    // the profile saved with another number: no longer confirmed
    const saved = await call("POST", "/api/account/profile", shopper, { fullName: "Test Shopper", phone: "0755 000 111", company: "" });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [after] = await api.handle.db.select({ phone: users.phone, confirmedAt: users.phoneConfirmedAt }).from(users).where(eq(users.id, me!.id));
    expect(after).toMatchObject({ phone: "0755 000 111", confirmedAt: null });

    // staff take a pay-on-delivery order on the phone only with the code the customer reads back
    const admin = await adminCookie(api, "pod-staff");
    const caller = freshPhone();
    const staffBody = { ...COURIER_ON_DELIVERY, phone: caller.local, lines: [{ productId: a.id, quantity: 1 }] };
    const staffNoCode = await call("POST", "/api/admin/staff-orders", admin, staffBody, { "idempotency-key": randomUUID() });
    expect(staffNoCode).toMatchObject({ status: 400, body: { code: "invalid-code", field: "code" } });
    const sent = await call("POST", "/api/admin/staff-orders/phone-code", admin, { phone: caller.local });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [codeLog] = await api.handle.db
      .select({ detail: securityEvents.detail })
      .from(securityEvents)
      .where(eq(securityEvents.type, "admin-phone-code-sent"))
      .orderBy(desc(securityEvents.id))
      .limit(1);
    // who sent it, to a masked number
    expect(codeLog?.detail).toMatchObject({ by: expect.stringContaining("pod-staff-admin"), to: expect.not.stringContaining(caller.e164.slice(-6)) });
    const wrongCode = await call(
      "POST",
      "/api/admin/staff-orders",
      admin,
      { ...staffBody, code: "000000" === (await codeSentTo(api, caller.e164)) ? "111111" : "000000" },
      { "idempotency-key": randomUUID() },
    );
    expect(wrongCode).toMatchObject({ status: 400, body: { code: "invalid-code", reason: "phoneCodeWrong" } });
    const key = randomUUID();
    const byStaff = await call(
      "POST",
      "/api/admin/staff-orders",
      admin,
      { ...staffBody, code: await codeSentTo(api, caller.e164) },
      { "idempotency-key": key },
    );
    expect(byStaff.status, JSON.stringify(byStaff.body)).toBe(201);
    expect(byStaff.body.order).toMatchObject({ status: "confirmed", paymentMethod: "on_delivery" });
    expect((await orderRow(byStaff.body.order.number)).guestPhoneConfirmedAt).not.toBeNull();
    // a retried submit answers the same order (its code is spent by now)
    const retried = await call(
      "POST",
      "/api/admin/staff-orders",
      admin,
      { ...staffBody, code: await codeSentTo(api, caller.e164) },
      { "idempotency-key": key },
    );
    expect(retried).toMatchObject({ status: 200, body: { order: { number: byStaff.body.order.number } } });
  });

  it("takes a pick-up's money at the counter: ready, then collected by an admin in cash, the receipt issued then", async () => {
    await setPayOnDelivery({});
    const admin = await adminCookie(api, "pod-pickup");
    const a = await product(3);
    const phone = freshPhone();
    const placed = await guestOnDelivery(phone, [{ productId: a.id, quantity: 1 }], { delivery: { method: "pickup" } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const number: string = placed.body.order.number;
    const admin0 = await call("GET", `/api/admin/orders/${number}`, admin);
    expect(admin0.body.order.actions).toEqual(["processing", "ready-for-pickup", "cancel"]);
    expect((await call("POST", `/api/admin/orders/${number}/ready-for-pickup`, admin, {})).body.order.actions).toEqual(["collect", "refuse", "cancel"]);
    expect((await smsTo(phone.e164, "order-ready"))[0]).toMatch(/ulipe .+ kaunta/);
    const noMethod = await call("POST", `/api/admin/orders/${number}/collect`, admin, {});
    expect(noMethod).toMatchObject({ status: 400, body: { code: "validation", field: "method" } });
    const paid = await call("POST", `/api/admin/orders/${number}/collect`, admin, { method: "cash" });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.order).toMatchObject({ status: "delivered", paidInPerson: { method: "cash", transactionId: null } });
    expect(paid.body.order.receipt).not.toBeNull();
    expect(paid.body.order.events.map((e: Json) => e.status)).toEqual(["confirmed", "ready_for_pickup", "paid", "delivered"]);
    expect(await logged("admin-order-action", number)).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: "collect", method: "cash", amount: placed.body.order.total })]),
    );
    const day = await call("GET", "/api/admin/cash", admin);
    const me = await call("GET", "/api/auth/session", admin);
    expect(day.body.collectors.find((c: Json) => c.staffId === me.body.user.id)).toMatchObject({ role: "admin", collected: { delivered: 1 } });
  });
});
