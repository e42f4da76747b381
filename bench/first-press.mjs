// The phone's first press and its script bytes, for `npm run bench:lighthouse` (or alone:
// `node bench/first-press.mjs --url http://127.0.0.1:3200 [--presses 5] [--cookie 'session=…']`,
// against a running production server; prints JSON).
//
// First press (measureFirstPresses): Chromium through Playwright, CPU slowed 4× over the DevTools
// protocol (Emulation.setCPUThrottlingRate), /products on a 390 px touch screen (the categories
// panel, theme menu and currency select only show from 640/768 px up: those at 820 px). Each press
// on a fresh page: loaded, then idle 5 s (the idle prefetch of the dialogs may run), then a real
// click (page.mouse) on the control. In the page, before the press, a listener notes the
// pointerdown's timestamp (when the browser received the press) and watches (toggle event,
// MutationObserver, every animation frame) for the content being shown: the popover open with a
// box, the native select :open, the dialog in the page with a box. At the first frame it is shown,
// requestAnimationFrame and then a message-channel task note the time just after that frame
// (after its paint was issued): press → shown. Requests made in between are the resource-timing
// entries that started between the two times (a press must fetch nothing). The dialogs (sign in,
// search by image) are measured again with Save-Data and a 3G connection (navigator.connection
// set by an init script), where they load on first use.
//
// Script bytes (measurePhoneScripts): /products on the same phone with Lighthouse's mobile user
// agent and no CPU slowdown; every response counted by bench/scroll-bytes.mjs's recorder (bytes on
// the wire) for 10 s from the navigation; the scripts among them, and those that started after the
// load event (the idle prefetches). Again with Save-Data and 3G, where there should be none.
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { userAgents } from "lighthouse/core/config/constants.js";
import { CHROMIUM_ARGS, findChromium } from "../scripts/browser.mjs";
import { kind, phoneContext, recordResponses } from "./scroll-bytes.mjs";

const IDLE_MS = 5_000;
const SHOW_TIMEOUT_MS = 10_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (values) => {
  const v = values.filter((x) => typeof x === "number" && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
};

/** A Cookie header's pairs as browser cookies of the shop (a session cookie is HttpOnly). */
const cookiesOf = (header, url) =>
  header
    .split(";")
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url, httpOnly: true }));

/** What is pressed, and what counts as its content shown. */
export const PRESS_TARGETS = [
  { id: "guest-menu", label: "guest menu", width: 390, press: 'button[popovertarget="guest-menu"]', shown: { popover: "guest-menu" }, target: 100 },
  {
    id: "account-menu",
    label: "account menu (signed in)",
    width: 390,
    signedIn: true,
    press: 'button[popovertarget="account-menu"]',
    shown: { popover: "account-menu" },
    target: 100,
  },
  { id: "mobile-menu", label: "mobile menu", width: 390, press: 'button[popovertarget="mobile-menu"]', shown: { popover: "mobile-menu" }, target: 100 },
  {
    id: "categories-panel",
    label: "categories panel (820 px)",
    width: 820,
    press: 'button[popovertarget="categories-panel"]',
    shown: { popover: "categories-panel" },
    target: 100,
  },
  { id: "theme-menu", label: "theme menu (820 px)", width: 820, press: 'button[popovertarget="theme-menu"]', shown: { popover: "theme-menu" }, target: 100 },
  { id: "currency-select", label: "currency select (820 px)", width: 820, press: "header select", shown: { select: true }, target: 100 },
  { id: "sign-in", label: "sign-in dialog", width: 390, press: 'header button[data-opens="auth"]', shown: { dialog: true }, target: 300, dialog: true },
  {
    id: "image-search",
    label: "search by image dialog",
    width: 390,
    press: 'header button[data-opens="search"]',
    shown: { dialog: true, inside: 'input[type="file"]' },
    target: 300,
    dialog: true,
  },
];

/** Installed in the page just before the press: notes the press and the first frame its content is shown. */
function watchForShown(shown) {
  const state = { pressAt: null, detectedAt: null, shownAt: null, via: null, selectOpenSupported: null, panelAt: null };
  window.__firstPress = state;
  const boxed = (el) => {
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
  };
  const visibleDialog = () => [...document.querySelectorAll('[role="dialog"]:not([popover])')].find(boxed) ?? null;
  let select = null;
  if (shown.select) {
    select = [...document.querySelectorAll("header select")].find(boxed) ?? null;
    try {
      select?.matches(":open");
      state.selectOpenSupported = true;
    } catch {
      state.selectOpenSupported = false;
    }
  }
  const isShown = () => {
    if (shown.popover) {
      const el = document.getElementById(shown.popover);
      return Boolean(el && el.matches(":popover-open") && boxed(el));
    }
    if (shown.select) {
      // without :open support: the press reached the select (focus), the browser draws its list itself
      return Boolean(select && (state.selectOpenSupported ? select.matches(":open") : document.activeElement === select));
    }
    return Boolean(visibleDialog());
  };
  const afterFrame = (set) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => set(performance.now());
      channel.port2.postMessage(0);
    });
  let observer = null;
  const check = (via) => {
    if (state.pressAt === null) return;
    if (state.detectedAt === null && isShown()) {
      state.detectedAt = performance.now();
      state.via = via;
      afterFrame((t) => (state.shownAt = t));
    }
    if (shown.inside && state.panelAt === null && visibleDialog()?.querySelector(shown.inside)) afterFrame((t) => (state.panelAt ??= t));
    if (state.detectedAt !== null && (!shown.inside || state.panelAt !== null)) observer?.disconnect();
  };
  const onPress = (event) => {
    if (state.pressAt !== null) return;
    state.pressAt = event.timeStamp;
    const frame = () => {
      check("frame");
      if (state.shownAt === null || (shown.inside && state.panelAt === null)) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };
  for (const type of ["pointerdown", "mousedown", "touchstart"]) addEventListener(type, onPress, { capture: true, passive: true });
  observer = new MutationObserver(() => check("mutation"));
  observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
  if (shown.popover) document.getElementById(shown.popover)?.addEventListener("toggle", (e) => e.newState === "open" && check("toggle"));
}

async function onePress(browser, base, target, { saveData, cookie }) {
  const context = await phoneContext(browser, { saveData, effectiveType: saveData ? "3g" : "4g", width: target.width });
  if (target.signedIn && !cookie) {
    await context.close();
    return { skipped: "no signed-in session" };
  }
  // the language fixed (labels and widths do not vary between runs), and the session when signed in
  await context.addCookies([{ name: "locale", value: "en", url: base }, ...(target.signedIn ? cookiesOf(cookie, base) : [])]);
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const requests = [];
    page.on("request", (r) => requests.push({ at: Date.now(), url: r.url() }));
    await page.goto(`${base}/products`, { waitUntil: "load", timeout: 60_000 });
    await page.waitForLoadState("networkidle", { timeout: 20_000 }).catch(() => {});
    await sleep(IDLE_MS);
    const button = page.locator(target.press).filter({ visible: true }).first();
    const box = await button.boundingBox({ timeout: 10_000 });
    if (!box) throw new Error(`${target.label}: no visible ${target.press}`);
    await page.evaluate(watchForShown, target.shown);
    const pressed = Date.now();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const until = Date.now() + SHOW_TIMEOUT_MS;
    let state;
    for (;;) {
      state = await page.evaluate(() => window.__firstPress);
      if (state.shownAt !== null && (!target.shown.inside || state.panelAt !== null)) break;
      if (Date.now() > until) break;
      await sleep(20);
    }
    await sleep(300); // let resource entries of requests made meanwhile complete
    const fetched =
      state.shownAt === null
        ? []
        : await page.evaluate(
            ({ from, to }) =>
              performance
                .getEntriesByType("resource")
                .filter((e) => e.startTime >= from && e.startTime <= to)
                .map((e) => e.name),
            { from: state.pressAt, to: state.panelAt ?? state.shownAt },
          );
    const short = (u) => {
      const url = new URL(u);
      return url.pathname + (url.searchParams.has("_rsc") ? " (RSC)" : url.search ? "?…" : "");
    };
    return {
      ms: state.shownAt === null ? null : state.shownAt - state.pressAt,
      panelMs: state.panelAt === null ? null : state.panelAt - state.pressAt,
      via: state.via,
      selectOpenSupported: state.selectOpenSupported,
      fetched: fetched.map(short),
      // every request the browser sent from the click until the result was read (an upper bound)
      requestsAfterClick: requests.filter((r) => r.at >= pressed).map((r) => short(r.url)),
    };
  } finally {
    await context.close();
  }
}

/** Median press → shown per control (and per dialog with Save-Data); `cookie` signs the account menu in. */
export async function measureFirstPresses(base, { presses = 5, cookie = null, log = () => {}, browser: given } = {}) {
  const browser = given ?? (await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || findChromium(), args: CHROMIUM_ARGS }));
  const rows = [];
  try {
    const modes = PRESS_TARGETS.flatMap((t) => [{ target: t, saveData: false }, ...(t.dialog ? [{ target: t, saveData: true }] : [])]);
    for (const { target, saveData } of modes) {
      const samples = [];
      for (let i = 0; i < presses; i++) {
        const sample = await onePress(browser, base, target, { saveData, cookie });
        if (sample.skipped) break;
        samples.push(sample);
      }
      if (!samples.length) {
        log(`first press: ${target.label}: skipped (no signed-in session)`);
        continue;
      }
      const row = {
        id: target.id + (saveData ? "-save-data" : ""),
        label: target.label + (saveData ? ", Save-Data + 3G" : ", after 5 s idle"),
        saveData,
        target: target.target,
        medianMs: median(samples.map((s) => s.ms)),
        panelMedianMs: target.shown.inside ? median(samples.map((s) => s.panelMs)) : null,
        samplesMs: samples.map((s) => (s.ms === null ? null : Math.round(s.ms))),
        notShown: samples.filter((s) => s.ms === null).length,
        pressesThatFetched: samples.filter((s) => s.fetched.length).length,
        fetched: [...new Set(samples.flatMap((s) => s.fetched))],
        requestsAfterClick: [...new Set(samples.flatMap((s) => s.requestsAfterClick))],
        via: [...new Set(samples.map((s) => s.via).filter(Boolean))],
        selectOpenSupported: samples[0].selectOpenSupported,
      };
      rows.push(row);
      log(
        `first press: ${row.label}: median ${row.medianMs === null ? "never shown" : `${Math.round(row.medianMs)} ms`} (${row.samplesMs.join(", ")}); ` +
          `${row.pressesThatFetched}/${samples.length} presses fetched something`,
      );
    }
  } finally {
    if (!given) await browser.close();
  }
  return rows;
}

async function scriptsInFirstSeconds(browser, base, { saveData, seconds = 10 }) {
  const context = await phoneContext(browser, { saveData, effectiveType: saveData ? "3g" : "4g", userAgent: userAgents.mobile });
  await context.addCookies([{ name: "locale", value: "en", url: base }]);
  const page = await context.newPage();
  try {
    const finished = await recordResponses(context, page);
    const started = Date.now();
    let loadedAt = null;
    page.once("load", () => (loadedAt = Date.now()));
    await page.goto(`${base}/products`, { waitUntil: "commit", timeout: 60_000 });
    await sleep(Math.max(0, started + seconds * 1000 - Date.now()));
    const within = finished.filter((r) => r.startedAt - started <= seconds * 1000);
    const scripts = within.filter((r) => kind(r) === "script");
    const afterLoad = loadedAt === null ? [] : within.filter((r) => r.startedAt > loadedAt);
    const idleScripts = afterLoad.filter((r) => kind(r) === "script");
    const idlePages = afterLoad.filter((r) => kind(r) === "product-page prefetch (RSC)" || kind(r) === "other RSC");
    return {
      saveData,
      seconds,
      loadEventMs: loadedAt === null ? null : loadedAt - started,
      scriptBytes: scripts.reduce((n, r) => n + r.bytes, 0),
      scriptCount: scripts.length,
      idlePrefetchScripts: idleScripts.map((r) => ({ path: new URL(r.url).pathname, bytes: r.bytes })),
      idlePrefetchScriptBytes: idleScripts.reduce((n, r) => n + r.bytes, 0),
      idlePrefetchPages: idlePages.map((r) => new URL(r.url).pathname),
      allBytes: within.reduce((n, r) => n + r.bytes, 0),
      scripts: scripts.map((r) => ({
        path: new URL(r.url).pathname,
        bytes: r.bytes,
        startedMs: r.startedAt - started,
        afterLoad: loadedAt !== null && r.startedAt > loadedAt,
      })),
    };
  } finally {
    await context.close();
  }
}

/** All script a phone fetches in the first 10 s on /products, and with Save-Data + 3G. */
export async function measurePhoneScripts(base, { log = () => {}, browser: given } = {}) {
  const browser = given ?? (await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || findChromium(), args: CHROMIUM_ARGS }));
  try {
    const normal = await scriptsInFirstSeconds(browser, base, { saveData: false });
    log(
      `phone scripts, 10 s on /products: ${(normal.scriptBytes / 1024).toFixed(1)} KiB in ${normal.scriptCount} (${normal.idlePrefetchScripts.length} after load)`,
    );
    const saveData = await scriptsInFirstSeconds(browser, base, { saveData: true });
    log(`phone scripts, Save-Data + 3G: ${(saveData.scriptBytes / 1024).toFixed(1)} KiB; ${saveData.idlePrefetchScripts.length} idle prefetches`);
    return { normal, saveData };
  } finally {
    if (!given) await browser.close();
  }
}

async function main() {
  const { values: args } = parseArgs({
    options: { url: { type: "string", default: "http://127.0.0.1:3200" }, presses: { type: "string", default: "5" }, cookie: { type: "string" } },
  });
  const log = (line) => console.error(`[first-press] ${line}`);
  const presses = await measureFirstPresses(args.url, { presses: Math.max(1, Number(args.presses) || 5), cookie: args.cookie ?? null, log });
  const scripts = await measurePhoneScripts(args.url, { log });
  console.log(JSON.stringify({ presses, scripts }, null, 2));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
