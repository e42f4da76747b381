import net from "node:net";
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { liveResponseSchema, metricsResponseSchema, readyResponseSchema } from "@/lib/contract/ops";
import type { Services } from "@/server/services";
import { CACHE } from "./cache-control";
import { sendError } from "./errors";

/**
 * Loopback only: a private-network peer is not enough, since behind Docker's port publishing or a
 * proxy every shopper arrives from a private address. A Prometheus elsewhere uses METRICS_TOKEN.
 */
const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** Whether the connection's own peer (not a forwarded address) is this machine, and no proxy forwarded it. */
function localScrape(request: FastifyRequest): boolean {
  if (request.headers["x-forwarded-for"] !== undefined) return false;
  const peer = (request.raw.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
  if (!peer) return false;
  return LOOPBACK.check(peer, net.isIPv6(peer) ? "ipv6" : "ipv4");
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const sent = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Operating the shop: liveness and readiness for load balancers and orchestrators (never rate
 * limited: a prober asks often from one address), and the Prometheus metrics at /metrics for this
 * machine or a bearer token (METRICS_TOKEN). nginx does not pass /metrics on at all.
 */
export async function opsRoutes(app: FastifyInstance, options: { services: Services; metricsToken?: string }) {
  const { health, metrics } = options.services;
  const noStore = (reply: FastifyReply) => reply.header("cache-control", CACHE.none);

  app.get("/api/health/live", { config: { rateLimit: false }, schema: { response: { 200: liveResponseSchema } } }, async (_request, reply) => {
    noStore(reply);
    return { status: "ok" };
  });

  app.get("/api/health/ready", { config: { rateLimit: false }, schema: { response: { 200: readyResponseSchema } } }, async (_request, reply) => {
    noStore(reply);
    const readiness = await health.readiness();
    if (!readiness.ready) {
      const why = readiness.draining ? "draining for a stop" : readiness.database === "down" ? "the database does not answer" : "migrations are pending";
      return sendError(reply, "unavailable", `Not ready: ${why}`, { ...readiness });
    }
    return { status: "ready", ...readiness };
  });

  app.get("/metrics", { config: { rateLimit: false }, schema: { response: { 200: metricsResponseSchema } } }, async (request, reply) => {
    noStore(reply);
    const allowed = options.metricsToken ? bearerMatches(request, options.metricsToken) : localScrape(request);
    if (!allowed) return sendError(reply, "forbidden", "Metrics are for this machine, or for a scraper with the metrics token");
    reply.type(metrics.contentType);
    return metrics.exposition();
  });

  // every answer's latency, by the route's pattern (a page, a media file or no route otherwise)
  app.addHook("onResponse", async (request, reply) => {
    const pattern = request.routeOptions.url;
    const route = pattern ?? (request.url.startsWith("/media/") ? "media" : "unmatched");
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
}
