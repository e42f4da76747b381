import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { securityEvents, signInChallenges, twoFactorRecoveryCodes, users, userTwoFactor } from "../../src/server/db/schema";
import { hashSecret } from "../../src/server/auth/tokens";
import { apiClient, buildTestApi, registerVerified, setupApi, TEST_PASSWORD as PASSWORD, unique } from "./harness";
import { enrolTwoFactor, totpCode } from "./two-factor-helpers";

// each test registers accounts and signs in several times (a deliberately slow password hash each)
vi.setConfig({ testTimeout: 120_000 });

const api = setupApi();
const { call, post } = apiClient(api);
let counter = 0;

/** a fresh client address, so the per-address limits of one test do not reach another */
const address = () => `10.78.${counter % 250}.${(counter++ % 250) + 1}`;

const authenticated = async (cookie: string | null) => (await call("GET", "/api/auth/session", cookie)).body.authenticated === true;

async function signedIn(email: string) {
  const login = await post("/api/auth/login", { email, password: PASSWORD });
  expect(login.status).toBe(200);
  expect(login.cookie).toBeTruthy();
  return login.cookie!;
}

/** An account with two-step sign-in on: its address, secret, recovery codes, and the time its codes are counted from. */
async function enrolled() {
  const email = await registerVerified(api);
  const at = Date.now();
  const { secret, recoveryCodes } = await enrolTwoFactor(api.app, await signedIn(email), PASSWORD, at);
  return { email, secret, recoveryCodes, at };
}

async function challengeFor(email: string, extra: Record<string, unknown> = {}) {
  const first = await post("/api/auth/login", { email, password: PASSWORD, ...extra });
  expect(first.status).toBe(200);
  expect(first.cookie).toBeNull();
  expect(first.body).toMatchObject({ success: false, twoFactorRequired: true, type: "TWO_FACTOR_REQUIRED", user: null, expiresInSeconds: 300 });
  return first.body.challenge as string;
}

const events = async (email: string, type: string) =>
  (
    await api.handle.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.email, email), eq(securityEvents.type, type)))
  ).length;

describe("two-step sign-in: enrolment", () => {
  it("shows a secret and QR code, turns on only with the password and a right code, and hands out ten recovery codes kept only as hashes", async () => {
    const email = await registerVerified(api);
    const other = await signedIn(email);
    const cookie = await signedIn(email);
    expect((await call("GET", "/api/account/two-factor", cookie)).body).toEqual({ success: true, enabled: false, recoveryCodesLeft: 0, required: false });
    expect((await post("/api/account/two-factor/setup", {})).status).toBe(401);

    const setup = await post("/api/account/two-factor/setup", {}, { cookie });
    expect(setup.status).toBe(200);
    const secret = setup.body.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toMatch(new RegExp(`^otpauth://totp/Kilima%20Electronics:.*secret=${secret}`));
    expect(setup.body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // until it is confirmed, sign-in still takes the password alone
    expect((await post("/api/auth/login", { email, password: PASSWORD })).body.success).toBe(true);

    // the password is asked too: a stolen session alone cannot turn it on (and lock the owner out)
    const noPassword = await post("/api/account/two-factor/confirm", { code: totpCode(secret) }, { cookie });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.code).toBe("validation");
    const wrongPassword = await post("/api/account/two-factor/confirm", { code: totpCode(secret), password: "not-the-password" }, { cookie });
    expect(wrongPassword.body.code).toBe("wrong-password");
    expect(await events(email, "two-factor-failed")).toBe(1);
    expect((await call("GET", "/api/account/two-factor", cookie)).body).toMatchObject({ enabled: false });

    const wrong = await post("/api/account/two-factor/confirm", { code: "000000" === totpCode(secret) ? "111111" : "000000", password: PASSWORD }, { cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("invalid-code");
    expect(await events(email, "two-factor-failed")).toBe(2);

    const confirmed = await post("/api/account/two-factor/confirm", { code: totpCode(secret), password: PASSWORD }, { cookie });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);

    const [user] = await api.handle.db.select().from(users).where(eq(users.email, email));
    const stored = await api.handle.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user!.id));
    expect(stored.map((r) => r.codeHash).sort()).toEqual(codes.map((c) => hashSecret(c.replace("-", ""))).sort());
    const [row] = await api.handle.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user!.id));
    expect(row!.enabledAt).not.toBeNull();
    expect(await events(email, "two-factor-enabled")).toBe(1);
    expect((await call("GET", "/api/account/two-factor", cookie)).body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // sessions opened with the password alone end; this one stays
    expect(await authenticated(other)).toBe(false);
    expect(await authenticated(cookie)).toBe(true);
    // a second set-up while it is on is refused
    expect((await post("/api/account/two-factor/setup", {}, { cookie })).status).toBe(400);
  });

  it("stores the secret encrypted when TOTP_ENCRYPTION_KEY is set, and plainly otherwise", async () => {
    const sealed = await buildTestApi(api, { config: { totpEncryptionKey: "11".repeat(32) } });
    try {
      const email = await registerVerified(api);
      const login = await post("/api/auth/login", { email, password: PASSWORD }, {}, { app: sealed.app });
      const { secret } = await enrolTwoFactor(sealed.app, login.cookie!, PASSWORD);
      const [row] = await api.handle.db
        .select({ secret: userTwoFactor.secret })
        .from(userTwoFactor)
        .innerJoin(users, eq(users.id, userTwoFactor.userId))
        .where(eq(users.email, email));
      expect(row!.secret.startsWith("enc:v1:")).toBe(true);
      expect(row!.secret).not.toContain(secret);
      const challenge = (await post("/api/auth/login", { email, password: PASSWORD }, {}, { app: sealed.app })).body.challenge;
      expect((await post("/api/auth/login/two-factor", { challenge, code: totpCode(secret, 1) }, {}, { app: sealed.app })).status).toBe(200);
    } finally {
      await sealed.close();
    }
    const plain = await enrolled();
    const [row] = await api.handle.db
      .select({ secret: userTwoFactor.secret })
      .from(userTwoFactor)
      .innerJoin(users, eq(users.id, userTwoFactor.userId))
      .where(eq(users.email, plain.email));
    expect(row!.secret).toBe(plain.secret);
  });
});

describe("two-step sign-in: signing in", () => {
  it("opens no session after the password alone; the code with the challenge does, once", async () => {
    const { email, secret, at } = await enrolled();
    const challenge = await challengeFor(email, { remember: true, redirect: "/products?sort=newest" });
    expect(await events(email, "two-factor-challenge")).toBe(1);

    const done = await post("/api/auth/login/two-factor", { challenge, code: totpCode(secret, 1, at) });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, error: null, redirectTo: "/products?sort=newest", user: { email } });
    expect(await authenticated(done.cookie)).toBe(true);
    expect(await events(email, "two-factor-success")).toBe(1);

    // the challenge is single-use
    const again = await post("/api/auth/login/two-factor", { challenge, code: totpCode(secret, 1, at) });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ code: "sign-in-expired", success: false, type: "INVALID_CREDENTIALS" });
  });

  it("refuses a code that was already used, and any older one", async () => {
    const { email, secret, recoveryCodes, at } = await enrolled();
    const first = await challengeFor(email);
    expect((await post("/api/auth/login/two-factor", { challenge: first, code: totpCode(secret, 1, at) })).status).toBe(200);
    const second = await challengeFor(email);
    const reused = await post("/api/auth/login/two-factor", { challenge: second, code: totpCode(secret, 1, at) });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ code: "invalid-code", success: false });
    expect((await post("/api/auth/login/two-factor", { challenge: second, code: totpCode(secret, 0, at) })).status).toBe(400);
    expect((await post("/api/auth/login/two-factor", { challenge: second, code: totpCode(secret, -1, at) })).status).toBe(400);
    expect(await events(email, "two-factor-failed")).toBe(3);
    // a failed code leaves the challenge usable
    expect((await post("/api/auth/login/two-factor", { challenge: second, code: recoveryCodes[0] })).status).toBe(200);
  });

  it("takes a recovery code (typed in any case, with spaces) once", async () => {
    const { email, recoveryCodes } = await enrolled();
    const code = recoveryCodes[3]!;
    const typed = ` ${code.toUpperCase().replace("-", " ")} `;
    const done = await post("/api/auth/login/two-factor", { challenge: await challengeFor(email), code: typed });
    expect(done.status).toBe(200);
    expect(await authenticated(done.cookie)).toBe(true);
    expect(await events(email, "two-factor-recovery-used")).toBe(1);
    const again = await post("/api/auth/login/two-factor", { challenge: await challengeFor(email), code });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("invalid-code");
    expect((await call("GET", "/api/account/two-factor", done.cookie)).body).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it("locks the second step after five wrong codes and logs them", async () => {
    const { email, secret, at } = await enrolled();
    const challenge = await challengeFor(email);
    const wrong = totpCode(secret, 5, at); // a real code, but too far ahead to be accepted
    for (let i = 0; i < 5; i++) {
      const res = await post("/api/auth/login/two-factor", { challenge, code: wrong });
      expect(res.status).toBe(400);
    }
    expect(await events(email, "two-factor-failed")).toBe(5);
    const locked = await post("/api/auth/login/two-factor", { challenge, code: totpCode(secret, 1, at) });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: "locked", type: "RATE_LIMIT", success: false });
    expect(locked.cookie).toBeNull();
    // the password cannot start a new attempt either while the lock lasts
    const again = await post("/api/auth/login", { email, password: PASSWORD });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: "locked", type: "RATE_LIMIT" });
    expect(again.body.challenge).toBeUndefined();
  });

  it("does not let a right password end a run of wrong codes (no unlimited guessing by signing in again)", async () => {
    const { email, secret, at } = await enrolled();
    const wrong = totpCode(secret, 5, at);
    for (let i = 0; i < 5; i++) {
      // a fresh challenge, with the right password, before every guess
      const res = await post("/api/auth/login/two-factor", { challenge: await challengeFor(email), code: wrong });
      expect(res.status).toBe(400);
    }
    expect((await post("/api/auth/login", { email, password: PASSWORD })).body).toMatchObject({ code: "locked" });
    // a wrong password meanwhile is still refused as such, and locks the password apart
    expect((await post("/api/auth/login", { email, password: "Wrong2026x" })).status).toBe(401);
  });

  it("ends a run of wrong codes with a right one", async () => {
    const { email, secret, at } = await enrolled();
    const challenge = await challengeFor(email);
    for (let i = 0; i < 4; i++) expect((await post("/api/auth/login/two-factor", { challenge, code: totpCode(secret, 5, at) })).status).toBe(400);
    expect((await post("/api/auth/login/two-factor", { challenge, code: totpCode(secret, 1, at) })).status).toBe(200);
    const next = await challengeFor(email);
    for (let i = 0; i < 4; i++) expect((await post("/api/auth/login/two-factor", { challenge: next, code: totpCode(secret, 5, at) })).status).toBe(400);
  });

  it("lets a challenge expire after five minutes", async () => {
    const { email, secret, at } = await enrolled();
    const challenge = await challengeFor(email);
    const [row] = await api.handle.db
      .select()
      .from(signInChallenges)
      .where(eq(signInChallenges.tokenHash, hashSecret(challenge)));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThanOrEqual(299_000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(301_000);
    await api.handle.db
      .update(signInChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(signInChallenges.tokenHash, hashSecret(challenge)));
    const late = await post("/api/auth/login/two-factor", { challenge, code: totpCode(secret, 1, at) });
    expect(late.status).toBe(401);
    expect(late.body).toMatchObject({ code: "sign-in-expired", success: false });
    expect((await post("/api/auth/login/two-factor", { challenge: "made-up", code: totpCode(secret, 1, at) })).status).toBe(401);
  });
});

describe("two-step sign-in: limits on the second step", () => {
  const limits = (perAddress: number, perEmail: number) => ({
    authLimits: {
      perAddress: { "login-two-factor": { max: perAddress, windowMinutes: 15 } },
      perEmail: { login: { max: 1000, windowMinutes: 15 }, "login-two-factor": { max: perEmail, windowMinutes: 15 } },
    },
  });

  it("answers 429 rate-limited with Retry-After past the per-address limit, in the sign-in's shape; another address goes on", async () => {
    const test = await buildTestApi(api, { config: limits(2, 1000) });
    try {
      const ip = address();
      for (let i = 0; i < 2; i++)
        expect((await post("/api/auth/login/two-factor", { challenge: "made-up", code: "123456" }, {}, { app: test.app, ip })).status).toBe(401);
      const refused = await post("/api/auth/login/two-factor", { challenge: "made-up", code: "123456" }, {}, { app: test.app, ip });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ success: false, code: "rate-limited", type: "RATE_LIMIT", user: null });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect((await post("/api/auth/login/two-factor", { challenge: "made-up", code: "123456" }, {}, { app: test.app, ip: address() })).status).toBe(401);
    } finally {
      await test.close();
    }
  });

  it("answers 429 past the per-e-mail limit of the second step, from any address", async () => {
    const test = await buildTestApi(api, { config: limits(1000, 2) });
    try {
      const { email, secret, at } = await enrolled();
      const first = await post("/api/auth/login", { email, password: PASSWORD }, {}, { app: test.app, ip: address() });
      const challenge = first.body.challenge as string;
      for (let i = 0; i < 2; i++)
        expect((await post("/api/auth/login/two-factor", { challenge, code: totpCode(secret, 5, at) }, {}, { app: test.app, ip: address() })).status).toBe(400);
      const refused = await post("/api/auth/login/two-factor", { challenge, code: totpCode(secret, 1, at) }, {}, { app: test.app, ip: address() });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: "rate-limited", type: "RATE_LIMIT" });
      expect(refused.body.error).toMatch(/this e-mail address/);
    } finally {
      await test.close();
    }
  });

  it("counts wrong codes with wrong passwords toward the failures allowed from one network address", async () => {
    const test = await buildTestApi(api, { config: { loginFailuresPerAddress: 3 } });
    try {
      const ip = address();
      const one = await enrolled();
      const two = await enrolled();
      const challengeOne = (await post("/api/auth/login", { email: one.email, password: PASSWORD }, {}, { app: test.app, ip })).body.challenge;
      const challengeTwo = (await post("/api/auth/login", { email: two.email, password: PASSWORD }, {}, { app: test.app, ip })).body.challenge;
      expect(
        (await post("/api/auth/login/two-factor", { challenge: challengeOne, code: totpCode(one.secret, 5, one.at) }, {}, { app: test.app, ip })).status,
      ).toBe(400);
      expect(
        (await post("/api/auth/login/two-factor", { challenge: challengeTwo, code: totpCode(two.secret, 5, two.at) }, {}, { app: test.app, ip })).status,
      ).toBe(400);
      expect((await post("/api/auth/login", { email: one.email, password: "Wrong2026x" }, {}, { app: test.app, ip })).status).toBe(401);
      const slowed = await post("/api/auth/login/two-factor", { challenge: challengeTwo, code: totpCode(two.secret, 1, two.at) }, {}, { app: test.app, ip });
      expect(slowed.status).toBe(429);
      expect(slowed.body).toMatchObject({ code: "rate-limited" });
      expect(slowed.body.error).toMatch(/your network/);
      // from another address the right code still works
      expect(
        (await post("/api/auth/login/two-factor", { challenge: challengeTwo, code: totpCode(two.secret, 1, two.at) }, {}, { app: test.app, ip: address() }))
          .status,
      ).toBe(200);
    } finally {
      await test.close();
    }
  });
});

describe("two-step sign-in: turning off and new recovery codes", () => {
  it("needs a current code or the password, and logs each failure and change", async () => {
    const { email, secret, recoveryCodes, at } = await enrolled();
    const cookie = (await post("/api/auth/login/two-factor", { challenge: await challengeFor(email), code: totpCode(secret, 1, at) })).cookie!;

    expect((await post("/api/account/two-factor/recovery-codes", {}, { cookie })).status).toBe(400);
    const renewed = await post("/api/account/two-factor/recovery-codes", { code: recoveryCodes[1] }, { cookie });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recoveryCodes as string[]).toHaveLength(10);
    expect(await events(email, "two-factor-recovery-regenerated")).toBe(1);
    // the old codes no longer work, the new ones do
    expect((await post("/api/auth/login/two-factor", { challenge: await challengeFor(email), code: recoveryCodes[0] })).status).toBe(400);

    const badPassword = await post("/api/account/two-factor/disable", { password: "Wrong2026x" }, { cookie });
    expect(badPassword.status).toBe(400);
    expect(badPassword.body.code).toBe("wrong-password");
    const badCode = await post("/api/account/two-factor/disable", { code: "12345" }, { cookie });
    expect(badCode.body.code).toBe("invalid-code");
    expect(await events(email, "two-factor-failed")).toBe(3);

    const off = await post("/api/account/two-factor/disable", { password: PASSWORD }, { cookie });
    expect(off.status).toBe(200);
    expect(await events(email, "two-factor-disabled")).toBe(1);
    expect((await call("GET", "/api/account/two-factor", cookie)).body).toMatchObject({ enabled: false });
    expect((await post("/api/auth/login", { email, password: PASSWORD })).body.success).toBe(true);
  });

  it("locks after too many wrong confirmations: passwords under the sign-in lock, codes under the second step's", async () => {
    const { email, secret, at } = await enrolled();
    const cookie = (await post("/api/auth/login/two-factor", { challenge: await challengeFor(email), code: totpCode(secret, 1, at) })).cookie!;
    for (let i = 0; i < 5; i++) expect((await post("/api/account/two-factor/disable", { password: "Wrong2026x" }, { cookie })).status).toBe(400);
    expect((await post("/api/account/two-factor/disable", { password: PASSWORD }, { cookie })).status).toBe(429);
    expect((await post("/api/auth/login", { email, password: PASSWORD })).status).toBe(429);

    const other = await enrolled();
    const otherCookie = (await post("/api/auth/login/two-factor", { challenge: await challengeFor(other.email), code: totpCode(other.secret, 1, other.at) }))
      .cookie!;
    for (let i = 0; i < 5; i++) expect((await post("/api/account/two-factor/disable", { code: "000000" }, { cookie: otherCookie })).status).toBe(400);
    expect((await post("/api/account/two-factor/disable", { code: other.recoveryCodes[0] }, { cookie: otherCookie })).body).toMatchObject({ code: "locked" });
    // and the sign-in's second step is locked with it
    expect((await post("/api/auth/login", { email: other.email, password: PASSWORD })).body).toMatchObject({ code: "locked" });
  });
});

describe("two-step sign-in for administrators", () => {
  async function admin() {
    const email = await registerVerified(api, { email: unique("admin") });
    await api.handle.db.update(users).set({ role: "admin" }).where(eq(users.email, email));
    return email;
  }
  const change = { key: "companyTagline", value: "Parts for every project" };

  it("keeps admin calls shut (403 two-factor-required) until the admin enrols, when the site requires it", async () => {
    const email = await admin();
    const login = await post("/api/auth/login", { email, password: PASSWORD });
    expect(login.body).toMatchObject({ success: true, redirectTo: "/admin" });
    const cookie = login.cookie!;
    const refused = await post("/api/admin/settings", change, { cookie });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "two-factor-required" });
    expect((await call("GET", "/api/account/two-factor", cookie)).body).toMatchObject({ enabled: false, required: true });

    const { secret } = await enrolTwoFactor(api.app, cookie, PASSWORD);
    expect((await post("/api/admin/settings", change, { cookie })).status).toBe(200);
    // from now on the admin's sign-in asks for the code as well
    const challenge = await challengeFor(email);
    expect((await post("/api/auth/login/two-factor", { challenge, code: totpCode(secret, 1) })).body).toMatchObject({ success: true, redirectTo: "/admin" });

    // with the requirement off, an admin without two-step sign-in is let in
    const other = await admin();
    const otherCookie = await signedIn(other);
    expect((await post("/api/admin/settings", change, { cookie: otherCookie })).status).toBe(403);
    try {
      const off = await post(
        "/api/admin/settings",
        { key: "security", value: { sessionTimeout: 30, maxLoginAttempts: 5, lockoutMinutes: 15, requireAdmin2fa: false } },
        { cookie },
      );
      expect(off.status).toBe(200);
      expect((await post("/api/admin/settings", change, { cookie: otherCookie })).status).toBe(200);
      expect((await call("GET", "/api/account/two-factor", otherCookie)).body).toMatchObject({ required: false });
    } finally {
      await post("/api/admin/settings", { reset: true }, { cookie });
    }
    expect((await post("/api/admin/settings", change, { cookie: otherCookie })).status).toBe(403);
  });
});
