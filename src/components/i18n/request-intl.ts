import { cache } from "react";
import { _createCache, _createIntlFormatters, createFormatter, createTranslator, type NamespaceKeys, type NestedKeyOf } from "use-intl/core";
import type { Messages } from "@/messages";
import { SHOP_TIME_ZONE, type Locale } from "@/lib/locale";

/** One request's language and catalogue, as the page or layout that renders it resolved them. */
export interface RequestIntl {
  locale: Locale;
  messages: Messages;
}

// React's cache() is per server request: the holder is this request's own. Its formatter cache
// is shared by every translator of the request, so Intl's number and plural objects are built once.
const holder = cache(() => {
  const formatCache = _createCache();
  return { current: null as RequestIntl | null, formatCache, formatters: _createIntlFormatters(formatCache) };
});

/**
 * Called by every layout and page before it renders (src/app/i18n.ts does it), so that server
 * components below them can translate without being handed a translator.
 */
export function provideRequestIntl(intl: RequestIntl): void {
  holder().current = intl;
}

function current() {
  const request = holder();
  if (!request.current) throw new Error("No language for this request: the page or layout must call getIntl() (src/app/i18n.ts) before rendering.");
  return { ...request.current, formatCache: request.formatCache, formatters: request.formatters };
}

export type ServerNamespace = NamespaceKeys<Messages, NestedKeyOf<Messages>>;

/** A translator for server components, in this request's language. */
export function serverTranslator<N extends ServerNamespace>(namespace: N) {
  const { locale, messages, formatCache, formatters } = current();
  return createTranslator({ locale, messages, namespace, timeZone: SHOP_TIME_ZONE, _cache: formatCache, _formatters: formatters });
}

/** Numbers and dates for server components, in this request's language and Tanzania's time. */
export function serverFormatter() {
  const { locale, formatCache, formatters } = current();
  return createFormatter({ locale, timeZone: SHOP_TIME_ZONE, _cache: formatCache, _formatters: formatters });
}

/** This request's language (for lang attributes and links). */
export function serverLocale(): Locale {
  return current().locale;
}
