import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../src/lib/error-codes";
import { STATUS_BY_CODE } from "../../src/api/errors";
import { apiClient, getJson, setupApi, shopperCookie } from "./harness";

const api = setupApi();
const { post } = apiClient(api);

describe("every error answer is {error, code}", () => {
  it("maps every code to a 4xx or 5xx status", () => {
    for (const code of ERROR_CODES) expect(STATUS_BY_CODE[code], code).toBeGreaterThanOrEqual(400);
  });

  it("answers an unknown route, a bad parameter and an unknown product with a code", async () => {
    expect((await getJson(api.app, "/api/nothing-here")).body).toMatchObject({ code: "not-found", error: expect.any(String) });
    const bad = await getJson(api.app, "/api/products?limit=abc");
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: "limit must be a whole number", code: "invalid-input" });
    expect((await getJson(api.app, "/api/products/99999999")).body).toEqual({ error: "Product 99999999 not found", code: "not-found" });
  });

  it("answers malformed JSON with invalid-input, not a 500", async () => {
    // signed in: a guest is refused (401) before the body is read
    const cookie = await shopperCookie(api, "malformed-json");
    const res = await api.app.inject({ method: "POST", url: "/api/cart", headers: { cookie, "content-type": "application/json" }, payload: "{nope" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "invalid-input" });
  });

  it("gives a failed sign-in its code beside the spec's type", async () => {
    const wrong = await post("/api/auth/login", { email: `nobody-${Date.now()}@example.co.tz`, password: "Wrong2026x" });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      success: false,
      user: null,
      type: "INVALID_CREDENTIALS",
      redirectTo: null,
      error: "Invalid email or password",
      code: "invalid-credentials",
    });
    const empty = await post("/api/auth/login", { email: "", password: "" });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ success: false, type: "INVALID_CREDENTIALS", code: "validation", error: "Please fill in all fields" });
  });

  it("says how many minutes an account stays locked", async () => {
    const email = `locked-${Date.now()}@example.co.tz`;
    for (let i = 0; i < 5; i++) await post("/api/auth/login", { email, password: "Wrong2026x" });
    const locked = await post("/api/auth/login", { email, password: "Wrong2026x" });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ success: false, type: "RATE_LIMIT", code: "locked", minutesLeft: 15 });
  });
});
