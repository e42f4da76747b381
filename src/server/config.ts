import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { parseQuietHours } from "@/lib/sms/quiet-hours";

const flag = z.enum(["0", "1", "true", "false", ""]).transform((v) => v === "1" || v === "true");

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PG_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** how long a statement waits for a row lock before it gives up (the API answers 503 busy); 0 = forever */
  PG_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
  /** how long one statement may run before the database cancels it (503 busy); 0 = no limit */
  PG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  /** how long a request waits for a free pooled connection, or for a new one to open (503) */
  PG_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(3_000),
  API_RATE_LIMIT: z.coerce.number().int().min(0).default(1200),
  TRUST_PROXY: flag.default(false),
  /** the shop's public address, for canonical links and Open Graph (absolute URLs) */
  SITE_URL: z
    .url({ protocol: /^https?$/, error: "SITE_URL must be an http(s) address such as https://shop.example.co.tz" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** smtp(s)://user:pass@host:port for account e-mails; unset = .eml files in DATA_DIR/outbox */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** the first admin account, created with a generated password on the first start */
  ADMIN_EMAIL: z.string().default("admin@kilima.example"),
  MAIL_FROM: z.string().default("Kilima Electronics <no-reply@localhost>"),
  /** how often the background worker sends what the mail outbox holds */
  MAIL_DRAIN_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(2000),
  /** mails sent on request to one e-mail address per 15 minutes */
  MAIL_QUOTA_PER_EMAIL: z.coerce.number().int().min(1).max(1000).default(3),
  /** mails sent on request for one client address per hour; generous, for carrier-grade NAT */
  MAIL_QUOTA_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(20),
  /**
   * text messages the shop may queue per channel in one day (Tanzania time), one-time codes and
   * order updates together: the ceiling on what a flood of requests can spend of the SMS credit
   */
  SMS_DAILY_BUDGET: z.coerce.number().int().min(1).max(10_000_000).default(1000),
  /**
   * when text messages no one is waiting for wait for morning, in shop time: "21-7" (the default)
   * or "off"; one-time codes and payment prompts go at any hour
   */
  SMS_QUIET_HOURS: z
    .string()
    .default("21-7")
    .transform((text, ctx) => {
      const parsed = parseQuietHours(text);
      if (!parsed) {
        ctx.addIssue({ code: "custom", message: 'hours as "21-7" (from 21:00 to 07:00 shop time) or "off"' });
        return z.NEVER;
      }
      return parsed.hours;
    }),
  /** form requests (contact, services, quotes, ...) per client address per hour */
  REQUEST_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(5),
  /** search by image: "learned" (the built-in learned encoder fused with the descriptor) or "descriptor" alone */
  IMAGE_ENCODER: z.enum(["learned", "descriptor"]).default("learned"),
  /**
   * "1": the shop's clock honours the site setting `testClock` (src/server/delivery/shop-clock.ts),
   * for end-to-end and API tests; anything else (production): the setting is refused and ignored
   */
  SHOP_TEST_CLOCK: z.enum(["0", "1"], { error: 'SHOP_TEST_CLOCK must be "1" (tests only) or "0"' }).optional(),
  /** "off": a first start on an empty database seeds nothing (no demo catalogue, no ads): the shop starts empty */
  DEMO_DATA: z.enum(["on", "off"], { error: 'DEMO_DATA must be "on" or "off"' }).default("on"),
  /** search by image: "off" leaves keypoint matching out (ranking by the vectors alone) */
  IMAGE_KEYPOINTS: z.enum(["on", "off"]).default("on"),
  /** an ONNX image encoder of the operator's own (e.g. a CLIP vision model), used alone instead of IMAGE_ENCODER */
  IMAGE_MODEL_PATH: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** worker threads that decode and embed pictures for search by image; default: one core is left for requests */
  IMAGE_WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(16)
    .default(Math.max(1, Math.min(4, os.availableParallelism() - 1))),
  /** password hashes computed at once, each in its own worker thread holding 128 MiB while it runs */
  PASSWORD_HASH_WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(16)
    .default(Math.max(2, Math.min(4, os.availableParallelism() - 1))),
  /** password hashes that may wait for a worker; past that, sign-in and registration answer 503 busy */
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(1000).default(32),
  /** 32 bytes (64 hex digits or base64) that encrypt two-step sign-in secrets at rest (AES-256-GCM); unset = stored plainly */
  TOTP_ENCRYPTION_KEY: z
    .string()
    .refine(
      (v) => /^[0-9a-fA-F]{64}$/.test(v) || Buffer.from(v, "base64").length === 32,
      "TOTP_ENCRYPTION_KEY must be 32 bytes: 64 hex digits or base64 (openssl rand -hex 32)",
    )
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** ClickPesa (mobile money through one API): all three set takes real payments; none set, the built-in sandbox (no money) does */
  CLICKPESA_CLIENT_ID: optionalText,
  CLICKPESA_API_KEY: optionalText,
  CLICKPESA_CHECKSUM_KEY: optionalText,
  CLICKPESA_BASE_URL: z
    .url({ protocol: /^https?$/, error: "CLICKPESA_BASE_URL must be an http(s) address" })
    .default("https://api.clickpesa.com/third-parties"),
  /**
   * Africa's Talking (SMS): username, API key and the registered alphanumeric sender ID all set
   * sends real SMS; none set, the built-in sandbox writes each message as a file under
   * DATA_DIR/sms-outbox. AT_BASE_URL points the adapter at another address (its test fake).
   */
  AT_USERNAME: optionalText,
  AT_API_KEY: optionalText,
  AT_SENDER_ID: z
    .string()
    .regex(/^[A-Za-z0-9 ]{1,11}$/, "AT_SENDER_ID must be the registered sender ID: 1 to 11 letters, digits or spaces")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  AT_BASE_URL: z.url({ protocol: /^https?$/, error: "AT_BASE_URL must be an http(s) address" }).default("https://api.africastalking.com"),
  /**
   * WhatsApp Business Cloud API: the access token, the sending number's id, the app secret (signs
   * the webhook) and the webhook's verify token all set sends real WhatsApp messages (approved
   * templates); none set, the sandbox writes them under DATA_DIR/whatsapp-outbox.
   */
  WHATSAPP_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^[0-9]{5,20}$/, "WHATSAPP_PHONE_NUMBER_ID must be the number's id (digits) from the WhatsApp Manager")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  WHATSAPP_APP_SECRET: optionalText,
  WHATSAPP_VERIFY_TOKEN: optionalText,
  WHATSAPP_BASE_URL: z.url({ protocol: /^https?$/, error: "WHATSAPP_BASE_URL must be an http(s) address" }).default("https://graph.facebook.com/v21.0"),
  /** how often pending payments whose callback has not come are looked for (each is asked on its own backoff) */
  PAYMENT_POLL_INTERVAL_MS: z.coerce.number().int().min(250).max(600_000).default(5_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("warn"),
  /** how API answers are checked against their response schemas: logged (production) or refused with a 500 (tests) */
  RESPONSE_CHECK: z.enum(["log", "strict"]).default("log"),
  /** redis://host:port shared by several app servers (the API's rate limits); unset = counted in this process */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "REDIS_URL must start with redis:// or rediss://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** worker processes serving on one port ("auto": one per core); more than 1 needs DATABASE_URL */
  WEB_CONCURRENCY: z
    .union([z.literal("auto"), z.coerce.number().int().min(1).max(64)], { error: 'WEB_CONCURRENCY must be a number from 1 to 64 or "auto"' })
    .default(1)
    .transform((value) => (value === "auto" ? os.availableParallelism() : value)),
  /** a bearer token for /metrics; unset = /metrics answers only this machine (loopback, not forwarded) */
  METRICS_TOKEN: optionalText,
  /** on SIGTERM, how long in-flight requests and jobs may take before the process exits anyway */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(25_000),
  /** where media go: "local" (DATA_DIR/media, one server) or "s3" (an S3-compatible bucket several servers share) */
  MEDIA_STORE: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: optionalText,
  /** the store's address for R2, MinIO and the like; unset = AWS S3 */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: "S3_ENDPOINT must be an http(s) address" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** AWS's region; R2 takes "auto" */
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  /** unset: the AWS SDK's own chain (environment, instance role, ~/.aws) */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** bucket in the path, not the host name (MinIO and most self-hosted stores) */
  S3_FORCE_PATH_STYLE: flag.default(false),
  /** prepended to every object key, to share a bucket (e.g. "media/") */
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, 'S3_PREFIX must be empty or folder names ending in "/", such as "media/"')
    .default(""),
});

const CLICKPESA_KEYS = ["CLICKPESA_CLIENT_ID", "CLICKPESA_API_KEY", "CLICKPESA_CHECKSUM_KEY"] as const;
const AFRICASTALKING_KEYS = ["AT_USERNAME", "AT_API_KEY", "AT_SENDER_ID"] as const;
const WHATSAPP_KEYS = ["WHATSAPP_TOKEN", "WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_APP_SECRET", "WHATSAPP_VERIFY_TOKEN"] as const;

/**
 * A provider configured by half its keys would silently fall back to the sandbox, which takes no
 * money or sends no message: all of a provider's keys, or none.
 */
function allOrNone(data: Record<string, unknown>, name: string, keys: readonly string[]) {
  const set = keys.filter((key) => data[key]);
  if (set.length > 0 && set.length < keys.length)
    throw new Error(`Invalid configuration: ${name} needs all of ${keys.join(", ")} (missing ${keys.filter((k) => !data[k]).join(", ")})`);
  return set.length === keys.length;
}

export type ServerConfig = z.infer<typeof envSchema> & { dataDir: string; mediaDir: string; outboxDir: string };

/** Reads the environment once; a wrong value stops the start with a message that names it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  allOrNone(parsed.data, "ClickPesa", CLICKPESA_KEYS);
  const realMessaging = [
    allOrNone(parsed.data, "Africa's Talking", AFRICASTALKING_KEYS) && "Africa's Talking",
    allOrNone(parsed.data, "WhatsApp", WHATSAPP_KEYS) && "WhatsApp",
  ].filter(Boolean);
  // a real provider's messages carry links the shopper must be able to open on their phone
  if (realMessaging.length > 0 && !parsed.data.SITE_URL?.startsWith("https://"))
    throw new Error(`Invalid configuration: ${realMessaging.join(" and ")} need an https SITE_URL (the links in messages must reach the shopper)`);
  if (parsed.data.MEDIA_STORE === "s3" && !parsed.data.S3_BUCKET) throw new Error("Invalid configuration: MEDIA_STORE=s3 needs S3_BUCKET");
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return { ...parsed.data, dataDir, mediaDir: path.join(dataDir, "media"), outboxDir: path.join(dataDir, "outbox") };
}

/** The public origin pages link to: SITE_URL, else this server on localhost. */
export function siteUrl(env: Record<string, string | undefined> = process.env): URL {
  const config = loadConfig(env);
  return new URL(config.SITE_URL ?? `http://localhost:${config.PORT}`);
}
