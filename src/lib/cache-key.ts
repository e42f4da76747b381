export const CACHE_KEY_HASH_THRESHOLD = 200;

/** 53-bit string hash (cyrb53): synchronous, the same in the browser and on the server. */
export function hashString(text: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

type ParamValue = string | number | boolean | null | undefined | readonly (string | number)[];

/**
 * A cache key: the base name plus the query parameters sorted by name (empty ones left out),
 * so the same query always gives the same key; keys over 200 characters fall back to a hash.
 */
export function cacheKey(base: string, params: Record<string, ParamValue> = {}): string {
  const parts = Object.keys(params)
    .sort()
    .flatMap((name) => {
      const value = params[name];
      if (value === undefined || value === null || value === "") return [];
      const text = Array.isArray(value) ? value.join(",") : String(value);
      return text === "" ? [] : [`${encodeURIComponent(name)}=${encodeURIComponent(text)}`];
    });
  const key = parts.length ? `${base}?${parts.join("&")}` : base;
  return key.length > CACHE_KEY_HASH_THRESHOLD ? `${base}#${hashString(key)}` : key;
}
