import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products, users } from "../../src/server/db/schema";
import { createMessagesService } from "../../src/server/messages/messages";
import { mailsTo, setupApi, shopperCookie, adminCookie as adminCookieOf, apiClient } from "./harness";
import { DAR_COURIER_ORDER } from "../fixtures/orders";

const api = setupApi();

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const { call } = apiClient<Json>(api);

const adminCookie = () => adminCookieOf(api, "messages");

async function emailOf(cookie: string): Promise<string> {
  return (await call("GET", "/api/auth/session", cookie)).body.user.email as string;
}

/** Places a bank-transfer order for the shopper (a product without options, in stock); its number. */
async function placeOrder(cookie: string): Promise<string> {
  const [p] = await api.handle.db
    .select({ id: products.id })
    .from(products)
    .where(sql`not exists (select 1 from product_variants v where v.product_id = ${products.id}) and price between 1000 and 90000`)
    .orderBy(products.id)
    .limit(1);
  await api.handle.db.update(products).set({ stockQuantity: 1000 }).where(eq(products.id, p!.id));
  expect((await call("POST", "/api/cart", cookie, { productId: p!.id, variantId: "default", quantity: 1 })).status).toBe(200);
  const placed = await call("POST", "/api/orders", cookie, DAR_COURIER_ORDER, { "idempotency-key": randomUUID() });
  expect(placed.status).toBe(201);
  return placed.body.order.number as string;
}

describe("the message centre", () => {
  it("needs a signed-in shopper", async () => {
    expect((await call("GET", "/api/messages", null)).status).toBe(401);
    expect((await call("POST", "/api/messages", null, { subject: "Hi", body: "Hello" })).status).toBe(401);
  });

  it("starts a conversation about the shopper's own order, mails the shop, and keeps paragraphs", async () => {
    const cookie = await shopperCookie(api, "messages");
    const number = await placeOrder(cookie);
    const created = await call("POST", "/api/messages", cookie, {
      subject: "Delivery to Mikocheni",
      orderNumber: number,
      body: "Habari,\r\n\r\nWhen will it arrive?",
    });
    expect(created.status).toBe(201);
    expect(created.body.thread).toMatchObject({ subject: "Delivery to Mikocheni", status: "open", orderNumber: number, messageCount: 1 });
    expect(created.body.messages).toEqual([expect.objectContaining({ author: "customer", body: "Habari,\n\nWhen will it arrive?" })]);

    const { contactEmail } = await api.services.settings.get();
    const mails = await mailsTo(api.outboxDir, contactEmail);
    const mail = mails.find((m) => m.includes("Delivery to Mikocheni"));
    expect(mail).toMatch(/^Subject: Customer message: Delivery to Mikocheni/m);
    expect(mail).toContain("When will it arrive?");
    expect(mail).toContain(`http://shop.test/admin/messages/${created.body.thread.id}`);

    const inbox = await call("GET", "/api/messages", cookie);
    expect(inbox.body.threads.map((t: Json) => t.id)).toEqual([created.body.thread.id]);
  });

  it("refuses an order of someone else, an empty or too long body, control characters and unknown fields", async () => {
    const owner = await shopperCookie(api, "messages");
    const number = await placeOrder(owner);
    const other = await shopperCookie(api, "messages");
    const notMine = await call("POST", "/api/messages", other, { subject: "Order", orderNumber: number, body: "Where is it?" });
    expect(notMine.status).toBe(400);
    expect(notMine.body).toMatchObject({ code: "validation", field: "order" });
    expect((await call("POST", "/api/messages", other, { subject: "Hi", body: " \n " })).body).toMatchObject({ code: "validation", field: "body" });
    expect((await call("POST", "/api/messages", other, { subject: "Hi", body: "x".repeat(4001) })).body).toMatchObject({ code: "validation", field: "body" });
    expect((await call("POST", "/api/messages", other, { subject: "Hi", body: "tab\there" })).status).toBe(400);
    expect((await call("POST", "/api/messages", other, { subject: "Hi\u0007", body: "Hello" })).status).toBe(400);
    expect((await call("POST", "/api/messages", other, { subject: "Hi", body: "Hello", extra: 1 })).status).toBe(400);
    expect((await call("GET", "/api/messages", other)).body.threads).toEqual([]);
  });

  it("answers odd bodies on every write with 4xx, never 5xx", async () => {
    const cookie = await shopperCookie(api, "messages");
    const admin = await adminCookie();
    const odd = [
      null,
      [],
      1,
      "text",
      true,
      {},
      { subject: 1, body: 2 },
      { subject: "x", body: ["a"] },
      { body: { nested: "x" } },
      { subject: "\uD800", body: "x" },
    ];
    const writes: [string, string][] = [
      ["/api/messages", cookie],
      ["/api/messages/1", cookie],
      ["/api/admin/messages/1", admin],
      ["/api/admin/messages/1/status", admin],
      ["/api/account/payment/wallets", cookie],
      ["/api/account/notifications", cookie],
      ["/api/account/payment/preferred", cookie],
    ];
    for (const [url, who] of writes)
      for (const body of odd) {
        const method = url.endsWith("notifications") || url.endsWith("preferred") ? "PUT" : "POST";
        // an empty change of the notification choices is a valid one (it changes nothing)
        if (url.endsWith("notifications") && JSON.stringify(body) === "{}") continue;
        const res = await api.app.inject({ method, url, headers: { cookie: who, "content-type": "application/json" }, payload: JSON.stringify(body) });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
  });

  it("answers 404 for another shopper's conversation, when reading and when replying", async () => {
    const owner = await shopperCookie(api, "messages");
    const intruder = await shopperCookie(api, "messages");
    const { body } = await call("POST", "/api/messages", owner, { subject: "Private", body: "My phone number is ..." });
    const id = body.thread.id as number;
    const read = await call("GET", `/api/messages/${id}`, intruder);
    expect(read.status).toBe(404);
    expect(read.body.code).toBe("not-found");
    expect((await call("POST", `/api/messages/${id}`, intruder, { body: "Let me in" })).status).toBe(404);
    expect((await call("GET", "/api/messages/999999999", owner)).status).toBe(404);
    expect((await call("GET", "/api/messages/abc", owner)).status).toBe(400);
    // and the admin routes are for admins only
    expect((await call("GET", `/api/admin/messages/${id}`, intruder)).status).toBe(403);
    expect((await call("POST", `/api/admin/messages/${id}`, intruder, { body: "I am the shop" })).status).toBe(403);
  });

  it("lets an admin answer: the conversation is answered, unread for the shopper, and the shopper is mailed in their language", async () => {
    const cookie = await shopperCookie(api, "messages");
    const email = await emailOf(cookie);
    await api.handle.db.update(users).set({ locale: "sw" }).where(eq(users.email, email));
    const { body } = await call("POST", "/api/messages", cookie, { subject: "Resistor values", body: "Do you have 4.7k 0805?" });
    const id = body.thread.id as number;
    const admin = await adminCookie();

    const list = await call("GET", "/api/admin/messages", admin);
    expect(list.status).toBe(200);
    const row = list.body.threads.find((t: Json) => t.id === id);
    expect(row).toMatchObject({ status: "open", unread: 1, customer: { email } });
    // open conversations come before answered and closed ones
    const statuses = (list.body.threads as Json[]).map((t) => t.status as string);
    expect(statuses.indexOf("open")).toBeLessThanOrEqual(Math.max(0, statuses.lastIndexOf("open")));
    expect(statuses.slice(statuses.lastIndexOf("open") + 1)).not.toContain("open");

    const answered = await call("POST", `/api/admin/messages/${id}`, admin, { body: "Yes, 500 in stock.\nTSh 50 each." });
    expect(answered.status).toBe(201);
    expect(answered.body.thread.status).toBe("answered");
    // the admin read the customer's message
    expect(answered.body.messages[0].readAt).not.toBeNull();

    const inbox = await call("GET", "/api/messages", cookie);
    expect(inbox.body.threads[0]).toMatchObject({ id, status: "answered", unread: 1 });
    expect(inbox.body.unread.threads).toBe(1);
    const mails = await mailsTo(api.outboxDir, email);
    expect(mails.at(-1)).toMatch(/wamejibu: Resistor values/);
    expect(mails.at(-1)).toContain("Yes, 500 in stock.\nTSh 50 each.");
    expect(mails.at(-1)).toContain(`http://shop.test/account/messages/${id}`);

    // reading marks the answer read; a reply opens the conversation again and mails the shop
    const read = await call("GET", `/api/messages/${id}`, cookie);
    expect(read.body.messages.map((m: Json) => m.author)).toEqual(["customer", "shop"]);
    expect((await call("GET", "/api/messages", cookie)).body.unread.threads).toBe(0);
    const replied = await call("POST", `/api/messages/${id}`, cookie, { body: "Asante! I will order 100." });
    expect(replied.status).toBe(201);
    expect(replied.body.thread.status).toBe("open");

    const closed = await call("POST", `/api/admin/messages/${id}/status`, admin, { status: "closed" });
    expect(closed.body.thread.status).toBe("closed");
  });

  it("shows order updates from the orders' history, unread until the message centre is opened", async () => {
    const cookie = await shopperCookie(api, "messages");
    const number = await placeOrder(cookie);
    let inbox = await call("GET", "/api/messages", cookie);
    // placing it was the shopper's own doing: no news
    expect(inbox.body.orderUpdates).toEqual([expect.objectContaining({ orderNumber: number, status: "awaiting_payment", unread: false })]);
    const admin = await adminCookie();
    expect((await call("POST", `/api/admin/orders/${number}/mark-paid`, admin, {})).status).toBe(200);
    inbox = await call("GET", "/api/messages", cookie);
    expect(inbox.body.orderUpdates[0]).toMatchObject({ orderNumber: number, status: "paid", unread: true });
    expect(inbox.body.unread.orderUpdates).toBe(1);
    expect((await call("POST", "/api/messages/order-updates/seen", cookie, {})).status).toBe(200);
    expect((await call("GET", "/api/messages", cookie)).body.unread.orderUpdates).toBe(0);
  });

  it("limits new conversations and messages per shopper", async () => {
    // a service with small limits over the suite's database (the route's limits are the same code)
    const messages = createMessagesService({
      db: api.handle.db,
      mail: api.services.mail,
      settings: api.services.settings,
      siteUrl: new URL("http://shop.test"),
      limits: { threads: { max: 2, windowMinutes: 60 }, messages: { max: 1, windowMinutes: 60 } },
      orderUpdatesSeen: { get: api.services.preferences.orderUpdatesSeenAt, mark: api.services.preferences.markOrderUpdatesSeen },
    });
    const cookie = await shopperCookie(api, "messages-limit");
    const userId = (await call("GET", "/api/auth/session", cookie)).body.user.id as number;
    const first = await messages.create(userId, { subject: "One", body: "First" });
    await messages.create(userId, { subject: "Two", body: "Second" });
    await expect(messages.create(userId, { subject: "Three", body: "Third" })).rejects.toMatchObject({ code: "rate-limited" });
    await messages.reply(userId, first.thread.id, "Again");
    await expect(messages.reply(userId, first.thread.id, "And again")).rejects.toMatchObject({ code: "rate-limited" });

    // the route's own limit: five new conversations an hour (another shopper: the counts above are per shopper)
    const busy = await shopperCookie(api, "messages-limit");
    for (let i = 0; i < 5; i++) expect((await call("POST", "/api/messages", busy, { subject: `Q${i}`, body: "Question" })).status).toBe(201);
    const refused = await call("POST", "/api/messages", busy, { subject: "Q6", body: "Question" });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("rate-limited");
  });
});
