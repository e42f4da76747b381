import type {} from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * The session cookie: HttpOnly, SameSite=Lax, and Secure with the __Host- prefix whenever the shop
 * is served over https (SITE_URL). Over plain http (local development) it cannot be Secure.
 */
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, sessionTokenFrom } from "@/lib/auth-rules";

/**
 * The session token of a request. Over https only the __Host- cookie counts: a plain `sid` could
 * have been planted by a sibling subdomain or a plain-http response (cookie tossing), so it is
 * ignored there.
 */
export function readSessionToken(request: FastifyRequest, secure: boolean): string | undefined {
  return sessionTokenFrom((name) => request.cookies[name], secure);
}

/** Whether a request carries a session cookie of either name (for the CSRF guard). */
export function hasSessionCookie(request: FastifyRequest): boolean {
  return request.cookies[SECURE_SESSION_COOKIE] !== undefined || request.cookies[SESSION_COOKIE] !== undefined;
}

export function setSessionCookie(reply: FastifyReply, secure: boolean, token: string, maxAge: number | undefined): void {
  reply.setCookie(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    ...(maxAge ? { maxAge } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, { httpOnly: true, sameSite: "lax", secure, path: "/" });
}
