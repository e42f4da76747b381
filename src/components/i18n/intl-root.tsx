"use client";

import { IntlProvider, useMessages, type IntlError } from "use-intl";
import type { Messages } from "@/messages";
import { SHOP_TIME_ZONE, type Locale } from "@/lib/locale";

/**
 * The language of every client component: one language's catalogue, sent by the server with the
 * page. A missing message shows its key (and is logged in development) instead of breaking the page.
 */
export function IntlRoot({ locale, messages, children }: { locale: Locale; messages: Partial<Messages>; children: React.ReactNode }) {
  return (
    <IntlProvider locale={locale} messages={messages} timeZone={SHOP_TIME_ZONE} onError={reportIntlError} getMessageFallback={fallback}>
      {children}
    </IntlProvider>
  );
}

/**
 * Adds namespaces the root leaves out of every shopper's page (the admin area's texts) for the
 * client components below it: only pages under this provider carry them.
 */
export function IntlExtra({ locale, messages, children }: { locale: Locale; messages: Partial<Messages>; children: React.ReactNode }) {
  const root = useMessages();
  return (
    <IntlRoot locale={locale} messages={{ ...root, ...messages }}>
      {children}
    </IntlRoot>
  );
}

function reportIntlError(error: IntlError) {
  if (process.env.NODE_ENV !== "production") console.error(error.message);
}

function fallback({ namespace, key }: { namespace?: string; key: string }) {
  return namespace ? `${namespace}.${key}` : key;
}
