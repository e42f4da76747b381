import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageDeliveries, messageOutbox } from "../../src/server/db/schema";
import { africasTalkingCallbackToken, createAfricasTalkingSms, type AfricasTalkingOptions } from "../../src/server/notify/africastalking";
import { PermanentSendError, type OutgoingMessage } from "../../src/server/notify/providers";
import { startFakeAfricasTalking, type FakeAfricasTalking } from "./fake-africastalking";
import { buildTestApi, setupApi } from "./harness";

/**
 * Africa's Talking's SMS adapter against a local fake of their documented messaging API, and the
 * delivery-report callback through the shop's API.
 */
const api = setupApi();
let fake: FakeAfricasTalking;
let options: AfricasTalkingOptions;

beforeAll(async () => {
  fake = await startFakeAfricasTalking();
  options = { ...fake.credentials, senderId: "KILIMA", baseUrl: fake.url, timeoutMs: 1_000 };
});
afterAll(async () => {
  await fake?.close();
});

let ids = 0;
const message = (to: string, text = "Agizo KE-1042 limepokelewa. Jumla TSh 45,000."): OutgoingMessage => ({
  id: ++ids,
  channel: "sms",
  to,
  text,
  event: "order-placed",
  orderNumber: "KE-1042",
});

/** What a send threw (or null when it did not). */
const refusal = async (promise: Promise<unknown>): Promise<Error | null> =>
  promise.then(
    () => null,
    (error: unknown) => error as Error,
  );

describe("the Africa's Talking SMS adapter", () => {
  it("sends one message as their API documents it: form fields, apiKey header, JSON wanted, the registered sender ID", async () => {
    const sms = createAfricasTalkingSms(options);
    expect(sms).toMatchObject({ name: "africastalking", channel: "sms" });
    const text = "Malipo ya KE-1042 yamepokelewa: TSh 45,000. Asante! Duka halitakuomba kutuma pesa kwa namba binafsi.";
    const receipt = await sms.send(message("+255712000001", text));

    const sent = fake.messages.at(-1)!;
    expect(receipt).toEqual({ providerMessageId: sent.id, cost: "TZS 22.0000" });
    expect(sent.fields).toEqual({ username: fake.credentials.username, to: "+255712000001", message: text, from: "KILIMA" });
    expect(sent.headers.apikey).toBe(fake.credentials.apiKey);
    expect(sent.headers.accept).toBe("application/json");
    expect(sent.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
  });

  it("sends every character as written (Kiswahili, symbols, UCS-2 ones)", async () => {
    const text = "Kipingamizi 4.7 kΩ ±1% & 10 µF: tayari kuchukuliwa. https://duka.test/o/KE-1042?s=ab+c";
    await createAfricasTalkingSms(options).send(message("+255712000002", text));
    expect(fake.messages.at(-1)!.fields.message).toBe(text);
  });

  it("marks a number they refuse for good as a permanent failure, not to be retried", async () => {
    const sms = createAfricasTalkingSms(options);
    for (const [to, statusCode, status] of [
      ["+255712000403", 403, "InvalidPhoneNumber"],
      ["+255712000404", 404, "UnsupportedNumberType"],
      ["+255712000406", 406, "UserInBlacklist"],
      ["+255712000402", 402, "InvalidSenderId"],
    ] as const) {
      fake.script(to, { recipient: { statusCode, status } });
      const error = await refusal(sms.send(message(to)));
      expect(error, status).toBeInstanceOf(PermanentSendError);
      expect((error as PermanentSendError).providerCode).toBe(String(statusCode));
      expect(error!.message).toContain(status);
    }
    // their answer without a recipient, only a summary naming the refusal
    fake.script("+255712000400", { summaryOnly: "InvalidPhoneNumber" });
    expect(await refusal(sms.send(message("+255712000400")))).toBeInstanceOf(PermanentSendError);
  });

  it("retries what may pass later: an empty balance, a gateway error, a risk hold", async () => {
    const sms = createAfricasTalkingSms(options);
    for (const [to, statusCode, status] of [
      ["+255712000405", 405, "InsufficientBalance"],
      ["+255712000501", 501, "GatewayError"],
      ["+255712000502", 502, "RejectedByGateway"],
      ["+255712000500", 500, "InternalServerError"],
      ["+255712000401", 401, "RiskHold"],
      ["+255712000407", 407, "CouldNotRoute"],
    ] as const) {
      fake.script(to, { recipient: { statusCode, status } });
      const error = await refusal(sms.send(message(to)));
      expect(error, status).toBeInstanceOf(Error);
      expect(error, status).not.toBeInstanceOf(PermanentSendError);
      expect(error!.message).toContain(status);
    }
    // the shop topped up: the same number's next message goes
    fake.script("+255712000405", null);
    await expect(sms.send(message("+255712000405"))).resolves.toMatchObject({ providerMessageId: expect.stringMatching(/^ATXid_/) });
  });

  it("retries when their service fails (HTTP 500) or does not answer in time, within the time limit", async () => {
    const sms = createAfricasTalkingSms({ ...options, timeoutMs: 300 });
    fake.script("+255712000999", { http: 500 });
    const failed = await refusal(sms.send(message("+255712000999")));
    expect(failed).toBeInstanceOf(Error);
    expect(failed).not.toBeInstanceOf(PermanentSendError);
    expect(failed!.message).toMatch(/HTTP 500/);

    fake.script("+255712000998", { hang: true });
    const began = Date.now();
    const hung = await refusal(sms.send(message("+255712000998")));
    const waited = Date.now() - began;
    expect(hung).toBeInstanceOf(Error);
    expect(hung).not.toBeInstanceOf(PermanentSendError);
    expect(hung!.message).toMatch(/no answer within 300 ms/);
    expect(waited).toBeGreaterThanOrEqual(250);
    expect(waited).toBeLessThan(3_000);
  });

  it("retries when they refuse the key, and never puts the key in what it throws", async () => {
    const wrongKey = createAfricasTalkingSms({ ...options, apiKey: "not-the-key-0123456789" });
    const error = await refusal(wrongKey.send(message("+255712000003")));
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PermanentSendError);
    expect(error!.message).toMatch(/HTTP 401/);
    expect(error!.message).not.toContain("not-the-key-0123456789");

    // nothing listening: unreachable, retried, and still no key in the message
    const nowhere = createAfricasTalkingSms({ ...options, baseUrl: "http://127.0.0.1:9" });
    const unreachable = await refusal(nowhere.send(message("+255712000004")));
    expect(unreachable!.message).toMatch(/unreachable/);
    expect(unreachable!.message).not.toContain(fake.credentials.apiKey);
    for (const failure of [error, unreachable]) expect(JSON.stringify(failure, Object.getOwnPropertyNames(failure))).not.toContain("-key");
  });

  it("carries SMS only", async () => {
    const error = await refusal(createAfricasTalkingSms(options).send({ ...message("+255712000005"), channel: "whatsapp" }));
    expect(error).toBeInstanceOf(PermanentSendError);
  });
});

describe("the delivery-report callback (POST /api/callbacks/africastalking/delivery)", () => {
  let shop: Awaited<ReturnType<typeof buildTestApi>>;
  let deliveryUrl = "";

  beforeAll(async () => {
    // the shop as Africa's Talking's servers reach it: no browser, no Origin header, no session
    shop = await buildTestApi(api, { bare: true, config: { africasTalking: options } });
    const registered = shop.services.africasTalkingCallbacks!.deliveryUrl;
    deliveryUrl = registered.pathname + registered.search;
  });
  afterAll(async () => {
    await shop?.close();
  });

  /** A report as Africa's Talking posts it: form-encoded fields. */
  const report = (fields: Record<string, string>, url = deliveryUrl, contentType = "application/x-www-form-urlencoded") =>
    shop.app.inject({ method: "POST", url, headers: { "content-type": contentType }, payload: new URLSearchParams(fields).toString() });

  /** Queues an SMS, lets the outbox send it through Africa's Talking (the fake), and returns their message id. */
  const sentThroughAfricasTalking = async (to: string) => {
    const queued = await shop.services.notify.enqueue({ channel: "sms", to, text: "Nambari yako ya kuthibitisha ni 482913", event: "one-time-code" });
    expect(queued).toMatchObject({ queued: true });
    await shop.services.notify.drain();
    const [row] = await api.handle.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.id, (queued as { id: number }).id));
    expect(row).toMatchObject({ state: "sent", provider: "africastalking" });
    expect(fake.messages.map((m) => m.id)).toContain(row!.providerMessageId);
    return row!.providerMessageId!;
  };
  const deliveryState = async (providerMessageId: string) => {
    const [row] = await api.handle.db
      .select({ deliveryState: messageOutbox.deliveryState })
      .from(messageOutbox)
      .where(and(eq(messageOutbox.provider, "africastalking"), eq(messageOutbox.providerMessageId, providerMessageId)));
    return row?.deliveryState ?? null;
  };

  it("is registered with the token derived from the API key", () => {
    expect(deliveryUrl).toBe(`/api/callbacks/africastalking/delivery?token=${africasTalkingCallbackToken(fake.credentials.apiKey)}`);
  });

  it("records a report carrying the token on the message the outbox sent", async () => {
    const id = await sentThroughAfricasTalking("+255712300001");
    expect(await deliveryState(id)).toBeNull();
    const res = await report({ id, status: "Success", phoneNumber: "+255712300001", networkCode: "64004", retryCount: "0" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers["cache-control"]).toMatch(/no-store/);
    expect(await deliveryState(id)).toBe("delivered");
  });

  it("refuses a forged report (wrong or missing token) with 401 before reading it, and changes nothing", async () => {
    const id = await sentThroughAfricasTalking("+255712300002");
    const forged = [
      `/api/callbacks/africastalking/delivery?token=${africasTalkingCallbackToken("someone-elses-key")}`,
      `/api/callbacks/africastalking/delivery?token=${africasTalkingCallbackToken(fake.credentials.apiKey).slice(0, -1)}`,
      "/api/callbacks/africastalking/delivery",
      "/api/callbacks/africastalking/delivery?token=",
    ];
    for (const url of forged) {
      const res = await report({ id, status: "Failed", failureReason: "UserInBlackList" }, url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ code: "invalid-signature", error: expect.any(String) });
      // a forger learns nothing about what a report must hold: the same answer for a body that would not parse
      expect((await report({ nonsense: "1" }, url)).statusCode, url).toBe(401);
    }
    expect(await deliveryState(id)).toBeNull();
    const stored = await api.handle.db.select().from(messageDeliveries).where(eq(messageDeliveries.providerMessageId, id));
    expect(stored).toEqual([]);
  });

  it("takes a replayed report once (idempotent), and a late 'Sent' after 'Success' does not undo delivered", async () => {
    const id = await sentThroughAfricasTalking("+255712300003");
    expect((await report({ id, status: "Buffered" })).statusCode).toBe(200);
    expect(await deliveryState(id)).toBe("sent");
    for (let i = 0; i < 3; i++) {
      const res = await report({ id, status: "Success", phoneNumber: "+255712300003", retryCount: String(i) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    expect(await deliveryState(id)).toBe("delivered");
    // out of order: their "Sent" arrives after the handset's "Success"
    expect((await report({ id, status: "Sent" })).statusCode).toBe(200);
    expect(await deliveryState(id)).toBe("delivered");
    const stored = await api.handle.db.select().from(messageDeliveries).where(eq(messageDeliveries.providerMessageId, id));
    expect(stored.map((r) => r.state).sort()).toEqual(["delivered", "sent"]);
  });

  it("records a failure with their reason", async () => {
    const id = await sentThroughAfricasTalking("+255712300004");
    expect((await report({ id, status: "Rejected", failureReason: "DeliveryFailure", networkCode: "64002" })).statusCode).toBe(200);
    expect(await deliveryState(id)).toBe("failed");
    const [stored] = await api.handle.db.select().from(messageDeliveries).where(eq(messageDeliveries.providerMessageId, id));
    expect(stored).toMatchObject({ provider: "africastalking", state: "failed", reason: "DeliveryFailure" });
  });

  it("answers 200 for a message the shop does not know (Africa's Talking need not send it again)", async () => {
    const res = await report({ id: "ATXid_not-ours-0001", status: "Success" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it("takes only fields that parse, and only as a form", async () => {
    const unparsable: Record<string, string>[] = [{}, { id: "ATXid_1" }, { id: "ATXid_1", status: "Delivered" }, { id: "<b>1</b>", status: "Success" }];
    for (const fields of unparsable) {
      const res = await report(fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toMatchObject({ code: "invalid-input" });
    }
    const json = await shop.app.inject({
      method: "POST",
      url: deliveryUrl,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ id: "ATXid_1", status: "Success" }),
    });
    expect(json.statusCode, json.body).toBe(415);
    expect(json.json()).toMatchObject({ code: "unsupported-media-type" });
  });

  it("answers 404 on a shop without Africa's Talking: there is nothing to report on", async () => {
    const res = await api.app.inject({
      method: "POST",
      url: deliveryUrl,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "id=ATXid_1&status=Success",
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "not-found", error: expect.any(String) });
  });
});
