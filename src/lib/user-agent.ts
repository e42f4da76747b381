import Bowser from "bowser";

/** What a browser's User-Agent string says, for people: the browser's and the system's names. */
export interface BrowserAndSystem {
  /** "Chrome", "Firefox", "Safari", "Samsung Internet", ...; null when not recognised */
  browser: string | null;
  /** "Android", "iOS", "Windows", "macOS", "Linux", "Chrome OS", ...; null when not recognised */
  system: string | null;
}

/** Names shortened where the parser's own is longer than people say it. */
const SHORTER: Record<string, string> = {
  "Samsung Internet for Android": "Samsung Internet",
  "Android Browser": "Android browser",
};

/** The longest User-Agent read; the shop stores 400 characters of it. */
const MAX_LENGTH = 400;

/**
 * The browser and system a User-Agent string names ("Chrome" and "Linux"), by bowser, so lists
 * of sessions and security events can say "Chrome on Linux" instead of the raw string. Product
 * names are the same in every language; the words around them are the catalogue's.
 */
export function browserAndSystem(userAgent: string | null | undefined): BrowserAndSystem {
  const text = userAgent?.trim().slice(0, MAX_LENGTH);
  if (!text) return { browser: null, system: null };
  const parsed = Bowser.parse(text);
  const name = (value: string | undefined) => (value ? (SHORTER[value] ?? value) : null);
  return { browser: name(parsed.browser.name), system: name(parsed.os.name) };
}
