import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIResponse, type Page } from "@playwright/test";
import type { Locale } from "../src/lib/locale";
import type { SiteSettings } from "../src/lib/site-settings";
import { isSocialNetwork, socialProfileUrl } from "../src/lib/social";
import { signedInShopper } from "./helpers";

/**
 * Every same-origin link a shopper can reach from the home page, the listing, a product page and
 * the account menu (as a guest with the menu open, and signed in), in both languages, must answer
 * below 400 and show a non-empty main heading. Links to the API, mailto:, tel: and other sites are
 * not pages of the shop; /social/{network} may leave the shop, but only to the profile the settings
 * name, with a redirect.
 */

const LANGS: Locale[] = ["sw", "en"];
type Common = { account: { menu: string; menuFor: string } };
const catalogue = (locale: Locale) => JSON.parse(fs.readFileSync(path.join(process.cwd(), "src", "messages", locale, "common.json"), "utf8")) as Common;
const en = catalogue("en");
const sw = catalogue("sw");
const MENU_LABEL: Record<Locale, string> = { en: en.account.menu, sw: sw.account.menu };
const menuFor = (locale: Locale, name: string) => (locale === "en" ? en : sw).account.menuFor.replace("{name}", name);

/** A page's same-origin links, as paths with their query (no fragment), without the API, mail and phone links. */
/** Opens a page; the streamed HTML is complete at DOMContentLoaded, and product images need not have loaded. */
const open = (page: Page, address: string) => page.goto(address, { waitUntil: "domcontentloaded" });

async function linksOn(page: Page, scope = "body"): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const hrefs = await page
    .locator(scope)
    .first()
    .evaluate((root) => Array.from(root.querySelectorAll("a[href]"), (a) => (a as HTMLAnchorElement).href));
  return hrefs.flatMap((href) => {
    if (!/^https?:/i.test(href)) return []; // mailto:, tel:, javascript:
    const url = new URL(href);
    if (url.origin !== origin) return []; // another site
    if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return [];
    url.searchParams.delete("lang");
    return [`${url.pathname}${url.search}`];
  });
}

/** The links of the header's account menu, opened. */
async function accountMenuLinks(page: Page, label: string): Promise<string[]> {
  await page.getByRole("button", { name: label, exact: true }).filter({ visible: true }).first().click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  const links = await linksOn(page, '[role="menu"]:visible');
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  return links;
}

/** The seed pages' links in one language: home, listing, the first product, the account menu and page. */
async function reachable(page: Page, locale: Locale, menuLabel: string, signedIn: boolean): Promise<string[]> {
  const found = new Set<string>(["/", "/products"]);
  await open(page, `/?lang=${locale}`);
  (await linksOn(page)).forEach((l) => found.add(l));
  await open(page, `/products?lang=${locale}`);
  (await linksOn(page)).forEach((l) => found.add(l));
  const product = await page.getByTestId("product-card").first().locator("a[href^='/products/']").first().getAttribute("href");
  expect(product, "a product card links to its page").toBeTruthy();
  const productPath = new URL(product!, page.url()).pathname;
  found.add(productPath);
  await open(page, `${productPath}?lang=${locale}`);
  (await linksOn(page)).forEach((l) => found.add(l));
  (await accountMenuLinks(page, menuLabel)).forEach((l) => found.add(l));
  if (signedIn) {
    await open(page, `/account?lang=${locale}`);
    (await linksOn(page)).forEach((l) => found.add(l));
  }
  return [...found].sort();
}

function withLang(path: string, locale: Locale): string {
  const url = new URL(path, "http://x");
  url.searchParams.set("lang", locale);
  return `${url.pathname}${url.search}`;
}

/**
 * The text of a page's first <h1> in its server-rendered HTML, tags and entities aside. Every page
 * of the shop renders on the server, so its heading is in the HTML a slow phone gets first; a page
 * whose heading needs its scripts fails here, as it should.
 */
function firstHeading(html: string): string {
  const match = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html);
  if (!match) return "";
  return match[1]!
    .replace(/<[^>]*>/g, "")
    .replace(/&(?:[a-z]+|#\d+|#x[0-9a-f]+);/gi, "x")
    .trim();
}

/**
 * Checks each address in one language over HTTP, with the page's cookies: below 400 (a redirect
 * followed, and only within the shop), and a non-empty main heading in the HTML. The problems
 * found, one line each.
 */
async function crawl(page: Page, paths: string[], locale: Locale, settings: SiteSettings): Promise<string[]> {
  const problems: string[] = [];
  const origin = new URL(page.url()).origin;
  for (const path of paths) {
    const address = withLang(path, locale);
    const social = /^\/social\/([^/?]+)/.exec(path);
    let answer: APIResponse;
    try {
      answer = await page.request.get(address, { maxRedirects: 0 });
    } catch (error) {
      problems.push(`${address}: request failed: ${String(error)}`);
      continue;
    }
    const status = answer.status();
    if (social && isSocialNetwork(social[1])) {
      const profile = socialProfileUrl(settings.socialLinks, social[1]);
      if (profile) {
        if (status < 300 || status >= 400 || answer.headers().location !== profile)
          problems.push(`${address}: expected a redirect to ${profile}, got ${status} ${answer.headers().location ?? ""}`);
        continue;
      }
    }
    if (status >= 300 && status < 400) {
      const location = answer.headers().location ?? "";
      if (new URL(location, `${origin}${address}`).origin !== origin) {
        problems.push(`${address}: redirects off the shop to ${location}`);
        continue;
      }
      answer = await page.request.get(address);
      if (answer.status() >= 400) {
        problems.push(`${address}: ${status} to ${location}, which answers ${answer.status()}`);
        continue;
      }
    } else if (status >= 400) {
      problems.push(`${address}: ${status}`);
      continue;
    }
    if (!/^text\/html/.test(answer.headers()["content-type"] ?? "")) {
      problems.push(`${address}: not a page (${answer.headers()["content-type"]})`);
      continue;
    }
    let html = await answer.text();
    // a page that sends its reader on once its shell has streamed (a guest on an account page):
    // the refresh the browser follows, with or without script, must stay in the shop and arrive
    const refresh = /<meta[^>]*http-equiv="refresh"[^>]*content="\d+;\s*url=([^"]+)"/i.exec(html)?.[1]?.replace(/&amp;/g, "&");
    if (refresh) {
      if (new URL(refresh, `${origin}${address}`).origin !== origin) {
        problems.push(`${address}: sends its reader off the shop to ${refresh}`);
        continue;
      }
      const next = await page.request.get(refresh);
      if (next.status() >= 400) {
        problems.push(`${address}: sends its reader to ${refresh}, which answers ${next.status()}`);
        continue;
      }
      html = await next.text();
    }
    if (!firstHeading(html)) problems.push(`${address}: no non-empty <h1> in its HTML`);
  }
  return problems;
}

async function publicSettings(page: Page): Promise<SiteSettings> {
  const res = await page.request.get("/api/admin/settings");
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { settings: SiteSettings }).settings;
}

test.describe("crawl", () => {
  test("every link reachable as a guest answers and has a heading, in both languages", async ({ page }) => {
    test.setTimeout(5 * 60_000);
    const settings = await publicSettings(page);
    const problems: string[] = [];
    for (const locale of LANGS) {
      const paths = await reachable(page, locale, MENU_LABEL[locale], false);
      // the seeds' own footer, header and menus name the spec's routes: make sure the crawl saw them
      for (const expected of ["/help", "/about", "/privacy", "/account/orders"]) expect(paths).toContain(expected);
      problems.push(...(await crawl(page, paths, locale, settings)));
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });

  test("every link reachable signed in answers and has a heading, in both languages", async ({ page }) => {
    test.setTimeout(5 * 60_000);
    const email = `crawl-${Date.now()}@example.co.tz`;
    await signedInShopper(page, email, "Neema Crawl");
    const settings = await publicSettings(page);
    const problems: string[] = [];
    for (const locale of LANGS) {
      const paths = await reachable(page, locale, menuFor(locale, "Neema Crawl"), true);
      for (const expected of ["/account", "/account/orders"]) expect(paths).toContain(expected);
      problems.push(...(await crawl(page, paths, locale, settings)));
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });
});

test("the sitemap and robots.txt describe the shop", async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  for (const closed of ["/api/", "/account", "/admin", "/checkout", "/cart"]) expect(text).toContain(`Disallow: ${closed}`);
  const sitemapLine = /Sitemap: (\S+)/.exec(text);
  expect(sitemapLine).toBeTruthy();

  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  for (const path of ["/", "/products", "/help", "/shipping", "/services/privacy-policy", "/data-protection"]) expect(locs).toContain(path);
  const products = await request.get("/api/products?limit=1");
  const total = ((await products.json()) as { pagination: { total: number } }).pagination.total;
  expect(locs.filter((p) => p.startsWith("/products/"))).toHaveLength(total);
  expect(xml).toContain('hreflang="sw"');
});

test("an unknown product is a real 404", async ({ request }) => {
  expect((await request.get("/products/999999-no-such-thing")).status()).toBe(404);
  expect((await request.get("/products/not-a-product")).status()).toBe(404);
});

test("/social/{network}: the shop's page when no profile is set, 404 for a network it does not know", async ({ page }) => {
  const settings = await publicSettings(page);
  const unset = (["facebook", "twitter", "instagram", "linkedin", "youtube"] as const).find((n) => !socialProfileUrl(settings.socialLinks, n));
  if (unset) {
    const res = await page.goto(`/social/${unset}?lang=en`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("is not on");
  }
  const unknown = await page.request.get("/social/myspace", { maxRedirects: 0 });
  expect(unknown.status()).toBe(404);
  const profile = await page.request.get("/profile", { maxRedirects: 0 });
  expect(profile.status()).toBeGreaterThanOrEqual(300);
  expect(profile.status()).toBeLessThan(400);
  expect(profile.headers().location).toBe(`/auth/login?redirect=${encodeURIComponent("/account")}`);
});

test("the help centre filters its questions as you type, in Kiswahili too", async ({ page }) => {
  await page.goto("/help?lang=sw");
  const items = page.getByTestId("faq-item");
  const all = await items.count();
  expect(all).toBeGreaterThanOrEqual(15);
  await page.getByLabel("Tafuta kwenye maswali").fill("risiti");
  await expect.poll(() => items.count()).toBeLessThan(all);
  await expect(items.first()).toContainText(/risiti/i);
  await page.getByLabel("Tafuta kwenye maswali").fill("zzzzqqq");
  await expect(items).toHaveCount(0);
  await expect(page.getByText(/Hakuna swali linalolingana/)).toBeVisible();
  const types = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((els) => els.map((e) => (JSON.parse(e.textContent ?? "{}") as { "@type"?: string })["@type"]));
  expect(types).toContain("FAQPage");
});

test.describe("the installable web app", () => {
  // the one spec where the offline worker runs (the config blocks it everywhere else)
  test.use({ serviceWorkers: "allow" });

  test("the web app can be installed: manifest, icons, offline page and its worker", async ({ page, request }) => {
    const manifest = await request.get("/manifest.webmanifest");
    expect(manifest.status()).toBe(200);
    const body = (await manifest.json()) as { name: string; display: string; start_url: string; icons: { src: string; sizes: string }[] };
    expect(body.display).toBe("standalone");
    expect(body.start_url).toBe("/");
    for (const icon of body.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
    expect(body.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect((await request.get("/sw.js")).status()).toBe(200);

    await page.goto("/offline?lang=en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
    // the footer's install block says what exists; no store buttons to nowhere
    await page.goto("/about?lang=en");
    await expect(page.getByText("Install the web app")).toBeVisible();
    await expect(page.locator("footer").getByText(/App Store|Google Play|Coming soon/)).toHaveCount(0);
    // the worker takes over and, with the network gone, a navigation gets the offline page
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.context().setOffline(true);
    // Chromium's offline emulation may not reach the worker's own fetches: fail the page's request there too
    await page.context().route("**/shipping", (route) => route.abort("internetdisconnected"));
    await page.goto("/shipping").catch(() => undefined);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
    await page.context().setOffline(false);
  });
});
