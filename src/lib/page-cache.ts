import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "./auth-rules";
import { LOCALE_COOKIE, LOCALE_QUERY, isLocale, localeFromAcceptLanguage } from "./locale";
import { PREFERENCE_COOKIES } from "./preferences";

/**
 * Which page requests the server may answer from its cache of whole pages, and under which key.
 *
 * A page's HTML depends on the address, the language (`?lang=`, the locale cookie, else
 * Accept-Language, else the site's default), the theme, currency and guest cart count cookies, the
 * signed-in shopper (header, forms), the data (catalogue, settings, ads: the cache's tags) and the
 * CSP nonce. Only signed-out requests for the catalogue and the information pages are cached: the
 * key holds every one of those inputs but the data (tags) and the nonce (swapped per answer).
 * Anything else — a session cookie, a client navigation's or prefetch's RSC request, another
 * method, an account, cart or checkout page — is rendered as always.
 */
export const CACHEABLE_PAGE =
  /^\/(?:|products|products\/[^/]+|discover|about|ai-agent|become-supplier|buyer-central|careers|contact|cookies|data-protection|gdpr|help|press|privacy|returns|shipping|story|support|terms|services\/(?:ai|electronics|logistics|pcb|prototyping|privacy-policy|terms-of-service))$/;

/** Request headers of Next's client navigations, prefetches and server actions: never from this cache. */
const NEXT_CLIENT_HEADERS = ["rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-action", "next-url", "purpose"];

export interface PageRequest {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
}

function header(request: PageRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** The cookies of a Cookie header; null when a name is repeated (which one a page reads is then not ours to guess). */
export function parseCookies(cookieHeader: string | undefined): Map<string, string> | null {
  const cookies = new Map<string, string>();
  for (const part of (cookieHeader ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (!name) continue;
    if (cookies.has(name)) return null;
    let value = part.slice(at + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      // kept as sent
    }
    cookies.set(name, value);
  }
  return cookies;
}

/** The cache key of a page request, or null when it must be rendered for itself. */
export function pageCacheKey(request: PageRequest): string | null {
  if (request.method !== "GET" || !request.url) return null;
  if (NEXT_CLIENT_HEADERS.some((name) => request.headers[name] !== undefined)) return null;
  let url: URL;
  try {
    url = new URL(request.url, "http://shop.invalid");
  } catch {
    return null;
  }
  if (!CACHEABLE_PAGE.test(url.pathname) || url.searchParams.has("_rsc")) return null;
  const cookies = parseCookies(header(request, "cookie"));
  if (!cookies) return null;
  // a session cookie, even a stale one: the page may show that shopper (their name, cart, forms)
  if (cookies.has(SESSION_COOKIE) || cookies.has(SECURE_SESSION_COOKIE)) return null;
  const query = url.searchParams.get(LOCALE_QUERY);
  const cookie = cookies.get(LOCALE_COOKIE);
  // Accept-Language decides only when the address and the cookie do not; the site's default
  // (settings) is in the cache's tags
  const browser = isLocale(query) || isLocale(cookie) ? null : (localeFromAcceptLanguage(header(request, "accept-language")) ?? "-");
  return JSON.stringify([
    `${url.pathname}${url.search}`,
    cookie ?? null,
    browser,
    cookies.get(PREFERENCE_COOKIES.theme) ?? null,
    cookies.get(PREFERENCE_COOKIES.currency) ?? null,
    cookies.get(PREFERENCE_COOKIES.guestCartCount) ?? null,
  ]);
}

/** The nonce a Content-Security-Policy allows scripts with, or null. */
export function policyNonce(policy: string | undefined): string | null {
  return /'nonce-([A-Za-z0-9+/=_-]+)'/.exec(policy ?? "")?.[1] ?? null;
}

/**
 * A cached answer for another request: every occurrence of the nonce it was rendered with (the
 * policy header, the script tags' attributes, the same values in React's payload) replaced by this
 * answer's own fresh one. Nonces are 128 random bits, so no other text contains one by chance.
 */
export function withNonce(text: string, rendered: string, fresh: string): string {
  return text.split(rendered).join(fresh);
}
