import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSession } from "../../src/server/auth/sessions";
import { messageOutbox, orders, users } from "../../src/server/db/schema";
import type { SandboxMessageFile } from "../../src/server/notify/sandbox";
import { adminCookie, apiClient, buildTestApi, setupApi, shopperCookie, unique } from "./harness";

/**
 * The file's own copy of the shop (pristine): a drain claims every due message, so no other file's
 * messages may be in it. The API under test runs on a clock of its own (the outbox's, which the
 * timeline reads too); each test takes a day of its own a week before the previous one, at 10:00
 * in Dar es Salaam (outside quiet hours), so a drain never reaches what an earlier test left queued.
 */
const api = setupApi({ pristine: true });

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const DAY_MS = 86_400_000;
let day = Date.UTC(2150, 5, 1, 7);
const clock = { now: new Date(day) };
function freshDay(): Date {
  day -= 7 * DAY_MS;
  clock.now = new Date(day);
  return clock.now;
}

function freshPhone(): string {
  return `+25574${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
}

let dataDir = "";
let built: Awaited<ReturnType<typeof buildTestApi>>;
const { call } = apiClient<Json>({
  get app() {
    return built.app;
  },
});

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "storefront-text-messages-"));
  built = await buildTestApi(api, { config: { dataDir, notify: { now: () => clock.now } } });
});
afterAll(async () => {
  await built?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** A signed-in shopper with a phone number on the profile (or none); the id and session cookie. */
async function shopper(phone: string | null): Promise<{ id: number; cookie: string }> {
  const [user] = await api.handle.db
    .insert(users)
    .values({ email: unique("texts"), fullName: "Neema Said", phone, passwordHash: "scrypt$x", emailVerifiedAt: sql`now()` })
    .returning({ id: users.id });
  const { token } = await openSession(api.handle.db, user!.id, false, 30, {});
  return { id: user!.id, cookie: `sid=${token}` };
}

/** An order of the shopper's, as checkout leaves it (the rows the timeline reads). */
async function orderOf(userId: number, phone: string) {
  const key = randomUUID();
  const [row] = await api.handle.db
    .insert(orders)
    .values({
      number: `KE-2150-${String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0")}${key.slice(0, 4)}`,
      userId,
      idempotencyKey: key,
      requestHash: key,
      email: "texts@example.co.tz",
      fullName: "Neema Said",
      phone,
      deliveryMethod: "pickup",
      vatZone: "mainland",
      subtotal: 118_000,
      deliveryFee: 0,
      deliveryVat: 0,
      vatTotal: 18_000,
      total: 118_000,
      paymentMethod: "mobile_money",
    })
    .returning({ id: orders.id, number: orders.number });
  return row!;
}

async function rowOf(id: number) {
  const [row] = await api.handle.db.select().from(messageOutbox).where(eq(messageOutbox.id, id));
  return row!;
}

async function sandboxFiles(): Promise<SandboxMessageFile[]> {
  const dir = path.join(dataDir, "sms-outbox");
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".json"));
  return Promise.all(names.map(async (n) => JSON.parse(await fs.readFile(path.join(dir, n), "utf8")) as SandboxMessageFile));
}

/** The token of an absolute /stop/ link. */
const tokenOf = (link: string) => new URL(link).pathname.replace(/^\/stop\//, "");

describe("an order's text messages", () => {
  it("are its owner's to read, oldest first, with channel, event, masked number and state; another shopper's order is not found", async () => {
    const start = freshDay();
    const phone = freshPhone();
    const owner = await shopper(phone);
    const order = await orderOf(owner.id, phone);
    const { notify } = built.services;
    const text = `Oda ${order.number}: TSh 118,000. Thibitisha ombi la malipo kwa PIN kwenye simu yako. https://shop.test/o/2n9c-AbCdEfGhIjK`;
    const placed = await notify.enqueue({ channel: "sms", to: phone, text, event: "order-placed", orderId: order.id });
    expect(placed.queued).toBe(true);

    const url = `/api/orders/${order.number}/messages`;
    const queued = await call("GET", url, owner.cookie);
    expect(queued.status).toBe(200);
    // the first message to a number: the safety notice goes on its own before it (the two do not fit one SMS with the link)
    expect(queued.body.messages.map((m: Json) => [m.channel, m.event, m.status])).toEqual([
      ["sms", "safety-notice", "queued"],
      ["sms", "order-placed", "queued"],
    ]);
    const [, update] = queued.body.messages as Json[];
    expect(update).toMatchObject({ recipient: expect.stringMatching(/^\+2557\*{6}\d\d$/), queuedAt: start.toISOString(), sentAt: null, deliveryAt: null });
    expect(JSON.stringify(queued.body)).not.toContain(phone.slice(-6));

    // sent, then delivered as the provider reports
    expect((await notify.drain()).sent).toBe(2);
    const sent = await call("GET", url, owner.cookie);
    expect(sent.body.messages.map((m: Json) => m.status)).toEqual(["sent", "sent"]);
    const row = await rowOf(update!.id);
    await notify.recordDeliveries("sandbox", [{ providerMessageId: row.providerMessageId!, state: "delivered", at: new Date(start.getTime() + 5_000) }]);
    const delivered = (await call("GET", url, owner.cookie)).body.messages[1];
    expect(delivered).toMatchObject({ status: "delivered", deliveryAt: new Date(start.getTime() + 5_000).toISOString() });

    // queued at 22:30 in Dar es Salaam: it waits for 07:00
    clock.now = new Date(start.getTime() + 12.5 * 3_600_000);
    const evening = await notify.enqueue({ channel: "sms", to: phone, text: `Oda ${order.number} iko njiani.`, event: "order-shipped", orderId: order.id });
    expect(evening.queued).toBe(true);
    const waiting = (await call("GET", url, owner.cookie)).body.messages[2];
    expect(waiting).toMatchObject({ event: "order-shipped", status: "waiting", nextAttemptAt: new Date(start.getTime() + 21 * 3_600_000).toISOString() });

    // nobody else's: another shopper and a guest are refused the same way as for the order itself
    const other = await shopper(freshPhone());
    const refused = await call("GET", url, other.cookie);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: "not-found", error: expect.any(String) });
    expect((await call("GET", `/api/orders/KE-2150-999999zzzz/messages`, owner.cookie)).status).toBe(404);
    expect((await call("GET", url, null)).status).toBe(401);

    // the admin's view of the same order: the outbox's details too
    const admin = await adminCookie(api, "texts");
    const adminView = await call("GET", `/api/admin/orders/${order.number}/messages`, admin);
    expect(adminView.status).toBe(200);
    expect(adminView.body.messages[1]).toMatchObject({ event: "order-placed", state: "sent", deliveryState: "delivered", attempts: 1, provider: "sandbox" });
    expect(adminView.body.messages[1].text).toContain(order.number);
    expect((await call("GET", `/api/admin/orders/${order.number}/messages`, owner.cookie)).status).toBe(403);
    expect((await call("GET", `/api/admin/orders/KE-2150-999999zzzz/messages`, admin)).status).toBe(404);
  });
});

describe("the admin's list of text messages", () => {
  it("lists messages newest first, filtered by channel, state and event, paged; a one-time code's text is never shown; admins only", async () => {
    const start = freshDay();
    const { notify } = built.services;
    const phone = freshPhone();
    const code = await notify.enqueue({ channel: "sms", to: phone, text: "123456 ni namba yako ya uthibitisho.", event: "one-time-code" });
    clock.now = new Date(start.getTime() + 1_000);
    const whatsapp = await notify.enqueue({ channel: "whatsapp", to: phone, text: "Oda yako imelipwa.", event: "order-paid" });
    clock.now = new Date(start.getTime() + 2_000);
    const stopped = await notify.enqueue({ channel: "sms", to: freshPhone(), text: "Oda yako iko njiani.", event: "order-shipped" });
    if (!code.queued || !whatsapp.queued || !stopped.queued) throw new Error("not queued");
    await notify.setOptOut((await rowOf(stopped.id)).recipient, "sms", true);
    await notify.drain();

    const admin = await adminCookie(api, "texts-list");
    const list = async (query: string) => {
      const answer = await call("GET", `/api/admin/text-messages${query}`, admin);
      expect(answer.status, query).toBe(200);
      return answer.body;
    };
    const all = await list("?pageSize=100");
    expect(all.providers).toEqual({ sms: "sandbox", whatsapp: "sandbox" });
    const times = (all.messages as Json[]).map((m) => m.queuedAt);
    expect([...times].sort().reverse()).toEqual(times);

    const codes = await list("?event=one-time-code&pageSize=100");
    expect(codes.messages.length).toBeGreaterThan(0);
    expect(codes.messages.every((m: Json) => m.event === "one-time-code" && m.text === null)).toBe(true);
    expect(codes.messages.find((m: Json) => m.id === code.id)).toMatchObject({ state: "sent", status: "sent", attempts: 1, orderNumber: null });

    const onWhatsApp = await list("?channel=whatsapp&pageSize=100");
    expect(onWhatsApp.messages.every((m: Json) => m.channel === "whatsapp")).toBe(true);
    expect(onWhatsApp.messages.find((m: Json) => m.id === whatsapp.id)).toMatchObject({
      text: "Oda yako imelipwa.",
      recipient: expect.stringMatching(/^\+2557\*+\d\d$/),
    });

    const dead = await list("?state=dead&channel=sms&event=order-shipped");
    expect(dead.messages.every((m: Json) => m.state === "dead" && m.channel === "sms" && m.event === "order-shipped")).toBe(true);
    expect(dead.messages.find((m: Json) => m.id === stopped.id)).toMatchObject({ status: "stopped", lastError: "opted out" });

    // pages: one message a page, the second page the second newest
    const first = await list("?pageSize=1");
    const second = await list("?pageSize=1&page=2");
    expect(first.total).toBe(all.total);
    expect(first.messages).toHaveLength(1);
    expect(second.messages[0].id).toBe(all.messages[1].id);

    expect((await call("GET", "/api/admin/text-messages?state=lost", admin)).status).toBe(400);
    expect((await call("GET", "/api/admin/text-messages?pageSize=500", admin)).status).toBe(400);
    expect((await call("GET", "/api/admin/text-messages", await shopperCookie(api, "texts-list"))).status).toBe(403);
    expect((await call("GET", "/api/admin/text-messages", null)).status).toBe(401);
  });
});

describe("the opt-out link", () => {
  it("stops every message to its number at once, queued ones too, and a second press changes nothing; codes asked for still go", async () => {
    freshDay();
    const { notify, links } = built.services;
    const phone = freshPhone();
    const owner = await shopper(phone);
    const order = await orderOf(owner.id, phone);
    await notify.setWhatsAppChoice(phone, true);
    await notify.setMarketingConsent(phone, true);
    const sms = await notify.enqueue({ channel: "sms", to: phone, text: "Oda iko njiani.", event: "order-shipped", orderId: order.id });
    const whatsapp = await notify.enqueue({ channel: "whatsapp", to: phone, text: "Oda iko njiani.", event: "order-shipped", orderId: order.id });
    if (!sms.queued || !whatsapp.queued) throw new Error("not queued");

    const token = tokenOf(await links.optOutLink(phone));
    const stop = await call("POST", "/api/messages/stop", null, { token });
    expect(stop.status).toBe(200);
    expect(stop.body).toEqual({ success: true, phone: expect.stringMatching(/^\+2557\*{6}\d\d$/) });
    expect(await notify.preferences(phone)).toEqual({ phone, sms: false, whatsapp: false, marketing: false });
    // pressed again (a replay): the same answer, nothing else changes
    const again = await call("POST", "/api/messages/stop", null, { token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(stop.body);

    // honoured at once: what was queued is not sent, on either channel
    await notify.drain();
    expect(await rowOf(sms.id)).toMatchObject({ state: "dead", lastError: "opted out", sentAt: null });
    expect(await rowOf(whatsapp.id)).toMatchObject({ state: "dead", lastError: "opted out", sentAt: null });
    expect((await sandboxFiles()).filter((f) => f.to === phone)).toEqual([]);
    const timeline = (await call("GET", `/api/orders/${order.number}/messages`, owner.cookie)).body.messages as Json[];
    expect(timeline.filter((m) => m.event === "order-shipped").map((m) => [m.channel, m.status])).toEqual([
      ["sms", "stopped"],
      ["whatsapp", "stopped"],
    ]);
    expect(await notify.enqueue({ channel: "sms", to: phone, text: "Oda imefika.", event: "order-delivered" })).toEqual({ queued: false, reason: "opted-out" });
    // a code the person asks for at checkout still comes
    expect((await notify.enqueue({ channel: "sms", to: phone, text: "123456 ni namba yako.", event: "one-time-code" })).queued).toBe(true);
  });

  it("refuses a forged, malformed or other-purpose token with invalid-token and changes nothing", async () => {
    freshDay();
    const { notify, links } = built.services;
    const phone = freshPhone();
    const token = tokenOf(await links.optOutLink(phone));
    const [id, signature] = token.split("-") as [string, string];
    const forged = `${id}-${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    const otherNumber = `${(parseInt(id, 36) + 1).toString(36)}-${signature}`;
    const orderToken = new URL(await links.orderLink(1)).pathname.replace(/^\/o\//, "");
    for (const bad of [forged, otherNumber, orderToken, "not-a-token", "x".repeat(64)]) {
      const answer = await call("POST", "/api/messages/stop", null, { token: bad });
      expect(answer.status, bad).toBe(400);
      expect(answer.body).toMatchObject({ code: "invalid-token", error: expect.any(String) });
    }
    for (const body of [{}, { token: "" }, { token: 5 }, { token, extra: 1 }]) {
      const answer = await call("POST", "/api/messages/stop", null, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe("invalid-input");
    }
    expect(await notify.preferences(phone)).toEqual({ phone, sms: true, whatsapp: false, marketing: false });
  });

  it("is limited per client address", async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await call("POST", "/api/messages/stop", null, { token: "0-AAAAAAAAAAA" }, {}, { ip })).status);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    // another address is not held up
    expect((await call("POST", "/api/messages/stop", null, { token: "0-AAAAAAAAAAA" }, {}, { ip: "198.51.100.254" })).status).toBe(400);
  });

  it("is in every marketing SMS and in the first message's safety notice, and a marketing text too long to carry it is refused", async () => {
    freshDay();
    const { notify, links } = built.services;
    const phone = freshPhone();
    await notify.setMarketingConsent(phone, true);
    const offer = await notify.enqueue({ channel: "sms", to: phone, text: "Punguzo la 10% kwa chaja zote wiki hii.", event: "promotion", locale: "sw" });
    if (!offer.queued) throw new Error("not queued");
    const link = await links.optOutLink(phone);
    expect((await rowOf(offer.id)).text).toBe(`Punguzo la 10% kwa chaja zote wiki hii.\nKusitisha ujumbe: ${link}`);
    expect(await links.phoneFromOptOutToken(tokenOf(link))).toBe(phone);
    expect(await notify.enqueue({ channel: "sms", to: phone, text: "Ofa! ".repeat(30), event: "promotion" })).toEqual({ queued: false, reason: "too-long" });

    // the first transactional message to a number: the notice, on its own here, carries the link in the message's language
    const english = freshPhone();
    const update = await notify.enqueue({
      channel: "sms",
      to: english,
      text: "Order KE-2150-000001: TSh 1,250,000. Confirm the payment prompt on your phone with your PIN. https://shop.test/o/1-AAAAAAAAAAA",
      event: "order-placed",
      locale: "en",
    });
    if (!update.queued) throw new Error("not queued");
    const [notice] = await api.handle.db
      .select()
      .from(messageOutbox)
      .where(sql`${messageOutbox.recipient} = ${english} and ${messageOutbox.event} = 'safety-notice'`);
    expect(notice!.text).toBe(`We never ask you to send money to a personal number.\nTo stop messages: ${await links.optOutLink(english)}`);
    // a short message takes the notice and the link in the same SMS
    const short = freshPhone();
    const joined = await notify.enqueue({ channel: "sms", to: short, text: "Oda imelipwa.", event: "order-paid", locale: "sw" });
    if (!joined.queued) throw new Error("not queued");
    expect((await rowOf(joined.id)).text).toBe(
      `Oda imelipwa.\nHatutakuomba kamwe kutuma pesa kwa namba binafsi.\nKusitisha ujumbe: ${await links.optOutLink(short)}`,
    );
  });
});

describe("the account's text-message choices", () => {
  it("read and change the choices of the account's number, honoured at once", async () => {
    freshDay();
    const { notify } = built.services;
    const phone = freshPhone();
    // the profile may hold the number as typed: the choices are the E.164 number's
    const local = `0${phone.slice(4, 7)} ${phone.slice(7, 10)} ${phone.slice(10)}`;
    const owner = await shopper(local);
    const url = "/api/account/message-preferences";
    expect((await call("GET", url, owner.cookie)).body).toEqual({ phone, sms: true, whatsapp: false, marketing: false });

    const changed = await call("PUT", url, owner.cookie, { whatsapp: true, marketing: true });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ phone, sms: true, whatsapp: true, marketing: true });
    expect(await notify.preferences(phone)).toEqual(changed.body);

    // SMS off: a message already queued to the number is not sent
    const queued = await notify.enqueue({ channel: "sms", to: phone, text: "Oda iko njiani.", event: "order-shipped" });
    if (!queued.queued) throw new Error("not queued");
    expect((await call("PUT", url, owner.cookie, { sms: false })).body).toEqual({ phone, sms: false, whatsapp: true, marketing: true });
    await notify.drain();
    expect(await rowOf(queued.id)).toMatchObject({ state: "dead", lastError: "opted out" });

    // after the opt-out link, the account shows everything off, and turns SMS back on
    await notify.stopEverything(phone);
    expect((await call("GET", url, owner.cookie)).body).toEqual({ phone, sms: false, whatsapp: false, marketing: false });
    expect((await call("PUT", url, owner.cookie, { sms: true })).body).toEqual({ phone, sms: true, whatsapp: false, marketing: false });

    expect((await call("PUT", url, owner.cookie, { sms: "yes" })).status).toBe(400);
    expect((await call("PUT", url, owner.cookie, { email: true })).status).toBe(400);
    expect((await call("GET", url, null)).status).toBe(401);
    expect((await call("PUT", url, null, { sms: false })).status).toBe(401);
  });

  it("say there is nothing to choose without a Tanzanian mobile number on the profile", async () => {
    for (const phone of [null, "+44 20 7946 0958"]) {
      const owner = await shopper(phone);
      expect((await call("GET", "/api/account/message-preferences", owner.cookie)).body).toEqual({
        phone: null,
        sms: false,
        whatsapp: false,
        marketing: false,
      });
      const refused = await call("PUT", "/api/account/message-preferences", owner.cookie, { sms: false });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: "invalid-state", error: expect.stringContaining("mobile number") });
    }
  });
});
