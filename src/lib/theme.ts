/** Page themes (white, gray, dark; the menu cycles them in that order): kept in localStorage, applied to <html data-theme> before first paint. */
export const THEMES = ["white", "gray", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_KEY = "theme";
export const DEFAULT_THEME: Theme = "white";

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

/** Change Theme Color cycles white → gray → dark → white. */
export function nextTheme(theme: Theme): Theme {
  return THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length] ?? DEFAULT_THEME;
}

/**
 * Runs inline in <head> before the body paints, so a dark-theme visitor never sees a white flash.
 * Kept tiny and dependency-free; storage access can throw in locked-down browsers.
 */
export const THEME_BOOT_SCRIPT = `try{var t=localStorage.getItem(${JSON.stringify(THEME_KEY)});if(${JSON.stringify(THEMES)}.indexOf(t)>=0)document.documentElement.dataset.theme=t}catch(e){}`;
