import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PermanentSendError } from "./providers";
import { createWhatsAppWebhook, isRetryableWhatsAppRefusal, parseWhatsAppStatuses, templateMessageBody, verifyWhatsAppSignature } from "./whatsapp-cloud";

const sign = (secret: string, raw: Buffer | string) => `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;

describe("verifyWhatsAppSignature", () => {
  const raw = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');

  it("accepts the HMAC-SHA256 of the exact bytes under the app secret", () => {
    expect(verifyWhatsAppSignature("app-secret", raw, sign("app-secret", raw))).toBe(true);
    expect(verifyWhatsAppSignature("app-secret", raw, sign("app-secret", raw).toUpperCase().replace("SHA256=", "sha256="))).toBe(true);
  });

  it("refuses another secret, other bytes, a missing or malformed header", () => {
    expect(verifyWhatsAppSignature("app-secret", raw, sign("other", raw))).toBe(false);
    // the same JSON re-serialised with a space is other bytes
    expect(verifyWhatsAppSignature("app-secret", Buffer.from('{"object": "whatsapp_business_account","entry":[]}'), sign("app-secret", raw))).toBe(false);
    expect(verifyWhatsAppSignature("app-secret", raw, undefined)).toBe(false);
    expect(verifyWhatsAppSignature("app-secret", raw, "sha1=abc")).toBe(false);
    expect(verifyWhatsAppSignature("app-secret", raw, sign("app-secret", raw).slice(0, -2))).toBe(false);
    expect(verifyWhatsAppSignature("", raw, sign("", raw))).toBe(false);
  });
});

describe("createWhatsAppWebhook", () => {
  const webhook = createWhatsAppWebhook({ appSecret: "s", verifyToken: "verify-me" });
  it("accepts Meta's handshake only with mode subscribe and the shop's verify token", () => {
    expect(webhook.acceptsHandshake("subscribe", "verify-me")).toBe(true);
    expect(webhook.acceptsHandshake("subscribe", "verify-m")).toBe(false);
    expect(webhook.acceptsHandshake("unsubscribe", "verify-me")).toBe(false);
    expect(webhook.acceptsHandshake("subscribe", undefined)).toBe(false);
  });
});

describe("parseWhatsAppStatuses", () => {
  const body = (statuses: unknown[], extra: Record<string, unknown> = {}) => ({
    object: "whatsapp_business_account",
    entry: [{ id: "WABA", changes: [{ field: "messages", value: { messaging_product: "whatsapp", statuses, ...extra } }] }],
  });

  it("reads each status with its time, and a failure's code and title as its reason", () => {
    const reports = parseWhatsAppStatuses(
      body([
        { id: "wamid.A", status: "delivered", timestamp: "1764366000", recipient_id: "255712345678" },
        {
          id: "wamid.B",
          status: "failed",
          timestamp: "1764366060",
          recipient_id: "255712345679",
          errors: [{ code: 131026, title: "Message undeliverable", error_data: { details: "Receiver is incapable" } }],
        },
      ]),
    );
    expect(reports).toEqual([
      { providerMessageId: "wamid.A", state: "delivered", at: new Date(1764366000 * 1000) },
      { providerMessageId: "wamid.B", state: "failed", at: new Date(1764366060 * 1000), reason: "131026 Message undeliverable (Receiver is incapable)" },
    ]);
  });

  it("gives nothing for people's own messages, unknown statuses or other shapes", () => {
    const received = new Date("2026-11-28T22:00:00Z");
    expect(parseWhatsAppStatuses(body([], { messages: [{ from: "255712345678", id: "wamid.IN", type: "text", text: { body: "Habari" } }] }))).toEqual([]);
    expect(parseWhatsAppStatuses(body([{ id: "wamid.C", status: "deleted", timestamp: "1" }]))).toEqual([]);
    expect(parseWhatsAppStatuses(null)).toEqual([]);
    expect(parseWhatsAppStatuses({ entry: "x" })).toEqual([]);
    expect(parseWhatsAppStatuses(body([{ id: "wamid.D", status: "read" }]), received)).toEqual([{ providerMessageId: "wamid.D", state: "read", at: received }]);
  });
});

describe("templateMessageBody", () => {
  const message = { id: 7, channel: "whatsapp" as const, to: "+255712345678", text: "…", event: "order-paid" };

  it("is the documented template message, the number without its plus", () => {
    expect(
      templateMessageBody({ ...message, template: { name: "order_paid", language: "sw", parameters: ["Kilima", "KE-1", "TSh 5,000", "https://s/x"] } }),
    ).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "255712345678",
      type: "template",
      template: {
        name: "order_paid",
        language: { code: "sw" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Kilima" },
              { type: "text", text: "KE-1" },
              { type: "text", text: "TSh 5,000" },
              { type: "text", text: "https://s/x" },
            ],
          },
        ],
      },
    });
  });

  it("gives an authentication template its copy-code button", () => {
    const sent = templateMessageBody({ ...message, event: "one-time-code", template: { name: "one_time_code", language: "en", parameters: ["482913"] } });
    expect(sent.template.components).toEqual([
      { type: "body", parameters: [{ type: "text", text: "482913" }] },
      { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: "482913" }] },
    ]);
  });

  it("refuses a message without a template, or to no number, for good", () => {
    expect(() => templateMessageBody(message)).toThrow(PermanentSendError);
    expect(() => templateMessageBody({ ...message, to: "+12", template: { name: "order_paid", language: "en", parameters: [] } })).toThrow(PermanentSendError);
  });
});

describe("isRetryableWhatsAppRefusal", () => {
  it("decides by Meta's code first, then by the status", () => {
    expect(isRetryableWhatsAppRefusal(404, 132001)).toBe(false);
    expect(isRetryableWhatsAppRefusal(400, 131026)).toBe(false);
    expect(isRetryableWhatsAppRefusal(400, 131047)).toBe(false);
    expect(isRetryableWhatsAppRefusal(400, 130429)).toBe(true);
    expect(isRetryableWhatsAppRefusal(400, 131056)).toBe(true);
    expect(isRetryableWhatsAppRefusal(500, 131000)).toBe(true);
    expect(isRetryableWhatsAppRefusal(401, 190)).toBe(true);
    expect(isRetryableWhatsAppRefusal(503, undefined)).toBe(true);
    expect(isRetryableWhatsAppRefusal(400, undefined)).toBe(false);
  });
});
