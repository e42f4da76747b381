import type { Database } from "../db";
import type { MediaStore } from "../media/media-store";
import { createEmbedPool, type EmbedPool } from "./embed-pool";
import { ImageSearch } from "./image-search";

/**
 * One-off embedding of every product image without a vector (after seeding or a bulk load), with
 * a pool that lives only as long as the job. `through` wraps the pool (the test suite's cache of
 * computed vectors).
 */
export async function embedCatalogImages(
  db: Database,
  media: MediaStore,
  log: (line: string) => void = () => undefined,
  through: (pool: EmbedPool) => EmbedPool = (pool) => pool,
): Promise<void> {
  const pool = createEmbedPool();
  try {
    const started = Date.now();
    const result = await new ImageSearch(db, through(pool), media, log).sync();
    if (result.embedded || result.failed.length) log(describeSync(result, Date.now() - started));
  } finally {
    await pool.close();
  }
}

export function describeSync(result: { embedded: number; failed: string[]; removed: number }, ms: number): string {
  const failed = result.failed.length ? `; ${result.failed.length} could not be read (first: ${result.failed[0]})` : "";
  return `Image search: embedded ${result.embedded} product image${result.embedded === 1 ? "" : "s"} in ${ms} ms${failed}.`;
}
