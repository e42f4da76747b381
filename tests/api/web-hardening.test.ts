import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openSession } from "../../src/server/auth/sessions";
import { users } from "../../src/server/db/schema";
import { apiClient, buildTestApi, registerVerified, setupApi, TEST_PASSWORD as PASSWORD, unique } from "./harness";

const api = setupApi();
const { call } = apiClient(api);

async function shopperCookie(): Promise<string> {
  const [user] = await api.handle.db
    .insert(users)
    .values({ email: unique("web"), fullName: "Web Tester", passwordHash: "scrypt$x", emailVerifiedAt: sql`now()` })
    .returning({ id: users.id });
  const { token } = await openSession(api.handle.db, user!.id, false, 30, {});
  return `sid=${token}`;
}

describe("control characters are refused at the API's boundary", () => {
  it.each([
    ["/api/products?category=%00", "category"],
    ["/api/products?brand=%00", "brand"],
    ["/api/products?categories=a,%00", "categories"],
    ["/api/products?search=a%00b", "search"],
    ["/api/products?search=a%1Bb", "search"],
    ["/api/products?search=a%C2%85b", "search"],
    ["/api/products?limit=1%00", "limit"],
    ["/api/search-suggestions?q=a%00b", "q"],
    ["/api/search-suggestions?q=a%0Ab", "q"],
    ["/api/advertisements?placement=products%00", "placement"],
  ])("GET %s answers 400 naming %s", async (url, field) => {
    const res = await call("GET", url, null);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid-input");
    expect(String(res.body.error)).toContain(field);
  });

  it("still accepts ordinary text, emoji and right-to-left marks", async () => {
    expect((await call("GET", "/api/search-suggestions?q=%F0%9F%94%8C%E2%80%8F", null)).status).toBe(200);
    expect((await call("GET", "/api/products?search=arduino%20uno", null)).status).toBe(200);
  });

  it("refuses a NUL in a cart variant id, in bodies and the query", async () => {
    const cookie = await shopperCookie();
    const add = await call("POST", "/api/cart", cookie, { productId: 1, variantId: "a\u0000b", quantity: 1 });
    expect(add.status).toBe(400);
    expect(add.body).toMatchObject({ code: "invalid-input" });
    expect(String(add.body.error)).toContain("variantId");
    expect((await call("PATCH", "/api/cart", cookie, { itemId: 1, variantId: "x\u0000", quantity: 1 })).status).toBe(400);
    expect((await call("DELETE", "/api/cart?itemId=1&variantId=%00", cookie)).status).toBe(400);
    const merge = await call("POST", "/api/cart/merge", cookie, { mergeId: "merge-\u0000-0001", guestCart: [] });
    expect(merge.status).toBe(400);
  });

  it("refuses control characters in account forms and settings", async () => {
    const reg = await call("POST", "/api/auth/register", null, {
      fullName: "Asha\u0000",
      email: unique("nul"),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
    });
    expect(reg.status).toBe(400);
    expect(reg.body).toMatchObject({ code: "invalid-input", success: false });
    expect(String(reg.body.error)).toContain("fullName");
    expect((await call("POST", "/api/auth/login", null, { email: "a\u0000@b.tz", password: PASSWORD })).status).toBe(400);
    expect((await call("POST", "/api/auth/forgot-password", null, { email: "a@b.tz\r\nBcc: x@y.z" })).status).toBe(400);
    expect((await call("POST", "/api/newsletter", null, { email: "a\u0000@b.tz" })).body).toMatchObject({ code: "invalid-input" });
    const cookie = await shopperCookie();
    expect((await call("POST", "/api/account/profile", cookie, { fullName: "Neema\u202e\u0007" })).status).toBe(400);
    expect((await call("POST", "/api/admin/settings", cookie, { key: "companyTagline", value: "x\u0000" })).status).toBeLessThan(500);
  });
});

describe("e-mail link tokens", () => {
  it("answers 400, never 500, to a repeated or odd token", async () => {
    expect((await call("POST", "/api/auth/verify", null, { token: ["a", "b"] })).status).toBe(400);
    expect((await call("POST", "/api/auth/verify", null, { token: "a\u0000" })).status).toBe(400);
    expect((await call("POST", "/api/auth/reset-password", null, { token: ["a"], password: PASSWORD, confirmPassword: PASSWORD })).status).toBe(400);
  });
});

describe("sign-in redirects", () => {
  it("falls back to the account's home for a redirect that would leave the site", async () => {
    const email = await registerVerified(api);
    // each sign-in hashes a password: three attack strings here, the rest in src/lib/redirect.test.ts
    for (const redirect of ["/%09/evil.example", "/%0A/evil.example", "/\\evil.example"]) {
      const login = await call("POST", "/api/auth/login", null, { email, password: PASSWORD, redirect });
      expect(login.status, redirect).toBe(200);
      expect(login.body.redirectTo, redirect).toBe("/");
    }
    const own = await call("POST", "/api/auth/login", null, { email, password: PASSWORD, redirect: "/account?tab=orders" });
    expect(own.body.redirectTo).toBe("/account?tab=orders");
  }, 120_000);
});

describe("security headers on API answers", () => {
  it("sets nosniff, the referrer policy, the permissions policy and no framing, on success and error alike", async () => {
    for (const url of ["/api/products?limit=1", "/api/no-such-route", "/api/products?limit=x"]) {
      const res = await call("GET", url, null);
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(res.headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      expect(String(res.headers["permissions-policy"]), url).toContain("camera=(self)");
      expect(String(res.headers["permissions-policy"]), url).toContain("microphone=()");
      expect(res.headers["x-frame-options"], url).toBe("DENY");
      expect(res.headers["strict-transport-security"], url).toBeUndefined();
    }
  });

  it("adds HSTS when the site is served over https", async () => {
    const { app, close } = await buildTestApi(api, { config: { siteUrl: new URL("https://shop.test") } });
    try {
      const res = await app.inject({ method: "GET", url: "/api/categories" });
      expect(res.headers["strict-transport-security"]).toMatch(/^max-age=31536000/);
    } finally {
      await close();
    }
  });
});

describe("the session cookie over https", () => {
  it("counts only __Host-sid: a plain sid is ignored", async () => {
    const email = await registerVerified(api);
    const { app, close } = await buildTestApi(api, { config: { siteUrl: new URL("https://shop.test") } });
    try {
      const login = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "content-type": "application/json", origin: "https://shop.test" },
        payload: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(login.statusCode).toBe(200);
      const setCookie = String(login.headers["set-cookie"]);
      expect(setCookie).toMatch(/^__Host-sid=/);
      expect(setCookie).toMatch(/Secure/);
      const token = /^__Host-sid=([^;]+)/.exec(setCookie)![1]!;
      const me = async (cookie: string) =>
        (await app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } })).json() as { authenticated: boolean };
      expect((await me(`__Host-sid=${token}`)).authenticated).toBe(true);
      expect((await me(`sid=${token}`)).authenticated).toBe(false);
      expect((await app.inject({ method: "GET", url: "/api/cart", headers: { cookie: `sid=${token}` } })).statusCode).toBe(401);
    } finally {
      await close();
    }
  });

  it("over plain http the plain sid works", async () => {
    const cookie = await shopperCookie();
    expect((await call("GET", "/api/cart", cookie)).status).toBe(200);
  });
});
