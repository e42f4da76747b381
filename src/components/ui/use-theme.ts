"use client";

import { useEffect } from "react";
import { DEFAULT_THEME, THEME_KEY, isTheme, type Theme } from "@/lib/theme";
import { useLocalValue, writeLocal } from "./local-store";

/** The visitor's theme, kept in localStorage and mirrored on <html data-theme> (also across tabs). */
export function useTheme(): [Theme, (t: Theme) => void] {
  const stored = useLocalValue(THEME_KEY);
  const theme = isTheme(stored) ? stored : DEFAULT_THEME;
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return [theme, (t) => writeLocal(THEME_KEY, t)];
}
