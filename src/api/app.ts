import type { Server } from "node:http";
import Fastify, { type FastifyInstance, type FastifyServerFactory } from "fastify";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import os from "node:os";
import path from "node:path";
import { createMailer, type Mailer } from "@/server/auth/mailer";
import type { Database } from "@/server/db";
import { authRoutes } from "./auth";
import { cartRoutes } from "./cart";
import { installCsrfGuard } from "./csrf";
import { adRoutes } from "./ads";
import { CACHE } from "./cache-control";
import { catalogRoutes } from "./catalog";
import { installErrorHandling } from "./errors";
import { newsletterRoutes } from "./newsletter";
import { imageSearchRoutes } from "./image-search";
import { createEmbedPool, type EmbedPool } from "@/server/image-search/embed-pool";
import { ImageSearch } from "@/server/image-search/image-search";
import { settingsRoutes } from "./settings";

export interface ApiOptions {
  db: () => Promise<Database>;
  /** where account e-mails go; default: .eml files in the system temp folder */
  mailer?: Mailer;
  /** the shop's public origin for links in e-mails; default http://localhost:3000 */
  siteUrl?: URL;
  loginFailuresPerAddress?: number;
  /** requests per minute per client address on /api; 0 turns limiting off */
  rateLimit: number;
  trustProxy: boolean;
  /** folder of generated media (product images, ads), served under /media */
  mediaDir?: string;
  logLevel?: string;
  serverFactory?: FastifyServerFactory;
  /** search by image; default: one made on first use over `db` and `mediaDir`, closed with the app */
  imageSearch?: () => Promise<ImageSearch>;
}

/** An image search with its own worker pool, started by the first image search, stopped with the app. */
function lazyImageSearch(app: FastifyInstance<Server>, db: () => Promise<Database>, mediaDir: string): () => Promise<ImageSearch> {
  let search: Promise<ImageSearch> | null = null;
  let pool: EmbedPool | null = null;
  app.addHook("onClose", async () => {
    await pool?.close();
  });
  return () => {
    search ??= db().then((database) => {
      pool = createEmbedPool();
      return new ImageSearch(database, pool, mediaDir);
    });
    return search;
  };
}

/** The HTTP API (/api/*) and the media files (/media/*), as one Fastify app. */
export async function buildApi(options: ApiOptions): Promise<FastifyInstance<Server>> {
  const app = Fastify({
    logger: options.logLevel && options.logLevel !== "silent" ? { level: options.logLevel } : false,
    trustProxy: options.trustProxy,
    serverFactory: options.serverFactory,
    routerOptions: { maxParamLength: 200 },
  }) as unknown as FastifyInstance<Server>;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  await app.register(cookie);

  await app.register(async (api) => {
    if (options.rateLimit > 0) {
      await api.register(rateLimit, {
        max: options.rateLimit,
        timeWindow: 60_000,
        errorResponseBuilder: (_request, context) =>
          Object.assign(new Error(`Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`), {
            statusCode: 429,
          }),
      });
    }
    installCsrfGuard(api);
    const context = {
      db: options.db,
      imageSearch: options.imageSearch ?? (options.mediaDir ? lazyImageSearch(app, options.db, options.mediaDir) : undefined),
      mailer: options.mailer ?? createMailer({ from: "shop@localhost", outboxDir: path.join(os.tmpdir(), "storefront-outbox") }),
      siteUrl: options.siteUrl ?? new URL("http://localhost:3000"),
      loginFailuresPerAddress: options.loginFailuresPerAddress,
    };
    await api.register(catalogRoutes, context);
    await api.register(adRoutes, context);
    await api.register(settingsRoutes, context);
    await api.register(authRoutes, context);
    await api.register(cartRoutes, context);
    await api.register(newsletterRoutes, context);
    await api.register(imageSearchRoutes, context);
  }, { prefix: "/api" });

  if (options.mediaDir) {
    await app.register(fastifyStatic, {
      root: options.mediaDir,
      prefix: "/media/",
      // File names carry a content hash, so a file never changes under its name.
      setHeaders: (reply) => reply.header("cache-control", CACHE.immutable),
      cacheControl: false,
      index: false,
      list: false,
    });
  }
  return app;
}
