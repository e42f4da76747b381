import type {} from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * The session cookie: HttpOnly, SameSite=Lax, and Secure with the __Host- prefix whenever the shop
 * is served over https (SITE_URL). Over plain http (local development) it cannot be Secure.
 */
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "@/lib/auth-rules";

export function readSessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SECURE_SESSION_COOKIE] ?? request.cookies[SESSION_COOKIE];
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
