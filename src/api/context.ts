import type { FastifyRequest } from "fastify";
import type { RequestMeta } from "@/server/auth/auth-service";
import type { Services } from "@/server/services";

/** What every API plugin is given: the process's domain services, built by the composition root. */
export interface ApiContext {
  services: Services;
}

/** Who sent a request, for the security log. */
export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers["user-agent"] ?? null };
}
