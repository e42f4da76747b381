import { LRUCache } from "lru-cache";
import { invalidateTags, onInvalidate } from "../cache/tagged-cache";

/**
 * Totals are the costly half of a product page (a count over the matching rows), and the same
 * filters repeat all day. They are kept a few seconds — less than the 30 s the list itself may be
 * cached by browsers (Cache-Control) — and dropped at once when this process changes the
 * catalogue. Concurrent misses for one key share one query.
 */
export const COUNT_TTL_MS = 10_000;
let generation = 0;

/**
 * Reads through `store`: concurrent misses for one key share one computation, and a value computed
 * while a catalogue write happened is not kept (it may hold the old rows).
 */
function readThrough(store: LRUCache<string, object>) {
  const pending = new Map<string, Promise<object>>();
  return async function cached<T extends object>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = store.get(key) as T | undefined;
    if (hit !== undefined) return hit;
    const started = generation;
    let running = pending.get(key) as Promise<T> | undefined;
    if (!running) {
      running = compute().finally(() => pending.delete(key));
      pending.set(key, running);
    }
    const value = await running;
    if (started === generation) store.set(key, value);
    return value;
  };
}

const counts = new LRUCache<string, object>({ max: 5_000, ttl: COUNT_TTL_MS });
/** A small value (a total, a list of ids) kept like the counts. */
export const cachedValue = readThrough(counts);

/** The catalogue's version in this process: a value read before a write is not kept after it. */
export function catalogGeneration(): number {
  return generation;
}

/** Keeps a total a listing counted on its way (unless the catalogue changed meanwhile: see readThrough). */
export function rememberCount(key: string, value: { total: number; estimate: boolean }, since: number): void {
  if (since === generation) counts.set(key, value);
}

export async function cachedCount(key: string, query: () => Promise<{ total: number }[]>): Promise<number> {
  const { total } = await cachedValue(key, async () => ({ total: Number((await query())[0]?.total ?? 0) }));
  return total;
}

/**
 * A whole search answer, kept for one second: the freshness searches are given (Cache-Control max-age=1). Under load a
 * popular query ("arduino", "esp32") is then ranked once a second, not once per shopper.
 */
const searchPages = new LRUCache<string, object>({ max: 2_000, ttl: 1_000 });
export const cachedSearchPage = readThrough(searchPages);

/**
 * A whole listing answer (no search), kept as long as the counts: the first page of /products and
 * of each category is asked for by nearly every visitor, and on the embedded database (one
 * connection for the whole shop) answering it from memory is what keeps the other requests moving.
 */
const listingPages = new LRUCache<string, object>({ max: 500, ttl: COUNT_TTL_MS });
export const cachedListingPage = readThrough(listingPages);

/**
 * One product with its variants (the product page and `/api/products/:id`), kept as long as the
 * listing answers that show the same price and stock, and dropped with them.
 */
const productAnswers = new LRUCache<string, object>({ max: 2_000, ttl: COUNT_TTL_MS });
export const cachedProduct = readThrough(productAnswers);

/** Small lists every page shows (the categories with their counts), kept as long as the counts. */
const lists = new LRUCache<string, object>({ max: 100, ttl: COUNT_TTL_MS });
export const cachedList = readThrough(lists);

/**
 * The "Popular" badge's threshold per rule (src/server/catalog/popular.ts): a count over the
 * catalogue, so kept five minutes (a review or a sale moves it a little at most), and dropped
 * with every catalogue change this process hears of.
 */
const popularThresholds = new LRUCache<string, object>({ max: 20, ttl: 5 * 60_000 });
export const cachedPopularThreshold = readThrough(popularThresholds);

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
  listingPages.clear();
  productAnswers.clear();
  lists.clear();
  popularThresholds.clear();
});
