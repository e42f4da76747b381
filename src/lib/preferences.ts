import { isCurrency, type Currency } from "./money";
import { isTheme, type Theme } from "./theme";

/**
 * Choices the browser keeps (localStorage is the spec's store) mirrored in cookies, so the server
 * renders the page as the shopper last saw it: the theme, the currency, and a guest's cart count.
 * Without the mirror every load would paint the defaults and switch a moment later.
 */
export const PREFERENCE_COOKIES = { theme: "theme", currency: "currency", guestCartCount: "guest_cart_count" } as const;
export type PreferenceCookie = (typeof PREFERENCE_COOKIES)[keyof typeof PREFERENCE_COOKIES];

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const MAX_COUNT = 9999;

export interface ServerPreferences {
  theme: Theme | null;
  currency: Currency | null;
  guestCartCount: number;
}

/** The preferences a request's cookies carry; anything malformed counts as not chosen. */
export function readPreferences(cookie: (name: PreferenceCookie) => string | undefined): ServerPreferences {
  const theme = cookie(PREFERENCE_COOKIES.theme);
  const currency = cookie(PREFERENCE_COOKIES.currency);
  const count = Number(cookie(PREFERENCE_COOKIES.guestCartCount));
  return {
    theme: isTheme(theme) ? theme : null,
    currency: isCurrency(currency) ? currency : null,
    guestCartCount: Number.isInteger(count) && count > 0 ? Math.min(count, MAX_COUNT) : 0,
  };
}

/** A `document.cookie` assignment for one preference: the whole site, a year, never sent cross-site. */
export function preferenceCookie(name: PreferenceCookie, value: string): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}
