import type { FastifyInstance } from "fastify";
import { sendError } from "./errors";
import { hasSessionCookie } from "./session-cookie";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * "signature": a server-to-server callback (a payment provider's webhook) authenticated by a
     * signature over its body, never by a session: the browser-origin checks below do not apply.
     * Such a route must not read the session cookie.
     */
    csrf?: "signature";
  }
}

/**
 * Cross-site request forgery guard for every state-changing API call. A browser names the page
 * that sent a request (Origin, and Sec-Fetch-Site in current browsers); only pages of the shop's
 * own origin (scheme, host and port of SITE_URL) may write:
 * - an Origin header must equal SITE_URL's origin (an https page of the same host is another origin);
 * - Sec-Fetch-Site, when sent, must be same-origin (compared without regard to case);
 * - a write that carries the session cookie must show one of the two, so a browser that sends
 *   neither cannot be used to ride the shopper's session.
 * Calls with no cookie and neither header (curl, scripts, server-to-server) carry no shopper's
 * session to abuse, and stay allowed. Routes marked `config: { csrf: "signature" }` (payment
 * providers' webhooks) are exempt whatever their headers: a provider's servers may send an Origin
 * of their own, and such a route is authenticated by the signature over its body instead.
 */
export function installCsrfGuard(app: FastifyInstance, siteUrl: URL): void {
  const ownOrigin = siteUrl.origin;
  app.addHook("onRequest", async (request, reply) => {
    if (!UNSAFE.has(request.method)) return;
    if (request.routeOptions.config?.csrf === "signature") return;
    const origin = request.headers.origin;
    const fetchSite = request.headers["sec-fetch-site"]?.toString().toLowerCase();
    if (origin !== undefined && origin !== ownOrigin) return sendError(reply, "cross-site", "Cross-site request refused");
    if (fetchSite !== undefined && fetchSite !== "same-origin") return sendError(reply, "cross-site", "Cross-site request refused");
    if (origin === undefined && fetchSite === undefined && hasSessionCookie(request)) {
      return sendError(reply, "cross-site", "Cross-site request refused: a signed-in write must come from the shop's own pages");
    }
  });
}
