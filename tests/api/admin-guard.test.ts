import { describe, expect, it } from "vitest";
import { ADMIN_API_PREFIX, PUBLIC_ADMIN_ROUTES } from "../../src/api/scopes";
import { adminCookie, setupApi, shopperCookie } from "./harness";

const api = setupApi();

interface Route {
  method: string;
  pattern: string;
}

/**
 * Every route the API registered, read from Fastify's own route tree (`printRoutes`), so a route
 * added later is covered without this test naming it.
 */
function registeredRoutes(): Route[] {
  const tree = api.app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: Route[] = [];
  for (const line of tree.split("\n")) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const pattern = (depth > 0 ? stack[depth - 1]! : "") + match[2]!;
    stack[depth] = pattern;
    stack.length = depth + 1;
    for (const method of (match[3] ?? "").split(", ").filter(Boolean)) routes.push({ method, pattern });
  }
  return routes;
}

/** A concrete address for a route pattern: every parameter filled with a plausible value. */
function addressOf(pattern: string): string {
  return pattern
    .replace(":number", "KE-2026-000001")
    .replace(":code", "WELCOME10")
    .replace(/:[A-Za-z]+/g, "1")
    .replace("*", "x");
}

describe("the admin scope's guard", () => {
  const adminRoutes = () =>
    registeredRoutes().filter((route) => route.pattern.startsWith(ADMIN_API_PREFIX) && !PUBLIC_ADMIN_ROUTES.has(`${route.method} ${route.pattern}`));

  it("finds the admin routes in the API's route tree", () => {
    const routes = adminRoutes();
    // the dashboard, products, orders, coupons, settings, ads, security, messages, requests, ...
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContainEqual({ method: "PATCH", pattern: "/api/admin/products/:id" });
    expect(routes).toContainEqual({ method: "POST", pattern: "/api/admin/security/lock" });
  });

  it("answers a guest 401 and a shopper 403 on every admin route before reading its input", async () => {
    const shopper = await shopperCookie(api, "admin-guard");
    const unexpected: string[] = [];
    for (const route of adminRoutes()) {
      const url = `${addressOf(route.pattern)}?limit=-5&offset=abc&full=maybe`;
      // input no route accepts: a 400 here would mean the route read it before checking who asks
      const body = route.method === "GET" || route.method === "HEAD" ? undefined : '{"unexpected": [1, 2, 3], "reason": ""}';
      for (const [who, cookie, expected] of [
        ["guest", undefined, 401],
        ["shopper", shopper, 403],
      ] as const) {
        const res = await api.app.inject({
          method: route.method as "GET",
          url,
          headers: { ...(cookie ? { cookie } : {}), ...(body ? { "content-type": "application/json" } : {}) },
          payload: body,
        });
        if (res.statusCode !== expected) unexpected.push(`${who} ${route.method} ${route.pattern}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        else if (route.method !== "HEAD") {
          const answer = res.json() as { error?: string; code?: string; field?: string };
          expect(answer.code, `${who} ${route.method} ${route.pattern}`).toBe(expected === 401 ? "unauthenticated" : "forbidden");
          expect(answer.field, `${who} ${route.method} ${route.pattern} names no field`).toBeUndefined();
        }
      }
    }
    expect(unexpected).toEqual([]);
  });

  it("still validates an admin's input, and keeps the storefront's settings public", async () => {
    const admin = await adminCookie(api, "admin-guard");
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
});
