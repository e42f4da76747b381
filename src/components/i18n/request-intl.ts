import { cache } from "react";
import { createFormatter, createTranslator, type NamespaceKeys, type NestedKeyOf } from "use-intl/core";
import type { Messages } from "@/messages";
import { SHOP_TIME_ZONE, type Locale } from "@/lib/locale";

/** One request's language and catalogue, as the page or layout that renders it resolved them. */
export interface RequestIntl {
  locale: Locale;
  messages: Messages;
}

// React's cache() is per server request: the holder is this request's own.
const holder = cache((): { current: RequestIntl | null } => ({ current: null }));

/**
 * Called by every layout and page before it renders (src/app/i18n.ts does it), so that server
 * components below them can translate without being handed a translator.
 */
export function provideRequestIntl(intl: RequestIntl): void {
  holder().current = intl;
}

function current(): RequestIntl {
  const intl = holder().current;
  if (!intl) throw new Error("No language for this request: the page or layout must call getIntl() (src/app/i18n.ts) before rendering.");
  return intl;
}

export type ServerNamespace = NamespaceKeys<Messages, NestedKeyOf<Messages>>;

/** A translator for server components, in this request's language. */
export function serverTranslator<N extends ServerNamespace>(namespace: N) {
  const { locale, messages } = current();
  return createTranslator({ locale, messages, namespace, timeZone: SHOP_TIME_ZONE });
}

/** Numbers and dates for server components, in this request's language and Tanzania's time. */
export function serverFormatter() {
  return createFormatter({ locale: current().locale, timeZone: SHOP_TIME_ZONE });
}

/** This request's language (for lang attributes and links). */
export function serverLocale(): Locale {
  return current().locale;
}
