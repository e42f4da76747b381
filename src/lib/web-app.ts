/**
 * The installed app's name under its icon: launchers show about 12 characters, so a longer shop
 * name is shortened to its first word ("Kilima Electronics" → "Kilima"), or cut if even that is long.
 */
export const SHORT_NAME_MAX = 12;

export function webAppShortName(companyName: string): string {
  const name = companyName.trim();
  if (name.length <= SHORT_NAME_MAX) return name;
  const first = name.split(/\s+/)[0] ?? name;
  return first.length <= SHORT_NAME_MAX ? first : first.slice(0, SHORT_NAME_MAX);
}

/** The service worker's address; the page's language rides along so the offline page it keeps is in that language. */
export function serviceWorkerUrl(lang: string): string {
  return `/sw.js?lang=${lang === "sw" ? "sw" : "en"}`;
}
