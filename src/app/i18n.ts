import { cookies, headers } from "next/headers";
import { cache } from "react";
import { LOCALES, LOCALE_COOKIE, localisedPath, resolveLocale, type Locale } from "@/lib/locale";
import { CATALOGUES } from "@/messages";
import { provideRequestIntl, serverTranslator, type ServerNamespace } from "@/components/i18n/request-intl";
import { loadSessionUser } from "./session";
import { loadSiteSettings } from "./site-settings";

/** The header src/proxy.ts sets when the address carries a valid `?lang=`. */
export const LOCALE_QUERY_HEADER = "x-locale-query";

/**
 * This request's language, once per render: `?lang=`, the cookie, the signed-in shopper's stored
 * choice, Accept-Language, then the site settings' default. Every page and layout awaits it (or
 * getTranslator) before rendering, which also hands it to the server components below them.
 */
export const getIntl = cache(async (): Promise<{ locale: Locale }> => {
  const [jar, head] = await Promise.all([cookies(), headers()]);
  const query = head.get(LOCALE_QUERY_HEADER);
  const cookie = jar.get(LOCALE_COOKIE)?.value;
  // the account and the settings are read only when the request itself does not say
  const needMore = !query && !cookie;
  const [user, settings] = needMore ? await Promise.all([loadSessionUser(), loadSiteSettings()]) : [null, null];
  const locale = resolveLocale({
    query,
    cookie,
    account: user?.locale,
    acceptLanguage: head.get("accept-language"),
    siteDefault: settings?.language,
  });
  provideRequestIntl({ locale, messages: CATALOGUES[locale] });
  return { locale };
});

/**
 * A page's canonical address and its language alternates (hreflang): one address serves both
 * languages (the cookie chooses), and `?lang=` names each one for search engines.
 */
export function languageAlternates(path: string) {
  return {
    canonical: path,
    languages: { ...Object.fromEntries(LOCALES.map((locale) => [locale, localisedPath(path, locale)])), "x-default": path },
  };
}

/** A translator in this request's language, for a page or layout. */
export async function getTranslator<N extends ServerNamespace>(namespace: N) {
  await getIntl();
  return serverTranslator(namespace);
}
