// npm run bench:lighthouse: the shop front as a phone sees it. Starts the existing production build
// (dist/server.mjs + .next) on loopback over a fresh, self-seeding embedded database, runs Lighthouse
// (default config: mobile emulation, simulated throttling) against /products in the machine's
// Chromium, takes the run with the median performance score, and measures the first-load
// JavaScript of /products (every /_next/ <script src> in the HTML, gzip). Prints markdown to stdout
// (progress goes to stderr) and writes bench/results/lighthouse-<date>.json, plus the median run's
// full report as .report.json / .report.html (open the HTML in a browser for every detail).
//
// With --pages all: every main page (/, /products, a product page, /cart and /checkout as a guest
// with a cart, /checkout signed in, an order opened from its SMS link; their state made through the
// API by bench/lighthouse-pages.mjs), the median of the runs per page in one table (performance,
// LCP, TBT, first-load JavaScript) against the targets, the top opportunities of a page that misses
// them; then the phone's first presses under a 4× CPU slowdown and the script bytes of /products in
// its first 10 s (bench/first-press.mjs). Each page's median run is kept as .report.json / .html.
//
// Options: --runs N (default 3), --path /products (the page to audit), --pages all,
// --presses N (first presses per control, default 5), --no-press (skip the first presses and script
// bytes), --press-only (only those). Env: LIGHTHOUSE_PORT
// (default 3200; when unset and 3200 is taken, the next free port is used), CHROMIUM_PATH.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, findChromium } from "../scripts/browser.mjs";
import { buildIsCurrent, root } from "../scripts/build-lib.mjs";
import { measureFirstPresses, measurePhoneScripts } from "./first-press.mjs";
import { plainPage, preparePages, seedBrowser } from "./lighthouse-pages.mjs";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    path: { type: "string", default: "/products" },
    pages: { type: "string" },
    presses: { type: "string", default: "5" },
    "no-press": { type: "boolean", default: false },
    "press-only": { type: "boolean", default: false },
  },
});
const RUNS = Math.max(1, Number(args.runs) || 3);
const PAGE_PATH = args.path.startsWith("/") ? args.path : `/${args.path}`;
if (args.pages !== undefined && args.pages !== "all") {
  console.error(`--pages takes "all" (one page: --path ${PAGE_PATH})`);
  process.exit(2);
}
const ALL_PAGES = args.pages === "all";
const PRESSES = Math.max(1, Number(args.presses) || 5);
/** The issue's targets for every page (Lighthouse mobile, median of the runs). */
const TARGETS = { performance: 95, lcpMs: 2000, firstLoadJsKiB: 150, pressMs: 100, dialogMs: 300, phoneScriptKiB: 180 };
const SERVER_START_TIMEOUT_MS = 240_000;
const QUIET_BUSY = 0.15; // share of all cores busy above which a run waits, and the report warns

const log = (line) => console.error(`[lighthouse] ${line}`);
const kb = (bytes) => (bytes / 1024).toFixed(1);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// The server

function checkBuild() {
  const missing = [".next/BUILD_ID", "dist/server.mjs"].filter((f) => !fs.existsSync(path.join(root, f)));
  if (missing.length) {
    console.error(
      `No production build (missing ${missing.join(", ")}).\n` +
        "Build it first with `npm run build` (or `npm start` once, which builds when needed), then run `npm run bench:lighthouse` again.",
    );
    process.exit(1);
  }
  const build = { id: fs.readFileSync(path.join(root, ".next", "BUILD_ID"), "utf8").trim(), current: buildIsCurrent() };
  if (!build.current) {
    log("note: the production build is older than the sources (or package-lock.json); the figures are for the build as it is. `npm run build` to refresh it.");
  }
  return build;
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

async function choosePort() {
  const explicit = process.env.LIGHTHOUSE_PORT;
  const first = Number(explicit ?? 3200);
  if (!Number.isInteger(first) || first <= 0 || first > 65535) throw new Error(`LIGHTHOUSE_PORT=${explicit} is not a port number`);
  const last = explicit ? first : first + 50;
  for (let port = first; port <= last; port++) if (await portIsFree(port)) return port;
  throw new Error(explicit ? `port ${first} (LIGHTHOUSE_PORT) is taken` : `no free port in ${first}–${last}; set LIGHTHOUSE_PORT`);
}

/** Starts `node dist/server.mjs` as start.mjs would, in its own process group; its output goes to stderr. */
function startServer(port, dataDir) {
  const child = spawn(process.execPath, ["dist/server.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      API_RATE_LIMIT: "0",
      // the signed-in shopper of --pages all confirms the address from the outbox: mail leaves it at once
      MAIL_DRAIN_INTERVAL_MS: "250",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const prefix = (stream) =>
    stream.on("data", (chunk) => {
      for (const line of chunk.toString().split("\n")) if (line.trim()) process.stderr.write(`[server] ${line}\n`);
    });
  prefix(child.stdout);
  prefix(child.stderr);
  return child;
}

async function stopServer(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const signal = (sig) => {
    try {
      process.kill(-child.pid, sig);
    } catch {
      try {
        child.kill(sig);
      } catch {
        // already gone
      }
    }
  };
  signal("SIGTERM");
  const done = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
  if (!done) {
    signal("SIGKILL");
    await Promise.race([exited, sleep(5_000)]);
  }
}

async function waitForServer(child, url) {
  const until = Date.now() + SERVER_START_TIMEOUT_MS;
  const started = Date.now();
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering; if the build was being replaced meanwhile, run again`);
    }
    try {
      const res = await fetch(url);
      if (res.ok) return Date.now() - started;
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  throw new Error(`${url} did not answer within ${SERVER_START_TIMEOUT_MS / 1000} s`);
}

// ---------------------------------------------------------------------------------------------
// First-load JavaScript

/** GET with gzip/br accepted (plus `headers`: a page's session cookie); answers the bytes as sent and as decoded. */
function getRaw(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { "accept-encoding": "gzip, br", "user-agent": "storefront-bench", ...headers } }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const wire = Buffer.concat(chunks);
        const encoding = String(res.headers["content-encoding"] ?? "identity");
        let body = wire;
        if (encoding === "gzip") body = zlib.gunzipSync(wire);
        else if (encoding === "br") body = zlib.brotliDecompressSync(wire);
        resolve({ status: res.statusCode, encoding, wire, body, headers: res.headers });
      });
    });
    req.on("error", reject);
    req.setTimeout(60_000, () => req.destroy(new Error(`timeout fetching ${url}`)));
  });
}

const decodeEntities = (s) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");

async function measureFirstLoad(base, pagePath = PAGE_PATH, headers = {}) {
  const page = await getRaw(base + pagePath, headers);
  if (page.status !== 200) throw new Error(`${pagePath} answered ${page.status}`);
  const html = page.body.toString("utf8");
  const collect = (re, keep = () => true) => {
    const found = [];
    for (const m of html.matchAll(re)) {
      if (!keep(m[0])) continue;
      const src = decodeEntities(m[1]);
      const pathname = src.startsWith("http") ? new URL(src).pathname + new URL(src).search : src;
      if (pathname.startsWith("/_next/") && !found.includes(pathname)) found.push(pathname);
    }
    return found;
  };
  // Legacy polyfills (<script nomodule>) are skipped by every browser that runs modules: listed apart.
  const isNoModule = (tag) => /\bnomodule\b/i.test(tag);
  const scriptSrcs = collect(/<script\b[^>]*?\bsrc="([^"]+)"[^>]*>/g, (tag) => !isNoModule(tag));
  const noModuleSrcs = collect(/<script\b[^>]*?\bsrc="([^"]+)"[^>]*>/g, isNoModule);
  const styleHrefs = collect(/<link\b(?=[^>]*\brel="stylesheet")[^>]*?\bhref="([^"]+)"/g);
  const inlineScriptBytes = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].reduce((n, m) => n + Buffer.byteLength(m[1]), 0);

  const measure = async (list) => {
    const files = [];
    for (const src of list) {
      const res = await getRaw(base + src);
      if (res.status !== 200) throw new Error(`${src} answered ${res.status}`);
      const gzip = zlib.gzipSync(res.body, { level: 9 }).length;
      files.push({
        src,
        rawBytes: res.body.length,
        gzipBytes: gzip,
        servedEncoding: res.encoding,
        servedBytes: res.wire.length,
      });
    }
    return files;
  };
  const scripts = await measure(scriptSrcs);
  const noModuleScripts = await measure(noModuleSrcs);
  const styles = await measure(styleHrefs);
  const sum = (files, key) => files.reduce((n, f) => n + f[key], 0);
  // Next's own count of the route's first-load JavaScript, when the build wrote it: a cross-check.
  let nextStats = null;
  try {
    const stats = JSON.parse(fs.readFileSync(path.join(root, ".next", "diagnostics", "route-bundle-stats.json"), "utf8"));
    const route = pagePath.split("?")[0];
    const entry = (Array.isArray(stats) ? stats : []).find((s) => s.route === route);
    if (entry) nextStats = { route, firstLoadUncompressedJsBytes: entry.firstLoadUncompressedJsBytes, chunks: entry.firstLoadChunkPaths?.length ?? null };
  } catch {
    // older or newer Next without this file
  }
  return {
    nextBuildStats: nextStats,
    page: pagePath,
    html: {
      rawBytes: page.body.length,
      gzipBytes: zlib.gzipSync(page.body, { level: 9 }).length,
      servedEncoding: page.encoding,
      servedBytes: page.wire.length,
      inlineScriptBytes,
    },
    scripts,
    scriptsTotal: { count: scripts.length, rawBytes: sum(scripts, "rawBytes"), gzipBytes: sum(scripts, "gzipBytes"), servedBytes: sum(scripts, "servedBytes") },
    noModuleScripts,
    styles,
    stylesTotal: { count: styles.length, rawBytes: sum(styles, "rawBytes"), gzipBytes: sum(styles, "gzipBytes"), servedBytes: sum(styles, "servedBytes") },
  };
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

/** The share of all cores busy over the next `ms` (every process on the machine, this one included). */
async function cpuBusy(ms = 2000) {
  const sample = () =>
    os.cpus().reduce((t, c) => ({ idle: t.idle + c.times.idle, total: t.total + Object.values(c.times).reduce((a, b) => a + b, 0) }), { idle: 0, total: 0 });
  const a = sample();
  await sleep(ms);
  const b = sample();
  const total = b.total - a.total;
  return total > 0 ? 1 - (b.idle - a.idle) / total : 0;
}

/**
 * Simulated throttling multiplies what the page cost on this machine, so anything else running
 * (a build, tests, the previous run's Chromium winding down) inflates TBT and LCP. Waits up to 90 s
 * for the cores to be mostly idle, and answers how busy they were when the run started.
 */
async function waitForQuiet() {
  const until = Date.now() + 90_000;
  let busy = await cpuBusy();
  let told = false;
  while (busy > QUIET_BUSY && Date.now() < until) {
    if (!told) log(`the machine is busy (${Math.round(busy * 100)} % CPU); waiting up to 90 s for it to settle…`);
    told = true;
    busy = await cpuBusy(3000);
  }
  return busy;
}

/** The Chromium of the run under way (an interrupted run stops it too). */
let activeChrome = null;

/** One Lighthouse run in a fresh Chromium; `page.storage` is put into it first, `page.headers` go with every request. */
async function runLighthouse(url, chromePath, index, page = { headers: {}, storage: null }) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_ARGS, logLevel: "silent" });
  activeChrome = chrome;
  try {
    await seedBrowser(chrome.port, new URL(url).origin, page.storage);
    const browser = await fetch(`http://127.0.0.1:${chrome.port}/json/version`)
      .then((r) => r.json())
      .then((v) => String(v.Browser ?? "").replace(/^HeadlessChrome/, "Chromium"))
      .catch(() => "");
    const busyBefore = await waitForQuiet();
    const loadBefore = os.loadavg()[0];
    const extraHeaders = Object.keys(page.headers ?? {}).length ? page.headers : undefined;
    const result = await lighthouse(url, { port: chrome.port, output: ["json", "html"], logLevel: "error", extraHeaders });
    if (!result?.lhr) throw new Error("Lighthouse returned no result");
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    const perf = result.lhr.categories.performance?.score;
    const bench = result.lhr.environment?.benchmarkIndex;
    log(
      `${page.label ? `${page.label}: ` : ""}run ${index + 1}/${RUNS}: performance ${perf == null ? "n/a" : Math.round(perf * 100)} (CPU ${Math.round(busyBefore * 100)} % busy before it, benchmark index ${Math.round(bench ?? 0)})`,
    );
    return { lhr: result.lhr, report: result.report, browser, loadAverage: loadBefore, cpuBusyBefore: busyBefore };
  } finally {
    activeChrome = null;
    await chrome.kill();
  }
}

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["speed-index", "Speed Index"],
  ["interactive", "TTI"],
  ["server-response-time", "server response (observed)"],
];

function summarize({ lhr, loadAverage, cpuBusyBefore }) {
  const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
  const metric = (id) => {
    const a = lhr.audits[id];
    return a ? { value: a.numericValue ?? null, unit: a.numericUnit ?? null, display: a.displayValue ?? "", score: a.score } : null;
  };
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])),
    metrics: Object.fromEntries(METRICS.map(([id]) => [id, metric(id)])),
    totalByteWeight: lhr.audits["total-byte-weight"]?.numericValue ?? null,
    requests: lhr.audits["network-requests"]?.details?.items?.length ?? null,
    // Lighthouse's own CPU benchmark of this machine during the run, and the 1-minute load average
    // when the run started: on a busy machine every task is slower, and TBT and LCP with it.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    loadAverage: Math.round(loadAverage * 100) / 100,
    cpuBusyBefore: Math.round(cpuBusyBefore * 1000) / 1000,
  };
}

// Turns an audit's details (tables, lists, checklists, insight trees) into short text lines.
/** An audit's estimated savings per metric ("LCP −450 ms, CLS −0.120"), or "" when it names none. */
function savingsText(metricSavings) {
  return metricSavings
    ? Object.entries(metricSavings)
        .filter(([, v]) => v > 0)
        .map(([k, v]) => `${k} −${k === "CLS" ? v.toFixed(3) : `${Math.round(v)} ms`}`)
        .join(", ")
    : "";
}

function formatValue(value, valueType, origin) {
  if (value == null || value === "") return "";
  if (typeof value === "object") {
    switch (value.type) {
      case "node": {
        const selector = value.selector ?? value.path ?? "?";
        const label = value.nodeLabel && value.nodeLabel !== selector ? String(value.nodeLabel) : String(value.snippet ?? "");
        const short = label.replace(/\s+/g, " ").trim();
        return `\`${selector}\`${short ? ` “${short.length > 140 ? `${short.slice(0, 140)}…` : short}”` : ""}`;
      }
      case "source-location":
        return `${String(value.url).replace(origin, "")}:${value.line + 1}:${value.column + 1}`;
      case "url":
        return String(value.value).replace(origin, "");
      case "code":
        return `\`${value.value}\``;
      case "text":
        return String(value.value);
      case "numeric":
        return String(Math.round(value.value * 1000) / 1000);
      case "link":
        return value.text;
      case "subitems":
        return "";
      default:
        return "";
    }
  }
  switch (valueType) {
    case "url":
      return String(value).replace(origin, "");
    case "bytes":
      return `${kb(value)} KiB`;
    case "ms":
    case "timespanMs":
      return `${Math.round(value)} ms`;
    case "numeric":
      return typeof value === "number" ? String(Math.round(value * 1000) / 1000) : String(value);
    case "code":
      return `\`${value}\``;
    default:
      return String(value);
  }
}

function detailLines(details, origin, depth = 0) {
  if (!details || depth > 3) return [];
  const lines = [];
  switch (details.type) {
    case "list":
      for (const item of details.items ?? []) lines.push(...detailLines(item, origin, depth + 1));
      break;
    case "list-section":
      if (details.value?.type === "text") {
        if (details.title) lines.push(`${details.title}: ${details.value.value}`);
      } else lines.push(...detailLines(details.value, origin, depth + 1));
      break;
    case "table":
    case "opportunity": {
      const headings = (details.headings ?? []).filter((h) => h.key);
      for (const item of details.items ?? []) {
        const parts = headings
          .map((h) => {
            const text = formatValue(item[h.key], h.valueType, origin);
            if (!text) return "";
            const label = typeof h.label === "string" && h.label && h.valueType !== "node" && h.valueType !== "url" ? `${h.label}: ` : "";
            return label + text;
          })
          .filter(Boolean);
        const explanation = item.node?.explanation ?? (typeof item.explanation === "string" ? item.explanation : "");
        let line = parts.join(" · ");
        if (explanation) line += ` — ${explanation.replace(/\s+/g, " ").replace(/^Fix (any|all) of the following: /, "")}`;
        if (line) lines.push(line);
        const sub = item.subItems?.items ?? [];
        for (const subItem of sub.slice(0, 5)) {
          const subParts = headings
            .filter((h) => h.subItemsHeading?.key)
            .map((h) => formatValue(subItem[h.subItemsHeading.key], h.subItemsHeading.valueType ?? h.valueType, origin))
            .filter(Boolean);
          if (subParts.length) lines.push(`\t${subParts.join(" · ")}`);
        }
      }
      break;
    }
    case "checklist":
      for (const [, entry] of Object.entries(details.items ?? {})) if (entry && entry.value === false) lines.push(`✘ ${entry.label}`);
      break;
    case "network-tree": {
      // The longest chain of the critical request tree.
      const longest = (chains) => {
        let best = [];
        for (const node of Object.values(chains ?? {})) {
          const rest = longest(node.children);
          if (rest.length + 1 > best.length) best = [node, ...rest];
        }
        return best;
      };
      const chain = longest(details.chains);
      if (chain.length) {
        lines.push(`longest chain (${Math.round(details.longestChain?.duration ?? 0)} ms): ${chain.map((n) => String(n.url).replace(origin, "")).join(" → ")}`);
      }
      break;
    }
    case "node":
      lines.push(formatValue(details, "node", origin));
      break;
    default:
      break;
  }
  return lines;
}

/** Audits of a category that cost points (score < 1 and not merely informative), heaviest first. */
function failingAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  const origin = new URL(lhr.finalDisplayedUrl ?? lhr.requestedUrl).origin;
  const out = [];
  for (const ref of category.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit) continue;
    const failing = audit.score !== null && audit.score < 1 && !["notApplicable", "manual", "error"].includes(audit.scoreDisplayMode);
    const informativeHit = audit.scoreDisplayMode === "informative" && ["lcp-breakdown-insight", "network-dependency-tree-insight"].includes(ref.id);
    const metricSavings = Object.values(audit.metricSavings ?? {}).some((v) => v > 0);
    if (!(failing || informativeHit || (metricSavings && audit.score !== 1))) continue;
    if (ref.group === "hidden" && !failing) continue;
    out.push({
      id: ref.id,
      title: audit.title,
      group: ref.group ?? null,
      weight: ref.weight,
      score: audit.score,
      scoreDisplayMode: audit.scoreDisplayMode,
      displayValue: audit.displayValue ?? "",
      metricSavings: audit.metricSavings ?? null,
      explanation: audit.explanation ?? null,
      items: detailLines(audit.details, origin),
    });
  }
  const rank = (a) => (a.group === "metrics" ? 0 : a.weight > 0 ? 1 : 2);
  return out.sort((a, b) => rank(a) - rank(b) || b.weight - a.weight || (a.score ?? 1) - (b.score ?? 1));
}

// ---------------------------------------------------------------------------------------------
// Report

function markdown({ date, machine, url, lhVersion, chromiumVersion, runs, median, medianIndex, firstLoad, failing }) {
  const m = median.metrics;
  const metricCell = (id) => (m[id] ? `${m[id].display}${m[id].score != null ? ` (score ${Math.round(m[id].score * 100)})` : ""}` : "—");
  const lines = [];
  lines.push(`## Lighthouse — ${url.replace(/^http:\/\/localhost:\d+/, "")}, ${date}`, "");
  lines.push(
    `Lighthouse ${lhVersion}, default (mobile) config: Moto G Power–class emulation, simulated slow 4G and 4× CPU slowdown; ` +
      `${chromiumVersion}; production build on loopback with a freshly seeded embedded database. ` +
      `Median of ${runs.length} runs by performance score (runs: ${runs.map((r) => r.scores.performance).join(", ")}; the table shows run ${medianIndex + 1}). ` +
      `Machine: ${machine}.`,
    "",
  );
  const busiest = Math.max(...runs.map((r) => r.cpuBusyBefore));
  const indexes = runs.map((r) => Math.round(r.benchmarkIndex ?? 0));
  lines.push(
    `Per run: CPU busy just before it ${runs.map((r) => `${Math.round(r.cpuBusyBefore * 100)} %`).join(", ")}; Lighthouse CPU benchmark index ${indexes.join(", ")}.` +
      (busiest > QUIET_BUSY
        ? ` **Something else was using the machine (${Math.round(busiest * 100)} % CPU before a run): TBT and LCP are inflated. Run again on a quiet machine before comparing figures.**`
        : ""),
    "",
  );
  lines.push("| measure | value |", "|---|---:|");
  lines.push(`| performance | ${median.scores.performance} |`);
  lines.push(`| accessibility | ${median.scores.accessibility} |`);
  lines.push(`| best practices | ${median.scores["best-practices"]} |`);
  lines.push(`| SEO | ${median.scores.seo} |`);
  lines.push(`| Largest Contentful Paint | ${metricCell("largest-contentful-paint")} |`);
  lines.push(`| Total Blocking Time | ${metricCell("total-blocking-time")} |`);
  lines.push(`| Cumulative Layout Shift | ${metricCell("cumulative-layout-shift")} |`);
  lines.push(`| First Contentful Paint | ${metricCell("first-contentful-paint")} |`);
  lines.push(`| Speed Index | ${metricCell("speed-index")} |`);
  lines.push(`| total transferred | ${median.totalByteWeight == null ? "—" : `${kb(median.totalByteWeight)} KiB in ${median.requests} requests`} |`);
  lines.push(
    `| first-load JavaScript (gzip -9) | ${kb(firstLoad.scriptsTotal.gzipBytes)} KiB in ${firstLoad.scriptsTotal.count} scripts (${kb(firstLoad.scriptsTotal.rawBytes)} KiB raw) |`,
  );
  lines.push(`| first-load CSS (gzip -9) | ${kb(firstLoad.stylesTotal.gzipBytes)} KiB in ${firstLoad.stylesTotal.count} stylesheets |`);
  lines.push(
    `| HTML (gzip -9) | ${kb(firstLoad.html.gzipBytes)} KiB (${kb(firstLoad.html.rawBytes)} KiB raw, ${kb(firstLoad.html.inlineScriptBytes)} KiB of it inline scripts) |`,
  );
  lines.push("");

  const served = [...new Set(firstLoad.scripts.map((s) => s.servedEncoding))].join(", ");
  lines.push(`### First-load JavaScript of ${firstLoad.page}`, "");
  lines.push(`Every \`<script src="/_next/…">\` in the HTML, fetched and compressed with gzip level 9 (the server sent them as: ${served || "—"}).`, "");
  lines.push("| script | raw KiB | gzip KiB |", "|---|---:|---:|");
  for (const s of [...firstLoad.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes)) lines.push(`| \`${s.src}\` | ${kb(s.rawBytes)} | ${kb(s.gzipBytes)} |`);
  lines.push(`| **total** | **${kb(firstLoad.scriptsTotal.rawBytes)}** | **${kb(firstLoad.scriptsTotal.gzipBytes)}** |`, "");
  if (firstLoad.nextBuildStats) {
    const n = firstLoad.nextBuildStats;
    lines.push(
      `Next's build counts ${kb(n.firstLoadUncompressedJsBytes)} KiB raw in ${n.chunks} chunks for \`${n.route}\` (.next/diagnostics/route-bundle-stats.json).`,
      "",
    );
  }
  for (const s of firstLoad.noModuleScripts) {
    lines.push(
      `Not counted: \`${s.src}\` (\`<script nomodule>\`, legacy polyfills that modern browsers do not download), ${kb(s.rawBytes)} KiB raw, ${kb(s.gzipBytes)} KiB gzip.`,
    );
  }
  if (firstLoad.noModuleScripts.length) lines.push("");

  const section = (title, list) => {
    lines.push(`### ${title}`, "");
    if (!list.length) {
      lines.push("Nothing failing.", "");
      return;
    }
    for (const a of list) {
      const score = a.score == null ? "" : ` — score ${Math.round(a.score * 100)}`;
      const weight = a.weight ? `, weight ${a.weight}` : "";
      const savings = savingsText(a.metricSavings);
      const scored = a.group === "metrics" || a.weight > 0 ? "" : ", not scored";
      lines.push(
        `- **${a.title}** (\`${a.id}\`${weight}${score}${scored})${a.displayValue ? `: ${a.displayValue}` : ""}${savings ? ` [est. savings ${savings}]` : ""}`,
      );
      if (a.explanation) lines.push(`  - ${a.explanation.replace(/\s+/g, " ")}`);
      // Identical lines (the same button on every card) once, with a count.
      const counted = [];
      for (const item of a.items) {
        const last = counted[counted.length - 1];
        const same = counted.find((c) => c.text === item && !item.startsWith("\t"));
        if (same) same.n++;
        else if (last && item.startsWith("\t") && last.text === item) last.n++;
        else counted.push({ text: item, n: 1 });
      }
      let shown = 0;
      for (const { text, n } of counted) {
        const sub = text.startsWith("\t");
        if (!sub && ++shown > 12) break;
        lines.push(`${sub ? "    " : "  "}- ${text.replace(/^\t/, "")}${n > 1 ? ` (×${n})` : ""}`);
      }
      const hidden = counted.filter((c) => !c.text.startsWith("\t")).length - 12;
      if (hidden > 0) lines.push(`  - … ${hidden} more (see the JSON / HTML report)`);
    }
    lines.push("");
  };
  section("What costs points: performance", failing.performance);
  section("What costs points: accessibility", failing.accessibility);
  section("What costs points: best practices", failing["best-practices"]);
  section("What costs points: SEO", failing.seo);
  return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------

/** The middle value (the mean of the two middle ones for an even count); null for none. */
function median(values) {
  const v = values.filter((x) => typeof x === "number" && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

/** A page's first-load JavaScript and its Lighthouse runs: the run with the median score, and each metric's median. */
async function auditPage(base, page, chromePath) {
  const url = base + page.path;
  // Warm-up: Next compiles nothing at run time, but the first render fills the server's caches.
  for (let i = 0; i < 3; i++) await getRaw(url, page.headers);
  log(`${page.label}: measuring the first-load JavaScript…`);
  const firstLoad = await measureFirstLoad(base, page.path, page.headers);
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await runLighthouse(url, chromePath, i, page));
  // The run with the median performance score (lower middle for an even count).
  const order = runs.map((r, i) => ({ i, s: r.lhr.categories.performance?.score ?? 0 })).sort((a, b) => a.s - b.s);
  const medianIndex = order[Math.floor((order.length - 1) / 2)].i;
  const summaries = runs.map((r) => summarize(r));
  const metricMedian = (id) => median(summaries.map((r) => r.metrics[id]?.value));
  const finalUrls = [...new Set(runs.map((r) => r.lhr.finalDisplayedUrl))];
  log(
    `${page.label}: median performance ${median(summaries.map((r) => r.scores.performance))}, LCP ${Math.round(metricMedian("largest-contentful-paint") ?? 0)} ms, ` +
      `TBT ${Math.round(metricMedian("total-blocking-time") ?? 0)} ms, first-load JS ${kb(firstLoad.scriptsTotal.gzipBytes)} KiB gzip`,
  );
  return {
    page,
    url,
    finalUrls,
    firstLoad,
    runs,
    summaries,
    medianIndex,
    medianRun: runs[medianIndex],
    failing: Object.fromEntries(CATEGORIES.map((c) => [c, failingAudits(runs[medianIndex].lhr, c)])),
    medians: {
      performance: median(summaries.map((r) => r.scores.performance)),
      lcpMs: metricMedian("largest-contentful-paint"),
      tbtMs: metricMedian("total-blocking-time"),
      fcpMs: metricMedian("first-contentful-paint"),
      cls: metricMedian("cumulative-layout-shift"),
      speedIndexMs: metricMedian("speed-index"),
    },
  };
}

function writeReports(dir, name, run) {
  const [jsonReport, htmlReport] = Array.isArray(run.report) ? run.report : [run.report, null];
  fs.writeFileSync(path.join(dir, `${name}.report.json`), jsonReport);
  if (htmlReport) fs.writeFileSync(path.join(dir, `${name}.report.html`), htmlReport);
}

const seconds = (ms) => (ms == null ? "—" : `${(ms / 1000).toFixed(2)} s`);
const mark = (ok) => (ok ? "" : " ✗");

/** --pages all: one table of every page, what a page that misses a target loses points on, the first presses and the phone's scripts. */
function pagesMarkdown({ date, machine, lhVersion, chromiumVersion, audits, presses, phoneScripts }) {
  const lines = [];
  lines.push(`## Lighthouse — every main page, ${date}`, "");
  if (audits.length) {
    const busiest = Math.max(...audits.flatMap((a) => a.summaries.map((r) => r.cpuBusyBefore)));
    lines.push(
      `Lighthouse ${lhVersion}, default (mobile) config: Moto G Power–class emulation, simulated slow 4G and 4× CPU slowdown; ` +
        `${chromiumVersion}; production build on loopback with a freshly seeded embedded database. ` +
        `Median of ${RUNS} run${RUNS === 1 ? "" : "s"} per page, each metric's own median. Machine: ${machine}. ` +
        `Targets: performance ≥ ${TARGETS.performance}, LCP ≤ ${TARGETS.lcpMs / 1000} s, first-load JavaScript ≤ ${TARGETS.firstLoadJsKiB} KiB (gzip); ✗ marks a miss.` +
        (busiest > QUIET_BUSY
          ? ` **Something else was using the machine (${Math.round(busiest * 100)} % CPU before a run): TBT and LCP are inflated.**`
          : ` CPU busy before a run at most ${Math.round(busiest * 100)} %.`),
      "",
    );
    lines.push("| page | performance | LCP | TBT | FCP | CLS | first-load JS (gzip) | runs (performance) |", "|---|---:|---:|---:|---:|---:|---:|---|");
    for (const a of audits) {
      const m = a.medians;
      const js = a.firstLoad.scriptsTotal.gzipBytes / 1024;
      lines.push(
        `| ${a.page.label} | ${m.performance ?? "—"}${mark(m.performance >= TARGETS.performance)} | ${seconds(m.lcpMs)}${mark(m.lcpMs <= TARGETS.lcpMs)} | ` +
          `${m.tbtMs == null ? "—" : `${Math.round(m.tbtMs)} ms`} | ${seconds(m.fcpMs)} | ${m.cls == null ? "—" : m.cls.toFixed(3)} | ` +
          `${js.toFixed(1)} KiB in ${a.firstLoad.scriptsTotal.count}${mark(js <= TARGETS.firstLoadJsKiB)} | ${a.summaries.map((r) => r.scores.performance).join(", ")} |`,
      );
    }
    lines.push("");
    const paths = audits.map(
      (a) =>
        `${a.page.label}: \`${a.page.path}\`${a.finalUrls.some((u) => new URL(u).pathname !== a.page.path.split("?")[0]) ? ` (ended at ${a.finalUrls.map((u) => `\`${new URL(u).pathname}\``).join(", ")})` : ""}`,
    );
    lines.push(`Addresses: ${paths.join("; ")}.`, "");

    const missing = audits.filter(
      (a) =>
        !(
          a.medians.performance >= TARGETS.performance &&
          a.medians.lcpMs <= TARGETS.lcpMs &&
          a.firstLoad.scriptsTotal.gzipBytes / 1024 <= TARGETS.firstLoadJsKiB
        ),
    );
    if (missing.length) {
      lines.push("### Pages that miss a target: Lighthouse's top opportunities (the median run)", "");
      for (const a of missing) {
        lines.push(`**${a.page.label}** (performance ${a.medians.performance}, LCP ${seconds(a.medians.lcpMs)}):`, "");
        const top = a.failing.performance.filter((f) => f.group !== "metrics").slice(0, 6);
        const lcp = a.failing.performance.find((f) => f.id === "lcp-breakdown-insight");
        for (const f of top) {
          const savings = savingsText(f.metricSavings);
          lines.push(`- ${f.title}${f.displayValue ? `: ${f.displayValue}` : ""}${savings ? ` [est. savings ${savings}]` : ""}`);
          for (const item of f.items.filter((x) => !x.startsWith("\t")).slice(0, 3)) lines.push(`  - ${item}`);
        }
        if (lcp && !top.includes(lcp)) for (const item of lcp.items.slice(0, 4)) lines.push(`- LCP breakdown: ${item}`);
        lines.push("");
      }
    }
  }

  if (presses?.length) {
    lines.push(
      "### First press (4× CPU slowdown, /products)",
      "",
      "Press → content shown (the frame after it is first shown), median of " +
        `${PRESSES} presses, each on a fresh page loaded and then idle 5 s; a real click. Targets: a menu or panel ${TARGETS.pressMs} ms ` +
        `with no request on the press, a dialog ${TARGETS.dialogMs} ms (with Save-Data it may load on first use). 390 px unless said.`,
      "",
      "| control | median | presses (ms) | presses that fetched | fetched on the press |",
      "|---|---:|---|---:|---|",
    );
    for (const row of presses) {
      const ok = row.medianMs !== null && row.medianMs <= row.target && (row.saveData || row.pressesThatFetched === 0);
      const panel = row.panelMedianMs == null ? "" : `; image panel ${Math.round(row.panelMedianMs)} ms`;
      lines.push(
        `| ${row.label} | ${row.medianMs == null ? "never shown" : `${Math.round(row.medianMs)} ms`}${mark(ok)}${panel} | ${row.samplesMs.map((v) => v ?? "—").join(", ")} | ` +
          `${row.pressesThatFetched}/${row.samplesMs.length} | ${row.fetched.length ? row.fetched.map((u) => `\`${u.replace(/^\/_next\/static\/chunks\//, "…/")}\``).join(", ") : "nothing"} |`,
      );
    }
    const select = presses.find((r) => r.id === "currency-select");
    if (select && !select.selectOpenSupported)
      lines.push("", "The currency select: this Chromium has no `:open`, so its figure is press → focus (the browser draws the list itself).");
    lines.push("");
  }

  if (phoneScripts) {
    const { normal, saveData } = phoneScripts;
    const kib = (b) => (b / 1024).toFixed(1);
    lines.push(
      "### Script a phone fetches on /products in its first 10 s",
      "",
      "Lighthouse's mobile user agent, 390 px, no CPU slowdown; bytes on the wire of every script response (bench/scroll-bytes.mjs's recorder). " +
        `Idle prefetches: scripts requested after the load event with no input. Target ≤ ${TARGETS.phoneScriptKiB} KiB, and no idle prefetch with Save-Data or 3G.`,
      "",
      "| connection | all script | of which idle prefetches | product-page prefetches | load event |",
      "|---|---:|---:|---:|---:|",
    );
    for (const [name, r] of [
      ["4G", normal],
      ["Save-Data + 3G", saveData],
    ]) {
      const ok = r.saveData ? r.idlePrefetchScripts.length === 0 : r.scriptBytes / 1024 <= TARGETS.phoneScriptKiB;
      lines.push(
        `| ${name} | ${kib(r.scriptBytes)} KiB in ${r.scriptCount}${mark(r.saveData || ok)} | ${r.idlePrefetchScripts.length} (${kib(r.idlePrefetchScriptBytes)} KiB)${mark(!r.saveData || ok)} | ` +
          `${r.idlePrefetchPages.length} | ${seconds(r.loadEventMs)} |`,
      );
    }
    if (normal.idlePrefetchScripts.length) {
      lines.push(
        "",
        `Idle prefetches (4G): ${normal.idlePrefetchScripts.map((s) => `\`${s.path.replace(/^\/_next\/static\/chunks\//, "…/")}\` ${kib(s.bytes)} KiB`).join(", ")}.`,
      );
    }
    lines.push("");
  }
  return lines.join("\n");
}

async function main() {
  const build = checkBuild();
  const chromePath = findChromium();
  const port = await choosePort();
  const base = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-lighthouse-"));
  let server;
  let interrupted = false;
  const cleanup = async () => {
    await activeChrome?.kill();
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const onSignal = (sig) => {
    if (interrupted) return;
    interrupted = true;
    log(`${sig}: stopping the server and removing ${dataDir}`);
    void cleanup().finally(() => process.exit(130));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  try {
    log(`starting the production server on ${base} (database in ${dataDir}; the first start seeds it, ~25 s)…`);
    server = startServer(port, dataDir);
    const upAfter = await waitForServer(server, `${base}/api/categories`);
    log(`server up after ${(upAfter / 1000).toFixed(1)} s`);
    const started = Date.now();

    const pages = ALL_PAGES ? await preparePages(base, dataDir, log) : [plainPage(PAGE_PATH)];
    const audits = [];
    if (!args["press-only"]) for (const page of pages) audits.push(await auditPage(base, page, chromePath));

    let presses = null;
    let phoneScripts = null;
    if ((ALL_PAGES || args["press-only"]) && !args["no-press"]) {
      const session = pages.find((p) => p.id === "checkout-signed-in")?.headers.Cookie ?? null;
      const busy = await waitForQuiet();
      log(`first presses (${PRESSES} per control; CPU ${Math.round(busy * 100)} % busy before)…`);
      presses = await measureFirstPresses(base, { presses: PRESSES, cookie: session, log });
      phoneScripts = await measurePhoneScripts(base, { log });
    }
    log(`measured in ${((Date.now() - started) / 60_000).toFixed(1)} min`);

    const date = new Date().toISOString();
    const stamp = date.replace(/:/g, "-").replace(/\.\d+Z$/, "Z");
    const machine = `${os.cpus().length} × ${os.cpus()[0]?.model?.trim() ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`;
    const lhVersion = audits[0]?.medianRun.lhr.lighthouseVersion ?? null;
    const chromiumVersion = audits[0]?.medianRun.browser || "Chromium";
    const dir = path.join(root, "bench", "results");
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `lighthouse-${stamp}.json`);

    if (!ALL_PAGES && audits.length) {
      const [audit] = audits;
      const report = {
        date,
        machine,
        url: audit.url,
        lighthouseVersion: lhVersion,
        chromium: chromiumVersion,
        chromiumPath: chromePath,
        config: "lighthouse default (mobile emulation, simulated throttling)",
        buildId: build.id,
        buildIsCurrent: build.current,
        medianRun: audit.medianIndex + 1,
        median: audit.summaries[audit.medianIndex],
        runs: audit.summaries,
        firstLoad: audit.firstLoad,
        failingAudits: audit.failing,
        ...(presses && { firstPresses: presses, phoneScripts }),
      };
      fs.writeFileSync(file, JSON.stringify(report, null, 2) + "\n");
      writeReports(dir, `lighthouse-${stamp}`, audit.medianRun);
      console.log(
        markdown({
          date: date.slice(0, 10),
          machine,
          url: audit.url,
          lhVersion,
          chromiumVersion,
          runs: audit.summaries,
          median: audit.summaries[audit.medianIndex],
          medianIndex: audit.medianIndex,
          firstLoad: audit.firstLoad,
          failing: audit.failing,
        }),
      );
      if (presses) console.log(pagesMarkdown({ date: date.slice(0, 10), machine, lhVersion, chromiumVersion, audits: [], presses, phoneScripts }));
      log(`wrote ${path.relative(root, file)} (+ .report.json / .report.html of the median run)`);
      return;
    }

    const report = {
      date,
      machine,
      lighthouseVersion: lhVersion,
      chromium: chromiumVersion,
      chromiumPath: chromePath,
      config: "lighthouse default (mobile emulation, simulated throttling)",
      buildId: build.id,
      buildIsCurrent: build.current,
      runsPerPage: RUNS,
      targets: TARGETS,
      pages: audits.map((a) => ({
        id: a.page.id,
        label: a.page.label,
        path: a.page.path,
        finalUrls: a.finalUrls,
        medians: a.medians,
        medianRun: a.medianIndex + 1,
        runs: a.summaries,
        firstLoad: a.firstLoad,
        failingAudits: a.failing,
        report: `lighthouse-${stamp}-${a.page.id}.report.html`,
      })),
      firstPresses: presses,
      phoneScripts,
    };
    fs.writeFileSync(file, JSON.stringify(report, null, 2) + "\n");
    for (const a of audits) writeReports(dir, `lighthouse-${stamp}-${a.page.id}`, a.medianRun);
    console.log(pagesMarkdown({ date: date.slice(0, 10), machine, lhVersion, chromiumVersion, audits, presses, phoneScripts }));
    log(`wrote ${path.relative(root, file)} (+ each page's median run as -<page>.report.json / .report.html)`);
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    if (!interrupted) await cleanup();
  }
}

main().catch((error) => {
  console.error(`[lighthouse] failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
