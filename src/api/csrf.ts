import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hostnameOf, isOwnHost, localShopAddresses, ownHostNames } from "@/server/ops/own-addresses";
import { refusal } from "@/server/auth/texts";
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

export interface CsrfOptions {
  /** the shop's public origin (SITE_URL, else http://localhost:PORT) */
  siteUrl: URL;
  /**
   * false when SITE_URL is not set: the shop is then used at whatever name of this machine it was
   * opened at (localhost, 127.0.0.1, its network address on a phone), see below
   */
  siteUrlSet: boolean;
  /** the address the server listens on (HOST), for the addresses a refusal names */
  listenHost?: string;
}

/**
 * Cross-site request forgery guard for every state-changing API call. A browser names the page
 * that sent a request (Origin, and Sec-Fetch-Site in current browsers); only pages of the shop's
 * own origin may write:
 * - with SITE_URL set, an Origin header must equal its origin (scheme, host and port: an https
 *   page of the same host is another origin);
 * - without it, an Origin must equal the address the request was sent to (scheme and Host, port
 *   included), and that Host must be one of this machine's own names or addresses (localhost,
 *   127.0.0.1, [::1], its host name, its network addresses): the shop opened at
 *   http://127.0.0.1:3000 or at the machine's address on a phone works, while another site's
 *   domain pointed at this machine (DNS rebinding) never counts as the shop;
 * - Sec-Fetch-Site, when sent, must be same-origin (compared without regard to case);
 * - a write that carries the session cookie must show one of the two, so a browser that sends
 *   neither cannot be used to ride the shopper's session.
 * Calls with no cookie and neither header (curl, scripts, server-to-server) carry no shopper's
 * session to abuse, and stay allowed. Routes marked `config: { csrf: "signature" }` (payment
 * providers' webhooks) are exempt whatever their headers: a provider's servers may send an Origin
 * of their own, and such a route is authenticated by the signature over its body instead.
 * A refusal names the address the shop must be opened at (`address`), in words the page shows.
 */
export function installCsrfGuard(app: FastifyInstance, options: CsrfOptions): void {
  const { siteUrl, siteUrlSet } = options;
  const port = Number(siteUrl.port) || (siteUrl.protocol === "https:" ? 443 : 80);

  /** The origin of the address a request was sent to, when that address is one of this machine's. */
  const ownAddressOf = (request: FastifyRequest): string | null => {
    const host = request.headers.host;
    if (!host || !isOwnHost(host, ownHostNames())) return null;
    try {
      return new URL(`${request.protocol}://${host}`).origin;
    } catch {
      return null;
    }
  };

  const isOwnOrigin = (request: FastifyRequest, origin: string): boolean => (siteUrlSet ? origin === siteUrl.origin : origin === ownAddressOf(request));

  /** Where the shop must be opened for its writes to be accepted: SITE_URL, else the machine's own address. */
  const addressToOpen = (request: FastifyRequest): string => {
    if (siteUrlSet) return siteUrl.origin;
    const own = ownAddressOf(request);
    if (own) return own;
    const [local, ...network] = localShopAddresses(port, options.listenHost ?? "0.0.0.0");
    // opened from another device (not at localhost): this machine's network address is what works there
    const hostname = hostnameOf(request.headers.host);
    return (hostname && !hostname.endsWith("localhost") && network[0]) || local!;
  };

  const refuse = (request: FastifyRequest, reply: FastifyReply, reason: "crossSite" | "crossSiteSignedIn") => {
    const refused = refusal("cross-site", reason, { address: addressToOpen(request) });
    return sendError(reply, refused.code, refused.message, refused.details);
  };

  app.addHook("onRequest", async (request, reply) => {
    if (!UNSAFE.has(request.method)) return;
    if (request.routeOptions.config?.csrf === "signature") return;
    const origin = request.headers.origin;
    const fetchSite = request.headers["sec-fetch-site"]?.toString().toLowerCase();
    if (origin !== undefined && !isOwnOrigin(request, origin)) return refuse(request, reply, "crossSite");
    if (fetchSite !== undefined && fetchSite !== "same-origin") return refuse(request, reply, "crossSite");
    if (origin === undefined && fetchSite === undefined && hasSessionCookie(request)) return refuse(request, reply, "crossSiteSignedIn");
  });
}
