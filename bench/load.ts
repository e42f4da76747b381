// The load run of `npm run bench` (`-- --only load [--shoppers 200] [--load-seconds 300]`): the
// production server on a fresh PostgreSQL database with the demo catalogue, and N virtual shoppers
// at once, each in a loop of browsing, product pages, searches, suggestions, cart reads and adds
// (with a short think time between steps), from its own client address. Most shoppers reuse a
// session opened at setup; a few sign in for real (scrypt) at a steady rate through the API.
// Records every endpoint's count, errors and latency percentiles, and the server's RSS over time.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { root } from "../scripts/build-lib.mjs";
import { SESSION_COOKIE } from "../src/lib/auth-rules";
import { defaultPasswordHasher } from "../src/server/auth/passwords";
import { openSession } from "../src/server/auth/sessions";
import { openDatabase, rowsOf } from "../src/server/db/client";
import { users } from "../src/server/db/schema";

export interface LoadOptions {
  pgServer: string;
  port: number;
  /** the fresh database the run makes (default storefront_load) */
  database?: string;
  shoppers: number;
  seconds: number;
  /** mean pause between one shopper's steps, in ms (uniform 0 … 2 × mean) */
  thinkMs: number;
  /** real sign-ins per second, spread over the shoppers */
  signInsPerSecond: number;
}

export interface EndpointFigures {
  endpoint: string;
  requests: number;
  errors: number;
  errorSamples: string[];
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface LoadReport {
  date: string;
  machine: string;
  database: string;
  shoppers: number;
  seconds: number;
  thinkMs: number;
  signInsPerSecond: number;
  products: number;
  requests: number;
  requestsPerSecond: number;
  errors: number;
  errorRate: number;
  endpoints: EndpointFigures[];
  /** the server's resident memory, MB, sampled every 5 s ([seconds since start, MB]) */
  rss: [number, number][];
  /** median RSS (MB) of the samples from 30 to 90 s, and of the last 60 s */
  rssAtMinute1: number | null;
  rssAtEnd: number | null;
  rssChange: number | null;
  loadAverage: { before: number[]; after: number[] };
  otherBusyProcesses: string[];
}

const PASSWORD = "Load test shopper 2026";

function log(line: string) {
  console.log(`[load] ${line}`);
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

function rssMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

/** Other processes using a noticeable share of a core (the machine may be shared): a note for the figures. */
async function busyProcesses(exclude: number[]): Promise<string[]> {
  const ticks = (pid: string) => {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  };
  const pids = fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p) && !exclude.includes(Number(p)));
  const before = new Map(pids.map((p) => [p, ticks(p)]));
  await new Promise((r) => setTimeout(r, 1000));
  return pids
    .map((p) => ({ p, used: ticks(p) - (before.get(p) ?? 0) }))
    .filter((x) => x.used >= 20)
    .map(({ p, used }) => {
      let cmd = "";
      try {
        cmd = fs.readFileSync(`/proc/${p}/cmdline`, "utf8").replace(/\0/g, " ").trim().slice(0, 120);
      } catch {
        // gone
      }
      return `${used}% of a core: ${cmd}`;
    });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 300_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

interface Shopper {
  email: string;
  cookie: string;
  ip: string;
}

/** A production server on a fresh PostgreSQL database of this name (it seeds the demo catalogue), with N signed-in shoppers. */
async function startShop(pgServer: string, port: number, database: string, shopperCount: number) {
  // A fresh database each run, so every run starts from the same demo catalogue and no old carts.
  const admin = new pg.Client({ connectionString: pgServer });
  await admin.connect();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = new URL(pgServer);
  url.pathname = `/${database}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-load-"));
  const base = `http://127.0.0.1:${port}`;

  const server = spawn(process.execPath, ["dist/server.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: base,
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      // each virtual shopper comes from its own address, as real shoppers do
      TRUST_PROXY: "1",
      API_RATE_LIMIT: "0",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = async () => {
    server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 2000));
    if (server.exitCode === null) server.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const handle = await openDatabase({ databaseUrl: url.toString(), migrate: false, poolSize: 2 }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  try {
    log(`starting the production server on a fresh PostgreSQL database (${database}; it seeds the demo catalogue)…`);
    await waitFor(`${base}/api/categories`, server);

    // Shoppers: verified accounts sharing one password hash (hashing 200 passwords would only
    // measure scrypt), each with a session opened directly, as after an earlier sign-in.
    const hasher = defaultPasswordHasher();
    const passwordHash = await hasher.hash(PASSWORD);
    await hasher.close();
    const stamp = Date.now();
    const created = await handle.db
      .insert(users)
      .values(
        Array.from({ length: shopperCount }, (_, i) => ({
          email: `load-${stamp}-${i}@example.co.tz`,
          fullName: `Load Shopper ${i}`,
          passwordHash,
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id, email: users.email });
    const shoppers: Shopper[] = await Promise.all(
      created.map(async (user, i) => {
        const session = await openSession(handle.db, user.id, true, 60, { ip: `10.${(i >> 8) & 255}.${i & 255}.7`, userAgent: "load run" });
        return { email: user.email, cookie: `${SESSION_COOKIE}=${session.token}`, ip: `10.${(i >> 8) & 255}.${i & 255}.7` };
      }),
    );
    return {
      base,
      server,
      handle,
      shoppers,
      async close() {
        await handle.close().catch(() => undefined);
        await stop();
      },
    };
  } catch (error) {
    await handle.close().catch(() => undefined);
    await stop();
    throw error;
  }
}

/** One request as a shopper's browser sends it: its session, its address, and Origin on writes (the CSRF guard checks it). */
async function shopperFetch(
  base: string,
  shopper: Shopper,
  pathAndQuery: string,
  init: { method?: string; body?: unknown; signedOut?: boolean; headers?: Record<string, string> } = {},
) {
  return fetch(`${base}${pathAndQuery}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.signedOut ? {} : { cookie: shopper.cookie }),
      "x-forwarded-for": shopper.ip,
      ...((init.method ?? "GET") !== "GET" ? { origin: base, "sec-fetch-site": "same-origin" } : {}),
      ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
      ...init.headers,
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
}

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const shop = await startShop(options.pgServer, options.port, options.database ?? "storefront_load", options.shoppers);
  const { base, server, handle, shoppers } = shop;
  try {
    const stocked = rowsOf<{ id: number }>(
      await handle.db.execute(sql`select id from products where stock_quantity >= 50 and variant_config is null order by sales_count desc limit 200`),
    ).map((r) => Number(r.id));
    const allIds = rowsOf<{ id: number }>(await handle.db.execute(sql`select id from products order by id`)).map((r) => Number(r.id));
    const categories = ((await (await fetch(`${base}/api/categories`)).json()) as { categories: { slug: string }[] }).categories.map((c) => c.slug);
    const names = rowsOf<{ name: string }>(await handle.db.execute(sql`select name from products`)).map((r) => r.name.toLowerCase());
    const words = [...new Set(names.flatMap((n) => n.split(/[^a-z0-9]+/).filter((w) => w.length >= 3)))];
    log(`${shoppers.length} shoppers with sessions, ${allIds.length} products (${stocked.length} plain ones with stock ≥ 50), ${words.length} search words`);

    const figures = new Map<string, { latencies: number[]; errors: number; samples: string[] }>();
    const record = (endpoint: string, ms: number, error?: string) => {
      let entry = figures.get(endpoint);
      if (!entry) figures.set(endpoint, (entry = { latencies: [], errors: 0, samples: [] }));
      entry.latencies.push(ms);
      if (error) {
        entry.errors++;
        if (entry.samples.length < 5) entry.samples.push(error);
      }
    };
    const call = async (
      endpoint: string,
      shopper: (typeof shoppers)[number],
      pathAndQuery: string,
      init: { method?: string; body?: unknown; signedOut?: boolean } = {},
    ) => {
      const started = performance.now();
      try {
        const res = await shopperFetch(base, shopper, pathAndQuery, init);
        const text = await res.text();
        record(endpoint, performance.now() - started, res.ok ? undefined : `${res.status} ${text.slice(0, 160)}`);
        return { status: res.status, text, headers: res.headers };
      } catch (error) {
        record(endpoint, performance.now() - started, `network: ${(error as Error).message}`);
        return { status: 0, text: "", headers: new Headers() };
      }
    };

    const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;
    const think = () => new Promise((r) => setTimeout(r, Math.random() * 2 * options.thinkMs));
    const began = Date.now();
    const endAt = began + options.seconds * 1000;
    const rss: [number, number][] = [];
    const rssTimer = setInterval(() => {
      const mb = rssMb(server.pid!);
      if (mb !== null) rss.push([Math.round((Date.now() - began) / 1000), mb]);
    }, 5_000);
    const loadBefore = os.loadavg();

    const shopperLoop = async (index: number) => {
      const shopper = shoppers[index]!;
      let inCart = 0;
      await new Promise((r) => setTimeout(r, Math.random() * 2000));
      while (Date.now() < endAt) {
        const roll = Math.random();
        if (roll < 0.3) {
          const category = Math.random() < 0.5 ? `&category=${pick(categories)}` : "";
          await call("GET /api/products (browse)", shopper, `/api/products?limit=20&offset=${20 * Math.floor(Math.random() * 3)}${category}&enriched=true`);
        } else if (roll < 0.5) {
          await call("GET /api/products/{id}", shopper, `/api/products/${pick(allIds)}`);
        } else if (roll < 0.65) {
          const q = Math.random() < 0.5 ? pick(words) : `${pick(words)} ${pick(words)}`;
          await call("GET /api/products (search)", shopper, `/api/products?search=${encodeURIComponent(q)}&enriched=true`);
        } else if (roll < 0.75) {
          const word = pick(words);
          await call(
            "GET /api/search-suggestions",
            shopper,
            `/api/search-suggestions?q=${encodeURIComponent(word.slice(0, 2 + Math.floor(Math.random() * 3)))}`,
          );
        } else if (roll < 0.83) {
          await call("GET /api/cart", shopper, "/api/cart");
        } else if (inCart >= 8) {
          await call("DELETE /api/cart", shopper, "/api/cart", { method: "DELETE" });
          inCart = 0;
        } else {
          const res = await call("POST /api/cart", shopper, "/api/cart", { method: "POST", body: { productId: pick(stocked), quantity: 1 } });
          if (res.status === 200) inCart++;
        }
        await think();
      }
    };

    // Real sign-ins at a steady rate: the shopper whose turn it is signs in and carries on with the new session.
    let signIns = 0;
    const signInLoop = async () => {
      if (options.signInsPerSecond <= 0) return;
      const every = 1000 / options.signInsPerSecond;
      while (Date.now() < endAt) {
        const shopper = shoppers[signIns++ % shoppers.length]!;
        const res = await call("POST /api/auth/login", shopper, "/api/auth/login", {
          method: "POST",
          body: { email: shopper.email, password: PASSWORD, remember: true },
          // from a new browser: a sign-in with a session cookie replaces that session, and this
          // shopper's other steps still in flight would meet a closed session
          signedOut: true,
        });
        const cookie = res.headers.get("set-cookie")?.split(";")[0];
        if (res.status === 200 && cookie) shopper.cookie = cookie;
        await new Promise((r) => setTimeout(r, every));
      }
    };

    log(
      `${options.shoppers} shoppers for ${options.seconds} s (think time ${options.thinkMs} ms on average, ${options.signInsPerSecond} real sign-ins per second)…`,
    );
    const progress = setInterval(() => {
      const total = [...figures.values()].reduce((n, f) => n + f.latencies.length, 0);
      const errors = [...figures.values()].reduce((n, f) => n + f.errors, 0);
      log(`${Math.round((Date.now() - began) / 1000)} s: ${total} requests, ${errors} errors, server RSS ${rssMb(server.pid!)} MB`);
    }, 30_000);
    const others = await busyProcesses([process.pid, server.pid!]);
    await Promise.all([...shoppers.map((_, i) => shopperLoop(i)), signInLoop()]);
    clearInterval(progress);
    clearInterval(rssTimer);
    const seconds = (Date.now() - began) / 1000;

    const endpoints: EndpointFigures[] = [...figures.entries()]
      .map(([endpoint, f]) => {
        const sorted = [...f.latencies].sort((a, b) => a - b);
        return {
          endpoint,
          requests: sorted.length,
          errors: f.errors,
          errorSamples: f.samples,
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          p99: percentile(sorted, 99),
          max: Math.round(sorted.at(-1) ?? 0),
        };
      })
      .sort((a, b) => b.requests - a.requests);
    const requests = endpoints.reduce((n, e) => n + e.requests, 0);
    const errors = endpoints.reduce((n, e) => n + e.errors, 0);
    // RSS swings by a hundred MB between collections: compare the median of the 60 s around
    // minute 1 with the median of the last 60 s, not two single samples.
    const median = (from: number, to: number) => {
      const window = rss
        .filter(([t]) => t >= from && t <= to)
        .map(([, mb]) => mb)
        .sort((a, b) => a - b);
      return window.length ? window[Math.floor(window.length / 2)]! : null;
    };
    const rssAtMinute1 = median(30, 90);
    const rssAtEnd = median(seconds - 60, seconds);
    return {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`,
      database: "postgres",
      shoppers: options.shoppers,
      seconds: Math.round(seconds),
      thinkMs: options.thinkMs,
      signInsPerSecond: options.signInsPerSecond,
      products: allIds.length,
      requests,
      requestsPerSecond: Math.round(requests / seconds),
      errors,
      errorRate: requests ? errors / requests : 0,
      endpoints,
      rss,
      rssAtMinute1,
      rssAtEnd,
      rssChange: rssAtMinute1 && rssAtEnd ? Math.round(((rssAtEnd - rssAtMinute1) / rssAtMinute1) * 1000) / 1000 : null,
      loadAverage: { before: loadBefore.map((n) => Math.round(n * 100) / 100), after: os.loadavg().map((n) => Math.round(n * 100) / 100) },
      otherBusyProcesses: others,
    };
  } finally {
    await shop.close();
  }
}

export interface OrderBenchReport {
  date: string;
  machine: string;
  buyers: number;
  orders: number;
  errors: number;
  errorSamples: string[];
  seconds: number;
  ordersPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/**
 * Order placement (`npm run bench -- --only orders`): N buyers at once on PostgreSQL, each in a loop
 * of adding a product to the cart and placing the order (bank transfer, courier in Dar es Salaam,
 * a fresh Idempotency-Key each). Only the placing call is timed: re-reading prices, locking and
 * decrementing stock, numbering, writing the order and its lines, emptying the cart, queueing the
 * e-mail, in one transaction.
 */
export async function runOrderPlacement(options: {
  pgServer: string;
  port: number;
  database?: string;
  buyers: number;
  orders: number;
}): Promise<OrderBenchReport> {
  const shop = await startShop(options.pgServer, options.port, options.database ?? "storefront_orders", options.buyers);
  try {
    const { base, handle, shoppers } = shop;
    // plenty of stock, so every order is placed (a refusal would be faster and flatter the figures)
    const stocked = rowsOf<{ id: number }>(
      await handle.db.execute(sql`update products set stock_quantity = 1000000 where id in
        (select id from products where variant_config is null order by id limit 200) returning id`),
    ).map((r) => Number(r.id));
    const latencies: number[] = [];
    const samples: string[] = [];
    let errors = 0;
    let next = 0;
    const began = performance.now();
    const buyer = async (shopper: Shopper) => {
      while (next < options.orders) {
        next++;
        await shopperFetch(base, shopper, "/api/cart", { method: "POST", body: { productId: stocked[next % stocked.length], quantity: 1 } });
        const started = performance.now();
        const res = await shopperFetch(base, shopper, "/api/orders", {
          method: "POST",
          headers: { "idempotency-key": randomUUID() },
          body: {
            fullName: "Bench Buyer",
            phone: "0754123456",
            delivery: { method: "courier", region: "dar-es-salaam", district: "Ilala", street: "Msimbazi St" },
            payment: { method: "bank_transfer" },
          },
        });
        const text = await res.text();
        latencies.push(performance.now() - started);
        if (res.status !== 201) {
          errors++;
          if (samples.length < 5) samples.push(`${res.status} ${text.slice(0, 160)}`);
        }
      }
    };
    // bank transfer must be on offer: an account to pay into
    await shopperFetch(base, shoppers[0]!, "/api/categories");
    await handle.db.execute(sql`insert into site_settings (key, value) values ('bankTransfer',
      ${JSON.stringify({ bankName: "Bench Bank", accountName: "Bench", accountNumber: "000111222", branch: "Kariakoo", swift: "BENCHTZT" })}::jsonb)
      on conflict (key) do update set value = excluded.value`);
    // the server reads settings through a 5 s cache
    await new Promise((r) => setTimeout(r, 5_500));
    log(`${options.buyers} buyers placing ${options.orders} orders…`);
    await Promise.all(shoppers.map(buyer));
    const seconds = (performance.now() - began) / 1000;
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`,
      buyers: options.buyers,
      orders: sorted.length,
      errors,
      errorSamples: samples,
      seconds: Math.round(seconds),
      ordersPerSecond: Math.round((sorted.length / seconds) * 10) / 10,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: Math.round(sorted.at(-1) ?? 0),
    };
  } finally {
    await shop.close();
  }
}

export function writeOrderReport(report: OrderBenchReport): void {
  const dir = path.join(root, "bench", "results");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `orders-${report.date.replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, JSON.stringify(report, null, 2));
  console.log(
    `\nOrder placement ${report.date} on ${report.machine}; PostgreSQL, ${report.buyers} buyers at once: ${report.orders} orders in ${report.seconds} s (${report.ordersPerSecond}/s), ${report.errors} errors; p50 ${report.p50} ms, p95 ${report.p95} ms, p99 ${report.p99} ms (target < 100 ms), max ${report.max} ms.\n`,
  );
  if (report.errorSamples.length) console.log(report.errorSamples.join("\n"));
  console.log(`[orders] raw figures: ${path.relative(root, file)}`);
}

/** The load run's table (stdout) and raw JSON (bench/results/load-<date>.json). */
export function writeLoadReport(report: LoadReport): void {
  const dir = path.join(root, "bench", "results");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `load-${report.date.replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, JSON.stringify(report, null, 2));
  const steady =
    report.rssChange === null ? "n/a" : `${(report.rssChange * 100).toFixed(1)} % (${Math.abs(report.rssChange) <= 0.1 ? "steady" : "NOT steady"})`;
  const lines = [
    `Load run ${report.date} on ${report.machine}; PostgreSQL, ${report.products} products; ${report.shoppers} shoppers for ${report.seconds} s, think time ${report.thinkMs} ms on average, ${report.signInsPerSecond} real sign-ins/s.`,
    `${report.requests} requests (${report.requestsPerSecond}/s), ${report.errors} errors (error rate ${(report.errorRate * 100).toFixed(3)} %). Server RSS (median of 60 s) ${report.rssAtMinute1} MB around minute 1, ${report.rssAtEnd} MB in the last minute: ${steady}.`,
    `Load average before ${report.loadAverage.before.join(" / ")}, after ${report.loadAverage.after.join(" / ")}.${report.otherBusyProcesses.length ? ` Other busy processes at the start: ${report.otherBusyProcesses.length}.` : ""}`,
    "",
    "| endpoint | requests | errors | p50 ms | p95 ms | p99 ms | max ms |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...report.endpoints.map((e) => `| ${e.endpoint} | ${e.requests} | ${e.errors} | ${e.p50} | ${e.p95} | ${e.p99} | ${e.max} |`),
  ];
  console.log(`\n${lines.join("\n")}\n`);
  console.log(`[load] raw figures: ${path.relative(root, file)}`);
}
