// The pages `npm run bench:lighthouse -- --pages all` audits, and the state each needs, made through
// the shop's own API on the bench's fresh embedded database:
// - a product page: a plain product (no options, in stock) from GET /api/products;
// - /cart and /checkout as a guest: that product in the guest cart, which lives in the browser
//   (localStorage guest_cart, built with src/lib/guest-cart.ts, plus the guest_cart_count cookie the
//   header reads), put into the audit's Chromium before each run (Lighthouse's storage reset keeps
//   local storage and cookies: it clears caches, service workers and cache storage only);
// - /checkout signed in: a shopper registered, confirmed (the link from DATA_DIR/outbox, as the
//   e-mail carries it) and signed in (POST /api/auth/login), with the product in the account's
//   cart; the session cookie goes to Lighthouse as an extra request header (flags.extraHeaders);
// - an order page reached from an SMS link: a guest order placed with POST /api/orders (mobile
//   money from the buyer's own number, which needs no SMS code), opened at its signed link
//   (/o/<token>, the link the order's SMS carries), with no cookie, as a tap in the SMS opens it.
import path from "node:path";
import { randomUUID } from "node:crypto";
import { tsImport } from "tsx/esm/api";
import { linkInOutbox, tokenLinkPattern } from "../scripts/outbox.mjs";

const PASSWORD = "Mbuyu-Kijani-2026";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The single path of `--path`: no state. */
export const plainPage = (pagePath) => ({ id: pagePath, label: pagePath, path: pagePath, headers: {}, storage: null });

async function api(base, method, pathName, { body, headers = {} } = {}) {
  const res = await fetch(base + pathName, {
    method,
    headers: { ...(body ? { "content-type": "application/json" } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
    redirect: "manual",
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  if (!res.ok) throw new Error(`${method} ${pathName} answered ${res.status}: ${text.slice(0, 300)}`);
  return { res, json };
}

/** A plain product: no options, in stock, not the cheapest (the first page's LCP image differs from the listing's). */
async function plainProduct(base) {
  const { json } = await api(base, "GET", "/api/products?limit=60&sortBy=price&sortOrder=asc");
  const plain = (json?.products ?? []).filter((p) => !p.variant_config && p.stock_quantity > 5 && p.price > 1000);
  if (!plain.length) throw new Error("no plain product in stock in the catalogue");
  return plain[Math.min(5, plain.length - 1)];
}

/** The link to `pathName` in the newest e-mail to `email` in DATA_DIR/outbox (quoted-printable undone). */
async function linkFromOutbox(dataDir, email, pathName, timeoutMs = 30_000) {
  const outbox = path.join(dataDir, "outbox");
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const link = linkInOutbox(outbox, email, tokenLinkPattern(pathName));
    if (link) return new URL(link);
    await sleep(250);
  }
  throw new Error(`no e-mail with ${pathName} to ${email} in ${outbox} within ${timeoutMs / 1000} s`);
}

/** A verified shopper, signed in: the Cookie header of the session. */
async function signedInShopper(base, dataDir) {
  const email = `lighthouse-${Date.now()}@example.com`;
  await api(base, "POST", "/api/auth/register", {
    body: { fullName: "Neema Mteja", email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
  });
  const token = (await linkFromOutbox(dataDir, email, "/auth/verify")).searchParams.get("token");
  await api(base, "POST", "/api/auth/verify", { body: { token } });
  const { res } = await api(base, "POST", "/api/auth/login", { body: { email, password: PASSWORD } });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (!cookies.length) throw new Error("the sign-in set no cookie");
  return cookies.join("; ");
}

/**
 * Makes the state of every page and answers them in the order the table lists them:
 * {id, label, path, headers (extra request headers: the session cookie), storage (local storage and
 * cookies to put into the browser first), note}.
 */
export async function preparePages(base, dataDir, log = () => {}) {
  const origin = new URL(base).origin;
  const product = await plainProduct(base);
  const productPath = `/products/${product.id}-${product.slug}`;
  log(`product page: ${productPath}`);

  // the guest cart as the browser keeps it
  const guestCart = await tsImport("../src/lib/guest-cart.ts", import.meta.url);
  const added = guestCart.addToGuestCart(guestCart.EMPTY_CART, product, null, 1);
  if (added.status !== "added") throw new Error(`the guest cart refused ${product.id}: ${added.status}`);
  const guestStorage = {
    localStorage: { [guestCart.GUEST_CART_KEY]: guestCart.serializeGuestCart(added.cart) },
    cookies: { guest_cart_count: String(added.cart.totals.total_items) },
  };

  // a signed-in shopper with the product in the account's cart
  const session = await signedInShopper(base, dataDir);
  await api(base, "POST", "/api/cart", { headers: { cookie: session, origin }, body: { productId: product.id, quantity: 1 } });
  log("signed-in shopper with one line in the cart");

  // a guest's order, and its signed link
  const tail = String(Date.now() % 1_000_000).padStart(6, "0");
  const phone = `+255713${tail}`;
  const { json: placed } = await api(base, "POST", "/api/orders", {
    headers: { "idempotency-key": randomUUID().replace(/-/g, "") },
    body: {
      fullName: "Zawadi Mgeni",
      phone,
      delivery: { method: "courier", region: "dar-es-salaam", district: "Ilala", street: "Samora Avenue" },
      payment: { method: "mobile_money", wallet: "M-Pesa", phone },
      lines: [{ productId: product.id, quantity: 1 }],
      guest: { phone },
    },
  });
  const orderPath = placed?.orderPath;
  if (!orderPath || !orderPath.startsWith("/o/")) throw new Error(`the guest order answered no signed link (${JSON.stringify(placed).slice(0, 200)})`);
  log(`guest order ${placed.order?.number}: ${orderPath}`);

  return [
    { id: "home", label: "/", path: "/", headers: {}, storage: null },
    { id: "products", label: "/products", path: "/products", headers: {}, storage: null },
    { id: "product", label: "product page", path: productPath, headers: {}, storage: null },
    { id: "cart", label: "/cart (guest, 1 line)", path: "/cart", headers: {}, storage: guestStorage },
    { id: "checkout-guest", label: "/checkout (guest, 1 line)", path: "/checkout", headers: {}, storage: guestStorage },
    { id: "checkout-signed-in", label: "/checkout (signed in, 1 line)", path: "/checkout", headers: { Cookie: session }, storage: null },
    { id: "order-link", label: "order from SMS link (/o/…)", path: orderPath, headers: {}, storage: null },
  ];
}

/**
 * Puts a page's local storage and cookies into a running Chromium (by its DevTools port) before
 * Lighthouse opens the page: a tab on the shop's origin (robots.txt, nothing cached that counts:
 * Lighthouse clears the HTTP cache before it loads the page) writes them, and closes.
 */
export async function seedBrowser(port, base, storage) {
  if (!storage) return;
  const { default: puppeteer } = await import("puppeteer-core");
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/robots.txt`);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage.localStorage ?? {});
    const cookies = Object.entries(storage.cookies ?? {}).map(([name, value]) => ({ name, value, url: base }));
    if (cookies.length) await browser.setCookie(...cookies);
    await page.close();
  } finally {
    await browser.disconnect();
  }
}
