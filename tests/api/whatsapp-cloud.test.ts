import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageDeliveries, messageOutbox } from "../../src/server/db/schema";
import { PermanentSendError, type OutgoingMessage } from "../../src/server/notify/providers";
import { createWhatsAppCloud } from "../../src/server/notify/whatsapp-cloud";
import { renderWhatsAppTemplate, whatsAppTemplateFor } from "../../src/server/notify/whatsapp-templates";
import type { Services } from "../../src/server/services";
import {
  signWhatsAppBody,
  startFakeWhatsAppCloud,
  statusWebhookBody,
  WHATSAPP_REFUSALS,
  type FakeWhatsAppCloud,
  type WebhookStatus,
} from "./fake-whatsapp-cloud";
import { buildTestApi, setupApi } from "./harness";

const api = setupApi();
let fake: FakeWhatsAppCloud;
beforeAll(async () => {
  fake = await startFakeWhatsAppCloud();
});
afterAll(async () => {
  await fake?.close();
});

let numbers = 0;
/** A Tanzanian mobile number of its own for each message, so scripted refusals never meet. */
const freshPhone = () => `+2557${String(14_000_000 + process.pid * 100 + numbers++).slice(-8)}`;
const digits = (e164: string) => e164.slice(1);

function paidMessage(to = freshPhone()): OutgoingMessage {
  const template = whatsAppTemplateFor("order-paid", "sw", {
    shopName: "Kilima Electronics",
    orderNumber: "KE-2026-000042",
    total: "TSh 125,000",
    link: "https://shop.example/s/r42",
  });
  return { id: 42, channel: "whatsapp", to, text: "(rendered)", event: "order-paid", orderNumber: "KE-2026-000042", template };
}

const adapter = (timeoutMs = 2_000) => createWhatsAppCloud({ token: fake.token, phoneNumberId: fake.phoneNumberId, baseUrl: fake.baseUrl, timeoutMs });

describe("the WhatsApp Cloud adapter against a local fake of the Cloud API", () => {
  it("sends the documented template message with the bearer token, and takes the message's id", async () => {
    const message = paidMessage();
    const before = fake.calls.length;
    const receipt = await adapter().send(message);

    const call = fake.calls[before]!;
    expect(call.method).toBe("POST");
    expect(call.path).toBe(`/v21.0/${fake.phoneNumberId}/messages`);
    expect(call.headers.authorization).toBe(`Bearer ${fake.token}`);
    expect(call.headers["content-type"]).toMatch(/^application\/json/);
    expect(call.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: digits(message.to),
      type: "template",
      template: {
        name: "order_paid",
        language: { code: "sw" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Kilima Electronics" },
              { type: "text", text: "KE-2026-000042" },
              { type: "text", text: "TSh 125,000" },
              { type: "text", text: "https://shop.example/s/r42" },
            ],
          },
        ],
      },
    });
    expect(receipt.providerMessageId).toMatch(/^wamid\./);
    expect(fake.sent.at(-1)).toMatchObject({ id: receipt.providerMessageId, to: digits(message.to), template: "order_paid", language: "sw" });
  });

  it("sends a one-time code with the copy-code button Meta requires of authentication templates", async () => {
    const to = freshPhone();
    const template = whatsAppTemplateFor("one-time-code", "en", { code: "482913" });
    const receipt = await adapter().send({ id: 43, channel: "whatsapp", to, text: "482913 is your code", event: "one-time-code", template });
    expect(receipt.providerMessageId).toMatch(/^wamid\./);
    expect(fake.sent.at(-1)).toMatchObject({ to: digits(to), template: "one_time_code", parameters: ["482913"] });
  });

  it("refuses for good a message without a template, without calling Meta", async () => {
    const before = fake.calls.length;
    await expect(adapter().send({ ...paidMessage(), template: null })).rejects.toBeInstanceOf(PermanentSendError);
    expect(fake.calls.length).toBe(before);
  });

  it("a template Meta does not know is dead at once, with Meta's code", async () => {
    const message = paidMessage();
    const error = await adapter()
      .send({ ...message, template: { name: "order_teleported", language: "sw", parameters: ["x"] } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentSendError);
    expect((error as PermanentSendError).providerCode).toBe("132001");
    expect((error as Error).message).toMatch(/132001/);
  });

  it("an undeliverable number and a wrong parameter count are dead at once", async () => {
    const message = paidMessage();
    fake.refuse(digits(message.to), WHATSAPP_REFUSALS.undeliverable);
    await expect(adapter().send(message)).rejects.toMatchObject({ name: "PermanentSendError", providerCode: "131026" });
    fake.clear(digits(message.to));

    const short = paidMessage();
    await expect(adapter().send({ ...short, template: { ...short.template!, parameters: ["only one"] } })).rejects.toMatchObject({
      name: "PermanentSendError",
      providerCode: "132000",
    });
  });

  it("rate limits are retried: a plain error, and the next attempt goes through", async () => {
    const message = paidMessage();
    fake.refuse(digits(message.to), WHATSAPP_REFUSALS.throughput, 1);
    const first = await adapter()
      .send(message)
      .catch((e: unknown) => e);
    expect(first).toBeInstanceOf(Error);
    expect(first).not.toBeInstanceOf(PermanentSendError);
    expect((first as Error).message).toMatch(/130429/);
    await expect(adapter().send(message)).resolves.toMatchObject({ providerMessageId: expect.stringMatching(/^wamid\./) });

    const pair = paidMessage();
    fake.refuse(digits(pair.to), WHATSAPP_REFUSALS.pairRateLimit, 1);
    const second = await adapter()
      .send(pair)
      .catch((e: unknown) => e);
    expect(second).not.toBeInstanceOf(PermanentSendError);
    expect((second as Error).message).toMatch(/131056/);
  });

  it("Meta's 500 is retried", async () => {
    const message = paidMessage();
    fake.refuse(digits(message.to), WHATSAPP_REFUSALS.generic, 1);
    const error = await adapter()
      .send(message)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PermanentSendError);
    expect((error as Error).message).toMatch(/500/);
  });

  it("a send that never answers is given up within its time limit and retried", async () => {
    const message = paidMessage();
    fake.hang(digits(message.to));
    const started = Date.now();
    const error = await adapter(300)
      .send(message)
      .catch((e: unknown) => e);
    const waited = Date.now() - started;
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PermanentSendError);
    expect((error as Error).message).toMatch(/no answer within 300 ms/);
    expect(waited).toBeGreaterThanOrEqual(250);
    expect(waited).toBeLessThan(3_000);
    fake.clear(digits(message.to));
  });

  it("a refused token is retried (every message waits for a renewed token) and never shows in the error", async () => {
    const wrong = createWhatsAppCloud({ token: "EAAG-secret-token-value", phoneNumberId: fake.phoneNumberId, baseUrl: fake.baseUrl, timeoutMs: 2_000 });
    const error = await wrong.send(paidMessage()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PermanentSendError);
    expect((error as Error).message).toMatch(/190/);
    expect(String((error as Error).message) + String((error as Error).stack)).not.toContain("EAAG-secret-token-value");
  });
});

describe("POST and GET /api/callbacks/whatsapp", () => {
  const VERIFY_TOKEN = "kilima-verify-7f3a";
  let webhook: FastifyInstance;
  let services: Services;
  let close: () => Promise<void>;

  beforeAll(async () => {
    // bare: Meta's servers send no Origin and no cookie; the route must take them as they come
    const built = await buildTestApi(api, {
      bare: true,
      config: {
        // midday in Dar es Salaam: quiet hours (21:00-07:00) would hold an order update back
        notify: { now: () => new Date("2026-11-28T09:00:00Z") },
        whatsapp: { token: fake.token, phoneNumberId: fake.phoneNumberId, baseUrl: fake.baseUrl, appSecret: fake.appSecret, verifyToken: VERIFY_TOKEN },
      },
    });
    webhook = built.app;
    services = built.services;
    close = built.close;
  });
  afterAll(async () => {
    await close?.();
  });

  /** A message the shop sent through the fake, as the outbox records it once sent. */
  async function sentMessage(): Promise<{ rowId: number; wamid: string }> {
    const message = paidMessage();
    const { providerMessageId } = await adapter().send(message);
    const [row] = await api.handle.db
      .insert(messageOutbox)
      .values({
        channel: "whatsapp",
        recipient: message.to,
        text: message.text,
        event: message.event,
        state: "sent",
        attempts: 1,
        provider: "whatsapp-cloud",
        providerMessageId,
        sentAt: new Date(),
      })
      .returning({ id: messageOutbox.id });
    return { rowId: row!.id, wamid: providerMessageId };
  }

  const post = (text: string, headers: Record<string, string> = {}) =>
    webhook.inject({
      method: "POST",
      url: "/api/callbacks/whatsapp",
      headers: { "content-type": "application/json", "x-hub-signature-256": signWhatsAppBody(fake.appSecret, text), ...headers },
      payload: text,
    });
  const postStatuses = (statuses: WebhookStatus[]) => post(statusWebhookBody(statuses, fake.phoneNumberId));

  const deliveryOf = async (rowId: number) => {
    const [row] = await api.handle.db
      .select({ state: messageOutbox.deliveryState, at: messageOutbox.deliveryAt })
      .from(messageOutbox)
      .where(eq(messageOutbox.id, rowId));
    return row!;
  };
  const reportsOf = (wamid: string) =>
    api.handle.db
      .select({ state: messageDeliveries.state, reason: messageDeliveries.reason, at: messageDeliveries.at })
      .from(messageDeliveries)
      .where(and(eq(messageDeliveries.provider, "whatsapp-cloud"), eq(messageDeliveries.providerMessageId, wamid)));

  it("the outbox carries WhatsApp through the Cloud API once its keys are set, else through the sandbox", () => {
    expect(services.notify.providerNames.whatsapp).toBe("whatsapp-cloud");
    expect(api.services.notify.providerNames.whatsapp).toBe("sandbox");
  });

  it("an order update queued for WhatsApp goes out through the Cloud API as its template, and Meta's status comes back to it", async () => {
    const to = `+255754${String(100_000 + ((Date.now() + numbers++) % 800_000)).slice(-6)}`;
    const template = whatsAppTemplateFor("order-paid", "en", {
      shopName: "Kilima Electronics",
      orderNumber: "KE-2026-000077",
      total: "TSh 48,000",
      link: "https://shop.example/s/r77",
    });
    const queued = await services.notify.enqueue({
      channel: "whatsapp",
      to,
      text: renderWhatsAppTemplate(template),
      event: "order-paid",
      locale: "en",
      template,
    });
    if (!queued.queued) throw new Error(`not queued: ${queued.reason}`);
    await services.notify.drain();

    const sent = fake.sent.find((message) => message.to === digits(to));
    expect(sent).toMatchObject({ template: "order_paid", language: "en", parameters: template.parameters });
    const [row] = await api.handle.db
      .select({ state: messageOutbox.state, provider: messageOutbox.provider, providerMessageId: messageOutbox.providerMessageId })
      .from(messageOutbox)
      .where(eq(messageOutbox.id, queued.id));
    expect(row).toEqual({ state: "sent", provider: "whatsapp-cloud", providerMessageId: sent!.id });

    expect((await postStatuses([{ id: sent!.id, status: "delivered", timestamp: 1_764_320_000 }])).statusCode).toBe(200);
    expect((await deliveryOf(queued.id)).state).toBe("delivered");
  });

  it("answers Meta's verification with the challenge when the verify token matches", async () => {
    const res = await webhook.inject({
      method: "GET",
      url: `/api/callbacks/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body).toBe("1158201444");
  });

  it("refuses a verification with another token, or another mode", async () => {
    const wrong = await webhook.inject({ method: "GET", url: "/api/callbacks/whatsapp?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=42" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: "forbidden", error: expect.any(String) });
    expect(wrong.body).not.toContain("42");
    const mode = await webhook.inject({ method: "GET", url: `/api/callbacks/whatsapp?hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=42` });
    expect(mode.statusCode).toBe(403);
  });

  it("records a signed status on the message the shop sent", async () => {
    const { rowId, wamid } = await sentMessage();
    const res = await postStatuses([{ id: wamid, status: "delivered", timestamp: 1_764_366_000 }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await deliveryOf(rowId)).toEqual({ state: "delivered", at: new Date(1_764_366_000 * 1000) });
    expect(await reportsOf(wamid)).toEqual([{ state: "delivered", reason: null, at: new Date(1_764_366_000 * 1000) }]);
  });

  it("refuses a forged or missing signature with 401 and records nothing", async () => {
    const { rowId, wamid } = await sentMessage();
    const text = statusWebhookBody([{ id: wamid, status: "read", timestamp: 1_764_366_100 }], fake.phoneNumberId);
    const forged = await post(text, { "x-hub-signature-256": signWhatsAppBody("not-the-app-secret", text) });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: "invalid-signature", error: expect.any(String) });
    // the right signature over other bytes: the same statuses re-serialised compactly
    const tampered = await post(JSON.stringify(JSON.parse(text)), { "x-hub-signature-256": signWhatsAppBody(fake.appSecret, text) });
    expect(tampered.statusCode).toBe(401);
    const unsigned = await webhook.inject({ method: "POST", url: "/api/callbacks/whatsapp", headers: { "content-type": "application/json" }, payload: text });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toMatchObject({ code: "invalid-signature" });
    expect(await deliveryOf(rowId)).toEqual({ state: null, at: null });
    expect(await reportsOf(wamid)).toEqual([]);
  });

  it("takes a replayed callback again without recording it twice", async () => {
    const { rowId, wamid } = await sentMessage();
    const text = statusWebhookBody([{ id: wamid, status: "delivered", timestamp: 1_764_366_200 }], fake.phoneNumberId);
    for (let i = 0; i < 3; i++) {
      const res = await post(text);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    expect(await reportsOf(wamid)).toHaveLength(1);
    expect((await deliveryOf(rowId)).state).toBe("delivered");
  });

  it("a late 'sent' after 'read' does not move the message back", async () => {
    const { rowId, wamid } = await sentMessage();
    expect((await postStatuses([{ id: wamid, status: "read", timestamp: 1_764_366_400 }])).statusCode).toBe(200);
    expect((await postStatuses([{ id: wamid, status: "sent", timestamp: 1_764_366_300 }])).statusCode).toBe(200);
    expect((await postStatuses([{ id: wamid, status: "delivered", timestamp: 1_764_366_350 }])).statusCode).toBe(200);
    expect(await deliveryOf(rowId)).toEqual({ state: "read", at: new Date(1_764_366_400 * 1000) });
    expect((await reportsOf(wamid)).map((r) => r.state).sort()).toEqual(["delivered", "read", "sent"]);
  });

  it("records a failure with Meta's code and title as its reason", async () => {
    const { rowId, wamid } = await sentMessage();
    const res = await postStatuses([
      { id: wamid, status: "sent", timestamp: 1_764_366_500 },
      { id: wamid, status: "failed", timestamp: 1_764_366_501, errors: [{ code: 131026, title: "Message undeliverable" }] },
    ]);
    expect(res.statusCode).toBe(200);
    expect((await deliveryOf(rowId)).state).toBe("failed");
    const failed = (await reportsOf(wamid)).find((r) => r.state === "failed");
    expect(failed?.reason).toMatch(/^131026 Message undeliverable/);
  });

  it("acknowledges a person's own message and records nothing", async () => {
    const text = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "102290129340398",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "255700000000", phone_number_id: fake.phoneNumberId },
                contacts: [{ profile: { name: "Asha" }, wa_id: "255712345678" }],
                messages: [{ from: "255712345678", id: "wamid.INCOMING-1", timestamp: "1764366600", type: "text", text: { body: "Habari, bei gani?" } }],
              },
            },
          ],
        },
      ],
    });
    const res = await post(text);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await reportsOf("wamid.INCOMING-1")).toEqual([]);
  });

  it("a status for a message the shop does not know is taken and kept aside", async () => {
    const stranger = `wamid.NOT-OURS-${process.pid}-${Date.now()}`;
    const res = await postStatuses([{ id: stranger, status: "delivered", timestamp: 1_764_366_700 }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    // kept: the status may have overtaken the outbox's own record of the send
    expect(await reportsOf(stranger)).toHaveLength(1);
  });

  it("a signed body that is not JSON, or of another shape, is refused", async () => {
    const notJson = await post("status=delivered");
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ code: "invalid-input" });
    const form = await post("status=delivered", { "content-type": "application/x-www-form-urlencoded" });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toMatchObject({ code: "unsupported-media-type" });
    const shape = await post(JSON.stringify({ object: "whatsapp_business_account", entry: "everything" }));
    expect(shape.statusCode).toBe(400);
    expect(shape.json()).toMatchObject({ code: "invalid-input" });
  });

  it("both answer 404 while WhatsApp is not configured", async () => {
    const get = await api.app.inject({ method: "GET", url: `/api/callbacks/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1` });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toMatchObject({ code: "not-found", error: expect.any(String) });
    const text = statusWebhookBody([{ id: "wamid.X", status: "read", timestamp: 1 }]);
    const res = await api.app.inject({
      method: "POST",
      url: "/api/callbacks/whatsapp",
      headers: { "content-type": "application/json", "x-hub-signature-256": signWhatsAppBody(fake.appSecret, text) },
      payload: text,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "not-found" });
  });
});
