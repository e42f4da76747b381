import { sql } from "drizzle-orm";
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
 * Keypoints no search needs any more: of pictures no product shows, and (once `extractor` has
 * them for every picture it could read) of other extractors.
 */
export async function deleteStaleKeypoints(db: Database, extractor: string, { otherExtractors }: { otherExtractors: boolean }): Promise<number> {
  const unused = rowsOf<{ image: string }>(
    await db.execute(sql`delete from image_keypoints k where not exists (select 1 from products p where p.image = k.image) returning k.image`),
  );
  const others = otherExtractors
    ? rowsOf<{ image: string }>(await db.execute(sql`delete from image_keypoints where extractor <> ${extractor} returning image`))
    : [];
  return unused.length + others.length;
}

/** Changes whenever `extractor`'s stored keypoints do (on this server or another). */
export async function keypointsVersion(db: Database, extractor: string): Promise<string> {
  const row = rowsOf<{ n: number; latest: string | null }>(
    await db.execute(sql`select count(*)::int as n, max(updated_at)::text as latest from image_keypoints where extractor = ${extractor}`),
  )[0];
  return `${row?.n ?? 0}:${row?.latest ?? ""}`;
}

/** Rows read per query while loading: a large catalogue's keypoints are many megabytes. */
const LOAD_BATCH = 500;

/** Every picture's keypoint record from `extractor`, in image order. */
export async function loadKeypointRecords(db: Database, extractor: string): Promise<{ image: string; record: Uint8Array }[]> {
  const all: { image: string; record: Uint8Array }[] = [];
  for (;;) {
    const after = all.at(-1)?.image ?? "";
    const rows = rowsOf<{ image: string; keypoints: Uint8Array }>(
      await db.execute(sql`
        select image, keypoints from image_keypoints
        where extractor = ${extractor} and image > ${after}
        order by image limit ${LOAD_BATCH}`),
    );
    // node-postgres gives a Buffer, PGlite a Uint8Array: both are bytes
    for (const r of rows) all.push({ image: r.image, record: new Uint8Array(r.keypoints.buffer, r.keypoints.byteOffset, r.keypoints.byteLength) });
    if (rows.length < LOAD_BATCH) return all;
  }
}
