"use client";

import { createContext, useContext, useEffect } from "react";
import { CURRENCY_KEY } from "@/lib/browser-storage";
import { isCurrency } from "@/lib/money";
import { PREFERENCE_COOKIES, preferenceCookie, type PreferenceCookie, type ServerPreferences } from "@/lib/preferences";
import { THEME_KEY, isTheme } from "@/lib/theme";
import { readLocal } from "../stores/local-store";

const PreferencesContext = createContext<ServerPreferences>({ theme: null, currency: null, guestCartCount: 0 });

/** What the server knew of the visitor's choices: the value every island renders with until it has hydrated. */
export function useServerPreferences(): ServerPreferences {
  return useContext(PreferencesContext);
}

export function writePreferenceCookie(name: PreferenceCookie, value: string): void {
  document.cookie = preferenceCookie(name, value);
}

/**
 * Hands the server's reading of the preference cookies to the islands, and mirrors choices made
 * before the cookies existed (kept in localStorage only) so the next page renders with them.
 */
export function PreferencesProvider({ value, children }: { value: ServerPreferences; children: React.ReactNode }) {
  useEffect(() => {
    const theme = readLocal(THEME_KEY);
    if (isTheme(theme) && theme !== value.theme) writePreferenceCookie(PREFERENCE_COOKIES.theme, theme);
    const currency = readLocal(CURRENCY_KEY);
    if (isCurrency(currency) && currency !== value.currency) writePreferenceCookie(PREFERENCE_COOKIES.currency, currency);
  }, [value.theme, value.currency]);
  return <PreferencesContext value={value}>{children}</PreferencesContext>;
}
