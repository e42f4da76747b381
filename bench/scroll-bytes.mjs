// node bench/scroll-bytes.mjs [--url http://127.0.0.1:3200] [--cards 60] [--save-data]
// The bytes a shopper's phone downloads opening /products and scrolling past the first N product
// cards: a 390 × 844 touch screen in Chromium (Playwright), every response counted by its bytes on
// the wire (CDP Network.loadingFinished encodedDataLength), grouped by kind. Product-page prefetches
// are the requests for /products/<slug> made by the router (RSC), which a shopper who only scrolls
// never looks at. Needs a running server (`npm start`, or `node dist/server.mjs`). Prints JSON.
// Also a module: phoneContext, recordResponses, kind and tally count the same bytes for
// bench/first-press.mjs (npm run bench:lighthouse).
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../scripts/browser.mjs";

export const PHONE_USER_AGENT = "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";

/**
 * A 390 × 844 touch screen. saveData: the Save-Data request header and navigator.connection saying
 * so (with `effectiveType`, default 4g), as a phone in data-saving mode tells the page.
 */
export async function phoneContext(browser, { saveData = false, effectiveType = "4g", userAgent = PHONE_USER_AGENT, width = 390, height = 844 } = {}) {
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    userAgent,
    extraHTTPHeaders: saveData ? { "save-data": "on" } : {},
  });
  // Save-Data as the browser tells the page (navigator.connection), besides the request header
  if (saveData) {
    await context.addInitScript(
      ({ type }) => {
        Object.defineProperty(navigator, "connection", { configurable: true, value: { saveData: true, effectiveType: type } });
      },
      { type: effectiveType },
    );
  }
  return context;
}

/**
 * Records every response of a page by its bytes on the wire (CDP Network.loadingFinished
 * encodedDataLength). Answers the list it fills: {url, headers, type, mime, bytes, startedAt}, with
 * startedAt the wall-clock time (Date.now()) the request was sent.
 */
export async function recordResponses(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const requests = new Map();
  cdp.on("Network.requestWillBeSent", (e) =>
    requests.set(e.requestId, { url: e.request.url, headers: e.request.headers, type: e.type, startedAt: Date.now() }),
  );
  cdp.on("Network.responseReceived", (e) => {
    const r = requests.get(e.requestId);
    if (r) r.mime = e.response.mimeType;
  });
  const finished = [];
  cdp.on("Network.loadingFinished", (e) => {
    const r = requests.get(e.requestId);
    if (r) finished.push({ ...r, bytes: e.encodedDataLength });
  });
  return finished;
}

export function kind(r) {
  const u = new URL(r.url);
  const rsc = r.headers.RSC === "1" || r.headers.rsc === "1" || u.searchParams.has("_rsc");
  if (rsc && /^\/products\/[^/]+/.test(u.pathname)) return "product-page prefetch (RSC)";
  if (rsc) return "other RSC";
  if (u.pathname.startsWith("/_next/static/") && u.pathname.endsWith(".js")) return "script";
  if (u.pathname.startsWith("/_next/static/") && u.pathname.endsWith(".css")) return "style";
  if (/\.(webp|avif|png|jpe?g|svg|gif)$/.test(u.pathname) || (r.mime ?? "").startsWith("image/")) return "image";
  if (u.pathname.startsWith("/api/")) return "api";
  if (r.type === "Document") return "document";
  return "other";
}

/** Responses grouped by kind: {count, bytes} each. */
export function tally(finished) {
  const byKind = {};
  for (const r of finished) {
    const k = kind(r);
    byKind[k] ??= { count: 0, bytes: 0 };
    byKind[k].count++;
    byKind[k].bytes += r.bytes;
  }
  return byKind;
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      url: { type: "string", default: "http://127.0.0.1:3200" },
      cards: { type: "string", default: "60" },
      "save-data": { type: "boolean", default: false },
      verbose: { type: "boolean", default: false },
    },
  });
  const CARDS = Number(args.cards) || 60;

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || findChromium(), args: CHROMIUM_ARGS });
  const context = await phoneContext(browser, { saveData: args["save-data"] });
  const page = await context.newPage();
  const finished = await recordResponses(context, page);

  await page.goto(`${args.url}/products`, { waitUntil: "load" });
  await page.waitForTimeout(3000);
  const cards = page.getByTestId("product-card");
  // scroll a card at a time (a thumb's flick), until the N-th card has been on screen
  for (let i = 0; i < CARDS; i++) {
    const count = await cards.count();
    if (i >= count) {
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(800);
      if ((await cards.count()) <= i) break;
    }
    await cards.nth(i).scrollIntoViewIfNeeded();
    await page.waitForTimeout(120);
  }
  await page.waitForTimeout(3000);
  const seen = Math.min(CARDS, await cards.count());

  const byKind = tally(finished);
  const total = finished.reduce((n, r) => n + r.bytes, 0);
  if (args.verbose) for (const r of finished) console.error(`${kind(r).padEnd(30)} ${String(r.bytes).padStart(8)} ${r.url.slice(0, 140)}`);
  console.log(
    JSON.stringify({ url: args.url, cards: seen, saveData: args["save-data"], totalBytes: total, totalKB: +(total / 1024).toFixed(1), byKind }, null, 2),
  );
  await browser.close();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
