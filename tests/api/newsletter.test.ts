import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { NEWSLETTER_TEXT } from "../../src/lib/newsletter";
import { hashSecret } from "../../src/server/auth/tokens";
import { rowsOf } from "../../src/server/db/client";
import { newsletterTokens } from "../../src/server/db/schema";
import { buildTestApi, lastLinkToken, mailsTo, setupApi, unique } from "./harness";

const api = setupApi();

type Row = { email: string; source: string; created_at: unknown; consent_at: unknown; confirmed_at: unknown };

async function rowsFor(email: string): Promise<Row[]> {
  return rowsOf<Row>(
    await api.handle.db.execute(sql`select email, source, created_at, consent_at, confirmed_at from newsletter_subscription where email = ${email}`),
  );
}

// kept apart from the harness's post: it posts to the sign-up form only, and sends a string body as it is (the malformed-body cases)
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
  it("stores a new address unconfirmed, normalised, with its source and consent time, and mails a confirmation link", async () => {
    const email = unique("asha");
    const res = await post({ email });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ success: true, message: NEWSLETTER_TEXT.subscribed });
    expect(res.body.message).toBe("Check your inbox to confirm your subscription.");
    expect(res.headers["cache-control"]).toBe("no-store");

    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.source).toBe("footer");
    expect(rows[0]!.created_at).toBeTruthy();
    expect(rows[0]!.consent_at).toBeTruthy();
    expect(rows[0]!.confirmed_at).toBeNull();
    expect(await api.services.newsletter.status(email)).toBe("unconfirmed");

    const [mail] = await mailsTo(api.outboxDir, email);
    expect(mail).toMatch(/^Subject: Please confirm your subscription/m);
    expect(mail).toMatch(/http:\/\/shop\.test\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43}/);
    expect(mail).toMatch(/http:\/\/shop\.test\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]{43}/);
    expect(mail).toMatch(/^List-Unsubscribe:\s*<http:\/\/shop\.test\/api\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]{43}>$/m);
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });

  it("answers an address already on the list exactly like a new one, keeping one row", async () => {
    const email = unique("juma");
    const first = await post({ email });
    // case and surrounding spaces are ignored (a tab, like every control character, is refused at the boundary)
    const again = await post({ email: `  ${email.toUpperCase()} ` });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(again.headers["cache-control"]).toBe("no-store");
    expect(await rowsFor(email)).toHaveLength(1);

    // confirmed or not, a subscriber's address gets the same answer as a stranger's
    expect(await api.services.newsletter.confirm((await lastLinkToken(api.outboxDir, email, "/newsletter/confirm"))!)).toBe(true);
    const confirmedAgain = await post({ email });
    const stranger = await post({ email: unique("stranger") });
    expect(confirmedAgain.status).toBe(stranger.status);
    expect(confirmedAgain.body).toEqual(stranger.body);
    expect(await api.services.newsletter.status(email)).toBe("confirmed");
    // the owner learns by e-mail, with a way out
    const last = (await mailsTo(api.outboxDir, email)).at(-1)!;
    expect(last).toMatch(/^Subject: You are already subscribed/m);
    expect(last).toMatch(/\/newsletter\/unsubscribe\?token=/);
    expect(last).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });

  it("mails in Kiswahili when the sign-up came from a page in Kiswahili (the locale cookie, else Accept-Language)", async () => {
    const email = unique("zawadi");
    const res = await post({ email }, { cookie: "locale=sw" });
    // the answer itself stays English (the browser words it by itself); the mail is the reader's
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ success: true, message: NEWSLETTER_TEXT.subscribed });
    const [mail] = await mailsTo(api.outboxDir, email);
    expect(mail).toMatch(/^Subject: Tafadhali thibitisha usajili wako wa jarida la /m);
    expect(mail).toContain("Habari,");
    expect(mail).toContain("Tafadhali thibitisha kwamba unataka kupokea ofa na habari zetu kwa barua pepe:");
    expect(mail).toContain("ndani ya saa 48.");
    expect(mail).toMatch(/http:\/\/shop\.test\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43}/);
    expect(mail).toMatch(/Ili kuacha kupokea barua pepe hizi, jiondoe hapa:\n\nhttp:\/\/shop\.test\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]{43}/);
    expect(mail).not.toMatch(/Please confirm|unsubscribe here/);

    // an address already on the list is told so in the language of the page that asked again
    expect(await api.services.newsletter.confirm((await lastLinkToken(api.outboxDir, email, "/newsletter/confirm"))!)).toBe(true);
    await post({ email }, { "accept-language": "sw-TZ,sw;q=0.9,en;q=0.8" });
    const again = (await mailsTo(api.outboxDir, email)).at(-1)!;
    expect(again).toContain("Mtu fulani (labda wewe) aliomba anwani hii isajiliwe kwenye jarida la");
    // the cookie (the shopper's choice) wins over the browser's languages
    await post({ email }, { cookie: "locale=en", "accept-language": "sw" });
    expect((await mailsTo(api.outboxDir, email)).at(-1)!).toMatch(/^Subject: You are already subscribed to the /m);
  });

  it("stores a mixed-case address in lower case", async () => {
    const email = unique("Neema.Kweka");
    expect((await post({ email: ` ${email} ` })).status).toBe(202);
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

  it("keeps exactly one row under 20 parallel posts of the same address, with no server error and at most 3 mails", async () => {
    const email = unique("parallel");
    const spellings = Array.from({ length: 20 }, (_, i) => (i % 2 ? email.toUpperCase() : ` ${email} `));
    const answers = await Promise.all(spellings.map((spelling) => post({ email: spelling })));
    for (const a of answers) expect(a).toMatchObject({ status: 202, body: { success: true, message: NEWSLETTER_TEXT.subscribed } });
    expect(await rowsFor(email)).toHaveLength(1);
    expect(await mailsTo(api.outboxDir, email)).toHaveLength(3);
  });

  it("subscribe() normalises too, so no caller can store a second spelling", async () => {
    const email = unique("direct");
    await api.services.newsletter.subscribe(` ${email.toUpperCase()} `, "test");
    await api.services.newsletter.subscribe(email, "footer");
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
      expect((await send()).statusCode).toBe(202);
      const second = await send();
      expect(second.statusCode).toBe(429);
      expect(second.json().error).toMatch(/^Too many requests/);
    } finally {
      await close();
    }
  });
});

describe("newsletter links: confirm and unsubscribe", () => {
  const action = (path: string, token: unknown) =>
    api.app.inject({ method: "POST", url: `/api/newsletter/${path}`, headers: { "content-type": "application/json" }, payload: JSON.stringify({ token }) });

  async function signedUp() {
    const email = unique("links");
    expect((await post({ email })).status).toBe(202);
    return {
      email,
      confirm: (await lastLinkToken(api.outboxDir, email, "/newsletter/confirm"))!,
      unsubscribe: (await lastLinkToken(api.outboxDir, email, "/newsletter/unsubscribe"))!,
    };
  }

  it("confirms once with the mailed link; only then does the address count as subscribed", async () => {
    const { email, confirm } = await signedUp();
    expect(await api.services.newsletter.status(email)).toBe("unconfirmed");
    const ok = await action("confirm", confirm);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: NEWSLETTER_TEXT.confirmed });
    expect(await api.services.newsletter.status(email)).toBe("confirmed");
    const again = await action("confirm", confirm);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: NEWSLETTER_TEXT.confirmFailed, code: "invalid-token" });
  });

  it("stores links hashed and refuses an expired, unknown or malformed one", async () => {
    const { email, confirm } = await signedUp();
    const [row] = await api.handle.db
      .select()
      .from(newsletterTokens)
      .where(eq(newsletterTokens.tokenHash, hashSecret(confirm)));
    expect(row).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain(confirm);
    await api.handle.db
      .update(newsletterTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(newsletterTokens.tokenHash, hashSecret(confirm)));
    expect((await action("confirm", confirm)).statusCode).toBe(400);
    expect(await api.services.newsletter.status(email)).toBe("unconfirmed");
    for (const bad of ["nope", "", ["a", "b"], 42, "x".repeat(500)]) {
      const res = await action("confirm", bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe("invalid-token");
    }
  });

  it("unsubscribes with the link of the page's button (JSON), removing the address and its links", async () => {
    const { email, confirm, unsubscribe } = await signedUp();
    await action("confirm", confirm);
    const res = await action("unsubscribe", unsubscribe);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: NEWSLETTER_TEXT.unsubscribed });
    expect(await api.services.newsletter.status(email)).toBe("none");
    expect(await rowsFor(email)).toHaveLength(0);
    expect((await action("unsubscribe", unsubscribe)).json()).toEqual({ error: NEWSLETTER_TEXT.unsubscribeFailed, code: "invalid-token" });
  });

  it("unsubscribes with RFC 8058 one-click: a form post to the List-Unsubscribe URL", async () => {
    const { email } = await signedUp();
    const mail = (await mailsTo(api.outboxDir, email)).at(-1)!;
    const url = new URL(/^List-Unsubscribe:\s*<([^>]+)>/m.exec(mail)![1]!);
    expect(url.pathname).toBe("/api/newsletter/unsubscribe");
    const res = await api.app.inject({
      method: "POST",
      url: url.pathname + url.search,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode).toBe(200);
    expect(await api.services.newsletter.status(email)).toBe("none");
  });

  it("has no GET for the links: opening one (as a mail scanner does) changes nothing", async () => {
    const { email, confirm } = await signedUp();
    expect((await api.app.inject({ method: "GET", url: `/api/newsletter/confirm?token=${confirm}` })).statusCode).toBe(404);
    expect((await api.app.inject({ method: "GET", url: `/api/newsletter/unsubscribe?token=${confirm}` })).statusCode).toBe(404);
    expect(await api.services.newsletter.status(email)).toBe("unconfirmed");
  });

  it("sends an issue to confirmed addresses only, each with its own unsubscribe link and headers", async () => {
    const confirmed = await signedUp();
    await action("confirm", confirmed.confirm);
    const unconfirmed = await signedUp();
    const subject = `New arrivals ${Date.now()}`;
    expect(await api.services.newsletter.sendIssue({ subject, text: "Fresh ESP32 boards are in.\n" })).toBeGreaterThanOrEqual(1);
    const issue = (await mailsTo(api.outboxDir, confirmed.email)).find((m) => m.includes(subject))!;
    expect(issue).toMatch(/\/newsletter\/unsubscribe\?token=/);
    expect(issue).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect((await mailsTo(api.outboxDir, unconfirmed.email)).some((m) => m.includes(subject))).toBe(false);
    // the issue's own link works
    expect((await action("unsubscribe", await lastLinkToken(api.outboxDir, confirmed.email, "/newsletter/unsubscribe"))).statusCode).toBe(200);
  });
});
