import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopDateOf } from "../../src/lib/shop-calendar";
import { defaultPasswordHasher } from "../../src/server/auth/passwords";
import { loginLocks, securityEvents, users } from "../../src/server/db/schema";
import { adminCookie, apiClient, setupApi, shopperCookie, unique } from "./harness";

const api = setupApi();
const PASSWORD = "Mbuyu-Kijani-2026";
let admin = "";
let adminEmail = "";
let shopper = "";

// the tests read nested JSON freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const { call } = apiClient<Json>(api);

/** A verified shopper with a real password, so signing in is what is tested. */
async function account(): Promise<string> {
  const email = unique("locked");
  await api.handle.db
    .insert(users)
    .values({ email, fullName: "Neema Said", passwordHash: await defaultPasswordHasher().hash(PASSWORD), emailVerifiedAt: sql`now()` });
  return email;
}

const signIn = (email: string, password = PASSWORD) => call("POST", "/api/auth/login", null, { email, password });
const signedIn = async (cookie: string) => ((await call("GET", "/api/auth/session", null, undefined, { cookie })).body as Json).authenticated as boolean;

beforeAll(async () => {
  admin = await adminCookie(api, "security");
  shopper = await shopperCookie(api, "security");
  const me = await call("GET", "/api/auth/session", admin);
  adminEmail = me.body.user.email;
});
afterAll(() => defaultPasswordHasher().close());

describe("security view calls: who may", () => {
  it("answers a guest 401 and a shopper 403 on every call, and locks nothing", async () => {
    const target = await account();
    for (const [method, url, body] of [
      ["GET", "/api/admin/security/events", undefined],
      ["GET", "/api/admin/security/failures", undefined],
      ["GET", "/api/admin/security/top-addresses", undefined],
      ["GET", "/api/admin/security/locked", undefined],
      ["GET", "/api/admin/security/events.csv", undefined],
      ["POST", "/api/admin/security/lock", { email: target, reason: "test" }],
      ["POST", "/api/admin/security/unlock", { email: target }],
    ] as const) {
      expect((await call(method, url, null, body)).status, url).toBe(401);
      const refused = await call(method, url, shopper, body);
      expect(refused.status, url).toBe(403);
      expect(refused.body.code).toBe("forbidden");
    }
    const [row] = await api.handle.db.select({ lockedAt: users.lockedAt }).from(users).where(eq(users.email, target));
    expect(row!.lockedAt).toBeNull();
  });

  it("refuses a lock sent from another site (CSRF), and locks nothing", async () => {
    const target = await account();
    const forged = await call(
      "POST",
      "/api/admin/security/lock",
      admin,
      { email: target, reason: "forged" },
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    );
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe("cross-site");
    const [row] = await api.handle.db.select({ lockedAt: users.lockedAt }).from(users).where(eq(users.email, target));
    expect(row!.lockedAt).toBeNull();
  });
});

describe("bad input", () => {
  it("answers 400 with the field for unknown types, bad dates, a backwards or too long period and control characters", async () => {
    for (const [query, words] of [
      ["type=not-a-type", /type/],
      ["from=25-11-2026", /from/],
      ["from=2026-02-30", /from/],
      ["from=2026-11-20&to=2026-11-10", /after/],
      ["from=2026-01-01&to=2026-11-10", /at most 90 days/],
      ["account=a%07b", /account/],
      ["before=-3", /before/],
    ] as const) {
      const res = await call("GET", `/api/admin/security/events?${query}`, admin);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toMatch(/invalid-input/);
      expect(res.body.error, query).toMatch(words);
    }
  });

  it("refuses a lock without a reason or an address, of an unknown account, of the admin's own account", async () => {
    const target = await account();
    for (const [body, status, words] of [
      [{ email: target }, 400, /reason/],
      [{ email: target, reason: "" }, 400, /reason/],
      [{ reason: "spam" }, 400, /email/],
      [{ email: target, reason: "bad\u0000" }, 400, /reason/],
      [{ email: "nobody-here@example.co.tz", reason: "spam" }, 404, /No account/],
      [{ email: adminEmail, reason: "oops" }, 409, /own account/],
    ] as const) {
      const res = await call("POST", "/api/admin/security/lock", admin, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error).toMatch(words);
    }
  });
});

describe("locking and unlocking an account", () => {
  it("ends its sessions, refuses its right password until unlocked, lists it, and logs both with who and before/after", async () => {
    const email = await account();
    const first = await signIn(email);
    expect(first.status).toBe(200);
    const cookie = first.cookie!;
    expect(await signedIn(cookie)).toBe(true);

    const locked = await call("POST", "/api/admin/security/lock", admin, { email: email.toUpperCase(), reason: "  Chargeback fraud  " });
    expect(locked.status).toBe(200);
    expect(locked.body).toMatchObject({ email, sessionsEnded: 1 });
    expect(await signedIn(cookie)).toBe(false);

    const refused = await signIn(email);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("account-locked");
    // a wrong password says no more than it ever did: the lock is told only to the password's owner
    const wrong = await signIn(email, "Wrong2026pass");
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe("invalid-credentials");

    expect((await call("POST", "/api/admin/security/lock", admin, { email, reason: "again" })).status).toBe(409);
    const list = await call("GET", "/api/admin/security/locked", admin);
    expect(list.body.accounts).toContainEqual(expect.objectContaining({ email, kind: "admin", reason: "Chargeback fraud", until: null }));

    const unlocked = await call("POST", "/api/admin/security/unlock", admin, { email });
    expect(unlocked.status).toBe(200);
    expect((await signIn(email)).status).toBe(200);
    expect((await call("POST", "/api/admin/security/unlock", admin, { email })).status).toBe(409);
    expect((await call("GET", "/api/admin/security/locked", admin)).body.accounts.some((a: Json) => a.email === email)).toBe(false);

    const events = await api.handle.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.email, email), sql`${securityEvents.type} in ('admin-account-locked', 'admin-account-unlocked', 'login-locked')`))
      .orderBy(securityEvents.id);
    expect(events.map((e) => e.type)).toEqual(["admin-account-locked", "login-locked", "admin-account-unlocked"]);
    expect(events[0]!.detail).toMatchObject({
      by: adminEmail,
      before: { locked: false },
      after: { locked: true, reason: "Chargeback fraud" },
      sessionsEnded: 1,
    });
    expect(events[1]!.detail).toEqual({ scope: "admin" });
    expect(events[2]!.detail).toMatchObject({ by: adminEmail, before: { lockedByAdmin: true, reason: "Chargeback fraud" }, after: { locked: false } });
  });

  it("lifts a lock of wrong passwords at once, so the shopper can sign in again", async () => {
    const email = await account();
    let status = 0;
    for (let i = 0; i < 20 && status !== 429; i++) status = (await signIn(email, "Wrong2026pass")).status;
    expect(status).toBe(429);
    expect((await signIn(email)).status).toBe(429);
    const list = await call("GET", "/api/admin/security/locked", admin);
    const shown = list.body.accounts.find((a: Json) => a.email === email);
    expect(shown).toMatchObject({ kind: "sign-in", fullName: "Neema Said" });
    expect(new Date(shown.until).getTime()).toBeGreaterThan(Date.now());

    expect((await call("POST", "/api/admin/security/unlock", admin, { email })).status).toBe(200);
    expect(await api.handle.db.select().from(loginLocks).where(eq(loginLocks.email, email))).toHaveLength(0);
    expect((await signIn(email)).status).toBe(200);
  });
});

describe("the log, its chart, the top addresses and the export", () => {
  // addresses of this run only, so other files' events do not count
  const base = `198.51.${process.pid % 200}.`;
  const noisy = `${base}${(Date.now() % 100) + 1}`;
  const quiet = `${base}${(Date.now() % 100) + 120}`;
  const victim = `victim-${process.pid}-${Date.now()}@example.co.tz`;
  const hourAgo = new Date(Date.now() - 3_600_000);

  beforeAll(async () => {
    const rows = [
      ...Array.from({ length: 6 }, (_, i) => ({ type: "login-failed", ip: noisy, email: `${i}-${victim}`, at: hourAgo })),
      { type: "login-failed", ip: quiet, email: victim, at: hourAgo },
      { type: "login-success", ip: quiet, email: victim, at: hourAgo, userAgent: '=HYPERLINK("http://evil.example")' },
      { type: "rate-limited", ip: noisy, email: null, at: hourAgo, detail: { route: "GET /api/products" } },
    ];
    await api.handle.db.insert(securityEvents).values(rows);
  });

  it("filters by address, account and type, newest first, page by page", async () => {
    const byAddress = await call("GET", `/api/admin/security/events?ip=${noisy}`, admin);
    expect(byAddress.status).toBe(200);
    expect(byAddress.body.events).toHaveLength(7);
    expect(byAddress.body.events.every((e: Json) => e.ip === noisy)).toBe(true);
    const ids = byAddress.body.events.map((e: Json) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const byType = await call("GET", `/api/admin/security/events?ip=${noisy}&type=rate-limited`, admin);
    expect(byType.body.events.map((e: Json) => e.type)).toEqual(["rate-limited"]);
    const twoTypes = await call("GET", `/api/admin/security/events?ip=${quiet}&type=login-failed&type=login-success`, admin);
    expect(twoTypes.body.events).toHaveLength(2);

    const exact = await call("GET", `/api/admin/security/events?account=${encodeURIComponent(victim.toUpperCase())}`, admin);
    expect(exact.body.events.map((e: Json) => e.type).sort()).toEqual(["login-failed", "login-success"]);
    const prefix = await call("GET", `/api/admin/security/events?account=0-victim-${process.pid}`, admin);
    expect(prefix.body.events.map((e: Json) => e.email)).toEqual([`0-${victim}`]);

    const first = await call("GET", `/api/admin/security/events?ip=${noisy}`, admin);
    expect(first.body.nextBefore).toBeNull();
    const page1 = await api.services.adminSecurity.events({ type: [], ip: noisy }, 4);
    expect(page1.events).toHaveLength(4);
    const page2 = await call("GET", `/api/admin/security/events?ip=${noisy}&before=${page1.nextBefore}`, admin);
    expect(page2.body.events).toHaveLength(3);
    expect(page2.body.events[0].id).toBeLessThan(page1.events[3]!.id);
  });

  it("counts failures per hour over a short period, with the empty hours, and per day over a long one", async () => {
    const zone = "Africa/Dar_es_Salaam";
    const from = shopDateOf(new Date(Date.now() - 2 * 86_400_000), zone);
    const hourly = await call("GET", `/api/admin/security/failures?ip=${noisy}&from=${from}`, admin);
    expect(hourly.status).toBe(200);
    expect(hourly.body.unit).toBe("hour");
    expect(hourly.body.points).toHaveLength(72);
    expect(hourly.body.points.reduce((sum: number, p: Json) => sum + p.count, 0)).toBe(7);
    const bucket = hourly.body.points.find((p: Json) => new Date(p.start) <= hourAgo && hourAgo.getTime() < new Date(p.start).getTime() + 3_600_000);
    expect(bucket.count).toBe(7);

    const daily = await call("GET", `/api/admin/security/failures?ip=${quiet}`, admin);
    expect(daily.body.unit).toBe("day");
    expect(daily.body.points).toHaveLength(7); // the default period: the last seven shop days, today included
    expect(daily.body.points.reduce((sum: number, p: Json) => sum + p.count, 0)).toBe(1);
  });

  it("ranks the addresses behind most failures, with how many accounts each tried", async () => {
    const top = await call("GET", `/api/admin/security/top-addresses?account=`, admin);
    const mine = top.body.addresses.filter((a: Json) => a.ip.startsWith(base));
    expect(mine[0]).toMatchObject({ ip: noisy, failures: 7, accounts: 6 });
    const byAccount = await call("GET", `/api/admin/security/top-addresses?account=${encodeURIComponent(victim)}`, admin);
    expect(byAccount.body.addresses).toEqual([expect.objectContaining({ ip: quiet, failures: 1, accounts: 1 })]);
  });

  it("exports the filtered log as CSV, with formulas made text", async () => {
    const res = await call("GET", `/api/admin/security/events.csv?ip=${quiet}`, admin);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="security-log-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text.trim().split("\n");
    expect(lines[0]).toBe("id,time,type,account,address,browser,detail");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`login-success,${victim},${quiet},"'=HYPERLINK(""http://evil.example"")"`);
    expect(lines[2]).toContain(`login-failed,${victim},${quiet}`);
  });
});

describe("customers", () => {
  it("answers a guest 401 and a shopper 403, and bad input 400", async () => {
    for (const url of ["/api/admin/customers", "/api/admin/customers/1"]) {
      expect((await call("GET", url, null)).status).toBe(401);
      expect((await call("GET", url, shopper)).status).toBe(403);
    }
    for (const url of ["/api/admin/customers?q=a%00b", "/api/admin/customers?locked=maybe", "/api/admin/customers?limit=1000", "/api/admin/customers/abc"]) {
      const res = await call("GET", url, admin);
      expect(res.status, url).toBe(400);
      expect(res.body.code).toBe("invalid-input");
    }
    expect((await call("GET", "/api/admin/customers/2147483000", admin)).status).toBe(404);
  });

  it("finds a customer by e-mail, name or phone, and shows their orders, events and lock, never a password hash or a session token", async () => {
    const email = await account();
    const [user] = await api.handle.db.update(users).set({ phone: "+255712998877", fullName: "Zawadi Mrema" }).where(eq(users.email, email)).returning();
    const signedIn = await signIn(email);
    const token = signedIn.cookie!.split("=")[1]!;

    for (const q of [email.slice(0, 20), "Zawadi Mre", "0712 998 877"]) {
      const found = await call("GET", `/api/admin/customers?q=${encodeURIComponent(q)}`, admin);
      expect(found.status, q).toBe(200);
      expect(
        found.body.customers.map((c: Json) => c.email),
        q,
      ).toContain(email);
    }
    await call("POST", "/api/admin/security/lock", admin, { email, reason: "Abuse of returns" });
    const lockedOnly = await call("GET", "/api/admin/customers?locked=true&limit=100", admin);
    expect(lockedOnly.body.customers.every((c: Json) => c.lockedAt !== null)).toBe(true);
    expect(lockedOnly.body.customers.map((c: Json) => c.email)).toContain(email);

    const one = await call("GET", `/api/admin/customers/${user!.id}`, admin);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      email,
      fullName: "Zawadi Mrema",
      phone: "+255712998877",
      verified: true,
      lockedReason: "Abuse of returns",
      openSessions: 0,
      orders: 0,
    });
    expect(one.body.events.map((e: Json) => e.type)).toEqual(expect.arrayContaining(["admin-account-locked", "login-success"]));
    const text = JSON.stringify(one.body);
    expect(text).not.toContain(user!.passwordHash);
    expect(text).not.toMatch(/passwordHash|tokenHash|password_hash/);
    expect(text).not.toContain(token);
  });
});
