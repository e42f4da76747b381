import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DELIVERY_ESTIMATES } from "../../src/lib/delivery-estimate";
import { DEFAULT_PAY_ON_DELIVERY } from "../../src/lib/pay-on-delivery";
import { mailOutbox, messageOutbox, orderEvents, orders, products } from "../../src/server/db/schema";
import { slipNote } from "../../src/server/delivery/estimates";
import { saveSiteSettings } from "../../src/server/settings/settings";
import { DAR_COURIER_ORDER } from "../fixtures/orders";
import { codeSentTo, phoneMaker, productPicker } from "./buyers";
import { adminCookie, apiClient, setupApi } from "./harness";

const api = setupApi();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const { call, post } = apiClient<Json>(api);

const product = productPicker(api, { offset: 120, maxPrice: 40000 });
const freshPhone = phoneMaker("0715", 211);

/** Sets the shop's test clock (the API tests' server honours it: SHOP_TEST_CLOCK=1 in vitest.config.ts). */
async function clockAt(instant: string | null) {
  await saveSiteSettings(api.handle.db, { testClock: instant });
}

async function estimate(query: string) {
  return call("GET", `/api/delivery-estimate?${query}`, null);
}

async function smsTo(e164: string, event: string): Promise<string[]> {
  const rows = await api.handle.db
    .select({ text: messageOutbox.text })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.recipient, e164), eq(messageOutbox.event, event), eq(messageOutbox.channel, "sms")));
  return rows.map((r) => r.text);
}

beforeAll(async () => {
  await saveSiteSettings(api.handle.db, { payOnDelivery: DEFAULT_PAY_ON_DELIVERY });
});

// the database is shared with the other files: the real clock again after these
afterAll(async () => {
  await clockAt(null);
});

describe("GET /api/delivery-estimate", () => {
  it("across a weekend and Independence Day (Wed 9 Dec 2026), by the shop's test clock", async () => {
    // Saturday 5 Dec 2026, 15:00 in Dar es Salaam: after the dispatch cut-off (12:00)
    await clockAt("2026-12-05T12:00:00Z");
    const courier = await estimate("method=courier&region=dar-es-salaam");
    expect(courier.status, JSON.stringify(courier.body)).toBe(200);
    // dispatched Monday (no Sunday dispatch); riders take 1–2 working days, Wednesday a holiday
    expect(courier.body).toEqual({
      method: "courier",
      region: "dar-es-salaam",
      dispatchDate: "2026-12-07",
      from: "2026-12-08",
      to: "2026-12-10",
      approximate: false,
      availableFrom: null,
    });
    // never cached where another shopper (or another day) could get it
    expect(courier.headers["cache-control"]).toMatch(/^private/);

    // buses run every day: Kagera's 2–4 days count the holiday too
    expect((await estimate("method=parcel&region=kagera")).body).toMatchObject({ dispatchDate: "2026-12-07", from: "2026-12-09", to: "2026-12-11" });
    // pick-up needs no region: ready Monday
    expect((await estimate("method=pickup")).body).toMatchObject({ from: "2026-12-07", to: "2026-12-07", region: null });
    // same day after its cut-off: Monday
    expect((await estimate("method=same_day&region=dar-es-salaam")).body).toMatchObject({ from: "2026-12-07", to: "2026-12-07" });

    // Saturday morning: out the same day, Monday and Tuesday at the door
    await clockAt("2026-12-05T07:00:00Z");
    expect((await estimate("method=courier&region=dar-es-salaam")).body).toMatchObject({ dispatchDate: "2026-12-05", from: "2026-12-07", to: "2026-12-08" });

    // Tuesday 8 Dec after the cut-off: the next day is Independence Day, so Thursday
    await clockAt("2026-12-08T10:00:00Z");
    expect((await estimate("method=courier&region=dar-es-salaam")).body).toMatchObject({ dispatchDate: "2026-12-10", from: "2026-12-11", to: "2026-12-12" });
  });

  it("says when an approximate holiday (Eid al-Fitr, about 20 Mar 2026) moved the dates", async () => {
    await clockAt("2026-03-19T10:00:00Z");
    expect((await estimate("method=courier&region=dar-es-salaam")).body).toMatchObject({ dispatchDate: "2026-03-21", approximate: true });
  });

  it("refuses a bad method, region or product with 400 {error, code}", async () => {
    await clockAt("2026-12-05T07:00:00Z");
    expect(await estimate("method=drone&region=dar-es-salaam")).toMatchObject({ status: 400, body: { code: "invalid-input" } });
    expect(await estimate("region=dar-es-salaam")).toMatchObject({ status: 400, body: { code: "invalid-input" } });
    expect(await estimate("method=courier")).toMatchObject({ status: 400, body: { code: "validation", field: "region", reason: "region-required" } });
    expect(await estimate("method=courier&region=atlantis")).toMatchObject({ status: 400, body: { code: "validation", field: "region" } });
    expect(await estimate("method=courier&region=mbeya")).toMatchObject({ status: 400, body: { code: "validation", reason: "outside-courier-area" } });
    expect(await estimate("method=parcel&region=dar-es-salaam")).toMatchObject({ status: 400, body: { code: "validation", reason: "inside-courier-area" } });
    expect(await estimate("method=pickup&productId=abc")).toMatchObject({ status: 400, body: { code: "invalid-input" } });
    expect(await estimate("method=pickup&productId=2000000000")).toMatchObject({ status: 400, body: { code: "validation", field: "productId" } });
    expect(await estimate("method=pickup&productIds=1,x")).toMatchObject({ status: 400, body: { code: "invalid-input" } });
  });

  it("starts a product that is not in stock at its incoming date, or its on-demand weeks; a product with no date has none", async () => {
    await clockAt("2026-12-05T07:00:00Z");
    const inStock = await product(5);
    const coming = await product(0);
    try {
      expect((await estimate(`method=pickup&productId=${inStock.id}`)).body).toMatchObject({ from: "2026-12-05", availableFrom: null });
      await api.handle.db.update(products).set({ incomingQuantity: 20, incomingDate: "2026-12-14", onDemandWeeks: null }).where(eq(products.id, coming.id));
      expect((await estimate(`method=courier&region=dar-es-salaam&productId=${coming.id}`)).body).toMatchObject({
        availableFrom: "2026-12-14",
        dispatchDate: "2026-12-14",
        from: "2026-12-15",
        to: "2026-12-16",
      });
      // a cart: the latest of its products sets the start
      expect((await estimate(`method=pickup&productIds=${inStock.id},${coming.id}`)).body).toMatchObject({ from: "2026-12-14" });
      await api.handle.db.update(products).set({ incomingQuantity: null, incomingDate: null, onDemandWeeks: 3 }).where(eq(products.id, coming.id));
      expect((await estimate(`method=pickup&productId=${coming.id}`)).body).toMatchObject({ availableFrom: "2026-12-26", from: "2026-12-28" });
      await api.handle.db.update(products).set({ onDemandWeeks: null }).where(eq(products.id, coming.id));
      expect(await estimate(`method=pickup&productId=${coming.id}`)).toMatchObject({ status: 409, body: { code: "out-of-stock" } });
    } finally {
      await api.handle.db
        .update(products)
        .set({ incomingQuantity: null, incomingDate: null, onDemandWeeks: null, stockQuantity: 5 })
        .where(eq(products.id, coming.id));
    }
  });
});

describe("the settings", () => {
  it("are the admin's to change: a range the wrong way round is named, a change moves the dates", async () => {
    await clockAt("2026-12-05T07:00:00Z");
    const admin = await adminCookie(api, "estimate-settings");
    const wrong = await post(
      "/api/admin/settings",
      { key: "deliveryEstimates", value: { ...DEFAULT_DELIVERY_ESTIMATES, courier: { min: 3, max: 1 } } },
      { cookie: admin },
    );
    expect(wrong).toMatchObject({ status: 400, body: { code: "invalid-input", field: "deliveryEstimates.courier.max" } });
    try {
      const saved = await post(
        "/api/admin/settings",
        {
          key: "deliveryEstimates",
          value: { ...DEFAULT_DELIVERY_ESTIMATES, courier: { min: 0, max: 1 }, dispatchDays: ["monday", "tuesday", "wednesday", "thursday", "friday"] },
        },
        { cookie: admin },
      );
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      // Saturday is no dispatch day now: out Monday, at the door Monday or Tuesday
      expect((await estimate("method=courier&region=dar-es-salaam")).body).toMatchObject({ dispatchDate: "2026-12-07", from: "2026-12-07", to: "2026-12-08" });
    } finally {
      await saveSiteSettings(api.handle.db, { deliveryEstimates: DEFAULT_DELIVERY_ESTIMATES });
    }
  });
});

describe("the checkout's same-day cut-off", () => {
  it("reads the shop's clock", async () => {
    const a = await product(3);
    await api.handle.db.update(products).set({ sameDayDelivery: true }).where(eq(products.id, a.id));
    const quote = async () => {
      const answer = await post("/api/checkout/quote", {
        region: "dar-es-salaam",
        method: "same_day",
        lines: [{ productId: a.id, variantId: "default", quantity: 1 }],
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.quote.options.find((o: Json) => o.method === "same_day");
    };
    try {
      // Monday 10:00 and 15:00 in Dar es Salaam (the same-day cut-off is 14:00)
      await clockAt("2026-12-07T07:00:00Z");
      expect(await quote()).toMatchObject({ available: true });
      await clockAt("2026-12-07T12:00:00Z");
      expect(await quote()).toMatchObject({ available: false, unavailable: "after-cutoff" });
    } finally {
      await api.handle.db.update(products).set({ sameDayDelivery: false }).where(eq(products.id, a.id));
    }
  });
});

describe("the test clock", () => {
  it("is refused on save on a server without SHOP_TEST_CLOCK=1, and ignored there", async () => {
    const admin = await adminCookie(api, "test-clock");
    const before = process.env.SHOP_TEST_CLOCK;
    delete process.env.SHOP_TEST_CLOCK;
    try {
      const refused = await post("/api/admin/settings", { key: "testClock", value: "2026-12-05T07:00:00Z" }, { cookie: admin });
      expect(refused).toMatchObject({ status: 400, body: { code: "invalid-input", field: "testClock" } });
      // a stored one (from a test server) is ignored: the real date answers
      await clockAt("2030-01-07T07:00:00Z");
      const real = await estimate("method=pickup");
      expect(real.body.from < "2030-01-01").toBe(true);
    } finally {
      process.env.SHOP_TEST_CLOCK = before;
    }
    // with the flag the admin may set it (and clear it)
    const accepted = await post("/api/admin/settings", { key: "testClock", value: "2026-12-05T07:00:00Z" }, { cookie: admin });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await estimate("method=pickup")).body.from).toBe("2026-12-05");
  });
});

describe("the promise an order is sold with", () => {
  const phone = freshPhone();
  const email = `slip-${Date.now()}@example.com`;
  let number = "";

  async function orderRow() {
    const [row] = await api.handle.db.select().from(orders).where(eq(orders.number, number));
    return row!;
  }

  it("is stored when the order is placed, from the same rule and clock", async () => {
    // Saturday 15:00: after the cut-off
    await clockAt("2026-12-05T12:00:00Z");
    const a = await product(4);
    const sent = await post("/api/checkout/phone-code", { phone: phone.local }, {}, { ip: "10.78.0.1" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const code = await codeSentTo(api, phone.e164);
    const placed = await call(
      "POST",
      "/api/orders",
      null,
      {
        ...DAR_COURIER_ORDER,
        phone: phone.local,
        payment: { method: "on_delivery" },
        lines: [{ productId: a.id, variantId: "default", quantity: 1 }],
        guest: { phone: phone.local, code, email },
      },
      { "idempotency-key": randomUUID() },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    number = placed.body.order.number;
    expect(placed.body.order).toMatchObject({ status: "confirmed", promise: { from: "2026-12-08", to: "2026-12-10", slips: 0 } });
    expect(await orderRow()).toMatchObject({ promisedFrom: "2026-12-08", promisedTo: "2026-12-10", promiseSlips: 0, promiseSlippedAt: null });
  });

  it("slips when it can no longer be kept: new dates, a timeline event and one message per slip", async () => {
    // Monday 09:00: still in time (dispatched today, Tue–Thu)
    await clockAt("2026-12-07T06:00:00Z");
    expect((await api.services.deliveryEstimates.recordSlips()).filter((s) => s.number === number)).toEqual([]);

    // Thursday 10 Dec and not yet sent: the earliest now is Fri 11 – Sat 12
    await clockAt("2026-12-10T06:00:00Z");
    const slips = (await api.services.deliveryEstimates.recordSlips()).filter((s) => s.number === number);
    expect(slips).toEqual([expect.objectContaining({ from: "2026-12-11", to: "2026-12-12" })]);
    const row = await orderRow();
    expect(row).toMatchObject({ promisedFrom: "2026-12-11", promisedTo: "2026-12-12", promiseSlips: 1 });
    expect(row.promiseSlippedAt).not.toBeNull();
    const events = await api.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, row.id));
    expect(events.map((e) => e.note)).toContain(slipNote("2026-12-11", "2026-12-12"));
    const texts = await smsTo(phone.e164, "order-delayed");
    expect(texts).toHaveLength(1);
    // a guest's texts are in Kiswahili; the dates with the language's names
    expect(texts[0]).toContain(number);
    expect(texts[0]).toContain("Ijumaa 11 - Jumamosi 12 Des");

    // the job again, the same day: nothing new
    expect((await api.services.deliveryEstimates.recordSlips()).filter((s) => s.number === number)).toEqual([]);
    expect(await smsTo(phone.e164, "order-delayed")).toHaveLength(1);
    expect((await orderRow()).promiseSlips).toBe(1);

    // the shopper's order page shows the promise; the admin's list finds it late once its day has passed
    await clockAt("2026-12-14T06:00:00Z");
    const admin = await adminCookie(api, "late-orders");
    const late = await call("GET", "/api/admin/orders?late=true&limit=100", admin);
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    // the slip job has not run since: the order is past its promise and shown late
    expect(late.body.orders.map((o: Json) => o.number)).toContain(number);
    expect(late.body.orders.find((o: Json) => o.number === number)).toMatchObject({ late: true, promisedTo: "2026-12-12" });
    const view = await call("GET", `/api/admin/orders/${number}`, admin);
    expect(view.body.order).toMatchObject({ promise: { from: "2026-12-11", to: "2026-12-12", slips: 1 } });
    // and one e-mail: this guest gave an address
    const mails = await api.handle.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.dedupeKey} like ${`order:${number}:order-delayed:%`}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: email, kind: "order-delayed" });
    expect(mails[0]!.body).toContain("Ijumaa 11 – Jumamosi 12 Des");
  });
});
