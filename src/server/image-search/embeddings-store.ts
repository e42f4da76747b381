import { sql } from "drizzle-orm";
import { PLACEHOLDER_IMAGE } from "@/lib/product-image";
import { rowsOf, type Database } from "../db";
import { imageEmbeddings } from "../db/schema";
import { mediaKey, type MediaStore } from "../media/media-store";
import type { PictureData } from "./embed-pool";
import { deleteStaleKeypoints, saveKeypoints } from "./keypoints-store";

/** A product image file, and which of its stored search data it lacks. */
export interface PictureLacking {
  image: string;
  vector: boolean;
  keypoints: boolean;
}

/**
 * Distinct product image files that have no vector from `model` yet, or (given an extractor) no
 * keypoints from `extractor`. The "no picture yet" placeholder never gets either: a photo must not
 * match it, so products that show it are left out of search by image until they have a picture.
 */
export async function picturesLacking(db: Database, model: string, extractor?: string): Promise<PictureLacking[]> {
  const rows = rowsOf<{ image: string; vector: boolean; keypoints: boolean }>(
    await db.execute(sql`
      select image, vector, keypoints from (
        select p.image,
          not exists (select 1 from image_embeddings e where e.image = p.image and e.model = ${model}) as vector,
          ${extractor ?? null}::text is not null
            and not exists (select 1 from image_keypoints k where k.image = p.image and k.extractor = ${extractor ?? null}::text) as keypoints
        from (select distinct image from products where image <> ${PLACEHOLDER_IMAGE}) p
      ) lacking
      where vector or keypoints
      order by image`),
  );
  return rows.map((r) => ({ image: r.image, vector: r.vector === true, keypoints: r.keypoints === true }));
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
  /** pictures given a vector */
  embedded: number;
  /** pictures given keypoints */
  keypoints: number;
  failed: string[];
  /** stored vectors and keypoint records deleted (of pictures no product shows, or of earlier embedders and extractors) */
  removed: number;
}

/**
 * Gives every product image file a vector from the current embedder and keypoints from the current
 * extractor (none without one): at seed time, after a bulk load, at start and after any product
 * image change (a changed image is a new content-named file). Each distinct file is decoded once
 * for whatever it lacks, however many products show it.
 */
export async function syncImageEmbeddings(
  db: Database,
  options: {
    media: MediaStore;
    model: string;
    /** the keypoint extractor the workers run; unset, keypoints are neither computed nor deleted */
    extractor?: string;
    embed: (image: Buffer, want: { vector: boolean; keypoints: boolean }) => Promise<PictureData>;
    concurrency?: number;
    skip?: Set<string>;
    /** before the first picture and after each: how many of this run's are done, and what they lack */
    onProgress?: (done: number, total: number, work: { vectors: number; keypoints: number }) => void;
  },
): Promise<SyncResult> {
  const { extractor } = options;
  const pending = (await picturesLacking(db, options.model, extractor)).filter((p) => !options.skip?.has(p.image));
  const failed: string[] = [];
  let embedded = 0;
  let keypoints = 0;
  let done = 0;
  let next = 0;
  const work = { vectors: pending.filter((p) => p.vector).length, keypoints: pending.filter((p) => p.keypoints).length };
  if (pending.length) options.onProgress?.(0, pending.length, work);
  await Promise.all(
    Array.from({ length: Math.max(1, options.concurrency ?? 2) }, async () => {
      while (next < pending.length) {
        const { image, ...want } = pending[next++]!;
        try {
          const key = mediaKey(image);
          const bytes = key ? await options.media.read(key) : null;
          if (!bytes) throw new Error("no such media file");
          const data = await options.embed(bytes, want);
          if (want.vector) {
            if (!data.vector) throw new Error("no vector");
            await saveEmbedding(db, image, options.model, data.vector);
            embedded++;
          }
          if (want.keypoints) {
            if (!data.keypoints) throw new Error("no keypoints");
            await saveKeypoints(db, image, extractor!, data.keypoints);
            keypoints++;
          }
        } catch {
          failed.push(image);
        }
        options.onProgress?.(++done, pending.length, work);
      }
    }),
  );
  // every picture that can be read now has a vector from this embedder (and keypoints from this
  // extractor): earlier embedders' and extractors' are done with
  let removed = (await deleteUnusedEmbeddings(db)) + (await deleteOtherModels(db, options.model));
  if (extractor) removed += await deleteStaleKeypoints(db, extractor);
  return { embedded, keypoints, failed, removed };
}
