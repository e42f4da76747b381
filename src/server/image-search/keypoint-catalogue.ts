import type { Database } from "../db";
import { packKeypointRecords, unpackRecordBytes } from "./keypoints";
import { keypointStamps, keypointsVersion, loadKeypointRecords } from "./keypoints-store";

/** The catalogue's keypoints as the embedding workers get them with each photo. */
export interface KeypointSnapshot {
  /**
   * names this buffer's contents: a worker rebuilds its index once per version, and maps the
   * pictures it verifies back to `images` by their places in the buffer it indexed
   */
  version: string;
  /** every picture's record (keypoints.ts), shared with the workers, not copied */
  buffer: SharedArrayBuffer;
  /** the image file of each record, in order */
  images: string[];
}

/** How long another app server's new keypoints may go unseen by this one. */
const RECHECK_MS = 5_000;

/**
 * The stored keypoints of `extractor`, loaded into one shared buffer. Reloaded when this process
 * wrote (`invalidate`) or when a cheap check finds the table changed (another app server wrote),
 * at most every RECHECK_MS; searches meanwhile use the snapshot they have. A reload reads only the
 * pictures whose keypoints are new or changed: one upload costs one record, not the catalogue.
 */
export function keypointCatalogue(db: Database, extractor: string, recheckMs = RECHECK_MS) {
  let snapshot: KeypointSnapshot | null = null;
  /** each loaded picture's record (a view on the snapshot's buffer) and when it was stored */
  const loaded = new Map<string, { stamp: string; record: Uint8Array }>();
  let checkedAt = 0;
  /** this process's writes so far, and how many of them the snapshot has seen */
  let writes = 1;
  let seen = 0;
  let loading: Promise<void> | null = null;
  /** the stored keypoints' version the snapshot was built from, and how many snapshots were built */
  let storedVersion = "";
  let builds = 0;

  const load = async () => {
    // counted before reading: a write that lands during the read leaves the snapshot stale
    const upTo = writes;
    const version = await keypointsVersion(db, extractor);
    if (seen !== upTo || storedVersion !== version) {
      const stamps = await keypointStamps(db, extractor);
      for (const image of loaded.keys()) if (!stamps.has(image)) loaded.delete(image);
      const changed = [...stamps].filter(([image, stamp]) => loaded.get(image)?.stamp !== stamp).map(([image]) => image);
      for (const { image, stamp, record } of await loadKeypointRecords(db, extractor, changed)) loaded.set(image, { stamp, record });
      const images = [...loaded.keys()].sort();
      const buffer = packKeypointRecords(images.map((image) => loaded.get(image)!.record));
      // the records now live in the shared buffer: the loaded copies can go
      unpackRecordBytes(buffer).forEach((record, i) => (loaded.get(images[i]!)!.record = record));
      // a version per build: the table's version (row count and newest time) can stay the same
      // across a change (one picture's keypoints deleted and another's written by a transaction that
      // began before the newest write), and a worker must never keep an index whose pictures sit in
      // other places than in this buffer
      snapshot = images.length ? { version: `${version}#${++builds}`, buffer, images } : null;
      storedVersion = version;
    }
    seen = upTo;
  };

  return {
    /** The current snapshot (null while no picture has keypoints). */
    async current(): Promise<KeypointSnapshot | null> {
      const now = Date.now();
      if (seen !== writes || now - checkedAt >= recheckMs) {
        loading ??= load().finally(() => {
          loading = null;
        });
        await loading;
        checkedAt = now;
      }
      return snapshot;
    },
    invalidate() {
      writes++;
    },
  };
}

export type KeypointCatalogue = ReturnType<typeof keypointCatalogue>;
