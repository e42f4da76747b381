import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messageOutbox, productChanges, productVariants, products, stockAlerts, users } from "../../src/server/db/schema";
import { openSession } from "../../src/server/auth/sessions";
import { saveSiteSettings } from "../../src/server/settings/settings";
import { DAR_COURIER_ORDER } from "../fixtures/orders";
import { codeSentTo, phoneMaker, type TestPhone } from "./buyers";
import { adminCookie, apiClient, setupApi, unique } from "./harness";

const api = setupApi();

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const { call, post } = apiClient<Json>(api);

/**
 * Products without options, oldest first (the other buying tests take theirs newest first), one
 * more per call, with their stock set for the test.
 */
let picked = 0;
async function product(stock: number): Promise<{ id: number; price: number; name: string }> {
  const [p] = await api.handle.db
    .select({ id: products.id, price: products.price, name: products.name })
    .from(products)
    .where(sql`not exists (select 1 from product_variants v where v.product_id = ${products.id}) and price >= 1000 and archived_at is null`)
    .orderBy(products.id)
    .offset(picked++)
    .limit(1);
  await api.handle.db.update(products).set({ stockQuantity: stock }).where(eq(products.id, p!.id));
  return p!;
}
const freshPhone = phoneMaker("0717", 223);

let addresses = 0;
const ip = () => `10.88.${addresses % 250}.${(addresses++ % 250) + 1}`;

/** A guest's alert by SMS, confirmed by the code the SMS carried; the alert's id. */
async function guestAlert(productId: number, phone: TestPhone, extra: Json = {}): Promise<number> {
  // a minute between codes to one number: the earlier code's time is moved back rather than waited for
  await api.handle.db.execute(sql`update phone_codes set created_at = now() - interval '2 minutes' where phone = ${phone.e164}`);
  const asked = await post("/api/stock-alerts", { productId, channel: "sms", contact: phone.local, ...extra }, {}, { ip: ip() });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  expect(asked.body.status).toBe("pending-confirmation");
  const code = await codeSentTo(api, phone.e164);
  const confirmed = await post("/api/stock-alerts/confirm", { alertId: asked.body.alert.id, code }, {}, { ip: ip() });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return asked.body.alert.id as number;
}

/** The back-in-stock texts queued to a number. */
async function backInStockTo(e164: string): Promise<string[]> {
  const rows = await api.handle.db
    .select({ text: messageOutbox.text })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.recipient, e164), eq(messageOutbox.event, "stock-alert")))
    .orderBy(messageOutbox.id);
  return rows.map((r) => r.text);
}

async function alertRow(id: number) {
  const [row] = await api.handle.db.select().from(stockAlerts).where(eq(stockAlerts.id, id));
  return row!;
}

/** The admin raises a product's stock through the admin API (as the product page's stock change does). */
async function raiseStock(admin: string, productId: number, to: number) {
  const changed = await call("PATCH", `/api/admin/products/${productId}`, admin, { stockQuantity: to, reason: "delivery from Shenzhen" });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
}

describe("stock alerts (notify me)", () => {
  it("tells the waiting list first come, first served, as many as the units: three waiting and two units, then one more", async () => {
    await saveSiteSettings(api.handle.db, { stockAlerts: { holdHours: 0 } });
    const admin = await adminCookie(api, "alerts-fcfs");
    const p = await product(0);
    const phones = [freshPhone(), freshPhone(), freshPhone()];
    const ids: number[] = [];
    for (const phone of phones) ids.push(await guestAlert(p.id, phone));
    expect((await alertRow(ids[2]!)).status).toBe("waiting");

    const waiting = await call("GET", `/api/admin/products/${p.id}/stock-alerts`, admin);
    expect(waiting.body.waiting).toBe(3);

    await raiseStock(admin, p.id, 2);
    await api.services.stockAlerts.drain();
    // a second pass changes nothing: each arrival is told once
    await api.services.stockAlerts.drain();

    const [first, second, third] = await Promise.all(ids.map(alertRow));
    expect(first!.status).toBe("notified");
    expect(second!.status).toBe("notified");
    expect(third!.status).toBe("waiting");
    expect(first!.notifiedAt!.getTime()).toBeLessThanOrEqual(second!.notifiedAt!.getTime());
    const told = await backInStockTo(phones[0]!.e164);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain(`/stock-alerts/${first!.token}`);
    expect(told[0]).toContain(p.name);
    expect(await backInStockTo(phones[1]!.e164)).toHaveLength(1);
    expect(await backInStockTo(phones[2]!.e164)).toHaveLength(0);

    // the next arrival (one more unit) tells the third
    await raiseStock(admin, p.id, 3);
    await api.services.stockAlerts.drain();
    expect((await alertRow(ids[2]!)).status).toBe("notified");
    expect(await backInStockTo(phones[2]!.e164)).toHaveLength(1);
    expect(await backInStockTo(phones[0]!.e164)).toHaveLength(1);

    // the link opens the alert's product
    const link = await api.services.stockAlerts.byToken(first!.token);
    expect(link).toMatchObject({ productId: p.id, status: "notified" });
  });

  it("keeps a guest's alert pending until the code confirms it, and refuses a wrong code", async () => {
    const p = await product(0);
    const phone = freshPhone();
    const asked = await post("/api/stock-alerts", { productId: p.id, channel: "whatsapp", contact: phone.local }, {}, { ip: ip() });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ status: "pending-confirmation", alert: { channel: "whatsapp", productId: p.id }, code: { sentTo: expect.any(String) } });
    expect(asked.body.alert.contact).not.toContain(phone.e164.slice(-6));
    const code = await codeSentTo(api, phone.e164);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const refused = await post("/api/stock-alerts/confirm", { alertId: asked.body.alert.id, code: wrong }, {}, { ip: ip() });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("invalid-code");
    expect((await alertRow(asked.body.alert.id)).status).toBe("pending-confirmation");

    // a pending alert is not told when stock arrives
    await api.handle.db.update(products).set({ stockQuantity: 1 }).where(eq(products.id, p.id));
    await api.services.stockAlerts.drain();
    expect((await alertRow(asked.body.alert.id)).status).toBe("pending-confirmation");
    await api.handle.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, p.id));

    const ok = await post("/api/stock-alerts/confirm", { alertId: asked.body.alert.id, code }, {}, { ip: ip() });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe("waiting");
    // the same wish again keeps its place
    const again = await post("/api/stock-alerts", { productId: p.id, channel: "whatsapp", contact: phone.e164 }, {}, { ip: ip() });
    expect(again.status).toBe(200);
    expect(again.body.alert.id).toBe(asked.body.alert.id);

    // cancelled by the link
    const token = (await alertRow(asked.body.alert.id)).token;
    const cancelled = await post("/api/stock-alerts/cancel", { token }, {}, { ip: ip() });
    expect(cancelled.body.status).toBe("cancelled");
  });

  it("puts a signed-in shopper's own verified e-mail on the list at once, and mails a guest's address a confirmation link", async () => {
    const p = await product(0);
    const email = unique("alerts-me");
    const [me] = await api.handle.db
      .insert(users)
      .values({ email, fullName: "Alert Shopper", passwordHash: "scrypt$x", emailVerifiedAt: sql`now()` })
      .returning({ id: users.id });
    const shopper = `sid=${(await openSession(api.handle.db, me!.id, false, 30, {})).token}`;
    const mine = await call("POST", "/api/stock-alerts", shopper, { productId: p.id, channel: "email", contact: email.toUpperCase() });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    expect(mine.body.status).toBe("waiting");

    const guest = await post("/api/stock-alerts", { productId: p.id, channel: "email", contact: "Mgeni.Alerts@Example.com" }, {}, { ip: ip() });
    expect(guest.status).toBe(201);
    expect(guest.body.status).toBe("pending-confirmation");
    const token = (await alertRow(guest.body.alert.id)).token;
    const confirmed = await post("/api/stock-alerts/confirm", { token }, {}, { ip: ip() });
    expect(confirmed.body.status).toBe("waiting");
  });

  it("refuses an in-stock product or option (409), an unknown product (404) and a bad contact (400)", async () => {
    const p = await product(4);
    const inStock = await post("/api/stock-alerts", { productId: p.id, channel: "sms", contact: freshPhone().local }, {}, { ip: ip() });
    expect(inStock.status).toBe(409);
    expect(inStock.body.code).toBe("in-stock");

    const unknown = await post("/api/stock-alerts", { productId: 2_000_000_000, channel: "sms", contact: freshPhone().local }, {}, { ip: ip() });
    expect(unknown.status).toBe(404);

    const sold = await product(0);
    const badPhone = await post("/api/stock-alerts", { productId: sold.id, channel: "sms", contact: "12345" }, {}, { ip: ip() });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body).toMatchObject({ code: "validation", field: "contact" });
    const phoneAsEmail = await post("/api/stock-alerts", { productId: sold.id, channel: "email", contact: "0754123456" }, {}, { ip: ip() });
    expect(phoneAsEmail.status).toBe(400);
    const badChannel = await post("/api/stock-alerts", { productId: sold.id, channel: "pigeon", contact: "x@y.co" }, {}, { ip: ip() });
    expect(badChannel.status).toBe(400);

    // an option: refused while in stock, taken while sold out
    const [withOptions] = await api.handle.db
      .select({ id: productVariants.productId })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(sql`${products.archivedAt} is null`)
      .groupBy(productVariants.productId)
      .having(sql`count(*) >= 2`)
      .limit(1);
    const options = await api.handle.db.select().from(productVariants).where(eq(productVariants.productId, withOptions!.id)).orderBy(productVariants.id);
    await api.handle.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, options[0]!.id));
    await api.handle.db.update(productVariants).set({ stock: 3 }).where(eq(productVariants.id, options[1]!.id));
    const optionInStock = await post(
      "/api/stock-alerts",
      { productId: withOptions!.id, variantId: options[1]!.combinationId, channel: "sms", contact: freshPhone().local },
      {},
      { ip: ip() },
    );
    expect(optionInStock.status).toBe(409);
    const optionSoldOut = await post(
      "/api/stock-alerts",
      { productId: withOptions!.id, variantId: options[0]!.id, channel: "sms", contact: freshPhone().local },
      {},
      { ip: ip() },
    );
    expect(optionSoldOut.status, JSON.stringify(optionSoldOut.body)).toBe(201);
    expect(optionSoldOut.body.alert.variantId).toBe(options[0]!.combinationId);
    const noSuchOption = await post(
      "/api/stock-alerts",
      { productId: withOptions!.id, variantId: "nope", channel: "sms", contact: freshPhone().local },
      {},
      { ip: ip() },
    );
    expect(noSuchOption.status).toBe(400);
  });

  it("limits alerts per contact and per client address (SMS costs money)", async () => {
    const phone = freshPhone();
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      const p = await product(0);
      answers.push((await post("/api/stock-alerts", { productId: p.id, channel: "sms", contact: phone.local }, {}, { ip: ip() })).status);
    }
    expect(answers.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(answers[5]).toBe(429);
    // one code went out: the later sign-ups within the resend wait are confirmed by the same code
    const codes = await api.handle.db
      .select({ id: messageOutbox.id })
      .from(messageOutbox)
      .where(and(eq(messageOutbox.recipient, phone.e164), eq(messageOutbox.event, "one-time-code")));
    expect(codes).toHaveLength(1);

    const sold = await product(0);
    const address = "10.99.1.1";
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await post("/api/stock-alerts", { productId: sold.id, channel: "sms", contact: "12" }, {}, { ip: address })).status;
    expect(last).toBe(429);
  });

  it("keeps a told shopper's unit for the hold: others cannot buy it, the holder can, and an unbought hold goes to the next in line", async () => {
    await saveSiteSettings(api.handle.db, { stockAlerts: { holdHours: 2 } });
    try {
      const admin = await adminCookie(api, "alerts-hold");
      const p = await product(0);
      const [holder, other, third] = [freshPhone(), freshPhone(), freshPhone()];
      const holderAlert = await guestAlert(p.id, holder);
      const otherAlert = await guestAlert(p.id, other);
      await raiseStock(admin, p.id, 1);
      await api.services.stockAlerts.drain();
      const held = await alertRow(holderAlert);
      expect(held.status).toBe("held");
      expect(held.holdUntil!.getTime()).toBeGreaterThan(Date.now() + 3_600_000);
      expect((await backInStockTo(holder.e164))[0]).toContain("2");
      expect((await alertRow(otherAlert)).status).toBe("waiting");

      // someone else cannot buy the held unit, and cannot ask to be told of it either (it is not for sale to them)
      const refused = await guestOrder(third, p.id);
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.code).toBe("out-of-stock");

      // the hold ends unbought: the unit goes to the next in line (held for them in turn)
      await api.handle.db
        .update(stockAlerts)
        .set({ holdUntil: new Date(Date.now() - 1000) })
        .where(eq(stockAlerts.id, holderAlert));
      await api.services.stockAlerts.drain();
      expect((await alertRow(holderAlert)).status).toBe("notified");
      expect((await alertRow(otherAlert)).status).toBe("held");

      // the holder of the unit buys it
      const bought = await guestOrder(other, p.id);
      expect(bought.status, JSON.stringify(bought.body)).toBe(201);
      expect((await alertRow(otherAlert)).status).toBe("notified");
    } finally {
      await saveSiteSettings(api.handle.db, { stockAlerts: { holdHours: 0 } });
    }
  });

  it("lets the admin set incoming stock (validated, logged) and lists the most awaited sold-out products", async () => {
    const admin = await adminCookie(api, "alerts-incoming");
    const p = await product(0);
    await guestAlert(p.id, freshPhone());
    await guestAlert(p.id, freshPhone());

    const half = await call("PUT", `/api/admin/products/${p.id}/incoming`, admin, {
      incomingQuantity: 20,
      incomingDate: null,
      onDemandWeeks: null,
      reason: "ordered",
    });
    expect(half.status).toBe(400);
    expect(half.body.field).toBe("incomingDate");
    const set = await call("PUT", `/api/admin/products/${p.id}/incoming`, admin, {
      incomingQuantity: 20,
      incomingDate: "2026-12-12",
      onDemandWeeks: 3,
      reason: "ordered from the supplier",
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ changed: true, incoming: { incomingQuantity: 20, incomingDate: "2026-12-12", onDemandWeeks: 3 } });
    const [logged] = await api.handle.db
      .select()
      .from(productChanges)
      .where(eq(productChanges.productId, p.id))
      .orderBy(sql`${productChanges.id} desc`)
      .limit(1);
    expect(logged!.changes).toMatchObject({ incomingQuantity: { before: 0, after: 20 }, incomingDate: { before: 0, after: 20261212 } });
    expect(logged!.reason).toBe("ordered from the supplier");

    const shopper = await call("PUT", `/api/admin/products/${p.id}/incoming`, null, {
      incomingQuantity: null,
      incomingDate: null,
      onDemandWeeks: null,
      reason: "x",
    });
    expect(shopper.status).toBe(401);

    const awaited = await call("GET", "/api/admin/stock-alerts/awaited?limit=100", admin);
    expect(awaited.status).toBe(200);
    expect(awaited.body.products.find((row: Json) => row.productId === p.id)).toMatchObject({ waiting: 2, stock: 0 });
  });
});

/** A guest's order of one unit, the number confirmed by a fresh code. */
async function guestOrder(phone: TestPhone, productId: number) {
  await api.handle.db.execute(sql`update phone_codes set created_at = now() - interval '2 minutes' where phone = ${phone.e164}`);
  const sent = await post("/api/checkout/phone-code", { phone: phone.local }, {}, { ip: ip() });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const code = await codeSentTo(api, phone.e164);
  return call(
    "POST",
    "/api/orders",
    null,
    { ...DAR_COURIER_ORDER, phone: phone.local, lines: [{ productId, variantId: "default", quantity: 1 }], guest: { phone: phone.local, code } },
    { "idempotency-key": randomUUID() },
  );
}
