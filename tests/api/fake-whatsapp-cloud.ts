import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { WHATSAPP_TEMPLATES } from "../../src/server/notify/whatsapp-templates";

export interface FakeWhatsAppCall {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** the body's exact text, and its JSON */
  text: string;
  body: Record<string, unknown> | null;
}

/** A template the fake knows as approved: its languages and how many body parameters it takes. */
export interface FakeTemplate {
  languages: string[];
  parameters: number;
  /** an authentication template needs the code again for its copy-code button */
  authentication?: boolean;
}

/** A Graph API refusal, as the Cloud API writes it. */
export interface FakeRefusal {
  status: number;
  code: number;
  message: string;
  type?: string;
  details?: string;
}

/** What a number answers: a refusal, or no answer at all (the connection stays open until the fake closes). */
type Script = { refuse: FakeRefusal; times: number } | { hang: true };

/** Refusals the Cloud API documents, for tests to script per number. */
export const WHATSAPP_REFUSALS = {
  undeliverable: { status: 400, code: 131026, message: "(#131026) Message undeliverable", details: "Message Undeliverable." },
  throughput: { status: 400, code: 130429, message: "(#130429) Rate limit hit", details: "Cloud API message throughput has been reached." },
  pairRateLimit: { status: 400, code: 131056, message: "(#131056) (Business Account, Consumer Account) pair rate limit hit" },
  generic: { status: 500, code: 131000, message: "(#131000) Something went wrong", details: "Something went wrong" },
  invalidParameter: { status: 400, code: 100, message: "(#100) Invalid parameter", type: "OAuthException" },
} satisfies Record<string, FakeRefusal>;

/**
 * A local stand-in for WhatsApp Business Cloud API (Meta's Graph API) as its reference documents it:
 * POST /{phone-number-id}/messages with `Authorization: Bearer <token>` and a JSON template message
 * → `{messaging_product, contacts: [{input, wa_id}], messages: [{id: "wamid..."}]}`; refusals as
 * `{error: {message, type, code, error_data: {messaging_product, details}, fbtrace_id}}`: 190 for a
 * wrong token, 132001 for a template (or language) it does not know, 132000 for the wrong number of
 * parameters, 100 for a malformed body, and whatever a test scripts for a number. Also signs
 * webhook bodies the way Meta does (X-Hub-Signature-256).
 */
export async function startFakeWhatsAppCloud(
  options: { token?: string; phoneNumberId?: string; appSecret?: string; templates?: Record<string, FakeTemplate> } = {},
) {
  const token = options.token ?? "fake-whatsapp-token";
  const phoneNumberId = options.phoneNumberId ?? "109876543210987";
  const appSecret = options.appSecret ?? "fake-app-secret";
  // by default it knows every template the shop registers, in both languages
  const templates: Record<string, FakeTemplate> =
    options.templates ??
    Object.fromEntries(
      WHATSAPP_TEMPLATES.map((spec) => [
        spec.name,
        { languages: ["sw", "en"], parameters: spec.parameters.length, authentication: spec.category === "AUTHENTICATION" },
      ]),
    );
  const calls: FakeWhatsAppCall[] = [];
  const sent: { id: string; to: string; template: string; language: string; parameters: string[] }[] = [];
  const scripts = new Map<string, Script>();
  const hanging = new Set<http.ServerResponse>();
  let ids = 0;

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: http.ServerResponse, refusal: FakeRefusal) =>
    send(res, refusal.status, {
      error: {
        message: refusal.message,
        type: refusal.type ?? "OAuthException",
        code: refusal.code,
        ...(refusal.details ? { error_data: { messaging_product: "whatsapp", details: refusal.details } } : {}),
        fbtrace_id: `Fk${randomBytes(8).toString("hex")}`,
      },
    });

  const server = http.createServer((req, res) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk));
    req.on("end", () => {
      let body: Record<string, unknown> | null = null;
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      } catch {
        body = null;
      }
      const path = (req.url ?? "").replace(/\?.*$/, "");
      calls.push({ method: req.method ?? "", path, headers: req.headers, text, body });

      const match = /^\/(?:v\d+\.\d+\/)?([^/]+)\/messages$/.exec(path);
      if (req.method !== "POST" || !match) return refuse(res, { status: 400, code: 100, message: "Unsupported request - method type or path" });
      if (req.headers.authorization !== `Bearer ${token}`)
        return refuse(res, { status: 401, code: 190, message: "Invalid OAuth access token - Cannot parse access token" });
      if (match[1] !== phoneNumberId)
        return refuse(res, { status: 400, code: 100, message: `Unsupported post request. Object with ID '${match[1]}' does not exist` });
      if (!/^application\/json\b/.test(req.headers["content-type"] ?? "") || !body)
        return refuse(res, { status: 400, code: 100, message: "(#100) The parameter messaging_product is required." });
      if (body.messaging_product !== "whatsapp") return refuse(res, { status: 400, code: 100, message: "(#100) Invalid parameter messaging_product" });
      const to = typeof body.to === "string" ? body.to : "";
      if (!/^\d{8,15}$/.test(to)) return refuse(res, { status: 400, code: 100, message: "(#100) Invalid parameter to" });
      if (body.type !== "template") return refuse(res, { status: 400, code: 131047, message: "(#131047) Re-engagement message" });

      const template = (body.template ?? {}) as { name?: unknown; language?: { code?: unknown }; components?: unknown };
      const known = typeof template.name === "string" ? templates[template.name] : undefined;
      const language = String(template.language?.code ?? "");
      if (!known || !known.languages.includes(language))
        return refuse(res, {
          status: 404,
          code: 132001,
          message: "(#132001) Template name does not exist in the translation",
          details: `template name (${String(template.name)}) does not exist in ${language}`,
        });
      const components = Array.isArray(template.components) ? (template.components as Record<string, unknown>[]) : [];
      const bodyComponent = components.find((component) => component.type === "body");
      const parameters = Array.isArray(bodyComponent?.parameters) ? (bodyComponent.parameters as Record<string, unknown>[]) : [];
      if (parameters.length !== known.parameters || parameters.some((p) => p.type !== "text" || typeof p.text !== "string"))
        return refuse(res, {
          status: 400,
          code: 132000,
          message: "(#132000) Number of parameters does not match the expected number of params",
          details: `body: number of localizable_params (${parameters.length}) does not match the expected number of params (${known.parameters})`,
        });
      if (known.authentication && !components.some((component) => component.type === "button" && component.sub_type === "url"))
        return refuse(res, {
          status: 400,
          code: 131008,
          message: "(#131008) Required parameter is missing",
          details: "buttons: the copy-code button needs the code",
        });

      const script = scripts.get(to);
      if (script && "hang" in script) {
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      }
      if (script) {
        if (--script.times <= 0) scripts.delete(to);
        return refuse(res, script.refuse);
      }
      const id = `wamid.${Buffer.from(`fake-${++ids}-${to}`).toString("base64url")}`;
      sent.push({ id, to, template: String(template.name), language, parameters: parameters.map((p) => String(p.text)) });
      return send(res, 200, { messaging_product: "whatsapp", contacts: [{ input: to, wa_id: to }], messages: [{ id }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** the Graph API's address with its version, as WHATSAPP_BASE_URL gives it */
    baseUrl: `http://127.0.0.1:${port}/v21.0`,
    token,
    phoneNumberId,
    appSecret,
    calls,
    /** the messages it took, in order */
    sent,
    /** the next `times` sends to this number (digits, no plus) are refused so */
    refuse(to: string, refusal: FakeRefusal, times = Number.POSITIVE_INFINITY) {
      scripts.set(to, { refuse: refusal, times });
    },
    /** sends to this number are never answered */
    hang(to: string) {
      scripts.set(to, { hang: true });
    },
    /** the number answers normally again */
    clear(to: string) {
      scripts.delete(to);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeWhatsAppCloud = Awaited<ReturnType<typeof startFakeWhatsAppCloud>>;

/** A status as Meta's webhook carries it. */
export interface WebhookStatus {
  id: string;
  status: "sent" | "delivered" | "read" | "failed";
  /** Unix seconds */
  timestamp: number;
  recipientId?: string;
  errors?: { code: number; title: string; details?: string }[];
}

/** A webhook body with these statuses, written as Meta writes it (its own spacing, which the signature covers). */
export function statusWebhookBody(statuses: WebhookStatus[], phoneNumberId = "109876543210987"): string {
  const body = {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "255700000000", phone_number_id: phoneNumberId },
              statuses: statuses.map((status) => ({
                id: status.id,
                status: status.status,
                timestamp: String(status.timestamp),
                recipient_id: status.recipientId ?? "255712345678",
                ...(status.status !== "failed"
                  ? { conversation: { id: "c0ffee", origin: { type: "utility" } }, pricing: { billable: true, pricing_model: "PMP", category: "utility" } }
                  : {}),
                ...(status.errors
                  ? {
                      errors: status.errors.map((error) => ({
                        code: error.code,
                        title: error.title,
                        message: error.title,
                        error_data: { details: error.details ?? error.title },
                      })),
                    }
                  : {}),
              })),
            },
            field: "messages",
          },
        ],
      },
    ],
  };
  // Meta's bodies are not compact JSON: a verifier that re-serialised would compute another signature
  return JSON.stringify(body, null, 1);
}

/** X-Hub-Signature-256 for a body, as Meta computes it with the app secret. */
export function signWhatsAppBody(appSecret: string, text: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(Buffer.from(text, "utf8")).digest("hex")}`;
}
