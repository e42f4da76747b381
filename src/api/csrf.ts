import type { FastifyInstance } from "fastify";
import { sendError } from "./errors";
import { hasSessionCookie } from "./session-cookie";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Cross-site request forgery guard for every state-changing API call. A browser names the page
 * that sent a request (Origin, and Sec-Fetch-Site in current browsers); only pages of the shop's
 * own origin (scheme, host and port of SITE_URL) may write:
 * - an Origin header must equal SITE_URL's origin (an https page of the same host is another origin);
 * - Sec-Fetch-Site, when sent, must be same-origin (compared without regard to case);
 * - a write that carries the session cookie must show one of the two, so a browser that sends
 *   neither cannot be used to ride the shopper's session.
 * Calls with no cookie and neither header (curl, scripts, server-to-server) carry no shopper's
 * session to abuse, and stay allowed.
 */
export function installCsrfGuard(app: FastifyInstance, siteUrl: URL): void {
  const ownOrigin = siteUrl.origin;
  app.addHook("onRequest", async (request, reply) => {
    if (!UNSAFE.has(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers["sec-fetch-site"]?.toString().toLowerCase();
    if (origin !== undefined && origin !== ownOrigin) return sendError(reply, "cross-site", "Cross-site request refused");
    if (fetchSite !== undefined && fetchSite !== "same-origin") return sendError(reply, "cross-site", "Cross-site request refused");
    if (origin === undefined && fetchSite === undefined && hasSessionCookie(request)) {
      return sendError(reply, "cross-site", "Cross-site request refused: a signed-in write must come from the shop's own pages");
    }
  });
}
