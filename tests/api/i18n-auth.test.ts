import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { apiClient, mailsTo, registerVerified, setupApi, TEST_PASSWORD as PASSWORD, unique } from "./harness";
import { enrolTwoFactor } from "./two-factor-helpers";

/** The accounts area in two languages: e-mails in the recipient's language, refusals with a reason, the account's language at sign-in. */
const api = setupApi();
const { post } = apiClient(api);

describe("account e-mails in the recipient's language", () => {
  it("sends the verification e-mail of a registration from a Kiswahili page in Kiswahili", async () => {
    const email = unique("neema");
    const reg = await post(
      "/api/auth/register",
      { fullName: "Neema Kweka", email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
      { cookie: "locale=sw" },
    );
    expect(reg.status).toBe(201);
    // the API's own text stays English; the page words the success itself
    expect(reg.body.message).toBe("Account created successfully! Please check your email to verify your account.");
    const [mail] = await mailsTo(api.outboxDir, email);
    expect(mail).toMatch(/^Subject: Thibitisha anwani yako ya barua pepe kwa /m);
    expect(mail).toContain("Habari Neema Kweka,");
    expect(mail).toContain("Kiungo hiki kinafanya kazi mara moja tu, kwa saa 24.");
    expect(mail).toMatch(/\/auth\/verify\?token=[A-Za-z0-9_-]+/);
  });

  it("follows Accept-Language without a cookie, and keeps English e-mails as they were", async () => {
    const sw = unique("juma");
    await post(
      "/api/auth/register",
      { fullName: "Juma Said", email: sw, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
      { "accept-language": "sw-TZ,sw;q=0.9" },
    );
    expect((await mailsTo(api.outboxDir, sw))[0]).toContain("Habari Juma Said,");

    const en = unique("john");
    await post(
      "/api/auth/register",
      { fullName: "John Doe", email: en, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
      { cookie: "locale=en" },
    );
    const [mail] = await mailsTo(api.outboxDir, en);
    expect(mail).toMatch(/^Subject: Confirm your e-mail address for /m);
    expect(mail).toContain("Hello John Doe,\n\nPlease confirm your e-mail address to finish creating your ");
    expect(mail).toContain("The link works once, for 24 hours. If you did not create an account, ignore this message.");
  });

  it("writes a reset e-mail in the account's stored language, whatever the requesting page's", async () => {
    const email = unique("asha");
    await registerVerified(api, { email });
    await api.handle.db.update(users).set({ locale: "sw" }).where(eq(users.email, email));
    expect((await post("/api/auth/forgot-password", { email }, { cookie: "locale=en" })).status).toBe(200);
    const mail = (await mailsTo(api.outboxDir, email)).at(-1)!;
    expect(mail).toMatch(/^Subject: Weka upya nenosiri lako la /m);
    expect(mail).toContain("Tumia kiungo hiki kuchagua nenosiri jipya:");
  });
});

describe("refusals carry a reason the browser words in its language", () => {
  it("sends the problem key and its numbers beside the English text", async () => {
    const differ = await post("/api/auth/register", {
      fullName: "A",
      email: unique("a"),
      password: PASSWORD,
      confirmPassword: "Other 2026 mbuyu",
      acceptTerms: true,
    });
    expect(differ.status).toBe(400);
    expect(differ.body).toMatchObject({ code: "validation", reason: "passwordsDiffer", error: "Passwords do not match" });

    const short = await post("/api/auth/register", { fullName: "A", email: unique("a"), password: "Ab1", confirmPassword: "Ab1", acceptTerms: true });
    expect(short.body).toMatchObject({ code: "validation", reason: "passwordShort", min: 8, error: "Password must be at least 8 characters long" });

    const empty = await post("/api/auth/login", { email: "", password: "" });
    expect(empty.body).toMatchObject({ code: "validation", reason: "fillAll", error: "Please fill in all fields", type: "INVALID_CREDENTIALS" });
  });
});

describe("the account's language", () => {
  it("is stored by POST /api/locale while signed in, and set as the locale cookie by the next sign-in", async () => {
    const email = unique("mwanaisha");
    await registerVerified(api, { email });
    const first = await post("/api/auth/login", { email, password: PASSWORD });
    expect(first.status).toBe(200);
    // no stored language yet: the sign-in leaves the browser's own choice alone
    expect(first.cookies.some((c) => c.startsWith("locale="))).toBe(false);

    const chosen = await post("/api/locale", { locale: "sw" }, { cookie: first.cookie! });
    expect(chosen.status).toBe(200);
    const [row] = await api.handle.db.select({ locale: users.locale }).from(users).where(eq(users.email, email));
    expect(row?.locale).toBe("sw");

    // a new device (no cookies): the sign-in hands it the account's language for a year
    const next = await post("/api/auth/login", { email, password: PASSWORD });
    expect(next.status).toBe(200);
    const locale = next.cookies.find((c) => c.startsWith("locale="));
    expect(locale).toBeDefined();
    expect(locale).toMatch(/^locale=sw;/);
    expect(locale).toMatch(/Max-Age=31536000/);
    expect(locale).toMatch(/Path=\//);
    expect(locale).toMatch(/SameSite=Lax/);
    expect(locale).not.toMatch(/HttpOnly/);
  });

  it("is set as the locale cookie when the second sign-in step completes", async () => {
    const email = unique("baraka");
    await registerVerified(api, { email });
    const first = await post("/api/auth/login", { email, password: PASSWORD });
    const { recoveryCodes } = await enrolTwoFactor(api.app, first.cookie!, PASSWORD);
    await api.handle.db.update(users).set({ locale: "sw" }).where(eq(users.email, email));

    const step = await post("/api/auth/login", { email, password: PASSWORD });
    expect(step.body).toMatchObject({ twoFactorRequired: true });
    // the password alone opens nothing and sets nothing
    expect(step.cookies.some((c) => c.startsWith("locale="))).toBe(false);
    const done = await post("/api/auth/login/two-factor", { challenge: step.body.challenge, code: recoveryCodes[0] });
    expect(done.status).toBe(200);
    expect(done.cookies.find((c) => c.startsWith("locale="))).toMatch(/^locale=sw;/);
  });
});
