import { inArray, sql } from "drizzle-orm";
import { rowsOf, type Database } from "../db";
import { imageKeypoints } from "../db/schema";

export async function saveKeypoints(db: Database, image: string, extractor: string, record: Uint8Array): Promise<void> {
  const keypoints = Buffer.from(record.buffer, record.byteOffset, record.byteLength);
  await db
    .insert(imageKeypoints)
    .values({ image, extractor, keypoints })
    .onConflictDoUpdate({ target: [imageKeypoints.image, imageKeypoints.extractor], set: { keypoints, updatedAt: sql`now()` } });
}

/**
 * Keypoints no search needs any more: of pictures no product shows, and of extractors other than
 * `extractor` (called once `extractor` has them for every picture it could read).
 */
export async function deleteStaleKeypoints(db: Database, extractor: string): Promise<number> {
  const deleted = rowsOf<{ image: string }>(
    await db.execute(sql`
      delete from image_keypoints k
      where k.extractor <> ${extractor} or not exists (select 1 from products p where p.image = k.image)
      returning k.image`),
  );
  return deleted.length;
}

/** Changes whenever `extractor`'s stored keypoints do (on this server or another). */
export async function keypointsVersion(db: Database, extractor: string): Promise<string> {
  const row = rowsOf<{ n: number; latest: string | null }>(
    await db.execute(sql`select count(*)::int as n, max(updated_at)::text as latest from image_keypoints where extractor = ${extractor}`),
  )[0];
  return `${row?.n ?? 0}:${row?.latest ?? ""}`;
}

/** When each picture's keypoints from `extractor` were stored (a cheap read: no keypoints). */
export async function keypointStamps(db: Database, extractor: string): Promise<Map<string, string>> {
  const rows = rowsOf<{ image: string; stamp: string }>(
    await db.execute(sql`select image, updated_at::text as stamp from image_keypoints where extractor = ${extractor}`),
  );
  return new Map(rows.map((r) => [r.image, r.stamp]));
}

/**
 * Rows read per query: a picture's record is about 44 KB, and on the embedded database a query
 * holds the thread that answers requests while it runs.
 */
const LOAD_BATCH = 100;

/**
 * The keypoint records of `images` from `extractor` (those that have one), with when each was
 * stored. The bytes travel base64-encoded: PostgreSQL's text form of a bytea is hex, which the
 * drivers decode in JavaScript several times slower than Node decodes base64 (1.1 s against 0.15 s
 * for the demo catalogue's 18 MB on the embedded database); whitespace in it is ignored.
 */
export async function loadKeypointRecords(db: Database, extractor: string, images: string[]): Promise<{ image: string; stamp: string; record: Uint8Array }[]> {
  const loaded: { image: string; stamp: string; record: Uint8Array }[] = [];
  for (let from = 0; from < images.length; from += LOAD_BATCH) {
    const batch = images.slice(from, from + LOAD_BATCH);
    const rows = rowsOf<{ image: string; stamp: string; keypoints: string }>(
      await db.execute(sql`
        select image, updated_at::text as stamp, encode(keypoints, 'base64') as keypoints from image_keypoints
        where extractor = ${extractor} and ${inArray(imageKeypoints.image, batch)}`),
    );
    for (const r of rows) loaded.push({ image: r.image, stamp: r.stamp, record: Buffer.from(r.keypoints, "base64") });
  }
  return loaded;
}
