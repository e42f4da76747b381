// npm run bench: the production server over a 100,000-product catalogue, on the embedded database
// and on PostgreSQL, loaded with autocannon; beside a bare node:http server answering the same JSON
// from memory (the ceiling on this machine). Figures go to bench/results/ and docs/benchmarks.md.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import sharp from "sharp";
import { buildSeedProducts } from "../src/seed/catalog";
import { buildAll, buildIsCurrent, root } from "../scripts/build-lib.mjs";
import { runLoad, runOrderPlacement, writeLoadReport, writeOrderReport } from "./load";

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: "100000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    only: { type: "string" }, // "embedded" | "postgres" | "ceiling" | "load" | "orders"
    // the order-placement run: this many buyers at once, this many orders in all
    buyers: { type: "string", default: "10" },
    orders: { type: "string", default: "2000" },
    // the load run: this many shoppers at once for this long
    shoppers: { type: "string", default: "200" },
    "load-seconds": { type: "string", default: "300" },
    "think-ms": { type: "string", default: "250" },
    "sign-ins": { type: "string", default: "2" },
    "load-port": { type: "string", default: "3211" },
  },
});
const COUNT = Number(args.count);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const PORT = 3210;
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

interface Scenario {
  name: string;
  paths: string[];
  target?: string;
  method?: "GET" | "POST";
  /** JSON bodies for POST, taken in turn */
  bodies?: string[];
  /** one session cookie per connection: each connection is its own signed-in shopper */
  cookies?: string[];
  /** request bodies that are not JSON (multipart uploads), with their content type */
  rawBodies?: Buffer[];
  contentType?: string;
  /** default: --connections */
  connections?: number;
}

// Distinct real queries, so caches of repeated queries do not flatter the figures.
const seedNames = buildSeedProducts().map((p) => p.name.toLowerCase());
const nameWords = seedNames.map((n) => n.split(/[^a-z0-9]+/).filter((w) => w.length >= 3));
const distinctSearches = [...new Set(nameWords.filter((w) => w.length >= 2).map((w) => `${w[0]} ${w[1]}`))];
const distinctPrefixes = [...new Set(nameWords.flat().flatMap((w) => [2, 3, 4, 5].filter((n) => n <= w.length).map((n) => w.slice(0, n))))];

const SCENARIOS: Scenario[] = [
  { name: "/api/products (plain)", paths: ["/api/products?limit=20&enriched=true"], target: "p99 < 25 ms" },
  {
    name: "/api/products (category + price filter)",
    paths: [
      "/api/products?category=sensors-modules&minPrice=5000&maxPrice=50000&enriched=true",
      "/api/products?category=passive-components&minPrice=1000&maxPrice=20000&enriched=true",
      "/api/products?categories=displays,motors-drivers&maxPrice=80000&enriched=true",
    ],
    target: "p99 < 25 ms",
  },
  {
    name: "/api/products (sorted by price)",
    paths: ["/api/products?sortBy=price&sortOrder=asc&enriched=true", "/api/products?sortBy=price&sortOrder=desc&offset=120&enriched=true"],
    target: "p99 < 25 ms",
  },
  {
    name: "/api/products (text search, 7 popular queries)",
    paths: ["arduino uno", "esp32 wifi", "10k resistor", "soldering iron", "ardiuno", "oled display", "servo motor"].map(
      (q) => `/api/products?search=${encodeURIComponent(q)}&enriched=true`,
    ),
    target: "p99 < 50 ms",
  },
  {
    name: `/api/products (text search, ${distinctSearches.length} distinct queries)`,
    paths: distinctSearches.map((q) => `/api/products?search=${encodeURIComponent(q)}&enriched=true`),
    target: "p99 < 50 ms",
  },
  {
    name: "/api/search-suggestions (10 popular prefixes)",
    paths: ["ar", "ardu", "esp", "sens", "sold", "res", "10k", "oled", "batt", "serv"].map((q) => `/api/search-suggestions?q=${q}`),
    target: "p99 < 15 ms",
  },
  {
    name: `/api/search-suggestions (${distinctPrefixes.length} distinct prefixes)`,
    paths: distinctPrefixes.map((q) => `/api/search-suggestions?q=${q}`),
    target: "p99 < 15 ms",
  },
];

interface Result {
  database: string;
  scenario: string;
  target?: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function log(line: string) {
  console.log(`[bench] ${line}`);
}

type Env = Record<string, string>;

async function run(command: string, argv: string[], env: Env): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(command, argv, { cwd: root, env: { ...process.env, ...env }, stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${argv.join(" ")} exited ${code}`))));
  });
}

function startServer(env: Env): ChildProcess {
  return spawn(process.execPath, ["dist/server.mjs"], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", API_RATE_LIMIT: "0", LOG_LEVEL: "warn", ...env, NODE_ENV: "production" },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid!, "SIGTERM");
  } catch {
    child.kill("SIGTERM");
  }
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
}

async function waitFor(url: string, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function loadOptions(base: string, scenario: Scenario) {
  const count = Math.max(scenario.paths.length, scenario.bodies?.length ?? 0, scenario.rawBodies?.length ?? 0, scenario.cookies?.length ?? 0);
  const contentType = scenario.contentType ?? (scenario.bodies ? "application/json" : undefined);
  return {
    url: base,
    connections: scenario.connections ?? CONNECTIONS,
    requests: Array.from({ length: count }, (_, i) => {
      const headers: Record<string, string> = {};
      if (scenario.cookies) headers.cookie = scenario.cookies[i % scenario.cookies.length]!;
      if (contentType) headers["content-type"] = contentType;
      const body = scenario.rawBodies ? scenario.rawBodies[i % scenario.rawBodies.length] : scenario.bodies?.[i % scenario.bodies.length];
      return {
        path: scenario.paths[i % scenario.paths.length]!,
        method: scenario.method ?? "GET",
        ...(body !== undefined ? { body } : {}),
        ...(Object.keys(headers).length ? { headers } : {}),
      };
    }),
  };
}

function toResult(out: autocannon.Result, scenario: Scenario, database: string): Result {
  const result: Result = {
    database,
    scenario: scenario.name,
    target: scenario.target,
    requestsPerSecond: Math.round(out.requests.average),
    p50: out.latency.p50,
    p99: out.latency.p99,
    errors: out.errors + out.timeouts,
    non2xx: out.non2xx,
  };
  log(
    `${database.padEnd(9)} ${scenario.name.padEnd(42)} ${String(result.requestsPerSecond).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms${result.non2xx ? `  non-2xx ${result.non2xx}` : ""}`,
  );
  return result;
}

/** Several scenarios loaded at the same time (e.g. list requests while image searches run). */
async function loadTogether(base: string, scenarios: Scenario[], database: string): Promise<Result[]> {
  await Promise.all(scenarios.map((s) => autocannon({ ...loadOptions(base, s), duration: 2 })));
  const outs = await Promise.all(scenarios.map((s) => autocannon({ ...loadOptions(base, s), duration: DURATION })));
  return outs.map((out, i) => toResult(out, scenarios[i]!, database));
}

async function load(base: string, scenario: Scenario, database: string): Promise<Result> {
  // Warm-up: a short burst (which, for the distinct-query scenarios, touches only a few of them).
  // With cookies, each request carries one of the shoppers' sessions in turn (and its own headers:
  // autocannon's per-request headers replace the connection's).
  await autocannon({ ...loadOptions(base, scenario), duration: 2 });
  const out = await autocannon({ ...loadOptions(base, scenario), duration: DURATION });
  return toResult(out, scenario, database);
}

async function productCount(base: string): Promise<number> {
  const body = (await (await fetch(`${base}/api/products?limit=1`)).json()) as { pagination: { total: number } };
  return body.pagination.total;
}

async function benchEmbedded(): Promise<Result[]> {
  const dataDir = path.join(root, "data-bench");
  const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
  if (!fs.existsSync(path.join(dataDir, "bulk-count")) || fs.readFileSync(path.join(dataDir, "bulk-count"), "utf8") !== String(COUNT)) {
    log(`building the ${COUNT}-product catalogue on the embedded database…`);
    await run(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/seed-bulk.ts", "--count", String(COUNT)], env);
    fs.writeFileSync(path.join(dataDir, "bulk-count"), String(COUNT));
  }
  return benchServer("embedded", env);
}

async function benchPostgres(): Promise<Result[]> {
  const url = new URL(PG_SERVER);
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  const exists = (await admin.query("select 1 from pg_database where datname = 'storefront_bench'")).rowCount;
  if (!exists) await admin.query("create database storefront_bench");
  await admin.end();
  url.pathname = "/storefront_bench";
  const env = { DATABASE_URL: url.toString(), DATA_DIR: path.join(os.tmpdir(), "storefront-bench-media") };
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const have = await client
    .query("select count(*)::int as n from products")
    .then((r) => r.rows[0].n as number)
    .catch(() => 0);
  await client.end();
  if (have !== COUNT || !fs.existsSync(path.join(env.DATA_DIR, "media"))) {
    log(`building the ${COUNT}-product catalogue on PostgreSQL…`);
    await run(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/seed-bulk.ts", "--count", String(COUNT)], env);
  }
  return benchServer("postgres", env);
}

async function benchServer(database: string, env: Env): Promise<Result[]> {
  const server = startServer(env);
  const base = `http://127.0.0.1:${PORT}`;
  try {
    await waitFor(`${base}/api/categories`);
    const total = await productCount(base);
    log(`${database}: server up with ${total} products`);
    const results: Result[] = [];
    for (const scenario of SCENARIOS) results.push(await load(base, scenario, database));
    for (const scenario of await cartScenarios(base, env.DATA_DIR ?? "")) results.push(await load(base, scenario, database));
    results.push(...(await imageSearchScenarios(base, database)));
    return results;
  } finally {
    await stopServer(server);
  }
}

/**
 * The cart at 10 signed-in shoppers: each connection registers, confirms its e-mail through the
 * outbox and signs in; every cart starts with 3 lines; the adds spread over 200 in-stock products.
 */
async function cartScenarios(base: string, dataDir: string): Promise<Scenario[]> {
  const password = "BenchCart2026";
  const post = (url: string, body: unknown, cookie?: string) =>
    fetch(`${base}${url}`, { method: "POST", headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  const list = (await (await fetch(`${base}/api/products?limit=100&sortBy=sales&sortOrder=desc`)).json()) as {
    products: { id: number; stock_quantity: number }[];
  };
  const list2 = (await (await fetch(`${base}/api/products?limit=100&offset=100&sortBy=sales&sortOrder=desc`)).json()) as {
    products: { id: number; stock_quantity: number }[];
  };
  const stocked = [...list.products, ...list2.products].filter((p) => p.stock_quantity >= 100).map((p) => p.id);
  const cookies: string[] = [];
  const outbox = path.join(dataDir, "outbox");
  for (let i = 0; i < CONNECTIONS; i++) {
    const email = `bench-${Date.now()}-${i}@example.co.tz`;
    await post("/api/auth/register", { fullName: `Bench Shopper ${i}`, email, password, confirmPassword: password, acceptTerms: true });
    const mail =
      fs
        .readdirSync(outbox)
        .filter((f) => f.includes(email))
        .map((f) =>
          fs
            .readFileSync(path.join(outbox, f), "utf8")
            .replace(/=\r?\n/g, "")
            .replace(/=3D/g, "="),
        )[0] ?? "";
    const token = /\/auth\/verify\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    await post("/api/auth/verify", { token });
    const login = await post("/api/auth/login", { email, password });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
    for (const id of stocked.slice(0, 3)) await post("/api/cart", { productId: id, quantity: 1 }, cookie);
    cookies.push(cookie);
  }
  log(`cart: ${cookies.length} shoppers signed in, ${stocked.length} products with stock ≥ 100`);
  const adds = stocked.slice(0, 200).map((id) => JSON.stringify({ productId: id, variantId: "default", quantity: 1 }));
  return [
    { name: "GET /api/cart (10 shoppers, 3 lines)", paths: ["/api/cart"], cookies, target: "p99 < 30 ms" },
    { name: "POST /api/cart (10 shoppers)", paths: ["/api/cart"], method: "POST", bodies: adds, cookies, target: "p99 < 30 ms" },
  ];
}

/**
 * Search by image: phone-like photos of 40 catalogue products (the product on a coloured ground,
 * a little darker, 1024 px JPEG as the browser sends after downscaling), by 1 and by 4 shoppers at
 * once; then the product list while 4 image searches keep the workers busy.
 */
async function imageSearchScenarios(base: string, database: string): Promise<Result[]> {
  const list = (await (await fetch(`${base}/api/products?limit=40&sortBy=sales&sortOrder=desc`)).json()) as { products: { image: string }[] };
  const boundary = "----bench-boundary";
  const grounds = ["#6b5b4b", "#d9d4c7", "#2f3b44", "#f2efe9"];
  const bodies = await Promise.all(
    list.products.map(async (p, i) => {
      const image = Buffer.from(await (await fetch(`${base}${p.image}`)).arrayBuffer());
      const photo = await sharp(image)
        .extend({ top: 90, bottom: 130, left: 110, right: 70, background: grounds[i % grounds.length]! })
        .modulate({ brightness: 0.85 })
        .resize(1024, 1024, { fit: "inside" })
        .jpeg({ quality: 85 })
        .toBuffer();
      return Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
        photo,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    }),
  );
  const kb = Math.round(bodies.reduce((n, b) => n + b.length, 0) / bodies.length / 1024);
  log(`image search: ${bodies.length} photos, ${kb} KB on average`);
  const search = (connections: number): Scenario => ({
    name: `POST /api/image-search (${connections} client${connections === 1 ? "" : "s"}, ${kb} KB photos)`,
    paths: ["/api/image-search"],
    method: "POST",
    rawBodies: bodies,
    contentType: `multipart/form-data; boundary=${boundary}`,
    connections,
    target: "p99 < 300 ms",
  });
  const results = [await load(base, search(1), database), await load(base, search(4), database)];
  const during = await loadTogether(
    base,
    [
      { ...search(4), name: "POST /api/image-search (4 clients, background)", target: undefined },
      { name: "/api/products (plain) during 4 image searches", paths: ["/api/products?limit=20&enriched=true"], target: "p99 < 50 ms" },
    ],
    database,
  );
  return [...results, ...during];
}

async function benchCeiling(): Promise<Result[]> {
  // The same JSON as the plain product list, answered from memory by bare node:http in a child process.
  const script = `
    const http = require("node:http");
    const body = process.env.BODY;
    http.createServer((req, res) => { res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) }); res.end(body); })
      .listen(${PORT}, "127.0.0.1", () => console.log("ceiling up"));`;
  const sample = JSON.stringify({
    products: new Array(20)
      .fill(null)
      .map((_, i) => ({ id: i, name: "Arduino Uno R3 ".repeat(3), description: "x".repeat(300), price: 30000, image: "/media/products/x.webp" })),
    pagination: { total: 100000, hasMore: true, limit: 20, offset: 0 },
  });
  const child = spawn(process.execPath, ["-e", script], { env: { ...process.env, BODY: sample }, stdio: ["ignore", "inherit", "inherit"], detached: true });
  try {
    await waitFor(`http://127.0.0.1:${PORT}/`);
    return [await load(`http://127.0.0.1:${PORT}`, { name: "bare node:http, fixed JSON from memory", paths: ["/api/products"] }, "ceiling")];
  } finally {
    await stopServer(child);
  }
}

function writeReport(results: Result[]) {
  const dir = path.join(root, "bench", "results");
  fs.mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString();
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`;
  fs.writeFileSync(
    path.join(dir, "latest.json"),
    JSON.stringify({ date: stamp, machine, count: COUNT, connections: CONNECTIONS, duration: DURATION, results }, null, 2),
  );
  const rows = results.map(
    (r) =>
      `| ${r.database} | ${r.scenario} | ${r.requestsPerSecond.toLocaleString("en-US")} | ${r.p50} | ${r.p99} | ${r.target ?? "—"} | ${r.errors + r.non2xx} |`,
  );
  const table = [
    `Run ${stamp} on ${machine}; ${COUNT.toLocaleString("en-US")} products, ${CONNECTIONS} connections, ${DURATION} s per scenario (after a 2 s warm-up).`,
    "",
    "| database | scenario | req/s | p50 ms | p99 ms | target | errors |",
    "|---|---|---:|---:|---:|---|---:|",
    ...rows,
  ].join("\n");
  console.log(`\n${table}\n`);
  fs.writeFileSync(path.join(dir, "latest.md"), table + "\n");
}

async function main() {
  if (!buildIsCurrent()) {
    log("building the production bundle…");
    await buildAll();
  }
  if (args.only === "load") {
    writeLoadReport(await load200());
    return;
  }
  if (args.only === "orders") {
    writeOrderReport(await placeOrders());
    return;
  }
  const results: Result[] = [];
  if (!args.only || args.only === "ceiling") results.push(...(await benchCeiling()));
  if (!args.only || args.only === "embedded") results.push(...(await benchEmbedded()));
  if (!args.only || args.only === "postgres") results.push(...(await benchPostgres()));
  writeReport(results);
  if (!args.only) writeLoadReport(await load200());
  if (!args.only) writeOrderReport(await placeOrders());
}

function placeOrders() {
  return runOrderPlacement({ pgServer: PG_SERVER, port: Number(args["load-port"]), buyers: Number(args.buyers), orders: Number(args.orders) });
}

function load200() {
  return runLoad({
    pgServer: PG_SERVER,
    port: Number(args["load-port"]),
    shoppers: Number(args.shoppers),
    seconds: Number(args["load-seconds"]),
    thinkMs: Number(args["think-ms"]),
    signInsPerSecond: Number(args["sign-ins"]),
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
