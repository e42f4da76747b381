import { LRUCache } from "lru-cache";

/**
 * What a cached value was computed from. A write that changes one of these calls
 * `invalidateTags` with it, and every cached value computed from it is recomputed on its next read.
 * - `catalog`: products, their prices, stock and variants, categories, brands
 * - `settings`: the site settings (company name, colours, SEO texts, ad rotation time, ...)
 * - `ads`: the advertisements
 */
export type CacheTag = "catalog" | "settings" | "ads";
export const CACHE_TAGS: readonly CacheTag[] = ["catalog", "settings", "ads"];

interface TagRegistry {
  /** a counter per tag, raised by every invalidation of it */
  generations: Record<CacheTag, number>;
  /** told of every invalidation, this process's and another's (caches that keep their own maps) */
  listeners: Set<(tags: readonly CacheTag[]) => void>;
  /** told of this process's own invalidations only: passes them on to other app servers */
  broadcasters: Set<(tags: readonly CacheTag[]) => void>;
}

// Next bundles the pages apart from server.ts, so a module variable could exist twice in one
// process: the registry lives on globalThis, one per process, whichever copy asks first.
const REGISTRY_KEY = Symbol.for("kilima.cache-tags");
function registry(): TagRegistry {
  const holder = globalThis as typeof globalThis & { [REGISTRY_KEY]?: TagRegistry };
  holder[REGISTRY_KEY] ??= { generations: { catalog: 0, settings: 0, ads: 0 }, listeners: new Set(), broadcasters: new Set() };
  return holder[REGISTRY_KEY];
}

/**
 * Marks every value cached from these tags stale. Call it after the write has committed (a read
 * between an earlier call and the commit could cache the old rows again).
 */
export function invalidateTags(...tags: CacheTag[]): void {
  receiveInvalidation(tags);
  for (const broadcast of registry().broadcasters) broadcast(tags);
}

/** An invalidation another process made: the same, without passing it on again. */
export function receiveInvalidation(tags: readonly CacheTag[]): void {
  const { generations, listeners } = registry();
  for (const tag of tags) generations[tag]++;
  for (const listener of listeners) listener(tags);
}

/** Calls `listener` after each invalidation; returns the unsubscribe. */
export function onInvalidate(listener: (tags: readonly CacheTag[]) => void): () => void {
  registry().listeners.add(listener);
  return () => registry().listeners.delete(listener);
}

/** Calls `broadcast` with each invalidation this process makes; returns the unsubscribe. */
export function onLocalInvalidate(broadcast: (tags: readonly CacheTag[]) => void): () => void {
  registry().broadcasters.add(broadcast);
  return () => registry().broadcasters.delete(broadcast);
}

/** The generation of each tag now: a value computed under one stamp is stale under another. */
export function tagStamp(tags: readonly CacheTag[]): number[] {
  const { generations } = registry();
  return tags.map((tag) => generations[tag]);
}

export function sameStamp(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

interface Entry {
  value: unknown;
  stamp: number[];
}

export interface TaggedCacheOptions {
  /** entries kept at most (least recently used dropped first) */
  max: number;
  /** the longest an entry is used: a bound for writes this process is not told about */
  ttlMs: number;
}

export interface TaggedCache {
  /**
   * The value under `key`, computed by `compute` when missing, expired, or computed before an
   * invalidation of one of `tags`. Concurrent misses of one key share one computation, and a value
   * whose tags were invalidated while it was being computed is answered but not kept. Values are
   * shared between requests: callers must not change them.
   */
  get<T>(key: string, tags: readonly CacheTag[], compute: () => Promise<T>): Promise<T>;
  /** entries held now (for tests and diagnostics) */
  size(): number;
  clear(): void;
}

export function createTaggedCache(options: TaggedCacheOptions): TaggedCache {
  const entries = new LRUCache<string, Entry>({ max: options.max, ttl: options.ttlMs });
  const pending = new Map<string, { stamp: number[]; value: Promise<unknown> }>();
  return {
    async get<T>(key: string, tags: readonly CacheTag[], compute: () => Promise<T>): Promise<T> {
      const now = tagStamp(tags);
      const hit = entries.get(key);
      if (hit && sameStamp(hit.stamp, now)) return hit.value as T;
      const running = pending.get(key);
      if (running && sameStamp(running.stamp, now)) return running.value as Promise<T>;
      const value = compute();
      const flight = { stamp: now, value };
      pending.set(key, flight);
      try {
        const result = await value;
        if (sameStamp(tagStamp(tags), now)) entries.set(key, { value: result, stamp: now });
        return result;
      } finally {
        if (pending.get(key) === flight) pending.delete(key);
      }
    },
    size: () => entries.size,
    clear: () => {
      entries.clear();
      pending.clear();
    },
  };
}
