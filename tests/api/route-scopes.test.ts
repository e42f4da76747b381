import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { ADMIN_API_PREFIX, PUBLIC_ADMIN_ROUTES, routeScopes, trackRouteScopes, type ScopedRoute } from "../../src/api/scopes";
import { adminCookie, setupApi, shopperCookie } from "./harness";

const api = setupApi();

/** A concrete address for a route pattern: every parameter filled with a plausible value. */
function addressOf(pattern: string): string {
  return pattern
    .replace(":number", "KE-2026-000001")
    .replace(":code", "WELCOME10")
    .replace(/:[A-Za-z]+/g, "1")
    .replace("*", "x");
}

const routes = () => routeScopes(api.app).filter((route) => route.url.startsWith("/api/"));

/** Calls every route of a scope as `who`, with input no route accepts, and lists each answer that is not `expected`. */
async function refusals(scoped: readonly ScopedRoute[], cookie: string | undefined, expected: 401 | 403) {
  const unexpected: string[] = [];
  for (const route of scoped) {
    const url = `${addressOf(route.url)}?limit=-5&offset=abc&full=maybe`;
    // a 400 here would mean the route read its input before checking who asks
    const body = route.method === "GET" || route.method === "HEAD" ? undefined : '{"unexpected": [1, 2, 3], "reason": ""}';
    const res = await api.app.inject({
      method: route.method as "GET",
      url,
      headers: { ...(cookie ? { cookie } : {}), ...(body ? { "content-type": "application/json" } : {}) },
      payload: body,
    });
    if (res.statusCode !== expected) unexpected.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    else if (route.method !== "HEAD") {
      const answer = res.json() as { code?: string; field?: string };
      if (answer.code !== (expected === 401 ? "unauthenticated" : "forbidden") || answer.field !== undefined)
        unexpected.push(`${route.method} ${route.url}: ${res.body.slice(0, 120)}`);
    }
  }
  return unexpected;
}

describe("every route of the API, by scope", () => {
  it("lists each route with who may call it (a new route shows up here, with its scope, for review)", () => {
    const table = routes()
      .filter((route) => route.method !== "HEAD")
      .map((route) => `${route.scope.padEnd(9)} ${route.method.padEnd(6)} ${route.url}`)
      .sort();
    expect(table).toMatchSnapshot();
    // the admin prefix holds admin routes only, but for the storefront's public settings read
    for (const route of routes().filter((r) => r.url.startsWith(ADMIN_API_PREFIX)))
      expect(route.scope === "admin" || PUBLIC_ADMIN_ROUTES.has(`${route.method} ${route.url}`), `${route.method} ${route.url}`).toBe(true);
  });

  it("answers a guest 401 and a shopper 403 on every admin route before reading its input", async () => {
    const admin = routes().filter((route) => route.scope === "admin");
    // the dashboard, products, orders, coupons, settings, ads, security, messages, requests, ...
    expect(admin.length).toBeGreaterThan(40);
    expect(admin).toContainEqual({ method: "PATCH", url: "/api/admin/products/:id", scope: "admin" });
    const shopper = await shopperCookie(api, "route-scopes");
    expect(await refusals(admin, undefined, 401)).toEqual([]);
    expect(await refusals(admin, shopper, 403)).toEqual([]);
  });

  it("answers a guest 401 and a shopper 403 on every rider route before reading its input", async () => {
    const rider = routes().filter((route) => route.scope === "rider");
    expect(rider).toContainEqual({ method: "POST", url: "/api/rider/deliveries/:number/collect", scope: "rider" });
    const shopper = await shopperCookie(api, "route-scopes-rider");
    expect(await refusals(rider, undefined, 401)).toEqual([]);
    expect(await refusals(rider, shopper, 403)).toEqual([]);
  });

  it("answers a guest 401 on every signed-in route before reading its input", async () => {
    const signedIn = routes().filter((route) => route.scope === "signed-in");
    expect(signedIn.length).toBeGreaterThan(30);
    expect(await refusals(signedIn, undefined, 401)).toEqual([]);
  });

  it("still validates an admin's input, and keeps the storefront's settings public", async () => {
    const admin = await adminCookie(api, "route-scopes");
    const bad = await api.app.inject({
      method: "POST",
      url: "/api/admin/security/lock",
      headers: { cookie: admin, "content-type": "application/json" },
      payload: JSON.stringify({ email: "" }),
    });
    expect(bad.statusCode).toBe(400);
    expect((await api.app.inject({ method: "GET", url: "/api/admin/settings" })).statusCode).toBe(200);
    expect((await api.app.inject({ method: "GET", url: "/api/admin/settings?full=true" })).statusCode).toBe(401);
  });

  it("refuses to start an API with a route under /api/admin/ outside the admin scope", async () => {
    const app = Fastify();
    trackRouteScopes(app);
    app.get("/api/admin/forgotten", async () => ({ open: true }));
    await expect(app.ready()).rejects.toThrow("Admin routes outside the admin scope: GET /api/admin/forgotten");
  });
});
