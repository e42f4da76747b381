"use client";

import { useEffect } from "react";
import { PREFERENCE_COOKIES } from "@/lib/preferences";
import { DEFAULT_THEME, THEME_KEY, isTheme, type Theme } from "@/lib/theme";
import { useLocalValue, writeLocal } from "../stores/local-store";
import { useServerPreferences, writePreferenceCookie } from "../ui/preferences";

/**
 * The visitor's theme, kept in localStorage, mirrored in a cookie (the server renders
 * <html data-theme> with it) and on <html data-theme> (also across tabs).
 */
export function useTheme(): [Theme, (t: Theme) => void] {
  const stored = useLocalValue(THEME_KEY, useServerPreferences().theme);
  const theme = isTheme(stored) ? stored : DEFAULT_THEME;
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return [
    theme,
    (t) => {
      writePreferenceCookie(PREFERENCE_COOKIES.theme, t);
      writeLocal(THEME_KEY, t);
    },
  ];
}
