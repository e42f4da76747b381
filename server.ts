import http from "node:http";
import next from "next";
import { buildApi } from "@/api/app";
import { securityHeaders } from "@/lib/security-headers";
import { loadConfig } from "@/server/config";
import { closeServices, getServices } from "@/server/services";

/**
 * One process, two front doors: /api/* and /media/* go to Fastify, every other path to Next's
 * request handler. Both use the one set of domain services built by the composition root.
 */
/** A path no route matches, so Next renders the not-found page with status 404. */
const NOT_FOUND_PATH = "/_invalid-address";

/** Whether a request path (without its query) percent-decodes to valid UTF-8. */
function decodablePath(url: string): boolean {
  const end = url.search(/[?#]/);
  try {
    decodeURIComponent(end === -1 ? url : url.slice(0, end));
    return true;
  } catch {
    return false;
  }
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
  const nextApp = next({ dev, dir: process.cwd(), hostname: "localhost", port: config.PORT });
  const nextHandler = nextApp.getRequestHandler();
  await nextApp.prepare();

  const api = await buildApi({
    services,
    rateLimit: config.API_RATE_LIMIT,
    trustProxy: config.TRUST_PROXY,
    logLevel: config.LOG_LEVEL,
    serverFactory: (fastifyHandler) =>
      http.createServer((req, res) => {
        const url = req.url ?? "/";
        if (url.startsWith("/api/") || url === "/api" || url.startsWith("/media/")) return fastifyHandler(req, res);
        for (const [name, value] of pageHeaders) res.setHeader(name, value);
        // A path that is not valid UTF-8 once percent-decoded (/products/%ff) makes Next answer a
        // plain-text 500; no page has such an address, so it gets the shop's own 404 page.
        if (!decodablePath(url)) req.url = NOT_FOUND_PATH;
        void nextHandler(req, res);
      }),
  });
  await api.listen({ port: config.PORT, host: config.HOST });
  const where = `http://localhost:${config.PORT}`;
  console.log(
    `Shop ready at ${where} (${services.databaseKind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL"}, ${dev ? "development" : "production"}, ${Date.now() - started} ms)`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await api.close().catch(() => undefined);
    await closeServices().catch(() => undefined);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
