import http from "node:http";
import next from "next";
import { buildApi } from "@/api/app";
import { ensureInitialAdmin } from "@/server/auth/admin";
import { createMailer } from "@/server/auth/mailer";
import { loadConfig, siteUrl } from "@/server/config";
import { closeDb, getDb, getDbHandle } from "@/server/db";
import { describeSync } from "@/server/image-search/embed-catalog";
import { createEmbedPool } from "@/server/image-search/embed-pool";
import { ImageSearch } from "@/server/image-search/image-search";
import { ensureSeeded } from "@/server/seed/ensure-seeded";

/** How often the image index looks for product images that changed in another process. */
const IMAGE_SYNC_INTERVAL_MS = 60_000;

/**
 * One process, two front doors: /api/* and /media/* go to Fastify, every other path to Next's
 * request handler. Both share the one database handle kept on globalThis.
 */
async function main() {
  const config = loadConfig();
  const dev = process.env.NODE_ENV !== "production";
  const started = Date.now();

  const handle = await getDbHandle();
  const seeded = await ensureSeeded(handle.db, { mediaDir: config.mediaDir, log: (line) => console.log(line) });
  if (seeded) console.log(`Seeded the demo catalogue (${seeded.products} products).`);
  const adminPassword = await ensureInitialAdmin(handle.db, config.ADMIN_EMAIL);
  if (adminPassword) console.log(`Created the first admin account: ${config.ADMIN_EMAIL} with the password ${adminPassword} (shown once; change it under /account).`);

  const embedPool = createEmbedPool({ threads: config.IMAGE_WORKERS, modelPath: config.IMAGE_MODEL_PATH });
  const imageSearch = new ImageSearch(handle.db, embedPool, config.mediaDir);
  const syncImages = async () => {
    const began = Date.now();
    const result = await imageSearch.sync();
    if (result.embedded || result.failed.length) console.log(describeSync(result, Date.now() - began));
  };
  await syncImages();
  const imageSync = setInterval(() => void syncImages().catch((error: unknown) => console.error("image sync failed:", error)), IMAGE_SYNC_INTERVAL_MS);
  imageSync.unref();

  const nextApp = next({ dev, dir: process.cwd(), hostname: "localhost", port: config.PORT });
  const nextHandler = nextApp.getRequestHandler();
  await nextApp.prepare();

  const api = await buildApi({
    db: getDb,
    rateLimit: config.API_RATE_LIMIT,
    trustProxy: config.TRUST_PROXY,
    mediaDir: config.mediaDir,
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: config.outboxDir, log: (line) => console.log(line) }),
    siteUrl: siteUrl(),
    imageSearch: async () => imageSearch,
    logLevel: config.LOG_LEVEL,
    serverFactory: (fastifyHandler) =>
      http.createServer((req, res) => {
        const url = req.url ?? "/";
        if (url.startsWith("/api/") || url === "/api" || url.startsWith("/media/")) fastifyHandler(req, res);
        else void nextHandler(req, res);
      }),
  });
  await api.listen({ port: config.PORT, host: config.HOST });
  const where = `http://localhost:${config.PORT}`;
  console.log(
    `Shop ready at ${where} (${handle.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL"}, ${dev ? "development" : "production"}, ${Date.now() - started} ms)`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    clearInterval(imageSync);
    await api.close().catch(() => undefined);
    await embedPool.close().catch(() => undefined);
    await closeDb().catch(() => undefined);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
