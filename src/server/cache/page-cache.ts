import { LRUCache } from "lru-cache";
import { CACHE_TAGS, sameStamp, tagStamp } from "./tagged-cache";

/**
 * Whole rendered pages for signed-out shoppers (which requests, under which key:
 * src/lib/page-cache.ts). An entry is dropped by any write to what pages show (every cache tag:
 * catalogue, settings, ads), after its time limit, or when the memory bound needs room.
 */
export interface CachedPage {
  status: number;
  headers: [string, string | string[]][];
  /** the HTML as rendered, with `nonce` in it */
  body: string;
  /** the CSP nonce the page was rendered with: each answer swaps in its own */
  nonce: string;
}

interface Entry {
  page: CachedPage;
  stamp: number[];
}

export interface PageCacheOptions {
  /** the bodies' total size kept at most, in UTF-16 code units (about bytes for this HTML) */
  maxChars: number;
  ttlMs: number;
}

export function createPageCache(options: PageCacheOptions) {
  const entries = new LRUCache<string, Entry>({
    maxSize: options.maxChars,
    sizeCalculation: (entry) => Math.max(1, entry.page.body.length),
    ttl: options.ttlMs,
  });
  return {
    /** what the data is now: take it before rendering, hand it to `set` with the page */
    stamp: (): number[] => tagStamp(CACHE_TAGS),
    get(key: string): CachedPage | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (sameStamp(entry.stamp, tagStamp(CACHE_TAGS))) return entry.page;
      entries.delete(key);
      return undefined;
    },
    /** keeps a page rendered under `stamp`, unless a write came in while it was rendered */
    set(key: string, page: CachedPage, stamp: number[]): boolean {
      if (!sameStamp(stamp, tagStamp(CACHE_TAGS)) || page.body.length > options.maxChars / 8) return false;
      entries.set(key, { page, stamp });
      return true;
    },
    size: () => entries.size,
    clear: () => entries.clear(),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
