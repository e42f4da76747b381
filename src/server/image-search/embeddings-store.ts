import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../db";
import { imageEmbeddings } from "../db/schema";
import { mediaKey, type MediaStore } from "../media/media-store";

/** Distinct product image files that have no vector from `model` yet. */
export async function imagesWithoutEmbedding(db: Database, model: string): Promise<string[]> {
  const rows = rowsOf<{ image: string }>(
    await db.execute(sql`
      select distinct p.image from products p
      where not exists (select 1 from image_embeddings e where e.image = p.image and e.model = ${model})
      order by p.image`),
  );
  return rows.map((r) => r.image);
}

export async function saveEmbedding(db: Database, image: string, model: string, vector: Float32Array): Promise<void> {
  const embedding = Array.from(vector);
  await db
    .insert(imageEmbeddings)
    .values({ image, model, embedding })
    .onConflictDoUpdate({ target: [imageEmbeddings.image, imageEmbeddings.model], set: { embedding, updatedAt: sql`now()` } });
}

/** Vectors of images no product shows any more. */
export async function deleteUnusedEmbeddings(db: Database): Promise<number> {
  const rows = rowsOf<{ image: string }>(
    await db.execute(sql`delete from image_embeddings e where not exists (select 1 from products p where p.image = e.image) returning e.image`),
  );
  return rows.length;
}

/** Other embedders' vectors: once `model` has a vector for every picture, nothing searches them. */
export async function deleteOtherModels(db: Database, model: string): Promise<number> {
  const rows = rowsOf<{ image: string }>(await db.execute(sql`delete from image_embeddings where model <> ${model} returning image`));
  return rows.length;
}

export interface StoredVectors {
  count: number;
  /** the vectors' length */
  dimensions: number;
}

/**
 * Stored vectors per embedder whose vectors end with `block`'s: that embedder itself and every
 * embedder fused with it (`fused:<learned encoder>+<block>`), whichever learned encoder that was.
 * A query for `block` alone, with zeros in front, searches any of them.
 */
export async function embeddersEndingWith(db: Database, block: string): Promise<Map<string, StoredVectors>> {
  const rows = rowsOf<{ model: string; n: number; dims: number }>(
    await db.execute(sql`
      select model, count(*)::int as n, max(cardinality(embedding))::int as dims from image_embeddings
      where model = ${block} or right(model, ${block.length + 1}) = ${`+${block}`}
      group by model`),
  );
  return new Map(rows.map((r) => [r.model, { count: Number(r.n), dimensions: Number(r.dims) }]));
}

export interface SyncResult {
  embedded: number;
  failed: string[];
  removed: number;
}

/**
 * Gives every product image file a vector from the current embedder: at seed time, after a bulk
 * load, at start and after any product image change (a changed image is a new content-named file).
 * Each distinct file is embedded once, however many products show it.
 */
export async function syncImageEmbeddings(
  db: Database,
  options: {
    media: MediaStore;
    model: string;
    embed: (image: Buffer) => Promise<Float32Array>;
    concurrency?: number;
    skip?: Set<string>;
    /** before the first picture and after each: how many of this run's are done */
    onProgress?: (done: number, total: number) => void;
  },
): Promise<SyncResult> {
  const pending = (await imagesWithoutEmbedding(db, options.model)).filter((image) => !options.skip?.has(image));
  const failed: string[] = [];
  let embedded = 0;
  let next = 0;
  if (pending.length) options.onProgress?.(0, pending.length);
  await Promise.all(
    Array.from({ length: Math.max(1, options.concurrency ?? 2) }, async () => {
      while (next < pending.length) {
        const image = pending[next++]!;
        try {
          const key = mediaKey(image);
          const bytes = key ? await options.media.read(key) : null;
          if (!bytes) throw new Error("no such media file");
          const vector = await options.embed(bytes);
          await saveEmbedding(db, image, options.model, vector);
          embedded++;
        } catch {
          failed.push(image);
        }
        options.onProgress?.(embedded + failed.length, pending.length);
      }
    }),
  );
  // every picture that can be read now has a vector from this embedder: earlier embedders' are done with
  const removed = (await deleteUnusedEmbeddings(db)) + (await deleteOtherModels(db, options.model));
  return { embedded, failed, removed };
}
