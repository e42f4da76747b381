import type { FastifyRequest } from "fastify";
import { LOCALE_COOKIE, isLocale, localeFromAcceptLanguage } from "@/lib/locale";
import type { RequestMeta } from "@/server/auth/auth-service";
import type { Services } from "@/server/services";

/** What every API plugin is given: the process's domain services, built by the composition root. */
export interface ApiContext {
  services: Services;
}

/** Who sent a request, for the security log, and the language of the page it came from. */
export function requestMeta(request: FastifyRequest): RequestMeta {
  const cookie = request.cookies?.[LOCALE_COOKIE];
  const locale = isLocale(cookie) ? cookie : localeFromAcceptLanguage(request.headers["accept-language"]);
  return { ip: request.ip, userAgent: request.headers["user-agent"] ?? null, locale };
}
