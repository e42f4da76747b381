/**
 * Where the shop may send a browser after sign-in, or link back to: a path on the shop itself,
 * never another origin (open redirect). The target is resolved the way a browser would resolve it
 * (`new URL(target, base)`) and must keep the base's origin; control characters (raw, or
 * percent-encoded like %09 %0A %0D %00, which browsers strip from URLs and so turn `/%09/host`
 * into `//host`) and backslashes (which browsers read as slashes) are refused outright. The answer
 * is the normalised path, query and fragment, never a protocol-relative `//host`.
 */
// any base works: only whether the target stays on it matters, and the answer carries no origin
const BASE = "http://shop.invalid";
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
const ENCODED_CONTROL_OR_BACKSLASH = /%(?:[01][0-9a-f]|7f|5c)/i;

export function safeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.length > 2000) return fallback;
  if (CONTROL.test(target) || target.includes("\\") || ENCODED_CONTROL_OR_BACKSLASH.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//host" normalises to "//host", which a browser would take for another host
  if (!path.startsWith("/") || path.startsWith("//")) return fallback;
  return path;
}

/**
 * Where to come back to after a detour (registering, confirming the e-mail address, signing in):
 * the target through safeRedirect, or null when that is nowhere but the home page.
 */
export function returnPath(target: unknown): string | null {
  const path = safeRedirect(target, "/");
  return path === "/" ? null : path;
}

/** A page of the shop with where to go next as its `?redirect=` (checked by returnPath); the page alone when there is nowhere. */
export function withRedirect(path: string, target: unknown): string {
  const next = returnPath(target);
  return next ? `${path}?${new URLSearchParams({ redirect: next })}` : path;
}
