import os from "node:os";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loginLocks, securityEvents, users } from "../../src/server/db/schema";
import { apiClient, buildTestApi, lastLinkToken, mailsTo, registerVerified, setupApi, TEST_PASSWORD as PASSWORD, unique } from "./harness";
import { enrolTwoFactor } from "./two-factor-helpers";

const api = setupApi();
const { post } = apiClient(api);

async function session(cookie: string | null) {
  const res = await api.app.inject({ method: "GET", url: "/api/auth/session", headers: cookie ? { cookie } : {} });
  return res.json() as { authenticated: boolean; user: { email: string; name: string; role: string; isVerified: boolean } | null };
}

describe("registration, verification, sign-in, session, sign-out", () => {
  it("walks the whole path through the outbox", async () => {
    const email = unique("Asha");
    const reg = await post("/api/auth/register", {
      fullName: "Asha Mushi",
      email: `  ${email.toUpperCase()} `,
      phone: "+255 712 345 678",
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
    });
    expect(reg.status).toBe(201);
    expect(reg.body).toEqual({ success: true, message: "Account created successfully! Please check your email to verify your account." });
    const stored = await api.handle.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(stored).toHaveLength(1);
    // the suite's accounts are hashed at its low cost (the shop's own cost: src/server/auth/passwords.test.ts)
    expect(stored[0]!.passwordHash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(stored[0]!.passwordHash).not.toContain(PASSWORD);

    const early = await post("/api/auth/login", { email, password: PASSWORD });
    expect(early.status).toBe(403);
    expect(early.body).toMatchObject({ success: false, type: "NOT_VERIFIED", error: "Please verify your email address before signing in." });
    expect(early.cookie).toBeNull();

    const token = await lastLinkToken(api.outboxDir, email.toLowerCase(), "/auth/verify");
    expect(token).toBeTruthy();
    expect((await post("/api/auth/verify", { token })).body).toMatchObject({ success: true });
    expect((await post("/api/auth/verify", { token })).status).toBe(400); // single use

    const login = await post("/api/auth/login", { email, password: PASSWORD, redirect: "/products?sort=newest" });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ success: true, type: null, error: null, redirectTo: "/products?sort=newest" });
    expect(login.cookie).toBeTruthy();
    const setCookie = String(login.cookies);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Max-Age/i); // not remembered: a browser-session cookie

    const me = await session(login.cookie);
    expect(me).toMatchObject({ authenticated: true, user: { email: email.toLowerCase(), name: "Asha Mushi", role: "user", isVerified: true } });

    const out = await post("/api/auth/logout", {}, { cookie: login.cookie! });
    expect(out.body).toEqual({ success: true, error: null });
    expect((await session(login.cookie)).authenticated).toBe(false);
  });

  it("remember me gives a 30-day cookie; an open redirect is refused", async () => {
    const email = await registerVerified(api);
    const login = await post("/api/auth/login", { email, password: PASSWORD, remember: true, redirect: "//evil.example/phish" });
    expect(String(login.cookies)).toMatch(/Max-Age=2592000/);
    expect(login.body.redirectTo).toBe("/");
  });

  it("refuses each invalid registration with the spec's message", async () => {
    const base = { fullName: "Juma", email: unique("juma"), password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true };
    // the English message, and the problem's key (`reason`, with the numbers its text has) the browser words in its language
    const cases: [Record<string, unknown>, string, Record<string, unknown>][] = [
      [{ ...base, fullName: "" }, "Please fill in all required fields", { reason: "fillRequired" }],
      [{ ...base, email: "not-an-email" }, "Please enter a valid email address", { reason: "invalidEmail" }],
      [{ ...base, confirmPassword: "Kilima2027" }, "Passwords do not match", { reason: "passwordsDiffer" }],
      [{ ...base, password: "Ab1", confirmPassword: "Ab1" }, "Password must be at least 8 characters long", { reason: "passwordShort", min: 8 }],
      // no composition rules any more (on purpose): a common password is refused instead
      [
        { ...base, password: "Password1", confirmPassword: "Password1" },
        "This password is too easy to guess: common passwords, names (the shop's, the country's or your own) and repeated characters are tried first, even with digits or symbols added or letters swapped for look-alikes (P@ssw0rd). Please choose another — a few unrelated words make a strong one.",
        { reason: "passwordCommon" },
      ],
      [
        { ...base, password: "x".repeat(129), confirmPassword: "x".repeat(129) },
        "Password must be at most 128 characters long",
        { reason: "passwordLong", max: 128 },
      ],
      [{ ...base, acceptTerms: false }, "Please accept the Terms of Service and Privacy Policy", { reason: "acceptTerms" }],
    ];
    for (const [body, message, reason] of cases) {
      const res = await post("/api/auth/register", body);
      expect(res.status, message).toBe(400);
      expect(res.body).toEqual({ success: false, error: message, code: "validation", ...reason });
    }
    expect((await post("/api/auth/register", { fullName: 5 })).status).toBe(400);
    expect((await post("/api/auth/login", { email: "", password: "" })).body).toMatchObject({ error: "Please fill in all fields" });
  });
});

describe("no account enumeration", () => {
  it("answers a taken address like a new one, and tells the owner by e-mail", async () => {
    const email = await registerVerified(api);
    const again = await post("/api/auth/register", {
      fullName: "Someone Else",
      email,
      password: "Other 2026 mbuyu",
      confirmPassword: "Other 2026 mbuyu",
      acceptTerms: true,
    });
    const fresh = await post("/api/auth/register", {
      fullName: "New Person",
      email: unique("new"),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
    });
    expect(again.status).toBe(fresh.status);
    expect(again.body).toEqual(fresh.body);
    const mails = await mailsTo(api.outboxDir, email);
    expect(mails.at(-1)).toMatch(/Someone tried to register/);
  });

  it("gives the same answer for an unknown address and a wrong password", async () => {
    const email = await registerVerified(api);
    const wrong = await post("/api/auth/login", { email, password: "Wrong2026x" });
    const unknown = await post("/api/auth/login", { email: unique("nobody"), password: "Wrong2026x" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toMatchObject({ type: "INVALID_CREDENTIALS", error: "Invalid email or password" });
    const forgotKnown = await post("/api/auth/forgot-password", { email });
    const forgotUnknown = await post("/api/auth/forgot-password", { email: unique("nobody") });
    expect(forgotKnown.body).toEqual(forgotUnknown.body);
  });
});

describe("lockout", () => {
  it("locks on the fifth consecutive failure for 15 minutes, even for the right password; success resets", async () => {
    const email = await registerVerified(api);
    for (let i = 0; i < 4; i++) expect((await post("/api/auth/login", { email, password: "Wrong2026x" })).status).toBe(401);
    expect((await post("/api/auth/login", { email, password: PASSWORD })).status).toBe(200); // resets the counter
    for (let i = 0; i < 5; i++) expect((await post("/api/auth/login", { email, password: "Wrong2026x" })).status).toBe(401);
    const locked = await post("/api/auth/login", { email, password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ success: false, type: "RATE_LIMIT", error: "Account temporarily locked. Please try again in 15 minutes." });
    // the lock ends when its time is up
    await api.handle.db
      .update(loginLocks)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(loginLocks.email, email));
    expect((await post("/api/auth/login", { email, password: PASSWORD })).status).toBe(200);
  });

  it("lets exactly five of 20 parallel wrong guesses be checked", async () => {
    const email = await registerVerified(api);
    const results = await Promise.all(Array.from({ length: 20 }, () => post("/api/auth/login", { email, password: "Wrong2026x" })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect((await post("/api/auth/login", { email, password: PASSWORD })).status).toBe(429);
    const events = await api.handle.db.select().from(securityEvents).where(eq(securityEvents.email, email));
    expect(events.filter((e) => e.type === "login-failed")).toHaveLength(5);
  });

  it("locks an unknown address the same way (the lock reveals nothing)", async () => {
    const email = unique("ghost");
    for (let i = 0; i < 5; i++) expect((await post("/api/auth/login", { email, password: "Wrong2026x" })).status).toBe(401);
    expect((await post("/api/auth/login", { email, password: "Wrong2026x" })).body).toMatchObject({ type: "RATE_LIMIT" });
  });
});

describe("password reset and change", () => {
  it("resets once with a one-hour link, signs every session out, and the new password works", async () => {
    const email = await registerVerified(api);
    const first = await post("/api/auth/login", { email, password: PASSWORD });
    expect((await post("/api/auth/forgot-password", { email })).status).toBe(200);
    const token = await lastLinkToken(api.outboxDir, email, "/auth/reset-password");
    expect(token).toBeTruthy();
    expect((await post("/api/auth/reset-password", { token, password: "weak", confirmPassword: "weak" })).body).toEqual({
      success: false,
      error: "Password must be at least 8 characters long",
      code: "validation",
      reason: "passwordShort",
      min: 8,
    });
    const reset = await post("/api/auth/reset-password", { token, password: "NewKilima2027", confirmPassword: "NewKilima2027" });
    expect(reset.status).toBe(200);
    expect((await post("/api/auth/reset-password", { token, password: "NewKilima2028", confirmPassword: "NewKilima2028" })).status).toBe(400);
    expect((await session(first.cookie)).authenticated).toBe(false);
    expect((await post("/api/auth/login", { email, password: PASSWORD })).status).toBe(401);
    expect((await post("/api/auth/login", { email, password: "NewKilima2027" })).status).toBe(200);
  });

  it("changing the password needs the current one and signs other devices out", async () => {
    const email = await registerVerified(api);
    const phone = await post("/api/auth/login", { email, password: PASSWORD });
    const laptop = await post("/api/auth/login", { email, password: PASSWORD });
    const wrong = await post(
      "/api/account/password",
      { currentPassword: "Nope2026x", newPassword: "Fresh2026x", confirmPassword: "Fresh2026x" },
      { cookie: laptop.cookie! },
    );
    expect(wrong.status).toBe(400);
    const changed = await post(
      "/api/account/password",
      { currentPassword: PASSWORD, newPassword: "Fresh2026x", confirmPassword: "Fresh2026x" },
      { cookie: laptop.cookie! },
    );
    expect(changed.status).toBe(200);
    expect((await session(phone.cookie)).authenticated).toBe(false);
    expect((await session(changed.cookie)).authenticated).toBe(true);
    expect((await post("/api/account/password", {}, {})).status).toBe(401);
  });
});

describe("roles and CSRF", () => {
  it("lets only an admin write settings", async () => {
    const userEmail = await registerVerified(api);
    const adminEmail = await registerVerified(api);
    await api.handle.db.update(users).set({ role: "admin" }).where(eq(users.email, adminEmail));
    const user = await post("/api/auth/login", { email: userEmail, password: PASSWORD });
    const admin = await post("/api/auth/login", { email: adminEmail, password: PASSWORD });
    expect(admin.body.redirectTo).toBe("/admin");

    const change = { key: "companyTagline", value: "Parts for every project" };
    expect((await post("/api/admin/settings", change)).status).toBe(401);
    expect((await post("/api/admin/settings", change, { cookie: user.cookie! })).status).toBe(403);
    // administrators must turn on two-step sign-in first (the site's default policy)
    expect((await post("/api/admin/settings", change, { cookie: admin.cookie! })).body.code).toBe("two-factor-required");
    await enrolTwoFactor(api.app, admin.cookie!, PASSWORD);
    const ok = await post("/api/admin/settings", change, { cookie: admin.cookie! });
    expect(ok.status).toBe(200);
    // a plain string stands for both languages
    expect((ok.body.settings as { companyTagline: unknown }).companyTagline).toEqual({ en: "Parts for every project", sw: "Parts for every project" });
    expect((await post("/api/admin/settings", { key: "companyColor", value: "red" }, { cookie: admin.cookie! })).status).toBe(400);
    expect((await post("/api/admin/settings", { nonsense: true }, { cookie: admin.cookie! })).status).toBe(400);
    const reset = await post("/api/admin/settings", { reset: true }, { cookie: admin.cookie! });
    expect((reset.body.settings as { companyTagline: { en: string } }).companyTagline.en).not.toBe("Parts for every project");
  });

  it("refuses cross-site writes and accepts the site's own", async () => {
    const email = await registerVerified(api);
    const evil = await post("/api/auth/login", { email, password: PASSWORD }, { origin: "https://evil.example" });
    expect(evil.status).toBe(403);
    // the refusal says plainly where the shop must be opened: SITE_URL's origin when it is set
    expect(evil.body).toEqual({
      error: "This request was refused because it did not come from the shop's own address. Open the shop at http://shop.test and try again.",
      code: "cross-site",
      reason: "crossSite",
      address: "http://shop.test",
    });
    // with SITE_URL set, this machine's own addresses are not the shop's
    expect((await post("/api/auth/login", { email, password: PASSWORD }, { origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" })).status).toBe(403);
    expect((await post("/api/auth/login", { email, password: PASSWORD }, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await post("/api/newsletter", { email: unique("csrf") }, { origin: "https://evil.example" })).status).toBe(403);
    // the whole origin counts: the same host over https, or on another port, is another site
    expect((await post("/api/auth/login", { email, password: PASSWORD }, { origin: "https://shop.test" })).status).toBe(403);
    expect((await post("/api/auth/login", { email, password: PASSWORD }, { origin: "http://shop.test:8080" })).status).toBe(403);
    expect((await post("/api/auth/login", { email, password: PASSWORD }, { origin: "null" })).status).toBe(403);
    // Sec-Fetch-Site is compared without regard to case, and only same-origin passes
    expect((await post("/api/auth/login", { email, password: PASSWORD }, { "sec-fetch-site": "Cross-Site" })).status).toBe(403);
    expect((await post("/api/auth/login", { email, password: PASSWORD }, { "sec-fetch-site": "same-site" })).status).toBe(403);
    const own = await post("/api/auth/login", { email, password: PASSWORD }, { origin: "http://shop.test" });
    expect(own.status).toBe(200);
    expect((await post("/api/auth/login", { email, password: PASSWORD }, { "sec-fetch-site": "same-origin" })).status).toBe(200);

    // a write that carries the session cookie must say where it comes from (this API instance
    // sends exactly the headers given, unlike the harness's, which adds the shop's Origin)
    const { app: bareApi, close } = await buildTestApi(api, { bare: true });
    try {
      const send = (headers: Record<string, string>) =>
        bareApi.inject({ method: "POST", url: "/api/auth/logout", headers: { "content-type": "application/json", ...headers }, payload: "{}" });
      const cookie = own.cookie!;
      const bare = await send({ cookie });
      expect(bare.statusCode).toBe(403);
      expect(bare.json()).toMatchObject({ code: "cross-site" });
      expect((await session(cookie)).authenticated).toBe(true);
      expect((await send({ cookie, "sec-fetch-site": "SAME-ORIGIN" })).statusCode).toBe(200);
      expect((await session(cookie)).authenticated).toBe(false);
      // no cookie and no Origin (curl, scripts): no session to ride on, still allowed
      const login = await bareApi.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await close();
    }
  });
});

describe("writes without SITE_URL: the shop opened at any of this machine's own addresses", () => {
  /** A non-loopback address of this machine, when it has one (the address a phone on the network would use). */
  const networkAddress = () =>
    Object.values(os.networkInterfaces())
      .flat()
      .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;

  it("accepts a write whose Origin is the address it was sent to, when that is this machine's; refuses any other, naming where to open the shop", async () => {
    const { app, close } = await buildTestApi(api, { bare: true, siteUrlSet: false, config: { siteUrl: new URL("http://localhost:3000") } });
    try {
      const write = (origin: string | undefined, host: string, extra: Record<string, string> = {}) =>
        app.inject({
          method: "POST",
          url: "/api/locale",
          headers: { "content-type": "application/json", host, ...(origin ? { origin } : {}), ...extra },
          payload: JSON.stringify({ locale: "sw" }),
        });
      const own = ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", `${os.hostname().toLowerCase()}:3000`, "shop.localhost:3000"];
      const lan = networkAddress();
      if (lan) own.push(`${lan}:3000`);
      for (const host of own) {
        const res = await write(`http://${host}`, host, { "sec-fetch-site": "same-origin" });
        expect(res.statusCode, host).toBe(200);
      }
      // the Origin must be the very address the request went to: scheme, host and port
      const refusedCases: [string, string][] = [
        ["http://127.0.0.1:4000", "127.0.0.1:3000"],
        ["https://127.0.0.1:3000", "127.0.0.1:3000"],
        ["http://localhost:3000", "127.0.0.1:3000"],
        ["http://evil.example", "127.0.0.1:3000"],
        ["null", "127.0.0.1:3000"],
        // another site's name pointed at this machine (DNS rebinding) is never the shop
        ["http://evil.example:3000", "evil.example:3000"],
      ];
      for (const [origin, host] of refusedCases) expect((await write(origin, host)).statusCode, `${origin} to ${host}`).toBe(403);
      expect((await write(undefined, "127.0.0.1:3000", { "sec-fetch-site": "cross-site" })).statusCode).toBe(403);

      // a refusal names the address to open, in both languages' words (the page shows its reason)
      const foreign = await write("http://evil.example", "127.0.0.1:3000");
      expect(foreign.json()).toEqual({
        error: "This request was refused because it did not come from the shop's own address. Open the shop at http://127.0.0.1:3000 and try again.",
        code: "cross-site",
        reason: "crossSite",
        address: "http://127.0.0.1:3000",
      });
      // opened at a name that is not this machine's: the machine's network address (or localhost) is named instead
      const rebound = (await write("http://evil.example:3000", "evil.example:3000")).json() as { address: string };
      expect(rebound.address).toBe(lan ? `http://${lan}:3000` : "http://localhost:3000");
    } finally {
      await close();
    }
  });
});

describe("admin accounts", () => {
  it("creates the first admin once with a generated password that signs in, and promotes existing accounts", async () => {
    const { ensureInitialAdmin, createOrPromoteAdmin } = await import("../../src/server/auth/admin");
    const { db } = api.handle;
    await db.update(users).set({ role: "user" }).where(eq(users.role, "admin"));
    const email = unique("first-admin");
    const password = await ensureInitialAdmin(db, email);
    expect(password).toBeTruthy();
    expect(await ensureInitialAdmin(db, unique("second-admin"))).toBeNull();
    const login = await post("/api/auth/login", { email, password });
    expect(login.status).toBe(200);
    expect((login.body.user as { role: string }).role).toBe("admin");

    const shopper = await registerVerified(api);
    expect((await createOrPromoteAdmin(db, shopper)).created).toBe(false);
    expect((await session((await post("/api/auth/login", { email: shopper, password: PASSWORD })).cookie)).user?.role).toBe("admin");
    await expect(createOrPromoteAdmin(db, unique("weak"), { password: "short" })).rejects.toThrow(/at least 8/);
  });
});

describe("password spraying", () => {
  it("slows one network address down after too many failures across different accounts", async () => {
    const { app: strict, close } = await buildTestApi(api, { trustProxy: true, config: { loginFailuresPerAddress: 3 } });
    try {
      const ip = `10.9.${process.pid % 250}.${(Date.now() % 250) + 1}`;
      const attempt = (email: string) =>
        strict.inject({
          method: "POST",
          url: "/api/auth/login",
          headers: { "content-type": "application/json", "x-forwarded-for": ip },
          payload: JSON.stringify({ email, password: "Wrong2026x" }),
        });
      for (let i = 0; i < 3; i++) expect((await attempt(unique("spray"))).statusCode).toBe(401);
      const blocked = await attempt(unique("spray"));
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ type: "RATE_LIMIT" });
      // another address is not affected
      const other = await strict.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "content-type": "application/json", "x-forwarded-for": "10.200.1.1" },
        payload: JSON.stringify({ email: unique("spray"), password: "Wrong2026x" }),
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await close();
    }
  });
});
