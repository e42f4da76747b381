import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FastifyInstance } from "fastify";
import { createPasswordHasher } from "../../src/server/auth/passwords";
import { loginLocks, securityEvents, sessions, users } from "../../src/server/db/schema";
import { apiClient, buildTestApi, lastLinkToken, registerVerified, setupApi, TEST_PASSWORD as PASSWORD, unique } from "./harness";
import { enrolTwoFactor } from "./two-factor-helpers";

const api = setupApi();
/** each test hashes several passwords (a third of a second each when idle, seconds on a busy machine) */
const SLOW = 180_000;
const { post } = apiClient(api);
let counter = 0;
/** a fresh client address per test, so the per-address limits of one test do not reach another */
const address = () => `10.77.${counter % 250}.${(counter++ % 250) + 1}`;

const registration = (email: string, password = PASSWORD) => ({ fullName: "Neema Kweka", email, password, confirmPassword: password, acceptTerms: true });

async function isSignedIn(app: FastifyInstance, cookie: string | null): Promise<boolean> {
  const res = await app.inject({ method: "GET", url: "/api/auth/session", headers: cookie ? { cookie } : {} });
  return (res.json() as { authenticated: boolean }).authenticated;
}

afterEach(() => vi.restoreAllMocks());

describe("password hashing never stalls the shop", () => {
  it(
    "answers 503 busy with Retry-After once the hashing queue is full",
    async () => {
      const test = await buildTestApi(api, { config: { passwordHashing: { workers: 1, maxWaiting: 1 } } });
      try {
        const results = await Promise.all(
          Array.from({ length: 6 }, () => post("/api/auth/register", registration(unique("burst")), {}, { app: test.app, ip: address() })),
        );
        const busy = results.filter((r) => r.status === 503);
        expect(busy.length).toBeGreaterThan(0);
        expect(results.filter((r) => r.status === 201).length).toBeGreaterThanOrEqual(2);
        expect(results.every((r) => r.status === 201 || r.status === 503)).toBe(true);
        for (const r of busy) {
          expect(r.body).toMatchObject({ success: false, code: "busy" });
          expect(r.body.error).toMatch(/busy.*try again/i);
          expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
        }
        // a sign-in is refused before its guess counts against the account's lock
        const email = await registerVerified(api, { app: test.app, ip: address() });
        const slow = Array.from({ length: 2 }, () => post("/api/auth/register", registration(unique("burst")), {}, { app: test.app, ip: address() }));
        await new Promise((resolve) => setTimeout(resolve, 20));
        const login = await post("/api/auth/login", { email, password: "Wrong2026x" }, {}, { app: test.app, ip: address() });
        await Promise.all(slow);
        if (login.status === 503) {
          expect(login.body).toMatchObject({ code: "busy" });
          expect(await api.handle.db.select().from(loginLocks).where(eq(loginLocks.email, email))).toHaveLength(0);
        }
      } finally {
        await test.close();
      }
    },
    SLOW,
  );

  it(
    "serves a media file and the catalogue while 20 registrations are being hashed",
    async () => {
      const files = (await fs.readdir(api.mediaDir, { recursive: true })).filter((f) => /\.(webp|jpe?g|png|avif)$/.test(f));
      const media = `/media/${files[0]!.split(path.sep).join("/")}`;
      const test = await buildTestApi(api, { config: { passwordHashing: { workers: 2, maxWaiting: 40 } } });
      try {
        expect((await test.app.inject({ method: "GET", url: media })).statusCode).toBe(200);
        let hashingDone = 0;
        const batch = Promise.all(
          Array.from({ length: 20 }, () =>
            post("/api/auth/register", registration(unique("load")), {}, { app: test.app, ip: address() }).then((r) => {
              hashingDone = Date.now();
              return r;
            }),
          ),
        );
        // the batch is queued: now the other answers must not wait behind it
        await new Promise((resolve) => setTimeout(resolve, 50));
        const [file, products] = await Promise.all([
          test.app.inject({ method: "GET", url: media }).then((r) => ({ status: r.statusCode, at: Date.now() })),
          test.app.inject({ method: "GET", url: "/api/products?limit=5&_=hashing" }).then((r) => ({ status: r.statusCode, at: Date.now() })),
        ]);
        const registered = await batch;
        expect(file.status).toBe(200);
        expect(products.status).toBe(200);
        expect(registered.every((r) => r.status === 201)).toBe(true);
        // both answered while the hashing batch was still running (not after it)
        expect(file.at).toBeLessThan(hashingDone);
        expect(products.at).toBeLessThan(hashingDone);
      } finally {
        await test.close();
      }
    },
    SLOW,
  );
});

describe("per-address and per-e-mail limits on the account routes", () => {
  const limited = (perAddress: number, perEmail: number) => ({
    authLimits: {
      perAddress: Object.fromEntries(
        ["register", "login", "forgot-password", "reset-password", "resend-verification"].map((k) => [k, { max: perAddress, windowMinutes: 15 }]),
      ),
      perEmail: Object.fromEntries(["register", "login", "forgot-password", "resend-verification"].map((k) => [k, { max: perEmail, windowMinutes: 15 }])),
    },
  });

  const routes: [string, (email: string) => Record<string, unknown>][] = [
    ["/api/auth/register", (email) => registration(email)],
    ["/api/auth/login", (email) => ({ email, password: "Wrong2026x" })],
    ["/api/auth/forgot-password", (email) => ({ email })],
    ["/api/auth/reset-password", () => ({ token: "not-a-real-token", password: "Fresh2026x", confirmPassword: "Fresh2026x" })],
    ["/api/auth/resend-verification", (email) => ({ email })],
  ];

  it.each(routes)(
    "%s: 429 rate-limited with Retry-After past the per-address limit; another address goes on",
    async (url, body) => {
      const test = await buildTestApi(api, { config: limited(2, 100) });
      try {
        const ip = address();
        for (let i = 0; i < 2; i++) expect((await post(url, body(unique("addr")), {}, { app: test.app, ip })).status).not.toBe(429);
        const refused = await post(url, body(unique("addr")), {}, { app: test.app, ip });
        expect(refused.status).toBe(429);
        expect(refused.body).toMatchObject({ success: false, code: "rate-limited" });
        expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
        if (url === "/api/auth/login") expect(refused.body).toMatchObject({ type: "RATE_LIMIT", user: null });
        expect((await post(url, body(unique("addr")), {}, { app: test.app, ip: address() })).status).not.toBe(429);
      } finally {
        await test.close();
      }
    },
    SLOW,
  );

  it.each(routes.filter(([url]) => url !== "/api/auth/reset-password"))(
    "%s: 429 past the strict per-e-mail limit, from any address; another e-mail goes on",
    async (url, body) => {
      const test = await buildTestApi(api, { config: limited(100, 2) });
      try {
        const email = unique("mail");
        for (let i = 0; i < 2; i++) expect((await post(url, body(email), {}, { app: test.app, ip: address() })).status).not.toBe(429);
        const refused = await post(url, body(email.toUpperCase()), {}, { app: test.app, ip: address() });
        expect(refused.status).toBe(429);
        expect(refused.body).toMatchObject({ success: false, code: "rate-limited" });
        expect(refused.body.error).toMatch(/this e-mail address/);
        const wait = Number(refused.headers["retry-after"]);
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(15 * 60);
        expect((await post(url, body(unique("mail")), {}, { app: test.app, ip: address() })).status).not.toBe(429);
      } finally {
        await test.close();
      }
    },
    SLOW,
  );

  it(
    "keeps the sign-in lock and counts the per-e-mail window in the database (shared by app servers)",
    async () => {
      const one = await buildTestApi(api, { config: limited(100, 3) });
      const two = await buildTestApi(api, { config: limited(100, 3) });
      try {
        const email = unique("shared");
        expect((await post("/api/auth/forgot-password", { email }, {}, { app: one.app, ip: address() })).status).toBe(200);
        expect((await post("/api/auth/forgot-password", { email }, {}, { app: two.app, ip: address() })).status).toBe(200);
        expect((await post("/api/auth/forgot-password", { email }, {}, { app: one.app, ip: address() })).status).toBe(200);
        expect((await post("/api/auth/forgot-password", { email }, {}, { app: two.app, ip: address() })).status).toBe(429);
      } finally {
        await one.close();
        await two.close();
      }
    },
    SLOW,
  );

  it(
    "counts only registrations that would send mail toward the e-mail address's allowance, not typos",
    async () => {
      const test = await buildTestApi(api, { config: limited(100, 2) });
      try {
        const email = unique("typos");
        const typos = [
          { ...registration(email), confirmPassword: "Something else 2026" },
          registration(email, "short"),
          registration(email, "Password1"),
          { ...registration(email), acceptTerms: false },
          { ...registration(email), fullName: "" },
        ];
        for (const typo of [...typos, ...typos]) {
          const refused = await post("/api/auth/register", typo, {}, { app: test.app, ip: address() });
          expect(refused.status, JSON.stringify(refused.body)).toBe(400);
          expect(refused.body.code).toBe("validation");
        }
        // the allowance (two) is still whole: two registrations go through (a second one mails the owner), the third is refused
        expect((await post("/api/auth/register", registration(email), {}, { app: test.app, ip: address() })).status).toBe(201);
        expect((await post("/api/auth/register", registration(email), {}, { app: test.app, ip: address() })).status).toBe(201);
        const third = await post("/api/auth/register", registration(email), {}, { app: test.app, ip: address() });
        expect(third.status).toBe(429);
        expect(third.body).toMatchObject({ code: "rate-limited" });
        // a typo after that is still told what is wrong with it, not to wait
        expect((await post("/api/auth/register", registration(email, "short"), {}, { app: test.app, ip: address() })).body).toMatchObject({
          reason: "passwordShort",
        });
      } finally {
        await test.close();
      }
    },
    SLOW,
  );
});

describe("changing the password with a guessed current password", () => {
  it(
    "counts wrong current passwords against the sign-in lock, logs each, and locks after five",
    async () => {
      const email = await registerVerified(api, { ip: address() });
      const login = await post("/api/auth/login", { email, password: PASSWORD });
      const change = (currentPassword: string) =>
        post("/api/account/password", { currentPassword, newPassword: "Fresh2026 kilima", confirmPassword: "Fresh2026 kilima" }, { cookie: login.cookie! });
      for (let i = 0; i < 5; i++) {
        const wrong = await change(`Guess${i}2026x`);
        expect(wrong.status).toBe(400);
        expect(wrong.body).toMatchObject({ code: "wrong-password" });
      }
      const locked = await change(PASSWORD);
      expect(locked.status).toBe(429);
      expect(locked.body).toMatchObject({ code: "locked" });
      expect(locked.body.error).toMatch(/Account temporarily locked/);
      expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
      // the same lock holds for signing in
      expect((await post("/api/auth/login", { email, password: PASSWORD })).status).toBe(429);
      const [user] = await api.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const events = await api.handle.db.select().from(securityEvents).where(eq(securityEvents.userId, user!.id));
      expect(events.filter((e) => e.type === "password-change-failed")).toHaveLength(5);
      expect(events.some((e) => e.type === "login-locked")).toBe(true);
      // when the lock ends, the right password changes it (and clears the count)
      await api.handle.db
        .update(loginLocks)
        .set({ lockedUntil: sql`now() - interval '1 second'` })
        .where(eq(loginLocks.email, email));
      expect((await change(PASSWORD)).status).toBe(200);
      expect(await api.handle.db.select().from(loginLocks).where(eq(loginLocks.email, email))).toHaveLength(0);
    },
    SLOW,
  );
});

describe("password rules: length, not composition; common passwords refused", () => {
  it(
    "accepts a passphrase and an 8-character Unicode password, which then sign in",
    async () => {
      for (const password of ["correct horse battery staple", "пароль日本", "Nenosiri🔑"]) {
        const email = await registerVerified(api, { email: unique("phrase"), password, ip: address() });
        expect((await post("/api/auth/login", { email, password })).status).toBe(200);
      }
    },
    SLOW,
  );

  it(
    "refuses common passwords, and 129 characters, at registration, reset and change",
    async () => {
      const common =
        "This password is too easy to guess: common passwords, names (the shop's, the country's or your own) and repeated characters are tried first, even with digits or symbols added or letters swapped for look-alikes (P@ssw0rd). Please choose another — a few unrelated words make a strong one.";
      for (const password of ["Password1", "qwertyuiop", "iloveyou"]) {
        const res = await post("/api/auth/register", registration(unique("common"), password), {}, { ip: address() });
        expect(res.body).toEqual({ success: false, error: common, code: "validation", reason: "passwordCommon" });
      }
      const email = await registerVerified(api, { ip: address() });
      expect((await post("/api/auth/forgot-password", { email })).status).toBe(200);
      const token = await lastLinkToken(api.outboxDir, email, "/auth/reset-password");
      expect((await post("/api/auth/reset-password", { token, password: "Password1", confirmPassword: "Password1" })).body.error).toBe(common);
      const long = "a".repeat(129);
      expect((await post("/api/auth/reset-password", { token, password: long, confirmPassword: long })).body.error).toBe(
        "Password must be at most 128 characters long",
      );
      const login = await post("/api/auth/login", { email, password: PASSWORD });
      const change = await post(
        "/api/account/password",
        { currentPassword: PASSWORD, newPassword: "Password1", confirmPassword: "Password1" },
        { cookie: login.cookie! },
      );
      expect(change.body.error).toBe(common);
    },
    SLOW,
  );

  it(
    "refuses decorated common passwords, the shop's and the country's name with digits, repeats and the person's own name",
    async () => {
      for (const password of ["Password123!", "Qwerty123!", "Passw0rd!", "Tanzania123", "Kilima123", "aaaaaaaa"]) {
        const res = await post("/api/auth/register", registration(unique("decorated"), password), {}, { ip: address() });
        expect(res.status, password).toBe(400);
        expect(res.body, password).toMatchObject({ code: "validation", reason: "passwordCommon" });
      }
      // the shop's name as its settings have it, and the name and address typed in the form
      const shopName = await post("/api/auth/register", registration(unique("shop"), "Electronics2026!"), {}, { ip: address() });
      expect(shopName.body).toMatchObject({ reason: "passwordCommon" });
      const ownName = await post("/api/auth/register", registration(unique("own"), "Kweka2026!"), {}, { ip: address() });
      expect(ownName.body).toMatchObject({ reason: "passwordCommon" });

      const email = await registerVerified(api, { ip: address() });
      expect((await post("/api/auth/forgot-password", { email })).status).toBe(200);
      const token = await lastLinkToken(api.outboxDir, email, "/auth/reset-password");
      const reset = await post("/api/auth/reset-password", { token, password: "Tanzania123", confirmPassword: "Tanzania123" });
      expect(reset.body).toMatchObject({ code: "validation", reason: "passwordCommon" });
      const login = await post("/api/auth/login", { email, password: PASSWORD });
      const change = await post(
        "/api/account/password",
        { currentPassword: PASSWORD, newPassword: "Neema1990!", confirmPassword: "Neema1990!" },
        { cookie: login.cookie! },
      );
      expect(change.body).toMatchObject({ code: "validation", reason: "passwordCommon" });
      // the refused ones changed nothing: the old password still signs in
      expect((await post("/api/auth/login", { email, password: PASSWORD })).status).toBe(200);
    },
    SLOW,
  );

  it(
    "lets an existing account with a password the new rules refuse keep signing in",
    async () => {
      const email = unique("old");
      const hasher = createPasswordHasher({ workers: 1 });
      const passwordHash = await hasher.hash("password1").finally(() => hasher.close());
      await api.handle.db.insert(users).values({ email, fullName: "Old Account", passwordHash, emailVerifiedAt: sql`now()` });
      expect((await post("/api/auth/login", { email, password: "password1" })).status).toBe(200);
    },
    SLOW,
  );
});

describe("absolute session lifetime", () => {
  it(
    "ends a session without remember-me 12 hours after sign-in however active; remembered ones keep 30 days",
    async () => {
      const email = await registerVerified(api, { ip: address() });
      const plain = await post("/api/auth/login", { email, password: PASSWORD });
      const remembered = await post("/api/auth/login", { email, password: PASSWORD, remember: true });
      expect(await isSignedIn(api.app, plain.cookie)).toBe(true);
      const [user] = await api.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      // 13 hours ago, and used a minute ago (so the idle clock alone would keep it going)
      await api.handle.db
        .update(sessions)
        .set({ createdAt: sql`now() - interval '13 hours'`, lastSeenAt: sql`now() - interval '2 minutes'`, expiresAt: sql`now() + interval '30 minutes'` })
        .where(eq(sessions.userId, user!.id));
      expect(await isSignedIn(api.app, plain.cookie)).toBe(false);
      expect(await isSignedIn(api.app, remembered.cookie)).toBe(true);
      // at 11.5 hours the sliding window is cut at the 12-hour mark
      const fresh = await post("/api/auth/login", { email, password: PASSWORD });
      await api.handle.db
        .update(sessions)
        .set({ createdAt: sql`now() - interval '11 hours 50 minutes'`, lastSeenAt: sql`now() - interval '2 minutes'` })
        .where(and(eq(sessions.userId, user!.id), eq(sessions.remember, false)));
      expect(await isSignedIn(api.app, fresh.cookie)).toBe(true);
      const [row] = await api.handle.db
        .select({ minutesLeft: sql<number>`extract(epoch from (${sessions.expiresAt} - now()))::float8 / 60` })
        .from(sessions)
        .where(and(eq(sessions.userId, user!.id), eq(sessions.remember, false)))
        .orderBy(desc(sessions.id))
        .limit(1);
      expect(row!.minutesLeft).toBeLessThanOrEqual(10.1);
    },
    SLOW,
  );
});

describe("the first admin's password", () => {
  it(
    "goes to an owner-only file under the data folder, never to the console or the log",
    async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "storefront-admin-"));
      const logged: string[] = [];
      const printed: string[] = [];
      for (const method of ["log", "info", "warn", "error"] as const)
        vi.spyOn(console, method).mockImplementation((...args) => void printed.push(args.join(" ")));
      const test = await buildTestApi(api, { config: { dataDir, log: (line) => logged.push(line) } });
      try {
        await api.handle.db.update(users).set({ role: "user" }).where(eq(users.role, "admin"));
        const email = unique("first-admin");
        const { adminPasswordFile } = await test.services.start(email);
        expect(adminPasswordFile).toBe(path.join(dataDir, "initial-admin-password.txt"));
        const stat = await fs.stat(adminPasswordFile!);
        expect(stat.mode & 0o777).toBe(0o600);
        const text = await fs.readFile(adminPasswordFile!, "utf8");
        const password = /password: (\S+)/.exec(text)?.[1];
        expect(password).toBeTruthy();
        expect(text).toContain(email);
        const login = await post("/api/auth/login", { email, password }, {}, { app: test.app });
        expect(login.status).toBe(200);
        expect((login.body.user as { role: string }).role).toBe("admin");
        for (const line of [...logged, ...printed]) expect(line).not.toContain(password!);
        // a second start finds the admin and writes nothing
        expect((await test.services.start(unique("second"))).adminPasswordFile).toBeNull();
      } finally {
        await test.close();
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
    SLOW,
  );
});

describe("public and full site settings", () => {
  it(
    "answers only the storefront's settings to anyone, and every setting to an admin who asks",
    async () => {
      const pub = await api.app.inject({ method: "GET", url: "/api/admin/settings" });
      expect(pub.statusCode).toBe(200);
      const settings = pub.json().settings as Record<string, unknown>;
      expect(settings.companyName).toBeTruthy();
      expect(settings.cart).toMatchObject({ shippingCost: expect.any(Number) });
      expect(settings).not.toHaveProperty("security");
      expect(settings).not.toHaveProperty("notifications");

      expect((await api.app.inject({ method: "GET", url: "/api/admin/settings?full=true" })).statusCode).toBe(401);
      const shopper = await registerVerified(api, { ip: address() });
      const shopperLogin = await post("/api/auth/login", { email: shopper, password: PASSWORD });
      const refused = await api.app.inject({ method: "GET", url: "/api/admin/settings?full=true", headers: { cookie: shopperLogin.cookie! } });
      expect(refused.statusCode).toBe(403);

      const adminEmail = await registerVerified(api, { ip: address() });
      await api.handle.db.update(users).set({ role: "admin" }).where(eq(users.email, adminEmail));
      const admin = await post("/api/auth/login", { email: adminEmail, password: PASSWORD });
      // administrators must use two-step sign-in first (the site's default policy)
      await enrolTwoFactor(api.app, admin.cookie!, PASSWORD);
      const full = await api.app.inject({ method: "GET", url: "/api/admin/settings?full=true", headers: { cookie: admin.cookie! } });
      expect(full.statusCode).toBe(200);
      expect(full.headers["cache-control"]).toMatch(/no-store/);
      expect(full.json().settings.security).toMatchObject({ maxLoginAttempts: expect.any(Number), lockoutMinutes: expect.any(Number) });
    },
    SLOW,
  );
});
