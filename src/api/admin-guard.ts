import type { FastifyInstance, FastifyRequest } from "fastify";
import type { SignedInUser } from "@/server/auth/auth-service";
import type { Services } from "@/server/services";
import { readSessionToken } from "./session-cookie";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * "public": a route under /api/admin/ that anyone may call, which checks the actor itself where
     * it must (the storefront's public settings, whose `?full=true` answer is for admins only).
     */
    adminAccess?: "public";
  }
  interface FastifyRequest {
    /** the administrator the admin scope's guard found, for the route to use */
    adminActor?: SignedInUser;
  }
}

/** The API prefix every administrator's route lives under. */
export const ADMIN_API_PREFIX = "/api/admin/";

/** Whether a registered route (its pattern, e.g. `/api/admin/products/:id`) belongs to the admin scope. */
export function isAdminRoute(pattern: string | undefined): boolean {
  return pattern !== undefined && pattern.startsWith(ADMIN_API_PREFIX);
}

/**
 * Authenticates the whole admin scope before anything else of a request is read: a guest gets
 * 401 and a shopper 403 before the route's query, parameters or body are parsed or validated, so
 * a refusal never tells who may not call a route what it expects, and no upload is read for them.
 * A route under the prefix opts out only by saying so (`config: { adminAccess: "public" }`), so a
 * new admin route cannot forget its check. Runs after the CSRF guard (both are `onRequest` hooks).
 */
export function installAdminGuard(app: FastifyInstance, services: Services): void {
  app.addHook("onRequest", async (request) => {
    if (!isAdminRoute(request.routeOptions.url) || request.routeOptions.config?.adminAccess === "public") return;
    request.adminActor = await services.auth.requireAdmin(readSessionToken(request, services.siteUrl.protocol === "https:"));
  });
}

/** The administrator of a request: the one the admin scope's guard found, else checked now. */
export function adminOf(services: Services, request: FastifyRequest, message?: string): Promise<SignedInUser> {
  if (request.adminActor) return Promise.resolve(request.adminActor);
  return services.auth.requireAdmin(readSessionToken(request, services.siteUrl.protocol === "https:"), message);
}
