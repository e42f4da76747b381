import cluster from "node:cluster";
import http from "node:http";
import next from "next";
import { buildApi } from "@/api/app";
import { requestIdOf } from "@/api/request-id";
import { createShopPageCache, serveCachedPage } from "@/http/page-cache-response";
import { badAddressPage, pageAddressProblem } from "@/lib/page-address";
import { pageCacheKey } from "@/lib/page-cache";
import { securityHeaders } from "@/lib/security-headers";
import { loadConfig } from "@/server/config";
import { runCluster, WORKER_READY } from "@/server/ops/cluster";
import { localShopAddresses } from "@/server/ops/own-addresses";
import { closeServices, getServices } from "@/server/services";

/**
 * One process, two front doors: /api/* and /media/* go to Fastify, every other path to Next's
 * request handler. Both use the one set of domain services built by the composition root.
 */
/** How long an idle kept-alive connection stays open: longer than the proxies' and browsers' own (see the server below). */
const KEEP_ALIVE_MS = 65_000;
/** A path no route matches, so Next renders the not-found page with status 404. */
const NOT_FOUND_PATH = "/_invalid-address";
/** The page that stands in, with status 400, for an address holding a character no field accepts. */
const BAD_ADDRESS_PATH = "/bad-address";

/** Makes every way Next sets the answer's status give `status` instead (the page it renders is ours to choose, its status is not). */
function holdStatus(res: http.ServerResponse, status: number) {
  const writeHead = res.writeHead;
  res.writeHead = ((_status: number, ...rest: unknown[]) =>
    (writeHead as (...args: unknown[]) => http.ServerResponse).call(res, status, ...rest)) as typeof res.writeHead;
  Object.defineProperty(res, "statusCode", { get: () => status, set: () => undefined, configurable: true });
}

async function main() {
  const config = loadConfig();
  const dev = process.env.NODE_ENV !== "production";
  const started = Date.now();

  const services = await getServices();
  const { seededProducts, adminPasswordFile } = await services.start(config.ADMIN_EMAIL);
  if (seededProducts) console.log(`Seeded the demo catalogue (${seededProducts} products).`);
  if (adminPasswordFile)
    console.log(
      `Created the first admin account ${config.ADMIN_EMAIL}; its password is in ${adminPasswordFile} (readable only by this user: sign in, change it under /account/settings, then delete the file).`,
    );

  const pageHeaders = Object.entries(securityHeaders(services.siteUrl.protocol === "https:"));
  // whole pages for signed-out shoppers; PAGE_CACHE=off renders every page (to compare, or to debug)
  const pageCache = process.env.PAGE_CACHE === "off" || dev ? null : createShopPageCache(services.databaseKind);
  const nextApp = next({ dev, dir: process.cwd(), hostname: "localhost", port: config.PORT });
  const nextHandler = nextApp.getRequestHandler();
  await nextApp.prepare();

  // set on SIGTERM: from then on every answer closes its connection, so a proxy's kept-alive
  // connections end after their request under way instead of carrying new ones in
  let stopping = false;
  const api = await buildApi({
    services,
    rateLimit: config.API_RATE_LIMIT,
    trustProxy: config.TRUST_PROXY,
    logLevel: config.LOG_LEVEL,
    responseCheck: config.RESPONSE_CHECK,
    metricsToken: config.METRICS_TOKEN,
    siteUrlSet: Boolean(config.SITE_URL),
    listenHost: config.HOST,
    serverFactory: (fastifyHandler) => {
      const server = http.createServer((req, res) => {
        const url = req.url ?? "/";
        if (stopping) res.setHeader("connection", "close");
        if (url.startsWith("/api/") || url === "/api" || url.startsWith("/media/") || url === "/metrics") return fastifyHandler(req, res);
        for (const [name, value] of pageHeaders) res.setHeader(name, value);
        res.setHeader("x-request-id", requestIdOf(req.headers["x-request-id"]));
        const began = performance.now();
        res.once("finish", () => services.metrics.observeRequest(req.method ?? "GET", "page", res.statusCode, (performance.now() - began) / 1000));
        // A path that is not valid UTF-8 once percent-decoded (/products/%ff) makes Next answer a
        // plain-text 500; no page has such an address, so it gets the shop's own 404 page. A path or
        // query holding a control character (/products?category=%00) is refused like the API
        // refuses one: the shop's "address cannot be read" page, status 400, in the language the
        // address asked for; nothing of it reaches a page, a service or the database.
        const problem = pageAddressProblem(url);
        if (problem === "undecodable" || url.split(/[?#]/)[0] === BAD_ADDRESS_PATH) req.url = NOT_FOUND_PATH;
        else if (problem === "forbidden-character") {
          req.url = badAddressPage(url, BAD_ADDRESS_PATH);
          holdStatus(res, 400);
          return void nextHandler(req, res);
        }
        const key = pageCache && pageCacheKey(req);
        if (key) return serveCachedPage(req, res, key, pageCache, () => void nextHandler(req, res));
        void nextHandler(req, res);
      });
      // An idle kept-alive connection is closed by the server after keepAliveTimeout. A client
      // sending on it at that moment gets a reset (ECONNRESET), not an answer: Node's default of
      // 5 s is shorter than what proxies and browsers keep idle connections for (nginx's upstream
      // keepalive_timeout: 60 s), so the server waits longer than they do, and never closes first.
      server.keepAliveTimeout = KEEP_ALIVE_MS;
      server.headersTimeout = KEEP_ALIVE_MS + 1000;
      return server;
    },
  });
  await api.listen({ port: config.PORT, host: config.HOST });
  // a cluster's primary starts the other workers once this one has migrated and seeded
  if (cluster.isWorker) process.send?.(WORKER_READY);
  // the addresses the shop accepts sign-in and other writes from (see src/api/csrf.ts)
  const addresses = config.SITE_URL ? [services.siteUrl.origin] : localShopAddresses(config.PORT, config.HOST);
  console.log(
    `Shop ready at ${addresses[0]} (${services.databaseKind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL"}, ${dev ? "development" : "production"}, ${Date.now() - started} ms)`,
  );
  if (!config.SITE_URL)
    console.log(
      `Open the shop at ${addresses.join(" or ")}: without SITE_URL, sign-in and other changes work at this machine's own names and addresses only. Set SITE_URL to the address shoppers use to serve it under any other name.`,
    );

  // A stop drops nothing: readiness says no at once, the listener closes (a proxy's next
  // connection goes to another server), idle keep-alive connections close, requests under way
  // finish, then the background work stops (a mail being sent, a sync) and the database closes.
  // Past SHUTDOWN_TIMEOUT_MS the process exits anyway, with status 1.
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: draining (at most ${config.SHUTDOWN_TIMEOUT_MS} ms)`);
    services.health.drain();
    const force = setTimeout(() => {
      console.error("shutdown took too long: exiting with work unfinished");
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    await api.close().catch(() => undefined);
    await closeServices().catch(() => undefined);
    console.log(`${signal}: stopped`);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  // a worker whose supervisor is gone (killed) drains and stops instead of running on unsupervised
  if (cluster.isWorker) process.on("disconnect", () => void stop("supervisor gone"));
}

function fail(error: unknown): never {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// WEB_CONCURRENCY > 1: this process supervises that many workers on the one port (each runs main)
const startup = (() => {
  try {
    return loadConfig();
  } catch (error) {
    return fail(error);
  }
})();
if (cluster.isPrimary && startup.WEB_CONCURRENCY > 1) {
  if (!startup.DATABASE_URL) {
    console.warn(`WEB_CONCURRENCY=${startup.WEB_CONCURRENCY} needs DATABASE_URL: the embedded database belongs to one process, so one process serves`);
    main().catch(fail);
  } else {
    const { stopped } = runCluster({ workers: startup.WEB_CONCURRENCY, stopTimeoutMs: startup.SHUTDOWN_TIMEOUT_MS + 5_000 });
    void stopped.then((code) => process.exit(code));
  }
} else main().catch(fail);
