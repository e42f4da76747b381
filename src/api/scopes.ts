import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, RouteOptions } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { SignedInUser } from "@/server/auth/auth-service";
import { DomainError } from "@/server/errors";
import type { Services } from "@/server/services";
import { readSessionToken } from "./session-cookie";

/** Who may call a route: anyone, a signed-in person, a rider (or an administrator), or an administrator. */
export type RouteScope = "public" | "signed-in-or-guest" | "signed-in" | "rider" | "admin";

declare module "fastify" {
  interface FastifyContextConfig {
    /** set by the scope a route is registered in (public when none) */
    scope?: RouteScope;
  }
  interface FastifyRequest {
    /** the signed-in person of a route under the signed-in or the admin scope, found once before the route runs */
    readonly user: SignedInUser;
    /** the administrator of a route under the admin scope, found once before the route runs */
    readonly admin: SignedInUser;
    /** the signed-in person of a route under the signed-in-or-guest scope, or null for a guest */
    readonly visitor: SignedInUser | null;
  }
}

/** The API prefix every administrator's route lives under. */
export const ADMIN_API_PREFIX = "/api/admin/";

/**
 * The one route under the admin prefix that anyone may call: the storefront's public settings,
 * a path the shop's pages and other clients already read. Its `?full=true` answer checks for an
 * administrator itself.
 */
export const PUBLIC_ADMIN_ROUTES: ReadonlySet<string> = new Set(["GET /api/admin/settings", "HEAD /api/admin/settings"]);

/** Who a request is, by scope: set by the scope's hook, read through `request.user` / `request.admin`. */
const actors = new WeakMap<FastifyRequest, { user: SignedInUser; admin: boolean }>();
const visitors = new WeakMap<FastifyRequest, { user: SignedInUser | null }>();

/**
 * `request.user` and `request.admin` read what a scope's hook found. A route outside the scope that
 * reads them fails closed (an internal error, loud in tests) rather than running for nobody.
 */
export function installActors(app: FastifyInstance): void {
  app.decorateRequest("user", {
    getter(this: FastifyRequest) {
      const found = actors.get(this);
      if (!found) throw new DomainError("internal", "request.user read by a route outside the signed-in scope");
      return found.user;
    },
  });
  app.decorateRequest("visitor", {
    getter(this: FastifyRequest) {
      const found = visitors.get(this);
      if (!found) throw new DomainError("internal", "request.visitor read by a route outside the signed-in-or-guest scope");
      return found.user;
    },
  });
  app.decorateRequest("admin", {
    getter(this: FastifyRequest) {
      const found = actors.get(this);
      if (!found?.admin) throw new DomainError("internal", "request.admin read by a route outside the admin scope");
      return found.user;
    },
  });
}

/** What a scope needs of the services to find who asks. */
interface ScopeContext {
  services: Pick<Services, "auth" | "siteUrl">;
}

/**
 * Routes for a signed-in person (a shopper or an admin): the scope finds the session once, in an
 * `onRequest` hook, so a guest gets 401 before the route's input is parsed or validated, and a
 * route registered here cannot forget the check.
 */
export function signedInScope<C extends ScopeContext>(context: C, routes: FastifyPluginAsyncZod<C>[]): FastifyPluginAsync {
  const { services } = context;
  const secure = services.siteUrl.protocol === "https:";
  return async (scope) => {
    scope.addHook("onRoute", (route) => {
      route.config = { ...route.config, scope: "signed-in" };
    });
    scope.addHook("onRequest", async (request) => {
      actors.set(request, { user: await services.auth.requireUser(readSessionToken(request, secure)), admin: false });
    });
    for (const plugin of routes) await scope.register(plugin, context);
  };
}

/**
 * Routes a guest may call as well as a signed-in person (the checkout): the scope finds the session
 * once, if there is one, and the route reads `request.visitor` (null for a guest) and decides.
 */
export function visitorScope<C extends ScopeContext>(context: C, routes: FastifyPluginAsyncZod<C>[]): FastifyPluginAsync {
  const { services } = context;
  const secure = services.siteUrl.protocol === "https:";
  return async (scope) => {
    scope.addHook("onRoute", (route) => {
      route.config = { ...route.config, scope: "signed-in-or-guest" };
    });
    scope.addHook("onRequest", async (request) => {
      visitors.set(request, { user: await services.auth.currentUser(readSessionToken(request, secure)) });
    });
    for (const plugin of routes) await scope.register(plugin, context);
  };
}

/**
 * A rider's routes (their deliveries): a guest gets 401, and anyone signed in who is neither a
 * rider nor an administrator 403, before the route reads its input; the route reads `request.user`
 * and acts only on what is given to that rider.
 */
export function riderScope<C extends ScopeContext>(context: C, routes: FastifyPluginAsyncZod<C>[]): FastifyPluginAsync {
  const { services } = context;
  const secure = services.siteUrl.protocol === "https:";
  return async (scope) => {
    scope.addHook("onRoute", (route) => {
      route.config = { ...route.config, scope: "rider" };
    });
    scope.addHook("onRequest", async (request) => {
      const user = await services.auth.requireUser(readSessionToken(request, secure));
      if (user.role !== "rider" && user.role !== "admin") throw new DomainError("forbidden", "This is for the shop's riders");
      actors.set(request, { user, admin: false });
    });
    for (const plugin of routes) await scope.register(plugin, context);
  };
}

/**
 * The administrator's routes, under /api/admin/: a guest gets 401 and a shopper 403 (an admin who
 * must still set up two-step sign-in 403 `two-factor-required`) before the route's query,
 * parameters or body are read, so a refusal never tells who may not call a route what it expects,
 * and no upload is read for them. Register with `{ prefix: "/admin" }`.
 */
export function adminScope<C extends ScopeContext>(context: C, routes: FastifyPluginAsyncZod<C>[]): FastifyPluginAsync {
  const { services } = context;
  const secure = services.siteUrl.protocol === "https:";
  return async (scope) => {
    scope.addHook("onRequest", async (request) => {
      actors.set(request, { user: await services.auth.requireAdmin(readSessionToken(request, secure)), admin: true });
    });
    scope.addHook("onRoute", (route) => {
      route.config = { ...route.config, scope: "admin" };
    });
    for (const plugin of routes) await scope.register(plugin, context);
  };
}

export interface ScopedRoute {
  method: string;
  url: string;
  scope: RouteScope;
}

const scopedRoutes = new WeakMap<FastifyInstance, ScopedRoute[]>();

/** Every route of an API with its scope, as registered (for the tests that walk them all). */
export function routeScopes(app: FastifyInstance): readonly ScopedRoute[] {
  return scopedRoutes.get(app) ?? [];
}

/**
 * Keeps the scope of every route registered after it (install on the root, first), and refuses to
 * start an API with a route under /api/admin/ outside the admin scope (the public settings read
 * excepted): such a route would answer anyone.
 */
export function trackRouteScopes(app: FastifyInstance): void {
  // the scopes mark their routes in hooks that run after this one, on the same options: read at ready
  const registered: RouteOptions[] = [];
  app.addHook("onRoute", (route) => {
    registered.push(route);
  });
  app.addHook("onReady", async () => {
    const routes = registered.flatMap((route) =>
      [route.method].flat().map((method) => ({ method, url: route.url, scope: route.config?.scope ?? ("public" as const) })),
    );
    scopedRoutes.set(app, routes);
    const strays = routes.filter(
      (route) =>
        (route.url.startsWith(ADMIN_API_PREFIX) || route.url === ADMIN_API_PREFIX.slice(0, -1)) &&
        route.scope !== "admin" &&
        !PUBLIC_ADMIN_ROUTES.has(`${route.method} ${route.url}`),
    );
    if (strays.length) throw new Error(`Admin routes outside the admin scope: ${strays.map((r) => `${r.method} ${r.url}`).join("; ")}`);
  });
}

/** The administrator of an admin route as the domain's audit records name them. */
export function adminActor(request: FastifyRequest): { id: number; email: string } {
  return { id: request.admin.id, email: request.admin.email };
}
