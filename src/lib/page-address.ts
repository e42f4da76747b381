import { hasForbiddenCharacter } from "./text";
import { isLocale, LOCALE_QUERY } from "./locale";

/**
 * Why a page address cannot be served as asked:
 * - "undecodable": its path is not valid UTF-8 once percent-decoded (no page has such an address);
 * - "forbidden-character": its path or a query parameter (name or value) holds a character no field
 *   of the shop accepts (a control character such as U+0000, a lone surrogate, a noncharacter). The
 *   API refuses the same characters (src/api/schemas.ts); a page must too, before any of it reaches
 *   a service or SQL (PostgreSQL refuses U+0000 in text with an error).
 */
export type PageAddressProblem = "undecodable" | "forbidden-character";

/** The problem of a request's address (path and query, as sent), or null when a page may read it. */
export function pageAddressProblem(url: string): PageAddressProblem | null {
  const queryAt = url.search(/[?#]/);
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return "undecodable";
  }
  if (hasForbiddenCharacter(path)) return "forbidden-character";
  if (queryAt === -1 || url[queryAt] === "#") return null;
  const hashAt = url.indexOf("#", queryAt);
  const params = new URLSearchParams(url.slice(queryAt + 1, hashAt === -1 ? undefined : hashAt));
  for (const [name, value] of params) if (hasForbiddenCharacter(name) || hasForbiddenCharacter(value)) return "forbidden-character";
  return null;
}

/**
 * The internal address that renders the shop's "this address cannot be read" page for `url`,
 * keeping the language the address asked for (when it asked for one the shop has), so the page
 * answers in the shopper's language.
 */
export function badAddressPage(url: string, pagePath: string): string {
  const queryAt = url.indexOf("?");
  if (queryAt === -1) return pagePath;
  const lang = new URLSearchParams(url.slice(queryAt + 1).split("#")[0]).get(LOCALE_QUERY);
  return lang && isLocale(lang) ? `${pagePath}?${LOCALE_QUERY}=${lang}` : pagePath;
}
