import type { Database } from "../db";
import { packKeypointRecords } from "./keypoints";
import { keypointsVersion, loadKeypointRecords } from "./keypoints-store";

/** The catalogue's keypoints as the embedding workers get them with each photo. */
export interface KeypointSnapshot {
  /** changes whenever the stored keypoints do: a worker rebuilds its index once per version */
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
 * at most every RECHECK_MS; searches meanwhile use the snapshot they have.
 */
export function keypointCatalogue(db: Database, extractor: string, recheckMs = RECHECK_MS) {
  let snapshot: KeypointSnapshot | null = null;
  let checkedAt = 0;
  /** this process's writes so far, and how many of them the snapshot has seen */
  let writes = 1;
  let seen = 0;
  let loading: Promise<void> | null = null;

  const load = async () => {
    // counted before reading: a write that lands during the read leaves the snapshot stale
    const upTo = writes;
    const version = await keypointsVersion(db, extractor);
    if (seen !== upTo || snapshot?.version !== version) {
      const rows = await loadKeypointRecords(db, extractor);
      snapshot = rows.length ? { version, buffer: packKeypointRecords(rows.map((r) => r.record)), images: rows.map((r) => r.image) } : null;
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
