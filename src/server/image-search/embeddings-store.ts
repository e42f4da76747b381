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
    .onConflictDoUpdate({ target: imageEmbeddings.image, set: { model, embedding, updatedAt: sql`now()` } });
}

/** Vectors of images no product shows any more. */
export async function deleteUnusedEmbeddings(db: Database): Promise<number> {
  const rows = rowsOf<{ image: string }>(
    await db.execute(sql`delete from image_embeddings e where not exists (select 1 from products p where p.image = e.image) returning e.image`),
  );
  return rows.length;
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
  options: { media: MediaStore; model: string; embed: (image: Buffer) => Promise<Float32Array>; concurrency?: number; skip?: Set<string> },
): Promise<SyncResult> {
  const pending = (await imagesWithoutEmbedding(db, options.model)).filter((image) => !options.skip?.has(image));
  const failed: string[] = [];
  let embedded = 0;
  let next = 0;
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
      }
    }),
  );
  const removed = await deleteUnusedEmbeddings(db);
  return { embedded, failed, removed };
}
