import { createTranslator, type NamespaceKeys, type NestedKeyOf } from "use-intl/core";
import { DEFAULT_LOCALE, SHOP_TIME_ZONE, isLocale, type Locale } from "@/lib/locale";
import { CATALOGUES, type Messages } from "@/messages";

export type MessageNamespace = NamespaceKeys<Messages, NestedKeyOf<Messages>>;

/**
 * The catalogue's words for server work that is not a page: e-mails (in the recipient's language)
 * and the API's error texts (always English, beside the code the browser translates).
 */
export function translator<N extends MessageNamespace>(locale: Locale | null | undefined, namespace: N) {
  const chosen = isLocale(locale) ? locale : DEFAULT_LOCALE;
  return createTranslator({ locale: chosen, messages: CATALOGUES[chosen], namespace, timeZone: SHOP_TIME_ZONE });
}

/** The language of an e-mail: the account's choice, else the page's that caused it, else the shop's. */
export function mailLocale(account: Locale | null | undefined, request: Locale | null | undefined, shop: string | null | undefined): Locale {
  if (isLocale(account)) return account;
  if (isLocale(request)) return request;
  return isLocale(shop) ? shop : DEFAULT_LOCALE;
}
