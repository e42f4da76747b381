import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { securityEvents } from "../../src/server/db/schema";
import { setupApi } from "./harness";

const api = setupApi({ rateLimit: 5 });

describe("API rate limit", () => {
  it("answers 429 with Retry-After and an error once a client passes the limit", async () => {
    for (let i = 0; i < 5; i++) expect((await api.app.inject({ method: "GET", url: "/api/categories" })).statusCode).toBe(200);
    const limited = await api.app.inject({ method: "GET", url: "/api/categories" });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().error).toMatch(/Too many requests/);
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY is set (a client cannot dodge the limit)", async () => {
    const spoofed = await api.app.inject({ method: "GET", url: "/api/categories", headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(spoofed.statusCode).toBe(429);
  });

  it("counts each client address on its own", async () => {
    const other = await api.app.inject({ method: "GET", url: "/api/categories", remoteAddress: "10.1.2.3" });
    expect(other.statusCode).toBe(200);
  });

  it("records a limited address in the security log once per route and minute, not once per refused request", async () => {
    const address = "10.9.8.7";
    for (let i = 0; i < 8; i++) await api.app.inject({ method: "GET", url: "/api/categories", remoteAddress: address });
    const logged = await api.handle.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.type, "rate-limited"), eq(securityEvents.ip, address)));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.detail).toEqual({ route: "GET /api/categories" });
  });
});
