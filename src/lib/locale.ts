/**
 * The shop's languages and how one is chosen for a request. Pure rules, shared by the server
 * (which renders in the chosen language from the first byte) and the browser (the switch).
 */
export const LOCALES = ["sw", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The cookie that remembers a shopper's choice; paths stay the same in both languages. */
export const LOCALE_COOKIE = "locale";
/** A year: a language is a lasting preference, not a session's. */
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;
/** `?lang=sw` on any page: the link a search engine's hreflang alternate or a shared URL uses. */
export const LOCALE_QUERY = "lang";

/** Every date the shop shows is in Tanzania's time (UTC+3, no daylight saving). */
export const SHOP_TIME_ZONE = "Africa/Dar_es_Salaam";

/** Each language's own name, as its readers write it (shown in the switch in that language). */
export const LOCALE_NAMES: Record<Locale, string> = { sw: "Kiswahili", en: "English" };

export function isLocale(value: unknown): value is Locale {
  return value === "sw" || value === "en";
}

/**
 * The best of the shop's languages for an Accept-Language header, or null when it names neither:
 * "sw-TZ,sw;q=0.9,en;q=0.8" → sw; "fr, en;q=0.5" → en; "fr" → null. Tags are matched on their
 * primary subtag; `q=0` refuses a language; among equal weights the header's order wins.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  let best: { locale: Locale; q: number } | null = null;
  for (const part of header.slice(0, 1000).split(",")) {
    const [tag = "", ...params] = part.trim().split(";");
    const primary = tag.trim().toLowerCase().split("-")[0];
    if (!isLocale(primary)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    if (!best || q > best.q) best = { locale: primary, q };
  }
  return best?.locale ?? null;
}

export interface LocaleSources {
  /** `?lang=` of this request: an explicit link wins */
  query?: string | null;
  /** the remembered choice */
  cookie?: string | null;
  /** a signed-in shopper's stored preference (for a device that has no cookie yet) */
  account?: string | null;
  acceptLanguage?: string | null;
  /** the site settings' `language` */
  siteDefault?: string | null;
}

/** The language of a request: an explicit link, the remembered choice, the account, the browser, the shop. */
export function resolveLocale(sources: LocaleSources): Locale {
  for (const candidate of [sources.query, sources.cookie, sources.account]) if (isLocale(candidate)) return candidate;
  return localeFromAcceptLanguage(sources.acceptLanguage) ?? (isLocale(sources.siteDefault) ? sources.siteDefault : DEFAULT_LOCALE);
}

/** A page's address in a language: the same path with `?lang=` set (other parameters kept). */
export function localisedPath(pathWithQuery: string, locale: Locale): string {
  const url = new URL(pathWithQuery, "http://x");
  url.searchParams.set(LOCALE_QUERY, locale);
  return `${url.pathname}${url.search}`;
}

/** A page's address without `?lang=` (the canonical, language-neutral one). */
export function pathWithoutLocale(pathWithQuery: string): string {
  const url = new URL(pathWithQuery, "http://x");
  url.searchParams.delete(LOCALE_QUERY);
  return `${url.pathname}${url.search}`;
}

/** A category's name in a language: the Kiswahili one where it has one, else the stored name. */
export function categoryName(category: { name: string; nameSw?: string | null }, locale: Locale): string {
  return (locale === "sw" && category.nameSw) || category.name;
}
