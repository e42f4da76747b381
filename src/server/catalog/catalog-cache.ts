import { LRUCache } from "lru-cache";
import { invalidateTags, onInvalidate } from "../cache/tagged-cache";

/**
 * Exact totals are the costly half of a product page (a count over every matching row), and the
 * same filters repeat all day. They are kept a few seconds — less than the 30 s the list itself
 * may be cached by browsers (Cache-Control) — and dropped at once when this process changes the
 * catalogue. Concurrent misses for one key share one query.
 */
export const COUNT_TTL_MS = 10_000;
const counts = new LRUCache<string, number>({ max: 5_000, ttl: COUNT_TTL_MS });
const pending = new Map<string, Promise<number>>();
let generation = 0;

export async function cachedCount(key: string, query: () => Promise<{ total: number }[]>): Promise<number> {
  const hit = counts.get(key);
  if (hit !== undefined) return hit;
  const started = generation;
  let running = pending.get(key);
  if (!running) {
    running = query()
      .then((rows) => Number(rows[0]?.total ?? 0))
      .finally(() => pending.delete(key));
    pending.set(key, running);
  }
  const total = await running;
  if (started === generation) counts.set(key, total);
  return total;
}

/**
 * A whole search answer, kept for one second: the freshness searches are given (Cache-Control max-age=1). Under load a
 * popular query ("arduino", "esp32") is then ranked once a second, not once per shopper.
 */
const searchPages = new LRUCache<string, object>({ max: 2_000, ttl: 1_000 });

export async function cachedSearchPage<T extends object>(key: string, compute: () => Promise<T>): Promise<T> {
  const hit = searchPages.get(key) as T | undefined;
  if (hit) return hit;
  const started = generation;
  const page = await compute();
  if (started === generation) searchPages.set(key, page);
  return page;
}

/** Small lists every page shows (the categories with their counts), kept as long as the counts. */
const lists = new LRUCache<string, object>({ max: 100, ttl: COUNT_TTL_MS });

export async function cachedList<T extends object>(key: string, compute: () => Promise<T>): Promise<T> {
  const hit = lists.get(key) as T | undefined;
  if (hit) return hit;
  const started = generation;
  const value = await compute();
  if (started === generation) lists.set(key, value);
  return value;
}

/**
 * Call after any write that adds, removes or re-prices products or changes stock: the `catalog`
 * tag, which also drops the pages' cached catalogue data (src/server/cache).
 */
export function invalidateCatalogCounts(): void {
  invalidateTags("catalog");
}

// every invalidation of the catalogue (this process's writes, and another app server's) empties these
onInvalidate((tags) => {
  if (!tags.includes("catalog")) return;
  generation++;
  counts.clear();
  searchPages.clear();
  lists.clear();
});
