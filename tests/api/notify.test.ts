import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/server/db";
import { messageOutbox, orders, products, securityEvents } from "../../src/server/db/schema";
import { createNotifyService, type NotifyServiceOptions } from "../../src/server/notify/outbox";
import { PermanentSendError, type MessageProvider, type OutgoingMessage } from "../../src/server/notify/providers";
import { createSandboxProviders, type SandboxMessageFile } from "../../src/server/notify/sandbox";
import { adminCookie, apiClient, buildTestApi, setupApi, shopperCookie } from "./harness";
import { DAR_COURIER_ORDER } from "../fixtures/orders";

const api = setupApi({ pristine: true });

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const DAY_MS = 86_400_000;

/**
 * The file's own copy of the shop (pristine): a drain claims every due message, so no other file's
 * messages may be in it. Each test runs on a day of its own, a week before the previous test's, so
 * a drain never reaches the messages an earlier test left queued (their days are later). The clock
 * starts at 10:00 in Dar es Salaam (07:00 UTC), outside quiet hours.
 */
let day = Date.UTC(2150, 0, 1, 7);
function freshDay(): Date {
  day -= 7 * DAY_MS;
  return new Date(day);
}

/** A Tanzanian mobile number no other test (or earlier run, very likely) has used. */
function freshPhone(): string {
  return `+25571${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
}

let dataDir = "";
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "storefront-notify-"));
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** An outbox over the suite's database with its own clock (and sandbox folder, or the providers given). */
function outbox(options: Partial<NotifyServiceOptions> & { clock: { now: Date } }) {
  const sandbox = createSandboxProviders(dataDir);
  return createNotifyService({
    db: api.handle.db,
    providers: sandbox,
    ...options,
    now: () => options.clock.now,
  });
}

async function rowOf(id: number) {
  const [row] = await api.handle.db.select().from(messageOutbox).where(eq(messageOutbox.id, id));
  return row!;
}

async function sandboxFiles(dir: string): Promise<SandboxMessageFile[]> {
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".json")).sort();
  return Promise.all(names.map(async (n) => JSON.parse(await fs.readFile(path.join(dir, n), "utf8")) as SandboxMessageFile));
}

describe("an order's SMS", () => {
  it("is queued when the order is placed, in Kiswahili, and the sandbox writes it as a JSON file with the documented fields", async () => {
    const clock = { now: freshDay() };
    const orderDir = await fs.mkdtemp(path.join(os.tmpdir(), "storefront-notify-order-"));
    const built = await buildTestApi(api, { config: { dataDir: orderDir, notify: { now: () => clock.now } } });
    try {
      const { call } = apiClient<Json>(built);
      const cookie = await shopperCookie(api, "notify");
      const [product] = await api.handle.db
        .select({ id: products.id })
        .from(products)
        .where(sql`not exists (select 1 from product_variants v where v.product_id = ${products.id}) and price between 1000 and 90000`)
        .orderBy(sql`random()`)
        .limit(1);
      await api.handle.db.update(products).set({ stockQuantity: 50 }).where(eq(products.id, product!.id));
      expect((await call("POST", "/api/cart", cookie, { productId: product!.id, variantId: "default", quantity: 1 })).status).toBe(200);
      const phone = freshPhone();
      const placed = await call("POST", "/api/orders", cookie, { ...DAR_COURIER_ORDER, phone }, { "idempotency-key": randomUUID() });
      expect(placed.status).toBe(201);
      const number: string = placed.body.order.number;
      const [order] = await api.handle.db.select({ id: orders.id, total: orders.total }).from(orders).where(eq(orders.number, number));

      // queued in the order's transaction, not sent until the worker drains
      const queued = await built.services.notify.messagesForOrder(order!.id);
      // the order's SMS, and the safety notice when the two do not fit one SMS together
      expect(queued).toContainEqual(expect.objectContaining({ channel: "sms", event: "order-placed", state: "pending", deliveryState: null }));
      expect(queued.every((m) => m.state === "pending" && ["order-placed", "safety-notice"].includes(m.event))).toBe(true);
      expect((await built.services.notify.drain()).sent).toBeGreaterThanOrEqual(1);

      const files = (await sandboxFiles(path.join(orderDir, "sms-outbox"))).filter((f) => f.to === phone);
      const forOrder = files.filter((f) => f.orderNumber === number && f.event === "order-placed");
      expect(forOrder).toHaveLength(1);
      const file = forOrder[0]!;
      expect(Object.keys(file).sort()).toEqual(["channel", "createdAt", "event", "orderNumber", "text", "to"]);
      expect(file).toMatchObject({ channel: "sms", to: phone, event: "order-placed", orderNumber: number });
      expect(new Date(file.createdAt).toString()).not.toBe("Invalid Date");
      // Kiswahili unless the order says otherwise; a bank transfer: the amount and the reference
      expect(file.text).toContain(`Oda ${number}`);
      expect(file.text).toContain("kumbukumbu");
      // the order's short signed link (the shopper may have no account to sign in to)
      const link = /http:\/\/shop\.test\/o\/([0-9a-z]+-[A-Za-z0-9_-]{11})/.exec(file.text);
      expect(link, file.text).not.toBeNull();
      expect(await built.services.links.orderFromToken(link![1]!)).toBe(order!.id);
      // the first message to the number carries the warning, in it or just before it
      const warned = files.some((f) => f.text.includes("Hatutakuomba kamwe kutuma pesa kwa namba binafsi."));
      expect(warned).toBe(true);

      const sent = (await built.services.notify.messagesForOrder(order!.id)).find((m) => m.event === "order-placed");
      expect(sent).toMatchObject({ state: "sent", recipient: expect.stringMatching(/^\+2557\*+\d\d$/) });
      expect(sent!.sentAt).not.toBeNull();

      // paid and shipped by the admin: an SMS each, once, with what the shopper needs
      const admin = await adminCookie(api, "notify");
      expect((await call("POST", `/api/admin/orders/${number}/mark-paid`, admin, {})).status).toBe(200);
      expect((await call("POST", `/api/admin/orders/${number}/ship`, admin, { carrier: "Kilima Express", trackingNumber: "KX-9876" })).status).toBe(200);
      await built.services.notify.drain();
      const later = (await sandboxFiles(path.join(orderDir, "sms-outbox"))).filter((f) => f.orderNumber === number);
      const paid = later.filter((f) => f.event === "order-paid");
      const shipped = later.filter((f) => f.event === "order-shipped");
      expect(paid).toHaveLength(1);
      expect(paid[0]!.text).toContain(`Tumepokea TSh ${order!.total.toLocaleString("en-US")} kwa oda ${number}`);
      expect(shipped).toHaveLength(1);
      expect(shipped[0]!.text).toContain("Kilima Express");
      expect(shipped[0]!.text).toContain("KX-9876");
      // the order's timeline: what went on which channel, in order
      const timeline = (await built.services.notify.messagesForOrder(order!.id)).filter((m) => m.event !== "safety-notice");
      expect(timeline.map((m) => [m.channel, m.event, m.state])).toEqual([
        ["sms", "order-placed", "sent"],
        ["sms", "order-paid", "sent"],
        ["sms", "order-shipped", "sent"],
      ]);
    } finally {
      await built.close();
      await fs.rm(orderDir, { recursive: true, force: true });
    }
  });
});

describe("queueing a text message", () => {
  it("adds the safety notice to the first message to a number only, and queues a repeated event once", async () => {
    const clock = { now: freshDay() };
    const notify = outbox({ clock });
    const phone = freshPhone();
    const first = await notify.enqueue(
      { channel: "sms", to: phone, text: "Oda KE-1: TSh 5,000.", event: "order-placed", locale: "sw" },
      { dedupeKey: `t:${phone}:1` },
    );
    const second = await notify.enqueue({ channel: "sms", to: phone, text: "Oda KE-1 imelipwa.", event: "order-paid", locale: "sw" });
    expect(first.queued && second.queued).toBe(true);
    if (!first.queued || !second.queued) return;
    expect((await rowOf(first.id)).text).toBe("Oda KE-1: TSh 5,000.\nHatutakuomba kamwe kutuma pesa kwa namba binafsi.");
    expect((await rowOf(second.id)).text).toBe("Oda KE-1 imelipwa.");
    expect(await notify.enqueue({ channel: "sms", to: phone, text: "again", event: "order-placed" }, { dedupeKey: `t:${phone}:1` })).toEqual({
      queued: false,
      reason: "duplicate",
    });
    expect(await notify.enqueue({ channel: "sms", to: "12345", text: "x", event: "order-placed" })).toEqual({ queued: false, reason: "invalid-number" });
  });

  it("refuses a number's messages over its quota, and a client address's over its own, with a line in the security log", async () => {
    const clock = { now: freshDay() };
    const notify = outbox({ clock, quota: { perRecipient: 2, perClient: 3 } });
    const phone = freshPhone();
    const send = (to: string, clientIp?: string) => notify.enqueue({ channel: "sms", to, text: "Msimbo wako: 123456", event: "one-time-code" }, { clientIp });
    expect((await send(phone)).queued).toBe(true);
    expect((await send(phone)).queued).toBe(true);
    expect(await send(phone)).toEqual({ queued: false, reason: "quota-recipient" });
    // the window moves on: an hour later the number may be sent to again
    clock.now = new Date(clock.now.getTime() + 61 * 60_000);
    expect((await send(phone)).queued).toBe(true);

    const ip = `2001:db8::${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;
    for (let i = 0; i < 3; i++) expect((await send(freshPhone(), ip)).queued).toBe(true);
    expect(await send(freshPhone(), ip)).toEqual({ queued: false, reason: "quota-client" });
    const logged = await api.handle.db
      .select({ detail: securityEvents.detail })
      .from(securityEvents)
      .where(and(eq(securityEvents.ip, ip), eq(securityEvents.type, "message-quota-exceeded")));
    expect(logged).toEqual([{ detail: expect.objectContaining({ channel: "sms", event: "one-time-code", limit: "quota-client" }) }]);
  });

  it("stops at the day's budget (one-time codes included) and starts again the next day, Tanzania time", async () => {
    const clock = { now: freshDay() };
    const [spent] = rowsOf<{ n: number }>(
      await api.handle.db.execute(
        sql`select count(*)::int as n from message_outbox where channel = 'sms' and created_at >= ${new Date(clock.now.getTime() - 10 * 3_600_000).toISOString()}::timestamptz and created_at < ${new Date(clock.now.getTime() + 14 * 3_600_000).toISOString()}::timestamptz`,
      ),
    );
    const notify = outbox({ clock, quota: { dailyBudget: { sms: Number(spent!.n) + 2 } } });
    const send = () => notify.enqueue({ channel: "sms", to: freshPhone(), text: "Msimbo wako: 123456", event: "one-time-code" });
    expect((await send()).queued).toBe(true);
    expect((await send()).queued).toBe(true);
    expect(await send()).toEqual({ queued: false, reason: "budget" });
    // WhatsApp has a budget of its own
    expect((await notify.enqueue({ channel: "whatsapp", to: freshPhone(), text: "Habari", event: "order-paid" })).queued).toBe(true);
    // 23:59 in Dar es Salaam is the same day; 00:00 is the next
    clock.now = new Date(clock.now.getTime() + 14 * 3_600_000 - 60_000);
    expect(await send()).toEqual({ queued: false, reason: "budget" });
    clock.now = new Date(clock.now.getTime() + 60_000);
    expect((await send()).queued).toBe(true);
  });

  it("honours an opt-out at once, for messages already queued too, but not for a code the person asks for", async () => {
    const clock = { now: freshDay() };
    const notify = outbox({ clock });
    const phone = freshPhone();
    const queued = await notify.enqueue({ channel: "sms", to: phone, text: "Oda KE-2 iko njiani.", event: "order-shipped" });
    expect(queued.queued).toBe(true);
    // (WhatsApp carries order updates only once chosen: nobody chose it for this number)
    expect(await notify.setOptOut(phone, "sms", true)).toEqual({ phone, sms: false, whatsapp: false, marketing: false });
    expect(await notify.enqueue({ channel: "sms", to: phone, text: "Oda KE-2 imefika.", event: "order-delivered" })).toEqual({
      queued: false,
      reason: "opted-out",
    });
    // WhatsApp is another channel: still on
    expect((await notify.enqueue({ channel: "whatsapp", to: phone, text: "Oda KE-2 imefika.", event: "order-delivered" })).queued).toBe(true);
    const code = await notify.enqueue({ channel: "sms", to: phone, text: "Msimbo wako: 654321", event: "one-time-code" });
    expect(code.queued).toBe(true);
    await notify.drain();
    if (!queued.queued || !code.queued) return;
    expect(await rowOf(queued.id)).toMatchObject({ state: "dead", lastError: "opted out" });
    // a code's text is not kept once sent
    expect(await rowOf(code.id)).toMatchObject({ state: "sent", text: "" });
    // marketing needs consent, which nobody has until they give it
    expect(await notify.enqueue({ channel: "whatsapp", to: phone, text: "Punguzo!", event: "promotion" })).toEqual({ queued: false, reason: "no-consent" });
    await notify.setMarketingConsent(phone, true);
    expect((await notify.enqueue({ channel: "whatsapp", to: phone, text: "Punguzo!", event: "promotion" })).queued).toBe(true);
    await notify.setOptOut(phone, "sms", false);
    expect((await notify.enqueue({ channel: "sms", to: phone, text: "Oda KE-2 imefika.", event: "order-delivered" })).queued).toBe(true);
  });

  it("defers order updates queued in quiet hours to 07:00 Tanzania time; codes and payment prompts go at once", async () => {
    // 22:30 in Dar es Salaam
    const evening = new Date(freshDay().getTime() + 12.5 * 3_600_000);
    const clock = { now: evening };
    const notify = outbox({ clock });
    const phone = freshPhone();
    const update = await notify.enqueue({ channel: "sms", to: phone, text: "Oda KE-3 imelipwa.", event: "order-paid" });
    const prompt = await notify.enqueue({ channel: "sms", to: phone, text: "Thibitisha malipo kwa PIN.", event: "payment-prompt" });
    if (!update.queued || !prompt.queued) throw new Error("not queued");
    const morning = new Date(evening.getTime() + 8.5 * 3_600_000);
    expect(update.notBefore).toEqual(morning);
    expect(prompt.notBefore).toEqual(evening);
    await notify.drain();
    expect((await rowOf(prompt.id)).state).toBe("sent");
    expect((await rowOf(update.id)).state).toBe("pending");
    clock.now = new Date(morning.getTime() - 1000);
    await notify.drain();
    expect((await rowOf(update.id)).state).toBe("pending");
    clock.now = morning;
    await notify.drain();
    expect((await rowOf(update.id)).state).toBe("sent");
  });
});

describe("sending text messages", () => {
  /** A provider that fails as an SMS gateway does, and counts its calls. */
  function failingProvider(error: () => Error): MessageProvider & { calls: number } {
    return {
      name: "africastalking",
      channel: "sms",
      calls: 0,
      async send() {
        this.calls++;
        throw error();
      },
    };
  }

  it("retries a failed send with backoff and gives up after the last attempt (a dead letter in the security log)", async () => {
    const clock = { now: freshDay() };
    const sms = failingProvider(() => new Error("Gateway timeout for +255712345678"));
    const notify = outbox({
      clock,
      providers: { ...createSandboxProviders(dataDir), sms },
      retry: { maxAttempts: 3, baseDelayMs: 10_000, maxDelayMs: 60_000 },
    });
    const queued = await notify.enqueue({ channel: "sms", to: freshPhone(), text: "Oda KE-4 iko tayari.", event: "order-ready" });
    if (!queued.queued) throw new Error("not queued");

    expect(await notify.drain()).toEqual({ sent: 0, failed: 1, dead: 0 });
    const first = await rowOf(queued.id);
    expect(first).toMatchObject({ state: "failed", attempts: 1, lastError: "Gateway timeout for +2557******78" });
    // the first wait is 5-10 s (equal jitter on 10 s): not due before 5 s
    expect(first.nextAttemptAt.getTime() - clock.now.getTime()).toBeGreaterThanOrEqual(5_000);
    expect(first.nextAttemptAt.getTime() - clock.now.getTime()).toBeLessThanOrEqual(10_000);
    expect(await notify.drain()).toEqual({ sent: 0, failed: 0, dead: 0 });

    clock.now = new Date(first.nextAttemptAt.getTime());
    expect(await notify.drain()).toEqual({ sent: 0, failed: 1, dead: 0 });
    const second = await rowOf(queued.id);
    expect(second.nextAttemptAt.getTime() - clock.now.getTime()).toBeGreaterThanOrEqual(10_000);

    clock.now = new Date(second.nextAttemptAt.getTime());
    expect(await notify.drain()).toEqual({ sent: 0, failed: 0, dead: 1 });
    expect(await rowOf(queued.id)).toMatchObject({ state: "dead", attempts: 3 });
    expect(sms.calls).toBe(3);
    const [logged] = await api.handle.db
      .execute(
        sql`select detail from security_events where type = 'message-failed' and detail->>'error' = 'Gateway timeout for +2557******78' order by id desc limit 1`,
      )
      .then((r) => rowsOf<{ detail: Json }>(r));
    expect(logged?.detail).toMatchObject({ channel: "sms", event: "order-ready", attempts: 3, permanent: false });
  });

  it("marks a message dead at once when the provider refuses it for good", async () => {
    const clock = { now: freshDay() };
    const sms = failingProvider(() => new PermanentSendError("InvalidPhoneNumber", "403"));
    const notify = outbox({ clock, providers: { ...createSandboxProviders(dataDir), sms } });
    const queued = await notify.enqueue({ channel: "sms", to: freshPhone(), text: "Oda KE-5 iko njiani.", event: "order-shipped" });
    if (!queued.queued) throw new Error("not queued");
    expect(await notify.drain()).toEqual({ sent: 0, failed: 0, dead: 1 });
    expect(await rowOf(queued.id)).toMatchObject({ state: "dead", attempts: 1, lastError: "InvalidPhoneNumber (403)" });
    expect(sms.calls).toBe(1);
  });
});

describe("WhatsApp messages", () => {
  it("carry their approved template to the provider, and a code's template is not kept once sent", async () => {
    const clock = { now: freshDay() };
    const received: OutgoingMessage[] = [];
    const whatsapp: MessageProvider = {
      name: "whatsapp-cloud",
      channel: "whatsapp",
      async send(message) {
        received.push(message);
        return { providerMessageId: `wamid.${randomUUID()}` };
      },
    };
    const notify = outbox({ clock, providers: { ...createSandboxProviders(dataDir), whatsapp } });
    const phone = freshPhone();
    const template = { name: "one_time_code", language: "sw", parameters: ["482913"] };
    const queued = await notify.enqueue({ channel: "whatsapp", to: phone, text: "Msimbo wako ni 482913.", event: "one-time-code", template });
    if (!queued.queued) throw new Error("not queued");
    await notify.drain();
    expect(received).toEqual([expect.objectContaining({ id: queued.id, channel: "whatsapp", to: phone, event: "one-time-code", template })]);
    expect(await rowOf(queued.id)).toMatchObject({ state: "sent", provider: "whatsapp-cloud", text: "", template: null });
  });
});

describe("delivery reports", () => {
  it("are recorded once, never move a message's state backwards, and name unknown messages without failing", async () => {
    const clock = { now: freshDay() };
    const notify = outbox({ clock });
    const queued = await notify.enqueue({ channel: "sms", to: freshPhone(), text: "Oda KE-6 imelipwa.", event: "order-paid" });
    if (!queued.queued) throw new Error("not queued");
    await notify.drain();
    const { providerMessageId, provider } = await rowOf(queued.id);
    expect(provider).toBe("sandbox");
    const id = providerMessageId!;
    const t = (minutes: number) => new Date(clock.now.getTime() + minutes * 60_000);

    // out of order: delivered arrives before sent
    expect(await notify.recordDeliveries("sandbox", [{ providerMessageId: id, state: "delivered", at: t(2) }])).toEqual({
      recorded: 1,
      duplicates: 0,
      unknown: 0,
    });
    expect(await notify.recordDeliveries("sandbox", [{ providerMessageId: id, state: "sent", at: t(1) }])).toEqual({ recorded: 1, duplicates: 0, unknown: 0 });
    expect(await rowOf(queued.id)).toMatchObject({ deliveryState: "delivered", deliveryAt: t(2) });
    // replayed: nothing changes
    expect(
      await notify.recordDeliveries("sandbox", [
        { providerMessageId: id, state: "delivered", at: t(2) },
        { providerMessageId: id, state: "sent", at: t(1) },
      ]),
    ).toEqual({ recorded: 0, duplicates: 2, unknown: 0 });
    // forward still moves
    await notify.recordDeliveries("sandbox", [{ providerMessageId: id, state: "read", at: t(3) }]);
    expect(await rowOf(queued.id)).toMatchObject({ deliveryState: "read", deliveryAt: t(3) });
    // another provider's report with the same id is not this message's
    expect(await notify.recordDeliveries("africastalking", [{ providerMessageId: id, state: "failed", at: t(4) }])).toEqual({
      recorded: 0,
      duplicates: 0,
      unknown: 1,
    });
    expect((await rowOf(queued.id)).deliveryState).toBe("read");
    expect(await notify.recordDeliveries("sandbox", [{ providerMessageId: `nobody-${randomUUID()}`, state: "delivered", at: t(5) }])).toEqual({
      recorded: 0,
      duplicates: 0,
      unknown: 1,
    });
  });

  it("a report that overtakes the send's own write is taken up once the message is recorded as sent", async () => {
    const clock = { now: freshDay() };
    const sandbox = createSandboxProviders(dataDir);
    const tag = randomUUID();
    // the gateway answers with an id the test knows beforehand, and its report comes first
    const sms: MessageProvider = {
      name: "sandbox",
      channel: "sms",
      async send(message) {
        await sandbox.sms.send(message);
        return { providerMessageId: `${tag}-${message.id}` };
      },
    };
    const notify = outbox({ clock, providers: { ...sandbox, sms } });
    const queued = await notify.enqueue({ channel: "sms", to: freshPhone(), text: "Oda KE-7 imelipwa.", event: "order-paid" });
    if (!queued.queued) throw new Error("not queued");
    const early = await notify.recordDeliveries("sandbox", [{ providerMessageId: `${tag}-${queued.id}`, state: "delivered", at: clock.now }]);
    expect(early).toEqual({ recorded: 0, duplicates: 0, unknown: 1 });
    await notify.drain();
    expect(await rowOf(queued.id)).toMatchObject({ state: "sent", deliveryState: "delivered" });
  });
});

describe("pruning", () => {
  it("forgets sent messages after a week, dead ones and delivery reports after a month, and the sandbox's old files", async () => {
    const clock = { now: freshDay() };
    const pruneDir = await fs.mkdtemp(path.join(os.tmpdir(), "storefront-notify-prune-"));
    try {
      const sandbox = createSandboxProviders(pruneDir);
      const refusing: MessageProvider = {
        name: "africastalking",
        channel: "whatsapp",
        async send() {
          throw new PermanentSendError("blocked");
        },
      };
      const notify = outbox({ clock, providers: { sms: sandbox.sms, whatsapp: refusing } });
      const phone = freshPhone();
      const sent = await notify.enqueue({ channel: "sms", to: phone, text: "Oda KE-8 imelipwa.", event: "order-paid" });
      const dead = await notify.enqueue({ channel: "whatsapp", to: phone, text: "Oda KE-8 imelipwa.", event: "order-paid" });
      if (!sent.queued || !dead.queued) throw new Error("not queued");
      await notify.drain();
      const { providerMessageId } = await rowOf(sent.id);
      await notify.recordDeliveries("sandbox", [{ providerMessageId: providerMessageId!, state: "delivered", at: clock.now }]);
      expect(await sandboxFiles(sandbox.sms.dir)).toHaveLength(1);
      const exists = async (id: number) =>
        (await api.handle.db.select({ id: messageOutbox.id }).from(messageOutbox).where(eq(messageOutbox.id, id))).length === 1;
      const reports = async () =>
        rowsOf<{ n: number }>(
          await api.handle.db.execute(sql`select count(*)::int as n from message_deliveries where provider_message_id = ${providerMessageId}`),
        )[0]!.n;

      clock.now = new Date(clock.now.getTime() + 6 * DAY_MS);
      await notify.prune();
      expect([await exists(sent.id), await exists(dead.id), await reports()]).toEqual([true, true, 1]);

      clock.now = new Date(clock.now.getTime() + 2 * DAY_MS);
      await notify.prune();
      expect([await exists(sent.id), await exists(dead.id), await reports()]).toEqual([false, true, 1]);
      expect(await sandboxFiles(sandbox.sms.dir)).toHaveLength(0);

      clock.now = new Date(clock.now.getTime() + 23 * DAY_MS);
      await notify.prune();
      expect([await exists(dead.id), await reports()]).toEqual([false, 0]);
    } finally {
      await fs.rm(pruneDir, { recursive: true, force: true });
    }
  });
});
