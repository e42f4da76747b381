import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageOutbox, orders, products } from "../../src/server/db/schema";
import type { WhatsAppTemplate } from "../../src/server/notify/providers";
import { renderWhatsAppTemplate } from "../../src/server/notify/whatsapp-templates";
import { DAR_COURIER_ORDER } from "../fixtures/orders";
import { startFakeClickPesa, type FakeClickPesa } from "./fake-clickpesa";
import { adminCookie, apiClient, buildTestApi, setupApi, shopperCookie } from "./harness";

/**
 * Every order event on every channel the number's owner chose: the payment prompt (at once, even
 * at night), a failed attempt (with the signed link to pay again, once however often its callback
 * comes), an order whose time to pay ran out, a pick-up made ready and handed over, a bus parcel
 * shipped, and the WhatsApp copy of each for a number that chose WhatsApp. Read from the outbox as
 * the events queue it (nothing here drains it: other files' messages stay untouched).
 */
const api = setupApi();

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

let fake: FakeClickPesa;
beforeAll(async () => {
  fake = await startFakeClickPesa();
});
afterAll(async () => {
  await fake?.close();
});

/** A Tanzanian mobile number no other test has used (very likely), as a shopper types it and as the outbox stores it. */
function freshPhone(): { typed: string; e164: string } {
  const digits = String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0");
  return { typed: `071${digits}`, e164: `+25571${digits}` };
}

const MORNING_AFTER = (night: Date) => new Date(night.getTime() + 8.5 * 3_600_000);

async function putInCart(call: ReturnType<typeof apiClient<Json>>["call"], cookie: string) {
  const [product] = await api.handle.db
    .select({ id: products.id })
    .from(products)
    .where(sql`not exists (select 1 from product_variants v where v.product_id = ${products.id}) and price between 1000 and 90000`)
    .orderBy(sql`random()`)
    .limit(1);
  await api.handle.db.update(products).set({ stockQuantity: 50 }).where(eq(products.id, product!.id));
  expect((await call("POST", "/api/cart", cookie, { productId: product!.id, variantId: "default", quantity: 1 })).status).toBe(200);
}

async function orderOf(number: string) {
  const [row] = await api.handle.db.select().from(orders).where(eq(orders.number, number));
  return row!;
}

/** The order's messages as queued, oldest first (the safety notice a first message may bring left out). */
async function messagesOf(orderId: number) {
  const rows = await api.handle.db
    .select({
      channel: messageOutbox.channel,
      event: messageOutbox.event,
      recipient: messageOutbox.recipient,
      text: messageOutbox.text,
      template: messageOutbox.template,
      dedupeKey: messageOutbox.dedupeKey,
      nextAttemptAt: messageOutbox.nextAttemptAt,
    })
    .from(messageOutbox)
    .where(eq(messageOutbox.orderId, orderId))
    .orderBy(asc(messageOutbox.id));
  return rows.filter((row) => row.event !== "safety-notice");
}

const SIGNED_LINK = /http:\/\/shop\.test\/o\/([0-9a-z]+-[A-Za-z0-9_-]{11})/;

/** A WhatsApp copy carries its approved template, and its text is that template filled in. */
function expectTemplate(row: { text: string; template: WhatsAppTemplate | null } | undefined, name: string, parameters: string[]) {
  expect(row?.template).toEqual({ name, language: "sw", parameters });
  expect(row!.text).toBe(renderWhatsAppTemplate(row!.template!));
}

describe("a mobile-money payment's messages", () => {
  /** The shop as it runs with ClickPesa (a real provider: these are not test orders) and the outbox on the clock given. */
  const shopWith = (clock: { now: Date }) =>
    buildTestApi(api, { config: { payments: { clickpesa: { ...fake.credentials, baseUrl: fake.url } }, notify: { now: () => clock.now } } });

  it("tells the paying number of the push at once, even at night; a failed attempt is told once with the link to pay again, also when its callback comes again", async () => {
    // 22:30 in Dar es Salaam: quiet hours
    const clock = { now: new Date(Date.UTC(2150, 0, 1, 19, 30)) };
    const shop = await shopWith(clock);
    try {
      const { call } = apiClient<Json>(shop);
      const cookie = await shopperCookie(api, "order-messages");
      await putInCart(call, cookie);
      const phone = freshPhone();
      const payer = freshPhone();
      // both chose WhatsApp: each message also goes there, with its template
      await shop.services.notify.setWhatsAppChoice(phone.e164, true);
      await shop.services.notify.setWhatsAppChoice(payer.e164, true);
      const placed = await call(
        "POST",
        "/api/orders",
        cookie,
        { ...DAR_COURIER_ORDER, phone: phone.typed, payment: { method: "mobile_money", wallet: "M-Pesa", phone: payer.typed } },
        { "idempotency-key": randomUUID() },
      );
      expect(placed.status).toBe(201);
      const reference: string = placed.body.payment.reference;
      const order = await orderOf(placed.body.order.number);
      const total = `TSh ${order.total.toLocaleString("en-US")}`;
      // a template's values keep the money format's no-break space (an SMS makes it a plain one)
      const money = `TSh\u00a0${order.total.toLocaleString("en-US")}`;
      const { companyName } = await shop.services.settings.get();

      const prompted = (await messagesOf(order.id)).filter((m) => m.event === "payment-prompt");
      expect(prompted.map((m) => [m.channel, m.recipient, m.dedupeKey])).toEqual([
        ["sms", payer.e164, `payment:${reference}:prompt:sms`],
        ["whatsapp", payer.e164, `payment:${reference}:prompt:whatsapp`],
      ]);
      // at once, in quiet hours: the person is waiting for it
      expect(prompted.every((m) => m.nextAttemptAt.getTime() === clock.now.getTime())).toBe(true);
      expect(prompted[0]!.text).toContain(`Oda ${order.number}: weka PIN kwenye ombi la M-Pesa kwenye simu yako ili kulipa ${total}.`);
      expectTemplate(prompted[1], "payment_prompt", [companyName, "M-Pesa", order.number, money]);
      // the order's own update waits for the morning
      const placedSms = (await messagesOf(order.id)).find((m) => m.event === "order-placed" && m.channel === "sms");
      expect(placedSms).toMatchObject({ recipient: phone.e164, nextAttemptAt: MORNING_AFTER(clock.now) });

      // declined on the phone; the order may still be paid after the night
      await api.handle.db
        .update(orders)
        .set({ holdUntil: new Date(clock.now.getTime() + 12 * 3_600_000) })
        .where(eq(orders.id, order.id));
      fake.setStatus(reference, "FAILED");
      const body = fake.webhook(reference, { event: "PAYMENT FAILED" });
      const callback = () =>
        shop.services.payments.handleCallback("clickpesa", body, JSON.stringify(body), { "content-type": "application/json" }, "196.41.0.1");
      expect(await callback()).toMatchObject({ outcome: "failed" });
      const failed = (await messagesOf(order.id)).filter((m) => m.event === "payment-failed");
      expect(failed.map((m) => [m.channel, m.recipient, m.dedupeKey])).toEqual([
        ["sms", phone.e164, `payment:${reference}:failed:sms`],
        ["whatsapp", phone.e164, `payment:${reference}:failed:whatsapp`],
      ]);
      // an update like any other: it waits for 07:00
      expect(failed.every((m) => m.nextAttemptAt.getTime() === MORNING_AFTER(clock.now).getTime())).toBe(true);
      expect(failed[0]!.text).toMatch(new RegExp(`^Malipo ya ${total} kwa oda ${order.number} hayakufanikiwa\\. Lipa tena: ${SIGNED_LINK.source}`));
      const token = SIGNED_LINK.exec(failed[0]!.text)![1]!;
      expect(await shop.services.links.orderFromToken(token)).toBe(order.id);
      expectTemplate(failed[1], "payment_failed", [companyName, order.number, money, `http://shop.test/o/${token}`]);

      // the same callback again: nothing changes, nothing more is queued
      const before = await messagesOf(order.id);
      expect(await callback()).toMatchObject({ outcome: "unchanged" });
      expect(await messagesOf(order.id)).toEqual(before);

      // another try, whose failure could only be told after the order's time to pay: its prompt goes, its failure is not told
      const again = await call("POST", `/api/orders/${order.number}/pay`, cookie, {});
      expect(again.status).toBe(200);
      const second: string = again.body.payment.reference;
      expect(second).not.toBe(reference);
      expect((await messagesOf(order.id)).filter((m) => m.dedupeKey?.startsWith(`payment:${second}:prompt:`))).toHaveLength(2);
      await api.handle.db
        .update(orders)
        .set({ holdUntil: new Date(clock.now.getTime() + 30 * 60_000) })
        .where(eq(orders.id, order.id));
      fake.setStatus(second, "FAILED");
      const late = fake.webhook(second, { event: "PAYMENT FAILED" });
      expect(await shop.services.payments.handleCallback("clickpesa", late, JSON.stringify(late), { "content-type": "application/json" }, null)).toMatchObject({
        outcome: "failed",
      });
      expect((await messagesOf(order.id)).filter((m) => m.dedupeKey?.startsWith(`payment:${second}:failed:`))).toEqual([]);
    } finally {
      await shop.close();
    }
  });

  it("an order whose time to pay ran out is told so once, as payment-expired, not also as cancelled", async () => {
    const { call } = apiClient<Json>(api);
    const cookie = await shopperCookie(api, "order-messages");
    await putInCart(call, cookie);
    const phone = freshPhone();
    const placed = await call("POST", "/api/orders", cookie, { ...DAR_COURIER_ORDER, phone: phone.typed }, { "idempotency-key": randomUUID() });
    expect(placed.status).toBe(201);
    const order = await orderOf(placed.body.order.number);
    await api.handle.db
      .update(orders)
      .set({ holdUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order.id));
    await api.services.orders.expireDue();
    expect((await orderOf(order.number)).status).toBe("cancelled");
    const messages = await messagesOf(order.id);
    expect(messages.map((m) => [m.channel, m.event])).toEqual([
      ["sms", "order-placed"],
      ["sms", "payment-expired"],
    ]);
    const expired = messages[1]!;
    expect(expired.dedupeKey).toBe(`order:${order.number}:payment-expired:sms`);
    expect(expired.text).toMatch(
      new RegExp(`^Oda ${order.number} \\(TSh ${order.total.toLocaleString("en-US")}\\) haikulipwa kwa wakati, imeghairiwa\\. ${SIGNED_LINK.source}`),
    );
  });
});

describe("a pick-up made ready and handed over", () => {
  const { call } = apiClient<Json>(api);

  /** A pick-up paid by bank transfer (real money: not a test order), marked paid by the admin. */
  async function paidPickup(phone: string) {
    const cookie = await shopperCookie(api, "order-messages");
    await putInCart(call, cookie);
    const placed = await call(
      "POST",
      "/api/orders",
      cookie,
      { ...DAR_COURIER_ORDER, phone, delivery: { method: "pickup" } },
      { "idempotency-key": randomUUID() },
    );
    expect(placed.status).toBe(201);
    const number: string = placed.body.order.number;
    const admin = await adminCookie(api, "order-messages");
    expect((await call("POST", `/api/admin/orders/${number}/mark-paid`, admin, {})).status).toBe(200);
    return { number, admin, order: await orderOf(number) };
  }

  it("is an admin step between paid and delivered, told by SMS (and WhatsApp, which this number chose) where to collect it, then thanked with the receipt link", async () => {
    const phone = freshPhone();
    await api.services.notify.setWhatsAppChoice(phone.e164, true);
    const { number, admin, order } = await paidPickup(phone.typed);
    const view = async () => (await call("GET", `/api/admin/orders/${number}`, admin)).body.order;
    expect((await view()).actions).toEqual(["processing", "ready-for-pickup", "cancel"]);
    // handed over only once it was made ready
    expect((await call("POST", `/api/admin/orders/${number}/deliver`, admin, {})).status).toBe(409);

    const ready = await call("POST", `/api/admin/orders/${number}/ready-for-pickup`, admin, {});
    expect(ready.status).toBe(200);
    expect(ready.body.order).toMatchObject({ status: "ready_for_pickup", actions: ["deliver", "cancel"] });
    const settings = await api.services.settings.get();
    const link = (text: string) => SIGNED_LINK.exec(text)![0];
    const readyMessages = (await messagesOf(order.id)).filter((m) => m.event === "order-ready");
    expect(readyMessages.map((m) => [m.channel, m.recipient, m.dedupeKey])).toEqual([
      ["sms", phone.e164, `order:${number}:order-ready:sms`],
      ["whatsapp", phone.e164, `order:${number}:order-ready:whatsapp`],
    ]);
    expect(readyMessages[0]!.text).toContain(`Oda ${number} iko tayari.`);
    expect(readyMessages[0]!.text).toContain(settings.address.sw);
    const hours = readyMessages[1]!.template!.parameters[3]!;
    expect(hours).toMatch(/^Jumatatu/);
    expectTemplate(readyMessages[1], "order_ready", [settings.companyName, number, settings.address.sw, hours, link(readyMessages[0]!.text)]);

    const delivered = await call("POST", `/api/admin/orders/${number}/deliver`, admin, {});
    expect(delivered.status).toBe(200);
    expect(delivered.body.order).toMatchObject({ status: "delivered", actions: [] });
    const thanks = (await messagesOf(order.id)).filter((m) => m.event === "order-delivered");
    expect(thanks.map((m) => m.channel)).toEqual(["sms", "whatsapp"]);
    expect(thanks[0]!.text).toMatch(new RegExp(`^Oda ${number} imechukuliwa\\. Asante kwa kununua nasi! Risiti: ${SIGNED_LINK.source}`));
    expectTemplate(thanks[1], "order_delivered", [settings.companyName, number, link(thanks[0]!.text)]);

    // every event on both channels, once each
    expect((await messagesOf(order.id)).map((m) => `${m.channel} ${m.event}`)).toEqual([
      "sms order-placed",
      "whatsapp order-placed",
      "sms order-paid",
      "whatsapp order-paid",
      "sms order-ready",
      "whatsapp order-ready",
      "sms order-delivered",
      "whatsapp order-delivered",
    ]);
    // the shopper's page and the tracking timeline name the step
    const tracked = (await call("POST", "/api/tracking", null, { number, contact: phone.typed })).body.tracking;
    expect(tracked.events.map((e: Json) => e.status)).toEqual(["awaiting_payment", "paid", "ready_for_pickup", "delivered"]);
  });

  it("goes by SMS only to a number that did not choose WhatsApp", async () => {
    const phone = freshPhone();
    const { number, admin, order } = await paidPickup(phone.typed);
    expect((await call("POST", `/api/admin/orders/${number}/ready-for-pickup`, admin, {})).status).toBe(200);
    expect((await call("POST", `/api/admin/orders/${number}/deliver`, admin, {})).status).toBe(200);
    expect((await messagesOf(order.id)).map((m) => `${m.channel} ${m.event}`)).toEqual([
      "sms order-placed",
      "sms order-paid",
      "sms order-ready",
      "sms order-delivered",
    ]);
  });
});

describe("a bus parcel shipped", () => {
  it("says which bus company, the office to collect it at and the collection code", async () => {
    const { call } = apiClient<Json>(api);
    const cookie = await shopperCookie(api, "order-messages");
    await putInCart(call, cookie);
    const phone = freshPhone();
    const placed = await call(
      "POST",
      "/api/orders",
      cookie,
      { ...DAR_COURIER_ORDER, phone: phone.typed, delivery: { method: "parcel", region: "arusha", district: "Arusha City", parcelOffice: "Arusha bus stand" } },
      { "idempotency-key": randomUUID() },
    );
    expect(placed.status).toBe(201);
    const number: string = placed.body.order.number;
    const admin = await adminCookie(api, "order-messages");
    expect((await call("POST", `/api/admin/orders/${number}/mark-paid`, admin, {})).status).toBe(200);
    expect((await call("POST", `/api/admin/orders/${number}/ship`, admin, { carrier: "Shabiby", trackingNumber: "SHB-4471" })).status).toBe(200);
    const shipped = (await messagesOf((await orderOf(number)).id)).filter((m) => m.event === "order-shipped");
    expect(shipped).toHaveLength(1);
    expect(shipped[0]!.text).toMatch(
      new RegExp(`^Oda ${number} imetumwa kwa basi la Shabiby\\. Ichukue Arusha bus stand, namba SHB-4471\\. ${SIGNED_LINK.source}`),
    );
  });
});
