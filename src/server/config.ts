import os from "node:os";
import path from "node:path";
import { z } from "zod";

const flag = z.enum(["0", "1", "true", "false", ""]).transform((v) => v === "1" || v === "true");

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
  /** an ONNX image encoder (e.g. a CLIP vision model) for search by image; unset = the built-in descriptor */
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
  /** 32 bytes (64 hex digits or base64) that encrypt two-step sign-in secrets at rest (AES-256-GCM); unset = stored plainly */
  TOTP_ENCRYPTION_KEY: z
    .string()
    .refine(
      (v) => /^[0-9a-fA-F]{64}$/.test(v) || Buffer.from(v, "base64").length === 32,
      "TOTP_ENCRYPTION_KEY must be 32 bytes: 64 hex digits or base64 (openssl rand -hex 32)",
    )
    .optional()
    .or(z.literal("").transform(() => undefined)),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("warn"),
});

export type ServerConfig = z.infer<typeof envSchema> & { dataDir: string; mediaDir: string; outboxDir: string };

/** Reads the environment once; a wrong value stops the start with a message that names it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return { ...parsed.data, dataDir, mediaDir: path.join(dataDir, "media"), outboxDir: path.join(dataDir, "outbox") };
}

/** The public origin pages link to: SITE_URL, else this server on localhost. */
export function siteUrl(env: Record<string, string | undefined> = process.env): URL {
  const config = loadConfig(env);
  return new URL(config.SITE_URL ?? `http://localhost:${config.PORT}`);
}
