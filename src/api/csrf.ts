import type { FastifyInstance } from "fastify";
import { sendError } from "./errors";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Cross-site request forgery guard for every state-changing API call: a browser always names the
 * page that sent a request (Origin, or Sec-Fetch-Site), and only this site's own pages may write.
 * Calls with neither header are not from a browser, so they carry no shopper's cookie to abuse.
 */
export function installCsrfGuard(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    if (!UNSAFE.has(request.method)) return;
    const origin = request.headers.origin;
    // request.host follows X-Forwarded-Host only when TRUST_PROXY is on
    const host = request.host;
    if (origin) {
      let sameSite = false;
      try {
        sameSite = origin !== "null" && new URL(origin).host === host;
      } catch {
        sameSite = false;
      }
      if (!sameSite) return sendError(reply, "cross-site", "Cross-site request refused");
    } else if (request.headers["sec-fetch-site"] === "cross-site") {
      return sendError(reply, "cross-site", "Cross-site request refused");
    }
  });
}
