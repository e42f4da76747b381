import "server-only";
import { createPreferencesService } from "./account/preferences";
import { createWishlistService } from "./account/wishlist";
import { createAdsService } from "./ads/ads";
import { createProductEditor } from "./catalog/admin/product-editor";
import { createProductPricingEditor } from "./catalog/admin/product-pricing";
import { createCatalogImportService } from "./catalog/admin/catalog-import";
import { createPictureImportService } from "./catalog/admin/picture-zip";
import { createSheetReader } from "./catalog/admin/sheet-reader";
import { createTaxonomyService } from "./catalog/admin/taxonomy";
import { createCatalogCsvService } from "./catalog/admin/csv";
import { createAdminCustomersService } from "./customers/customers";
import { createAdminSecurityService } from "./auth/admin-security";
import { createAdminCatalogService } from "./catalog/admin/products";
import { createAdminDashboardService } from "./dashboard/dashboard";
import { createFirstDayService } from "./dashboard/first-day";
import { writeInitialAdminPassword } from "./auth/admin";
import { createAuthService } from "./auth/auth-service";
import { authLimits, type AuthLimits } from "./auth/limits";
import { createPasswordHasher, type PasswordHashingOptions } from "./auth/passwords";
import { parseEncryptionKey } from "./auth/secret-box";
import { createCartService } from "./cart/cart";
import { createDiscoveryService } from "./catalog/discovery";
import { createComparisonService } from "./catalog/compare";
import { createDatasheetService } from "./catalog/datasheets";
import { createSpecService } from "./specs/service";
import { productDetailExtras } from "./catalog/product-detail";
import type { Locale } from "@/lib/locale";
import type { Product } from "@/lib/product";
import { createSpecAdmin } from "./specs/admin";
import { createCatalogService } from "./catalog/products";
import { updateProduct, type ProductChanges } from "./catalog/product-writes";
import { createPageDataService } from "./cache/page-data";
import { createPostgresRelay } from "./cache/postgres-relay";
import { loadConfig, siteUrl, type ServerConfig } from "./config";
import { openDatabase, type DatabaseTimeouts, type DbHandle } from "./db/client";
import type pg from "pg";
import { createDocumentsService } from "./documents/documents";
import { describeSync } from "./image-search/embed-catalog";
import { createImageSearchService } from "./image-search/image-search";
import { createAfricasTalkingCallbacks, createAfricasTalkingSms, type AfricasTalkingOptions } from "./notify/africastalking";
import { createWhatsAppCloud, createWhatsAppWebhook, type WhatsAppCloudOptions } from "./notify/whatsapp-cloud";
import { createMailer, type Mailer } from "./mail/mailer";
import { createMailService, type MailQuota } from "./mail/outbox";
import { createOrderMessages } from "./notify/order-messages";
import { createTextMessageViews } from "./notify/message-views";
import { createNotifyService, type NotifyServiceOptions } from "./notify/outbox";
import type { MessageChannel, MessageProvider } from "./notify/providers";
import { createSandboxProviders } from "./notify/sandbox";
import { createSignedLinks } from "./notify/signed-links";
import { createPhoneCodes } from "./auth/phone-codes";
import { createMessagesService } from "./messages/messages";
import type { RetryPolicy } from "./mail/rules";
import { createNewsletterService } from "./newsletter/newsletter";
import { createCheckout } from "./orders/checkout";
import { createDeliveries } from "./orders/deliveries";
import { createStaffOrders } from "./orders/staff-orders";
import { createPhoneClaim } from "./orders/claim";
import { createOrdersService } from "./orders/orders";
import type { ClickPesaOptions } from "./payments/clickpesa";
import type { PaymentProvider } from "./payments/provider";
import { createRewardsService } from "./rewards/rewards";
import { createRefundsService } from "./refunds/refunds";
import { createReturnsService } from "./returns/returns";
import { createBackOrdersService } from "./back-orders/back-orders";
import { createShipmentMessages } from "./back-orders/shipment-messages";
import { createPaymentsService, type PaymentsService, type PaymentsServiceOptions } from "./payments/service";
import { SANDBOX_PROVIDER } from "./payments/test-orders";
import { createGerberInspector } from "./requests/gerber-inspector";
import { createRequestsService, type RequestLimits } from "./requests/requests";
import { createSearchService } from "./search/suggestions";
import { ensureSeeded } from "./seed/ensure-seeded";
import { createSettingsService } from "./settings/settings";
import { Redis } from "ioredis";
import { createHealth } from "./ops/health";
import { createMetrics } from "./ops/metrics";
import type { JobQueue } from "./jobs/jobs";
import { scheduleJobs } from "./jobs/schedule";
import { configuredMediaStore, localMediaStore, type MediaStore } from "./media/media-store";
import { createSourcingService } from "./sourcing/sourcing";
import { queueDelayMail } from "./delivery/delay-mail";
import { createDeliveryEstimates } from "./delivery/estimates";
import { createStockAlertsService } from "./stock-alerts/stock-alerts";
import { createReviewsService } from "./reviews/reviews";
import { createQuestionsService } from "./reviews/questions";
import { createReviewInvitations } from "./reviews/invitations";

/** How long a Redis command may wait (for the connection too) before the caller goes on without it. */
const REDIS_COMMAND_MS = 500;

/** How long a stop waits for a running background job (an image sync, say) before closing its workers. */
const JOB_WAIT_ON_STOP_MS = 10_000;

/** What the domain needs to be built: where the data lives, where mail goes, the public address. */
export interface ServicesConfig {
  database: { url?: string; dataDir?: string; poolSize?: number; migrate?: boolean; timeouts?: DatabaseTimeouts };
  /** generated media (product images, ads), served under /media: this folder, unless `media` is given */
  mediaDir: string;
  /** where media are kept when not in `mediaDir` (MEDIA_STORE=s3: a bucket every app server shares) */
  media?: MediaStore;
  mail: { smtpUrl?: string; from: string; outboxDir: string } | Mailer;
  /** the mail outbox's worker (how often `start()` makes it drain), quotas and retries */
  outbox?: { drainIntervalMs?: number; quota?: Partial<MailQuota>; retry?: Partial<RetryPolicy> };
  /**
   * the text-message outbox (SMS, WhatsApp): its worker's interval, quotas and day's budget, retries,
   * a clock (tests), and providers given outright (tests; otherwise see messageProviders)
   */
  notify?: Pick<NotifyServiceOptions, "quota" | "retry" | "now" | "quietHours"> & {
    drainIntervalMs?: number;
    providers?: Partial<Record<MessageChannel, MessageProvider>>;
  };
  /** the shop's public origin: links in e-mails; https makes the session cookie Secure */
  siteUrl: URL;
  imageSearch?: { workers?: number; modelPath?: string; encoder?: string; keypoints?: boolean; maxWaiting?: number };
  /** failed sign-ins allowed from one network address per lockout window */
  loginFailuresPerAddress?: number;
  /** the password-hashing pool: hashes at once, and how many may wait */
  passwordHashing?: PasswordHashingOptions;
  /** request limits of the account routes, per client address and per e-mail address */
  authLimits?: { perAddress?: Partial<AuthLimits["perAddress"]>; perEmail?: Partial<AuthLimits["perEmail"]> };
  /** how many form requests (contact, services, quotes, ...) one client address and one e-mail address may send */
  requestLimits?: Partial<RequestLimits>;
  /** where the first admin's generated password is written (DATA_DIR) */
  dataDir?: string;
  /** TOTP_ENCRYPTION_KEY: encrypts two-step sign-in secrets at rest; unset = stored plainly */
  totpEncryptionKey?: string;
  /** REDIS_URL: state several app servers share (the API's rate limits); unset = kept in this process */
  redisUrl?: string;
  /** payments: ClickPesa's credentials (absent: the built-in sandbox, which takes no money), the poller */
  payments?: { clickpesa?: ClickPesaOptions | null; pollIntervalMs?: number; provider?: PaymentProvider; poll?: PaymentsServiceOptions["poll"] };
  /**
   * Africa's Talking's keys (AT_USERNAME, AT_API_KEY, AT_SENDER_ID, AT_BASE_URL): the SMS provider
   * and its delivery-report callback; absent, SMS go to the built-in sandbox and the callback is off
   */
  africasTalking?: AfricasTalkingOptions | null;
  /**
   * WhatsApp Business Cloud's keys (WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET,
   * WHATSAPP_VERIFY_TOKEN, WHATSAPP_BASE_URL): the WhatsApp provider and its signed status webhook;
   * absent, WhatsApp messages go to the built-in sandbox and the webhook answers 404
   */
  whatsapp?: (WhatsAppCloudOptions & { appSecret: string; verifyToken: string }) | null;
  log?: (line: string) => void;
  /** DEMO_DATA: false = the first start on an empty database seeds nothing (default true) */
  demoData?: boolean;
}

/** The services of the environment's configuration (DATABASE_URL, DATA_DIR, SMTP_URL, ...). */
export function servicesConfig(config: ServerConfig = loadConfig(), log: (line: string) => void = (line) => console.log(line)): ServicesConfig {
  return {
    database: {
      url: config.DATABASE_URL,
      dataDir: config.dataDir,
      poolSize: config.PG_POOL_SIZE,
      timeouts: { lockMs: config.PG_LOCK_TIMEOUT_MS, statementMs: config.PG_STATEMENT_TIMEOUT_MS, acquireMs: config.PG_ACQUIRE_TIMEOUT_MS },
    },
    mediaDir: config.mediaDir,
    media: configuredMediaStore(config),
    mail: { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: config.outboxDir },
    outbox: {
      drainIntervalMs: config.MAIL_DRAIN_INTERVAL_MS,
      quota: { perRecipient: config.MAIL_QUOTA_PER_EMAIL, perClient: config.MAIL_QUOTA_PER_CLIENT },
    },
    notify: { drainIntervalMs: config.MAIL_DRAIN_INTERVAL_MS, quota: { dailyBudget: { sms: config.SMS_DAILY_BUDGET } }, quietHours: config.SMS_QUIET_HOURS },
    siteUrl: siteUrl(),
    imageSearch: {
      workers: config.IMAGE_WORKERS,
      modelPath: config.IMAGE_MODEL_PATH,
      encoder: config.IMAGE_ENCODER,
      keypoints: config.IMAGE_KEYPOINTS === "on",
    },
    passwordHashing: { workers: config.PASSWORD_HASH_WORKERS, maxWaiting: config.PASSWORD_HASH_QUEUE },
    dataDir: config.dataDir,
    requestLimits: { perAddress: { max: config.REQUEST_LIMIT_PER_CLIENT, windowMinutes: 60 } },
    totpEncryptionKey: config.TOTP_ENCRYPTION_KEY,
    redisUrl: config.REDIS_URL,
    payments: {
      clickpesa:
        config.CLICKPESA_CLIENT_ID && config.CLICKPESA_API_KEY && config.CLICKPESA_CHECKSUM_KEY
          ? {
              clientId: config.CLICKPESA_CLIENT_ID,
              apiKey: config.CLICKPESA_API_KEY,
              checksumKey: config.CLICKPESA_CHECKSUM_KEY,
              baseUrl: config.CLICKPESA_BASE_URL,
            }
          : null,
      pollIntervalMs: config.PAYMENT_POLL_INTERVAL_MS,
    },
    africasTalking:
      config.AT_USERNAME && config.AT_API_KEY && config.AT_SENDER_ID
        ? { username: config.AT_USERNAME, apiKey: config.AT_API_KEY, senderId: config.AT_SENDER_ID, baseUrl: config.AT_BASE_URL }
        : null,
    whatsapp:
      config.WHATSAPP_TOKEN && config.WHATSAPP_PHONE_NUMBER_ID && config.WHATSAPP_APP_SECRET && config.WHATSAPP_VERIFY_TOKEN
        ? {
            token: config.WHATSAPP_TOKEN,
            phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
            appSecret: config.WHATSAPP_APP_SECRET,
            verifyToken: config.WHATSAPP_VERIFY_TOKEN,
            baseUrl: config.WHATSAPP_BASE_URL,
          }
        : null,
    log,
    demoData: config.DEMO_DATA === "on",
  };
}

/**
 * How long the pages' cached catalogue data is used at most, for writes this process is not told of:
 * sales counts a payment adds (in the payment's own transaction), and, on PostgreSQL, another app
 * server's writes.
 */
const PAGE_DATA_TTL_EMBEDDED_MS = 60_000;
const PAGE_DATA_TTL_SHARED_MS = 10_000;
/** How often the mail worker looks for mail to send, unless configured. */
const MAIL_DRAIN_INTERVAL_MS = 2000;
/** How often the text-message worker looks for messages to send, unless configured. */
const MESSAGE_DRAIN_INTERVAL_MS = 2000;
/** How often the fiscal outbox worker reports queued receipts to the fiscal device. */
const FISCAL_DRAIN_INTERVAL_MS = 5000;
/** How long a stopping server keeps sending what is due before it closes the database. */
const MAIL_FLUSH_ON_STOP_MS = 3000;

/**
 * Which provider carries each text-message channel: the place a real adapter is chosen from the
 * configuration (Africa's Talking for SMS, WhatsApp Business Cloud for WhatsApp, each when its
 * keys are set; config.ts has checked they are all there, with an https SITE_URL). A channel no
 * adapter is chosen for goes to the built-in sandbox (JSON files under DATA_DIR), as in tests.
 */
function messageProviders(config: ServicesConfig, sandbox: Record<MessageChannel, MessageProvider>): Record<MessageChannel, MessageProvider> {
  return {
    sms: config.notify?.providers?.sms ?? (config.africasTalking ? createAfricasTalkingSms(config.africasTalking) : sandbox.sms),
    whatsapp: config.notify?.providers?.whatsapp ?? (config.whatsapp ? createWhatsAppCloud(config.whatsapp) : sandbox.whatsapp),
  };
}

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
      timeouts: config.database.timeouts,
    }));
  const { db } = handle;
  const media = config.media ?? localMediaStore(config.mediaDir);
  const log = config.log ?? (() => undefined);
  const mailer = "send" in config.mail ? config.mail : createMailer({ ...config.mail, log });
  const mail = createMailService({ db, mailer, quota: config.outbox?.quota, retry: config.outbox?.retry, log });
  // short signed links in text messages: an order's page, a number's opt-out (marketing SMS and the safety notice carry it)
  const links = createSignedLinks({ db, siteUrl: config.siteUrl });
  await links.ready();
  const notify = createNotifyService({
    db,
    providers: messageProviders(config, createSandboxProviders(config.dataDir ?? config.database.dataDir ?? "./data", log)),
    quota: config.notify?.quota,
    retry: config.notify?.retry,
    now: config.notify?.now,
    quietHours: config.notify?.quietHours,
    optOutLink: links.optOutLink,
    log,
  });
  const textMessages = createTextMessageViews({ db, notify, now: config.notify?.now });
  const settings = createSettingsService(db);
  const passwords = createPasswordHasher(config.passwordHashing);
  const gerber = createGerberInspector();
  const sheetReader = createSheetReader();
  const auth = createAuthService({
    db,
    mail,
    siteUrl: config.siteUrl,
    settings,
    loginFailuresPerAddress: config.loginFailuresPerAddress,
    passwords,
    limits: authLimits(config.authLimits),
    totpEncryptionKey: config.totpEncryptionKey ? parseEncryptionKey(config.totpEncryptionKey) : null,
  });
  const imageSearch = createImageSearchService(db, { media, log, ...config.imageSearch });
  const cart = createCartService(db);
  const documents = createDocumentsService({
    db,
    settings,
    mail,
    siteUrl: config.siteUrl,
    dataDir: config.dataDir ?? config.database.dataDir ?? "./data",
    // asked when an e-mail is written, once the payments service below exists
    testPayments: () => payments.providerName === SANDBOX_PROVIDER,
    log,
  });
  // the SMS beside each order e-mail; a placed order's says TEST while payments go to the sandbox
  const orderMessages = createOrderMessages({ db, notify, links, testPayments: () => payments.providerName === SANDBOX_PROVIDER, now: config.notify?.now });
  // one-time SMS codes confirming a number (a guest's checkout, claiming a guest's orders)
  const phoneCodes = createPhoneCodes({ db, notify, settings, siteUrl: config.siteUrl });
  // delivery estimates: the API's dates, and the slip job that moves a promise and tells the shopper (SMS, WhatsApp, e-mail)
  const deliveryEstimates = createDeliveryEstimates({
    db,
    settings,
    notifySlip: async (tx, orderId, slip) => {
      await orderMessages.orderDelayed(tx, orderId);
      await queueDelayMail(tx, { mail, siteUrl: config.siteUrl }, orderId, slip.approximate);
    },
  });
  const orders = createOrdersService({
    db,
    settings,
    spendPhoneCode: (tx, codeId) => phoneCodes.spend(tx, codeId),
    // the admin's "refund" action is a full refund through the refunds service (built below)
    refundInFull: async (number, by) => {
      await refunds.refundInFull(number, { adminId: by.adminId, adminEmail: by.adminEmail, note: by.note }, { ip: by.meta?.ip ?? null });
    },
    hooks: {
      notify: async (tx, kind, orderId) => {
        // a pick-up's being ready, an order's hand-over and a refusal at the door are told by text message only
        if (kind !== "ready" && kind !== "delivered" && kind !== "refused") await documents.notifyOrder(tx, `order-${kind}`, orderId);
        await orderMessages.notifyOrder(tx, `order-${kind}`, orderId);
      },
      issueReceipt: async (tx, orderId, part) => {
        await documents.issueReceipt(tx, orderId, part);
      },
    },
  });
  const payments: PaymentsService = createPaymentsService({
    db,
    settings,
    log,
    clickpesa: config.payments?.clickpesa ?? null,
    provider: config.payments?.provider,
    poll: config.payments?.poll,
    onPaid: async (tx, orderId, payment) => {
      if (payment.purpose === "balance") {
        if ((await orders.markBalancePaidInTx(tx, orderId, payment)) === "paid") await backOrders.balancePaid(tx, orderId, payment);
        return;
      }
      await orders.markPaidInTx(tx, orderId, { actor: "provider", note: `${payment.provider} ${payment.reference}` });
    },
    // the push's SMS (the amount, the order, "enter your PIN"), and a failed attempt's with the link to pay again
    onPromptSent: async (prompt) => {
      await orderMessages.paymentPrompt(prompt);
    },
    onAttemptFailed: async (tx, orderId, attempt) => {
      await orderMessages.paymentFailed(tx, orderId, attempt);
    },
    // The sandbox's signed callback goes straight into the webhook's handler in this process: like
    // an HTTP callback (the same raw body, signature header and verification), without the network.
    deliverCallback: async (provider, rawBody, headers) => {
      await payments.handleCallback(provider, JSON.parse(rawBody) as unknown, rawBody, headers, null);
    },
    // the sandbox's payout (refund) callbacks, the same way into the refunds service's handler
    deliverPayoutCallback: async (provider, rawBody, headers) => {
      await refunds.handlePayoutCallback(provider, JSON.parse(rawBody) as unknown, rawBody, headers, null);
    },
  });
  const checkout = createCheckout(orders, payments, phoneCodes);
  // partial and full refunds of paid orders: credit notes, store credit, money back by the route that took it
  const refunds = createRefundsService({
    db,
    provider: () => payments.provider,
    notify,
    mail,
    links,
    siteUrl: config.siteUrl,
    poll: config.payments?.poll,
    log,
    now: config.notify?.now,
  });
  // back-orders: orders beyond stock (waiting lines served first when stock arrives), shipments in parts, a waiting part cancelled and refunded
  const backOrders = createBackOrdersService({
    db,
    settings,
    refunds,
    messages: createShipmentMessages({ notify, mail, links, siteUrl: config.siteUrl, companyName: async (tx) => (await settings.get(tx)).companyName }),
    now: config.notify?.now,
    log,
  });
  // returns and warranty claims: the shopper's request with photos, the admin's steps, stock back on sale or faulty, money through refunds
  const returns = createReturnsService({
    db,
    media,
    refunds,
    notify,
    mail,
    links,
    siteUrl: config.siteUrl,
    confirmSecondFactor: (userId, code) => auth.confirmSecondFactor(userId, code),
    now: config.notify?.now,
  });
  // orders staff take for a customer, and the payments they send for or take by hand
  const staffOrders = createStaffOrders({ db, orders, checkout, notify, links, phoneCodes });
  // pay on delivery: riders' deliveries, the shop's riders, the day's cash per collector
  const deliveries = createDeliveries({ db, settings });
  const phoneClaim = createPhoneClaim({ db, phoneCodes, orders });
  // "notify me": the waiting lists of sold-out products, told when stock comes back (any path: a trigger queues it)
  const stockAlerts = createStockAlertsService({ db, notify, mail, phoneCodes, settings, siteUrl: config.siteUrl, now: config.notify?.now, log });
  const newsletter = createNewsletterService({ db, mail, siteUrl: config.siteUrl, settings });
  const preferences = createPreferencesService({ db, settings, newsletter, cardAvailable: () => checkout.cardAvailable });
  const messages = createMessagesService({
    db,
    mail,
    settings,
    siteUrl: config.siteUrl,
    orderUpdatesSeen: { get: preferences.orderUpdatesSeenAt, mark: preferences.markOrderUpdatesSeen },
  });
  const catalog = {
    ...createCatalogService(db),
    /** a product's spec table, datasheet, prices by quantity and alternatives (composed here: alternatives read the catalogue) */
    detailExtras: (product: Pick<Product, "id" | "price" | "product_variants">, locale: Locale) => productDetailExtras(db, product, locale),
    /** a product's price or stock; the cached pages that showed the old values are dropped */
    update: (id: number, changes: ProductChanges) => updateProduct(db, id, changes),
  };
  const discovery = createDiscoveryService(db);
  const specs = createSpecService(db);
  // on PostgreSQL other app servers may share the database: cache invalidations go both ways
  const pool = (handle as DbHandle & { pool?: pg.Pool }).pool;
  const relay = handle.kind === "postgres" && pool ? createPostgresRelay(pool, log) : null;
  const ads = createAdsService(db, settings, media);
  // days after delivery, the buyer is asked to review what they bought (SMS with consent, e-mail), once per order
  const reviewInvitations = createReviewInvitations({ db, settings, notify, mail, links, now: config.notify?.now });
  const health = createHealth(db);
  // shared state across app servers: a command waits for the connection at most REDIS_COMMAND_MS
  // (then the rate limiter lets the request through rather than refusing the whole shop), and the
  // client reconnects on its own
  const redis = config.redisUrl ? new Redis(config.redisUrl, { commandTimeout: REDIS_COMMAND_MS, maxRetriesPerRequest: 1, connectTimeout: 2_000 }) : null;
  redis?.on("error", (error: Error) => log(`redis: ${error.message}`));
  const metrics = createMetrics({ db, pool, imageSearchQueue: () => imageSearch.queue(), jobQueues: () => jobs.depth() });
  /** A background job's failure: in the log, and counted for the metrics. */
  const jobFailed = (job: string) => (error: unknown) => {
    console.error(`${job} failed:`, error);
    metrics.jobFailed(job);
  };

  const syncImages = async () => {
    const began = Date.now();
    const result = await imageSearch.sync();
    if (result.embedded || result.failed.length) log(describeSync(result, Date.now() - began));
  };

  // the metrics above read this queue's depth when scraped, after it exists
  const jobs: JobQueue = scheduleJobs({
    databaseUrl: handle.kind === "postgres" && config.database.url ? config.database.url : null,
    work: {
      syncImages,
      pruneCartMerges: () => cart.pruneMerges(),
      pruneSecurityRecords: async () => {
        await auth.pruneExpired();
        await phoneCodes.prune();
      },
      expireUnpaidOrders: () => orders.expireDue(),
      recordDeliverySlips: () => deliveryEstimates.recordSlips(),
      refundSlippedBackOrders: () => backOrders.refundSlipped(),
      inviteReviews: () => reviewInvitations.sendDue(),
    },
    log,
    onFailure: (job, error) => jobFailed(job)(error),
  });
  let jobsStarted = false;
  // a new product picture gets its vector at once (on whichever server takes the job)
  const syncNewImages = () => {
    void jobs.enqueue("image-sync").catch(jobFailed("image-sync"));
  };
  // a new picture gets its image-search vector at once rather than at the next sync
  const productEditor = createProductEditor(db, media, syncNewImages);
  const catalogImport = createCatalogImportService(db, media);

  return {
    databaseKind: handle.kind,
    /** readiness for the load balancer, and the drain a stop begins with */
    health,
    /** Prometheus metrics of this process (/metrics) */
    metrics,
    /** the Redis client several app servers share state through (null without REDIS_URL) */
    redis,
    /** product pictures and ad media (a folder, or a bucket several servers share) */
    media,
    siteUrl: config.siteUrl,
    settings,
    catalog,
    specs,
    search: createSearchService(db),
    sourcing: createSourcingService({ db, catalog }),
    discovery,
    ads,
    /**
     * The catalogue data and ads the pages render, cached until a write invalidates them (tags,
     * src/server/cache/tagged-cache.ts). The time limit bounds what another app server changed
     * on the same PostgreSQL database (this process is not told of it); with the embedded
     * database no other process can write.
     */
    pageData: createPageDataService(
      { catalog, ads, discovery },
      { max: 5_000, ttlMs: handle.kind === "pglite" ? PAGE_DATA_TTL_EMBEDDED_MS : PAGE_DATA_TTL_SHARED_MS },
    ),
    newsletter,
    /** the shopper's wishlist */
    wishlist: createWishlistService(db),
    /** saved mobile-money numbers, the preferred payment method and notification choices */
    preferences,
    /** the message centre: support conversations and order updates */
    messages,
    cart,
    orders,
    checkout,
    /** refunds of paid orders (by line or amount), their credit notes and the shoppers' store credit */
    refunds,
    /** returns and warranty claims of delivered orders: requests with photos, the admin's workflow, faulty stock */
    returns,
    /** buyers' reviews of products (verified purchases, photos, helpful marks, reports) and the admin's moderation; the rating follows by trigger */
    reviews: createReviewsService({ db, media }),
    /** back-orders: plans and offers beyond stock, an order's parts and shipments, a waiting part cancelled (its money returned) */
    backOrders,
    staffOrders,
    deliveries,
    /** delivery estimates (GET /api/delivery-estimate), the shop's clock, and the promises' slips */
    deliveryEstimates,
    /** what visitors send through the shop's forms: stored, mailed to the shop, acknowledged */
    requests: createRequestsService({
      db,
      mail,
      settings,
      dataDir: config.dataDir ?? config.database.dataDir ?? "./data",
      siteUrl: config.siteUrl,
      limits: config.requestLimits,
      gerber,
    }),
    /** the shopper's coupons and coins, the admin's coupons (redeeming and moving coins happen in orders) */
    rewards: createRewardsService({ db, settings }),
    adminDashboard: createAdminDashboardService(db, settings, { fiscalDeviceConnected: documents.fiscalDeviceConnected }),
    /** what a live shop still needs: the dashboard's first-day checklist */
    firstDay: createFirstDayService(db, settings, { paymentProvider: payments.providerName, africasTalking: !!config.africasTalking }),
    /** Africa's Talking's delivery-report callback: its token check and the address to register (null: not configured) */
    africasTalkingCallbacks: config.africasTalking ? createAfricasTalkingCallbacks(config.africasTalking.apiKey, config.siteUrl) : null,
    /** WhatsApp Cloud's webhook: Meta's verification handshake and the signature of its callbacks (null: not configured) */
    whatsappWebhook: config.whatsapp ? createWhatsAppWebhook(config.whatsapp) : null,
    adminCatalog: createAdminCatalogService(db, settings),
    adminSecurity: createAdminSecurityService(db, settings),
    adminCustomers: createAdminCustomersService(db),
    catalogCsv: createCatalogCsvService(db),
    taxonomy: createTaxonomyService(db),
    /** a product's prices by quantity and pack size, as the admin keeps them */
    productPricing: createProductPricingEditor(db),
    /** a category's attribute definitions, as the admin keeps them */
    specAdmin: createSpecAdmin(db),
    productEditor,
    /** the catalogue import: sheets of products (CSV, XLSX) as batches that can be undone, read in a worker thread */
    catalogImport,
    sheetReader,
    /** pictures in bulk: a ZIP of files named by SKU */
    pictureImport: createPictureImportService(db, productEditor.storeImage, catalogImport, syncNewImages),
    /** products' datasheets: downloads, the admin's uploads and manufacturer's links, spec sheets made from the shop's data */
    datasheets: createDatasheetService(db, media),
    /** products side by side, and the in-stock alternatives to one */
    comparison: createComparisonService(db),
    /** fiscal receipts (and their outbox to the fiscal device), receipt and invoice PDFs, order e-mails */
    documents,
    auth,
    imageSearch,
    /** payment attempts, provider callbacks and the poller of pending payments */
    payments,
    /** payments go to the built-in sandbox, which takes no money: every page says so, and such orders are test orders */
    testPayments: payments.providerName === SANDBOX_PROVIDER,
    /** the durable mail outbox: requests enqueue, the worker started by `start()` drains (tests call `mail.drain()`) */
    mail,
    /**
     * the text-message outbox (SMS, WhatsApp): events enqueue (`enqueue`), the worker started by
     * `start()` drains (tests call `notify.drain()`), providers' callbacks call `recordDeliveries`,
     * the order timeline reads `messagesForOrder`
     */
    notify,
    /** short signed links in text messages: an order's page (`/o/`), a number's opt-out (`/stop/`) */
    links,
    /** one-time codes by SMS that confirm a mobile number (a guest's checkout, claiming a guest's orders) */
    phoneCodes,
    /** an account confirming its number by a code, which moves the guest orders placed with it into the account */
    phoneClaim,
    /** "notify me" alerts on sold-out products and options: sign-up, confirmation, the waiting lists told as stock comes back (`drain()` in tests) */
    stockAlerts,
    /** product questions and their answers in public: asked by shoppers, answered by the shop or verified buyers, moderated */
    questions: createQuestionsService({ db, settings, notify, mail, siteUrl: config.siteUrl }),
    /** the invitations to review, days after delivery (`sendDue()`: the periodic job; tests call it) */
    reviewInvitations,
    /** the text messages as pages and the API show them: an order's timeline (also by id, for a guest's link), the admin's list */
    textMessages,

    /**
     * What a server does once before it answers: seed an empty catalogue at the first start (not with DEMO_DATA=off), create the first admin
     * (its generated password goes to an owner-only file under the data folder, never to the
     * console or the log: the answer says only where), embed new product images, keep embedding
     * images other processes add, every minute, delete expired cart merge ids and old or expired security records, every hour, and
     * start the mail worker.
     */
    async start(adminEmail: string): Promise<{ seededProducts: number | null; adminPasswordFile: string | null }> {
      const seeded = await ensureSeeded(db, { media, log, demo: config.demoData });
      const adminPassword = await auth.ensureInitialAdmin(adminEmail);
      const adminPasswordFile = adminPassword
        ? await writeInitialAdminPassword(config.dataDir ?? config.database.dataDir ?? "./data", adminEmail, adminPassword)
        : null;
      if (!jobsStarted) await jobs.start();
      jobsStarted = true;
      mail.start(config.outbox?.drainIntervalMs ?? MAIL_DRAIN_INTERVAL_MS);
      notify.start(config.notify?.drainIntervalMs ?? MESSAGE_DRAIN_INTERVAL_MS);
      stockAlerts.start(config.notify?.drainIntervalMs ?? MESSAGE_DRAIN_INTERVAL_MS);
      documents.start(FISCAL_DRAIN_INTERVAL_MS);
      payments.startPoller(config.payments?.pollIntervalMs);
      refunds.startPoller(config.payments?.pollIntervalMs);
      await relay?.listen();
      return { seededProducts: seeded?.products ?? null, adminPasswordFile };
    },

    /** Stops the background work (sending what mail is due, best effort) and the worker pool, then closes the database. */
    async close(): Promise<void> {
      await payments.stopPoller().catch(() => undefined);
      await refunds.stopPoller().catch(() => undefined);
      await mail.stop(MAIL_FLUSH_ON_STOP_MS).catch(() => undefined);
      await stockAlerts.stop().catch(() => undefined);
      await notify.stop(MAIL_FLUSH_ON_STOP_MS).catch(() => undefined);
      await documents.stop().catch(() => undefined);
      await jobs.stop(JOB_WAIT_ON_STOP_MS).catch(() => undefined);
      await imageSearch.close().catch(() => undefined);
      await passwords.close().catch(() => undefined);
      await gerber.close().catch(() => undefined);
      await sheetReader.close().catch(() => undefined);
      await relay?.close().catch(() => undefined);
      redis?.disconnect();
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
