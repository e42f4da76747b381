import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { NEWSLETTER_TEXT } from "../../src/lib/newsletter";
import { rowsOf } from "../../src/server/db/client";
import { buildTestApi, setupApi } from "./harness";

const api = setupApi();

type Row = { email: string; source: string; created_at: unknown; consent_at: unknown };

/** Unique per run, so the file also passes against a database an earlier run left behind. */
const unique = (name: string) => `${name}.${process.pid}.${Date.now()}@example.co.tz`;

async function rowsFor(email: string): Promise<Row[]> {
  return rowsOf<Row>(await api.handle.db.execute(sql`select email, source, created_at, consent_at from newsletter_subscription where email = ${email}`));
}

async function post(payload: unknown, headers: Record<string, string> = {}) {
  const res = await api.app.inject({
    method: "POST",
    url: "/api/newsletter",
    headers: { "content-type": "application/json", ...headers },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
  });
  return { status: res.statusCode, headers: res.headers, body: res.json() as Record<string, unknown> };
}

describe("POST /api/newsletter", () => {
  it("stores a new address, normalised, with its source and consent time", async () => {
    const email = unique("asha");
    const res = await post({ email });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: NEWSLETTER_TEXT.subscribed });
    expect(res.body.message).toMatch(/^Thanks for subscribing!/);
    expect(res.headers["cache-control"]).toBe("no-store");

    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.source).toBe("footer");
    expect(rows[0]!.created_at).toBeTruthy();
    expect(rows[0]!.consent_at).toBeTruthy();
  });

  it("answers a duplicate that differs only in case and spaces as already subscribed, keeping one row", async () => {
    const email = unique("juma");
    expect((await post({ email })).status).toBe(201);
    const again = await post({ email: `  ${email.toUpperCase()}\t` });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: true, alreadySubscribed: true, message: NEWSLETTER_TEXT.alreadySubscribed });
    expect(again.body.message).toMatch(/^You're already subscribed/);
    expect(again.headers["cache-control"]).toBe("no-store");
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it("stores a mixed-case address in lower case", async () => {
    const email = unique("Neema.Kweka");
    expect((await post({ email: ` ${email} ` })).status).toBe(201);
    expect(await rowsFor(email.toLowerCase())).toHaveLength(1);
    expect(await rowsFor(email)).toHaveLength(0);
  });

  it.each([
    ["an empty address", { email: "" }],
    ["only spaces", { email: "   " }],
    ["no @", { email: "asha.example.co.tz" }],
    ["no domain", { email: "asha@" }],
    ["no top-level domain", { email: "asha@example" }],
    ["a space inside", { email: "asha mussa@example.co.tz" }],
    ["an address over 254 characters", { email: `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.tz` }],
    ["a number", { email: 42 }],
    ["null", { email: null }],
    ["a list", { email: ["a@b.co"] }],
    ["an object without email", { mail: "a@b.co" }],
    ["a JSON string body", '"a@b.co"'],
    ["a JSON array body", [{ email: "a@b.co" }]],
    ["malformed JSON", '{"email": '],
  ])("answers 400 with the form message for %s", async (_name, payload) => {
    const res = await post(payload);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: NEWSLETTER_TEXT.invalidEmail, code: "invalid-input" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("answers 400, not another status, for a missing or non-JSON body", async () => {
    const cases = [
      { headers: {} as Record<string, string>, payload: undefined },
      { headers: { "content-type": "application/json" }, payload: "" },
      { headers: { "content-type": "text/plain" }, payload: "a@b.co" },
      { headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "email=a%40b.co" },
      { headers: { "content-type": "application/json" }, payload: JSON.stringify({ email: `${"a".repeat(10_000)}@b.co` }) },
    ];
    for (const { headers, payload } of cases) {
      const res = await api.app.inject({ method: "POST", url: "/api/newsletter", headers, payload });
      expect(res.statusCode, JSON.stringify(headers)).toBe(400);
      expect(res.json()).toEqual({ error: NEWSLETTER_TEXT.invalidEmail, code: "invalid-input" });
    }
  });

  it("keeps exactly one row under 20 parallel posts of the same address, with no server error", async () => {
    const email = unique("parallel");
    const spellings = Array.from({ length: 20 }, (_, i) => (i % 2 ? email.toUpperCase() : ` ${email} `));
    const answers = await Promise.all(spellings.map((spelling) => post({ email: spelling })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    for (const a of answers) expect(a.body.success).toBe(true);
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it("subscribe() normalises too, so no caller can store a second spelling", async () => {
    const email = unique("direct");
    await expect(api.services.newsletter.subscribe(` ${email.toUpperCase()} `, "test")).resolves.toEqual({ status: "subscribed" });
    await expect(api.services.newsletter.subscribe(email, "footer")).resolves.toEqual({ status: "already-subscribed" });
    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.source).toBe("test");
  });

  it("has no GET (nobody can list the subscribers)", async () => {
    const res = await api.app.inject({ method: "GET", url: "/api/newsletter" });
    expect(res.statusCode).toBe(404);
  });

  it("leaves other errors to the API's handler: the rate limit still answers 429", async () => {
    const { app: limited, close } = await buildTestApi(api, { rateLimit: 1 });
    try {
      const email = unique("limited");
      const send = () =>
        limited.inject({ method: "POST", url: "/api/newsletter", headers: { "content-type": "application/json" }, payload: JSON.stringify({ email }) });
      expect((await send()).statusCode).toBe(201);
      const second = await send();
      expect(second.statusCode).toBe(429);
      expect(second.json().error).toMatch(/^Too many requests/);
    } finally {
      await close();
    }
  });
});
