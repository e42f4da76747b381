import "server-only";
import { createAdsService } from "./ads/ads";
import { createAuthService } from "./auth/auth-service";
import { createMailer, type Mailer } from "./auth/mailer";
import { parseEncryptionKey } from "./auth/secret-box";
import { createCartService } from "./cart/cart";
import { createCatalogService } from "./catalog/products";
import { loadConfig, siteUrl, type ServerConfig } from "./config";
import { openDatabase, type DbHandle } from "./db/client";
import { describeSync } from "./image-search/embed-catalog";
import { createImageSearchService } from "./image-search/image-search";
import { createNewsletterService } from "./newsletter/newsletter";
import { createSearchService } from "./search/suggestions";
import { ensureSeeded } from "./seed/ensure-seeded";
import { createSettingsService } from "./settings/settings";

/** What the domain needs to be built: where the data lives, where mail goes, the public address. */
export interface ServicesConfig {
  database: { url?: string; dataDir?: string; poolSize?: number; migrate?: boolean };
  /** generated media (product images, ads), served under /media */
  mediaDir: string;
  mail: { smtpUrl?: string; from: string; outboxDir: string } | Mailer;
  /** the shop's public origin: links in e-mails; https makes the session cookie Secure */
  siteUrl: URL;
  imageSearch?: { workers?: number; modelPath?: string; maxWaiting?: number };
  /** failed sign-ins allowed from one network address per lockout window */
  loginFailuresPerAddress?: number;
  /** TOTP_ENCRYPTION_KEY: encrypts two-step sign-in secrets at rest; unset = stored plainly */
  totpEncryptionKey?: string;
  log?: (line: string) => void;
}

/** The services of the environment's configuration (DATABASE_URL, DATA_DIR, SMTP_URL, ...). */
export function servicesConfig(config: ServerConfig = loadConfig(), log: (line: string) => void = (line) => console.log(line)): ServicesConfig {
  return {
    database: { url: config.DATABASE_URL, dataDir: config.dataDir, poolSize: config.PG_POOL_SIZE },
    mediaDir: config.mediaDir,
    mail: { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: config.outboxDir },
    siteUrl: siteUrl(),
    imageSearch: { workers: config.IMAGE_WORKERS, modelPath: config.IMAGE_MODEL_PATH },
    totpEncryptionKey: config.TOTP_ENCRYPTION_KEY,
    log,
  };
}

/** How often the image index looks for product images that changed in another process. */
const IMAGE_SYNC_INTERVAL_MS = 60_000;

/**
 * The composition root: opens the database once and builds every domain service on it. Pages, the
 * API, server.ts and the tests all get their services from here; nothing else opens the database
 * or wires one service into another.
 */
export async function createServices(config: ServicesConfig, options: { handle?: DbHandle } = {}) {
  const handle =
    options.handle ??
    (await openDatabase({
      databaseUrl: config.database.url,
      dataDir: config.database.dataDir,
      poolSize: config.database.poolSize,
      migrate: config.database.migrate,
    }));
  const { db } = handle;
  const log = config.log ?? (() => undefined);
  const mailer = "send" in config.mail ? config.mail : createMailer({ ...config.mail, log });
  const settings = createSettingsService(db);
  const auth = createAuthService({
    db,
    mailer,
    siteUrl: config.siteUrl,
    settings,
    loginFailuresPerAddress: config.loginFailuresPerAddress,
    totpEncryptionKey: config.totpEncryptionKey ? parseEncryptionKey(config.totpEncryptionKey) : null,
  });
  const imageSearch = createImageSearchService(db, { mediaDir: config.mediaDir, ...config.imageSearch });
  let imageSync: NodeJS.Timeout | null = null;

  const syncImages = async () => {
    const began = Date.now();
    const result = await imageSearch.sync();
    if (result.embedded || result.failed.length) log(describeSync(result, Date.now() - began));
  };

  return {
    databaseKind: handle.kind,
    mediaDir: config.mediaDir,
    siteUrl: config.siteUrl,
    settings,
    catalog: createCatalogService(db),
    search: createSearchService(db),
    ads: createAdsService(db, settings),
    newsletter: createNewsletterService(db),
    cart: createCartService(db),
    auth,
    imageSearch,

    /**
     * What a server does once before it answers: seed an empty catalogue, create the first admin
     * (its generated password is returned once), embed new product images, and keep embedding
     * images other processes add, every minute.
     */
    async start(adminEmail: string): Promise<{ seededProducts: number | null; adminPassword: string | null }> {
      const seeded = await ensureSeeded(db, { mediaDir: config.mediaDir, log });
      const adminPassword = await auth.ensureInitialAdmin(adminEmail);
      await syncImages();
      imageSync ??= setInterval(() => void syncImages().catch((error: unknown) => console.error("image sync failed:", error)), IMAGE_SYNC_INTERVAL_MS);
      imageSync.unref();
      return { seededProducts: seeded?.products ?? null, adminPassword };
    },

    /** Stops the background work and the worker pool, then closes the database. */
    async close(): Promise<void> {
      if (imageSync) clearInterval(imageSync);
      imageSync = null;
      await imageSearch.close().catch(() => undefined);
      if (!options.handle) await handle.close();
    },
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;

// Next bundles page code apart from server.ts, so a module-level variable would exist twice in one
// process; the one set of services (and with it the one database) lives on globalThis instead.
const KEY = Symbol.for("storefront.services");
type Holder = { [KEY]?: Promise<Services> };

/** The process's services, built from the environment on first use (server.ts builds them first). */
export function getServices(): Promise<Services> {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const building = createServices(servicesConfig());
    holder[KEY] = building;
    building.catch(() => {
      if (holder[KEY] === building) delete holder[KEY];
    });
  }
  return holder[KEY]!;
}

/** Closes the process's services (the database included), if they were built. */
export async function closeServices(): Promise<void> {
  const holder = globalThis as Holder;
  const building = holder[KEY];
  delete holder[KEY];
  if (building) await (await building).close();
}
