import type { FastifyRequest } from "fastify";
import type { Services } from "@/server/services";
import { adminOf } from "./admin-guard";
import { readSessionToken } from "./session-cookie";

/** The signed-in user of a request; an unauthenticated error (401) otherwise. */
export function requireUser(services: Services, request: FastifyRequest) {
  return services.auth.requireUser(readSessionToken(request, services.siteUrl.protocol === "https:"));
}

/**
 * The signed-in admin of a request; unauthenticated (401) or forbidden (403) otherwise. Under
 * /api/admin/ the scope's guard (admin-guard.ts) has already checked, and its answer is reused.
 */
export function requireAdmin(services: Services, request: FastifyRequest, message?: string) {
  return adminOf(services, request, message);
}
