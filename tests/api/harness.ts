import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, inject } from "vitest";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApi } from "../../src/api/app";
import { openSession } from "../../src/server/auth/sessions";
import { invalidateCatalogCounts } from "../../src/server/catalog/catalog-cache";
import { userTwoFactor, users } from "../../src/server/db/schema";
import { openDatabase, type DbHandle } from "../../src/server/db/client";
import { localMediaStore } from "../../src/server/media/media-store";
import { ensureSeeded } from "../../src/server/seed/ensure-seeded";
import { createServices, type Services, type ServicesConfig } from "../../src/server/services";
import { freshPostgresDatabase, seededServerData } from "./production-server";

export interface ApiHarness {
  app: FastifyInstance;
  /** the suite's database, for tests that look at or prepare rows directly */
  handle: DbHandle;
  services: Services;
  mediaDir: string;
  /** this file's e-mail outbox (.eml files) */
  outboxDir: string;
}

/**
 * The mail quota of the suite: every injected request comes from 127.0.0.1, so that one "client"
 * does the work of every shopper in every file; the per-client cap is raised accordingly (tests of
 * the quota itself build an API with the shop's defaults and their own client addresses). The
 * per-recipient cap stays the shop's.
 */
export const SUITE_MAIL_QUOTA = { perClient: 100_000 };

/**
 * The account routes' limits for the suite, for the same reason: one injected address and a few
 * shared test addresses do the work of many shoppers. Tests of the limits themselves build an API
 * with their own (see tests/api/account-hardening.test.ts).
 */
const GENEROUS = { max: 100_000, windowMinutes: 15 };
export const SUITE_AUTH_LIMITS = {
  perAddress: {
    register: GENEROUS,
    login: GENEROUS,
    "login-two-factor": GENEROUS,
    "forgot-password": GENEROUS,
    "reset-password": GENEROUS,
    "resend-verification": GENEROUS,
  },
  perEmail: { register: GENEROUS, login: GENEROUS, "login-two-factor": GENEROUS, "forgot-password": GENEROUS, "resend-verification": GENEROUS },
};

/**
 * The cost the suite's accounts are hashed at: scrypt's cheapest sensible setting, not the shop's
 * 128 MiB, 0.3 s one. Hundreds of registrations and sign-ins whose subject is not the hash would
 * otherwise spend minutes in it; the tests of hashing itself (the stored format, the pool under a
 * burst, the busy answer) build their API with the shop's cost, and so does every e2e test.
 */
const SUITE_PASSWORD_COST = { N: 2 ** 10, r: 8, p: 1 };

/** The test configuration of the services: the suite's media, this file's outbox, a fixed public address. */
function testConfig(harness: ApiHarness, overrides: Partial<ServicesConfig> = {}): ServicesConfig {
  return {
    database: {},
    mediaDir: harness.mediaDir,
    mail: { from: "Kilima Electronics <no-reply@test>", outboxDir: harness.outboxDir },
    outbox: { quota: SUITE_MAIL_QUOTA },
    authLimits: SUITE_AUTH_LIMITS,
    passwordHashing: { cost: SUITE_PASSWORD_COST },
    siteUrl: new URL("http://shop.test"),
    // the fiscal journal and other files of the data folder stay in the test's own folder
    dataDir: harness.outboxDir,
    ...overrides,
  };
}

/**
 * The services whose mailer writes to each outbox folder. Requests only queue mail and no test
 * starts the background worker, so reading an outbox first sends what is queued, like the worker
 * of a running shop would a moment later.
 */
const drainers = new Map<string, () => Promise<unknown>>();

/**
 * A second API over the suite's database with other settings (a tighter limit, one image worker,
 * ...), built by the composition root like the real one; close it at the end of the test.
 */
export async function buildTestApi(
  harness: ApiHarness,
  options: {
    config?: Partial<ServicesConfig>;
    rateLimit?: number;
    trustProxy?: boolean;
    metricsToken?: string;
    handle?: DbHandle;
    /** send exactly the headers given (tests of the CSRF guard), instead of writes as the shop's pages send them */
    bare?: boolean;
    /** false: run as a shop without SITE_URL (writes accepted from this machine's own addresses) */
    siteUrlSet?: boolean;
  } = {},
): Promise<{ app: FastifyInstance; services: Services; close: () => Promise<void> }> {
  // another handle (e.g. with other time limits) stays the caller's to close
  const services = await createServices(testConfig(harness, options.config), { handle: options.handle ?? harness.handle });
  const built = await buildApi({
    services,
    rateLimit: options.rateLimit ?? 0,
    trustProxy: options.trustProxy ?? false,
    metricsToken: options.metricsToken,
    siteUrlSet: options.siteUrlSet,
  });
  const app = options.bare ? built : asShopPage(built, services.siteUrl.origin);
  await app.ready();
  return {
    app,
    services,
    close: async () => {
      await app.close();
      await services.close();
    },
  };
}

/** The test site's origin (the harness's SITE_URL). */
export const SITE_ORIGIN = "http://shop.test";

/**
 * Makes `app.inject` send writes the way the shop's own pages do: a browser puts Origin on every
 * POST/PATCH/DELETE, and the CSRF guard refuses a cookie-carrying write without it. A test that
 * sets its own Origin (or Sec-Fetch-Site) keeps it; tests of the guard itself use
 * `buildTestApi(..., { bare: true })`, whose app sends exactly the headers given.
 */
function asShopPage(app: FastifyInstance, origin = SITE_ORIGIN): FastifyInstance {
  const inject = app.inject.bind(app) as (options: unknown) => unknown;
  const writes = new Set(["POST", "PUT", "PATCH", "DELETE"]);
  app.inject = ((options?: { method?: string; headers?: Record<string, unknown> }) => {
    if (!options || typeof options !== "object" || !writes.has(String(options.method ?? "GET").toUpperCase())) return inject(options);
    const headers = { ...(options.headers ?? {}) };
    const named = Object.keys(headers).map((key) => key.toLowerCase());
    if (!named.includes("origin") && !named.includes("sec-fetch-site")) headers.origin = origin;
    return inject({ ...options, headers });
  }) as FastifyInstance["inject"];
  return app;
}

/**
 * Opens the suite's seeded database, and the services and an API instance on it, for one test file.
 * `pristine`: a copy of the seeded shop of the file's own instead, as it was before any test ran
 * (for a test whose figures or cached results depend on exactly what the catalogue holds).
 * `empty`: a database of the file's own as a first start with DEMO_DATA=off leaves it (migrated,
 * nothing seeded: no categories, products or ads).
 */
export function setupApi(options: { rateLimit?: number; pristine?: boolean; empty?: boolean } = {}): ApiHarness {
  const harness = {} as ApiHarness;
  let own: { work: string; drop: () => Promise<void> } | null = null;
  beforeAll(async () => {
    let { databaseUrl, dataDir, mediaDir } = inject("database");
    let migrate = false;
    if (options.empty) {
      const work = await fs.mkdtemp(path.join(os.tmpdir(), "storefront-empty-"));
      const server = process.env.TEST_DATABASE_URL;
      const fresh = server ? await freshPostgresDatabase(server, "storefront_empty") : null;
      own = { work, drop: fresh?.drop ?? (async () => undefined) };
      databaseUrl = fresh?.url;
      dataDir = fresh ? undefined : path.join(work, "data");
      mediaDir = path.join(work, "media");
      migrate = true;
    } else if (options.pristine) {
      const work = await fs.mkdtemp(path.join(os.tmpdir(), "storefront-pristine-"));
      const copy = await seededServerData(work, "storefront_pristine");
      own = { work, drop: copy.drop };
      ({ databaseUrl, dataDir } = copy);
      mediaDir = path.join(copy.dataDir, "media");
    }
    harness.handle = await openDatabase({ databaseUrl, dataDir, migrate });
    // The files run in one process (isolate: false) and the catalogue's caches are the module's:
    // answers an earlier file cached from its own database must not answer this file's requests.
    invalidateCatalogCounts();
    // the first start of a shop without the demo: it records that the catalogue started empty
    if (options.empty) await ensureSeeded(harness.handle.db, { media: localMediaStore(mediaDir), demo: false });
    harness.mediaDir = mediaDir;
    harness.outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), "storefront-outbox-"));
    harness.services = await createServices(testConfig(harness), { handle: harness.handle });
    harness.app = asShopPage(await buildApi({ services: harness.services, rateLimit: options.rateLimit ?? 0, trustProxy: false }));
    await harness.app.ready();
    drainers.set(harness.outboxDir, () => harness.services.mail.drain());
  });
  afterAll(async () => {
    drainers.delete(harness.outboxDir);
    await harness.app?.close();
    await harness.services?.close();
    await harness.handle?.close();
    if (harness.outboxDir) await fs.rm(harness.outboxDir, { recursive: true, force: true });
    if (own) {
      await own.drop();
      await fs.rm(own.work, { recursive: true, force: true });
    }
  });
  return harness;
}

export async function getJson<T = Record<string, unknown>>(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: "GET", url, headers });
  return { status: res.statusCode, headers: res.headers, body: res.json() as T };
}

/** The e-mails sent to an address so far (the outbox drained first), oldest first, as raw text (quoted-printable undone). */
export async function mailsTo(outboxDir: string, email: string): Promise<string[]> {
  await drainers.get(outboxDir)?.();
  // only the e-mails: the text messages' sandbox folders may sit beside them
  const files = (await fs.readdir(outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith(".eml")).sort();
  const texts = await Promise.all(files.map((f) => fs.readFile(path.join(outboxDir, f), "utf8")));
  return texts.filter((t) => new RegExp(`^To: ${email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "mi").test(t)).map(readableMail);
}

/**
 * A raw message as a test reads it: folded header lines joined, and a quoted-printable body decoded as
 * UTF-8. Only the body is decoded: a header such as `List-Unsubscribe: <...?token=B8...>` is not
 * quoted-printable, and decoding it would turn "=B8" into a byte.
 */
function readableMail(raw: string): string {
  const text = raw.replace(/\r\n/g, "\n");
  const split = text.indexOf("\n\n");
  const head = (split < 0 ? text : text.slice(0, split)).replace(/\n[ \t]+/g, " ");
  const body = split < 0 ? "" : text.slice(split + 2);
  if (!/^Content-Transfer-Encoding:\s*quoted-printable$/im.test(head)) return `${head}\n\n${body}`;
  const bytes: number[] = [];
  const soft = body.replace(/=\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const hex = soft[i] === "=" ? soft.slice(i + 1, i + 3) : "";
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, "utf8"));
  }
  return `${head}\n\n${Buffer.from(bytes).toString("utf8")}`;
}

/** The token of the last link to `path` mailed to an address. */
export async function lastLinkToken(outboxDir: string, email: string, pathName: string): Promise<string | null> {
  const mails = await mailsTo(outboxDir, email);
  for (const mail of mails.reverse()) {
    const match = new RegExp(`${pathName}\\?token=([A-Za-z0-9_-]+)`).exec(mail);
    if (match) return match[1] ?? null;
  }
  return null;
}

let addresses = 0;
/** An e-mail address no other test, file or earlier run has used (the database may outlive a run). */
export function unique(name: string): string {
  return `${name}-${process.pid}-${Date.now()}-${addresses++}@example.co.tz`;
}

/** A signed-in shopper of the suite's database: a verified user row and its session cookie, without the password round-trip. */
export async function shopperCookie(harness: ApiHarness, label: string): Promise<string> {
  const [user] = await harness.handle.db
    .insert(users)
    .values({
      email: unique(label),
      fullName: "Test Shopper",
      passwordHash: "scrypt$x",
      emailVerifiedAt: sql`now()`,
    })
    .returning({ id: users.id });
  const { token } = await openSession(harness.handle.db, user!.id, false, 30, {});
  return `sid=${token}`;
}

/** A signed-in administrator with two-step sign-in already set up (every admin call requires it); its session cookie. */
export async function adminCookie(harness: ApiHarness, label: string): Promise<string> {
  const [user] = await harness.handle.db
    .insert(users)
    .values({
      email: unique(`${label}-admin`),
      fullName: "Shop Admin",
      passwordHash: "scrypt$x",
      role: "admin",
      emailVerifiedAt: sql`now()`,
    })
    .returning({ id: users.id });
  await harness.handle.db.insert(userTwoFactor).values({ userId: user!.id, secret: "JBSWY3DPEHPK3PXP", enabledAt: new Date() });
  const { token } = await openSession(harness.handle.db, user!.id, false, 30, {});
  return `sid=${token}`;
}

/** The session cookie among an answer's Set-Cookie lines, as the `sid=...` pair a later request sends back; null if it set none. */
export function sessionCookie(setCookie: string | string[] | undefined): string | null {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const sid = all.find((c) => /^(__Host-)?sid=/.test(c));
  return sid ? sid.split(";")[0]! : null;
}

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Where a request goes and where it comes from, when not to the harness's own API from the suite's one client address. */
export interface SendOptions {
  /** another API over the suite's database (e.g. one from buildTestApi with other settings) */
  app?: FastifyInstance;
  /** the client address, for tests of per-address limits */
  ip?: string;
}

/** An answer of the API as the tests read it. */
export interface ApiAnswer<Body> {
  status: number;
  headers: LightMyRequestResponse["headers"];
  /** the JSON answer; {} when the answer is empty or says it is something else (then see `text`) */
  body: Body;
  text: string;
  /** every Set-Cookie line */
  cookies: string[];
  /** the session cookie it set (`sid=...`), or null */
  cookie: string | null;
}

/**
 * JSON requests to an API as the shop's pages send them, for tests that call many routes. `Body` is
 * the type the tests read answers as. The target is read at each request, so a harness can be passed
 * before its API is built.
 */
export function apiClient<Body = Record<string, unknown>>(target: { app: FastifyInstance }) {
  /** A request with an optional session cookie and JSON body (sent as JSON only when given); the headers given win. */
  async function call(
    method: ApiMethod,
    url: string,
    cookie: string | null,
    body?: unknown,
    headers: Record<string, string> = {},
    options: SendOptions = {},
  ): Promise<ApiAnswer<Body>> {
    const res = await (options.app ?? target.app).inject({
      method,
      url,
      remoteAddress: options.ip,
      headers: { ...(cookie ? { cookie } : {}), ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
      payload: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const type = res.headers["content-type"];
    const json = res.body !== "" && (type === undefined || /json/.test(String(type)));
    const setCookie = res.headers["set-cookie"];
    return {
      status: res.statusCode,
      headers: res.headers,
      body: (json ? res.json() : {}) as Body,
      text: res.body,
      cookies: Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [],
      cookie: sessionCookie(setCookie),
    };
  }
  /** A POST of a JSON body, its cookie (if any) among the headers, as the sign-in and account forms send it. */
  function post(url: string, body: unknown, headers: Record<string, string> = {}, options: SendOptions = {}): Promise<ApiAnswer<Body>> {
    return call("POST", url, null, body, headers, options);
  }
  return { call, post };
}

/** The password the suite's accounts are registered with through the API. */
export const TEST_PASSWORD = "Mbuyu-Kijani-2026";

/**
 * Registers an account through the API and confirms its address by the link the shop mailed, as a
 * shopper does, for tests where the real password (its hash, the sign-in, the locks) is the subject;
 * its address. `headers` and `ip` are those of the registration.
 */
export async function registerVerified(
  harness: ApiHarness,
  options: { email?: string; password?: string; fullName?: string; headers?: Record<string, string> } & SendOptions = {},
): Promise<string> {
  const { email = unique("shopper"), password = TEST_PASSWORD, fullName = "Neema Kweka", headers = {}, app } = options;
  const { post } = apiClient(harness);
  const reg = await post("/api/auth/register", { fullName, email, password, confirmPassword: password, acceptTerms: true }, headers, { app, ip: options.ip });
  expect(reg.status, JSON.stringify(reg.body)).toBe(201);
  const token = await lastLinkToken(harness.outboxDir, email, "/auth/verify");
  expect(token, `a confirmation link to ${email}`).toBeTruthy();
  expect((await post("/api/auth/verify", { token }, {}, { app })).status).toBe(200);
  return email;
}

/** One field of a multipart form: a text field, or a file when it has a filename. */
export interface FormPart {
  name: string;
  data: Buffer | string;
  filename?: string;
  /** a file's Content-Type (application/octet-stream unless given) */
  type?: string;
}

const FORM_BOUNDARY = "----storefront-test-boundary";

/**
 * A multipart/form-data body as a browser's upload form sends it, for `app.inject`: its Content-Type
 * header (with the boundary) and its bytes.
 */
export function multipartForm(parts: FormPart[]): { headers: { "content-type": string }; payload: Buffer } {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ""}`;
    const head = `--${FORM_BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${p.filename ? `Content-Type: ${p.type ?? "application/octet-stream"}\r\n` : ""}\r\n`;
    chunks.push(Buffer.from(head), Buffer.from(p.data), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${FORM_BOUNDARY}--\r\n`));
  return { headers: { "content-type": `multipart/form-data; boundary=${FORM_BOUNDARY}` }, payload: Buffer.concat(chunks) };
}
