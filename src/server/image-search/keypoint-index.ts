import { mulberry32 } from "@/lib/random";
import type { Keypoints } from "./keypoints";

/**
 * Which catalogue pictures a photo shows, from keypoints alone: the photo's keypoints are matched to
 * every picture's by their descriptors, and a picture counts as seen when enough of its matches agree
 * on one placement of it in the photo (shifted, turned and scaled: a similarity transform). This
 * finds a part lying small on a cluttered desk, turned, or cut by the frame, where a whole-picture
 * vector sees mostly the desk: the desk's keypoints match nothing consistently.
 *
 * Matching every photo keypoint against every catalogue keypoint would be hundreds of millions of
 * comparisons; instead descriptors are looked up by hashing (locality-sensitive hashing on bits of
 * the descriptor): each of `TABLES` tables files every catalogue keypoint under some of its bits, and
 * a photo keypoint is compared only with those filed under the same bits in some table. A good match
 * differs in few bits and so shares a table's bits with high probability; buckets holding far more
 * than their share (corners every picture has) are skipped, as words every document has are in text
 * search.
 */

/** Hash tables; each uses the low bits of one 32-bit word of the descriptor (8 words, 8 tables at most). */
const TABLES = 8;
/** Bits per table key: enough for about this many keypoints per bucket on average. */
const KEYS_PER_BUCKET = 8;
/** A bucket holding more than this many times the average is skipped as uninformative. */
const CROWDED_BUCKET = 16;

export interface MatchSettings {
  /** a descriptor pair differing in more bits than this is no match (of 256) */
  maxDistance: number;
  /** Lowe's ratio test: the best match within a picture must beat its second best by this factor */
  ratio: number;
  /** pictures with the most matches that are checked geometrically */
  candidates: number;
  /** fewer matches than this cannot verify a picture */
  minMatches: number;
  /** how far (in the picture's pixels, as a share of its longer side) a match may land from where the placement puts it */
  tolerance: number;
  /** how far (degrees) a keypoint's orientation may differ from the placement's turn */
  angleTolerance: number;
  /** RANSAC trials at the most (fewer once a placement explains many matches) */
  maxTrials: number;
}

export const MATCH_SETTINGS: MatchSettings = {
  maxDistance: 64,
  ratio: 0.8,
  candidates: 30,
  minMatches: 8,
  tolerance: 0.03,
  angleTolerance: 20,
  maxTrials: 300,
};

export interface VerifiedPicture {
  /** the picture's position in the list the index was built from */
  picture: number;
  /** matches that agree on one placement of the picture in the photo */
  inliers: number;
}

/** Bits differing between two 32-bit words. */
function bitsSet(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export class KeypointIndex {
  /** keypoints in the index */
  readonly size: number;
  /** every picture's descriptors at a fixed stride of 2^slotBits slots, so a slot tells its picture */
  private readonly descriptors: Uint32Array;
  private readonly slotBits: number;
  private readonly keyMask: number;
  private readonly crowded: number;
  /** per table: bucket starts (2^bits + 1) and the keypoints filed in bucket order */
  private readonly starts: Uint32Array[] = [];
  private readonly filed: Uint32Array[] = [];
  /** scratch reused by every match (a worker thread matches one photo at a time): per slot, the stamp
   * of the photo keypoint that last compared with it (one byte: cleared every 255 keypoints) */
  private readonly lastSeen: Uint8Array;

  constructor(readonly pictures: readonly Keypoints[]) {
    const total = pictures.reduce((sum, p) => sum + p.count, 0);
    this.size = total;
    this.slotBits = Math.ceil(Math.log2(pictures.reduce((most, p) => Math.max(most, p.count), 2)));
    const slots = pictures.length << this.slotBits;
    this.descriptors = new Uint32Array(slots * 8);
    /** the slots in use, in picture order */
    const used = new Uint32Array(total);
    let at = 0;
    pictures.forEach((p, index) => {
      const first = index << this.slotBits;
      this.descriptors.set(p.descriptors.subarray(0, p.count * 8), first * 8);
      for (let j = 0; j < p.count; j++) used[at++] = first + j;
    });
    const bits = Math.min(20, Math.max(10, Math.round(Math.log2(Math.max(1, total) / KEYS_PER_BUCKET))));
    const buckets = 2 ** bits;
    this.keyMask = buckets - 1;
    this.crowded = Math.max(64, Math.round((CROWDED_BUCKET * total) / buckets));
    for (let t = 0; t < TABLES; t++) {
      const starts = new Uint32Array(buckets + 1);
      for (const slot of used) starts[(this.descriptors[slot * 8 + t]! & this.keyMask) + 1]!++;
      for (let k = 0; k < buckets; k++) starts[k + 1]! += starts[k]!;
      const next = starts.slice(0, buckets);
      const filed = new Uint32Array(total);
      for (const slot of used) filed[next[this.descriptors[slot * 8 + t]! & this.keyMask]!++] = slot;
      this.starts.push(starts);
      this.filed.push(filed);
    }
    this.lastSeen = new Uint8Array(slots);
  }

  /**
   * The catalogue pictures the photo's keypoints verify, most inliers first. Only pictures with at
   * least `minMatches` matches are checked, the `candidates` with the most.
   */
  match(query: Keypoints, settings: MatchSettings = MATCH_SETTINGS): VerifiedPicture[] {
    const pictureCount = this.pictures.length;
    if (pictureCount === 0 || query.count === 0) return [];
    const best = new Uint16Array(pictureCount).fill(0xffff);
    const second = new Uint16Array(pictureCount).fill(0xffff);
    const bestLocal = new Uint32Array(pictureCount);
    const touched: number[] = [];
    const matchQuery: number[] = [];
    const matchPicture: number[] = [];
    const matchLocal: number[] = [];
    const Q = query.descriptors;
    const D = this.descriptors;
    const slotMask = (1 << this.slotBits) - 1;
    const lastSeen = this.lastSeen;
    lastSeen.fill(0);
    for (let i = 0, stamp = 1; i < query.count; i++, stamp++) {
      if (stamp === 256) {
        lastSeen.fill(0);
        stamp = 1;
      }
      const q = i * 8;
      const q0 = Q[q]!,
        q1 = Q[q + 1]!,
        q2 = Q[q + 2]!,
        q3 = Q[q + 3]!,
        q4 = Q[q + 4]!,
        q5 = Q[q + 5]!,
        q6 = Q[q + 6]!,
        q7 = Q[q + 7]!;
      for (let t = 0; t < TABLES; t++) {
        const key = Q[q + t]! & this.keyMask;
        const starts = this.starts[t]!;
        const from = starts[key]!;
        const to = starts[key + 1]!;
        if (to - from > this.crowded) continue;
        const filed = this.filed[t]!;
        for (let f = from; f < to; f++) {
          const j = filed[f]!;
          if (lastSeen[j] === stamp) continue;
          lastSeen[j] = stamp;
          const d = j * 8;
          const distance =
            bitsSet(q0 ^ D[d]!) +
            bitsSet(q1 ^ D[d + 1]!) +
            bitsSet(q2 ^ D[d + 2]!) +
            bitsSet(q3 ^ D[d + 3]!) +
            bitsSet(q4 ^ D[d + 4]!) +
            bitsSet(q5 ^ D[d + 5]!) +
            bitsSet(q6 ^ D[d + 6]!) +
            bitsSet(q7 ^ D[d + 7]!);
          if (distance > settings.maxDistance) continue;
          const picture = j >>> this.slotBits;
          if (best[picture] === 0xffff) touched.push(picture);
          if (distance < best[picture]!) {
            second[picture] = best[picture]!;
            best[picture] = distance;
            bestLocal[picture] = j & slotMask;
          } else if (distance < second[picture]!) second[picture] = distance;
        }
      }
      for (const picture of touched) {
        // a second best never seen counts as no second best: hashing finds near descriptors, not all
        if (second[picture] === 0xffff || best[picture]! < settings.ratio * second[picture]!) {
          matchQuery.push(i);
          matchPicture.push(picture);
          matchLocal.push(bestLocal[picture]!);
        }
        best[picture] = 0xffff;
        second[picture] = 0xffff;
      }
      touched.length = 0;
    }

    const counts = new Uint32Array(pictureCount);
    for (const picture of matchPicture) counts[picture]!++;
    const chosen: number[] = [];
    for (let p = 0; p < pictureCount; p++) if (counts[p]! >= settings.minMatches) chosen.push(p);
    chosen.sort((a, b) => counts[b]! - counts[a]! || a - b);
    chosen.length = Math.min(chosen.length, settings.candidates);
    const pairs = new Map<number, { query: number[]; picture: number[] }>(chosen.map((p) => [p, { query: [], picture: [] }]));
    for (let m = 0; m < matchPicture.length; m++) {
      const entry = pairs.get(matchPicture[m]!);
      if (!entry) continue;
      entry.query.push(matchQuery[m]!);
      entry.picture.push(matchLocal[m]!);
    }
    return chosen
      .map((picture) => {
        const { query: from, picture: to } = pairs.get(picture)!;
        return { picture, inliers: similarityInliers(query, this.pictures[picture]!, from, to, settings) };
      })
      .sort((a, b) => b.inliers - a.inliers || a.picture - b.picture);
  }
}

/**
 * RANSAC for a similarity transform (picture point = z · photo point + t, with z a complex number:
 * scale and turn): two matches give a candidate placement, and the matches it explains (landing within
 * the tolerance, their keypoints turned by the same angle) are counted. The largest count is the
 * answer. Trials stop early once the best placement explains enough matches that another two-match
 * sample would, with 99.5 % probability, have found a better one already. Seeded, so repeatable.
 */
export function similarityInliers(query: Keypoints, picture: Keypoints, from: number[], to: number[], settings: MatchSettings = MATCH_SETTINGS): number {
  const n = from.length;
  if (n < 2) return 0;
  const tolerance = settings.tolerance * Math.max(picture.width, picture.height);
  const tolerance2 = tolerance * tolerance;
  const random = mulberry32(n * 7919 + 17);
  let best = 0;
  let trials = settings.maxTrials;
  for (let trial = 0; trial < trials; trial++) {
    const a = Math.floor(random() * n);
    const b = Math.floor(random() * n);
    if (a === b) continue;
    const qa = from[a]!;
    const qb = from[b]!;
    const pa = to[a]!;
    const pb = to[b]!;
    const qx = query.x[qb]! - query.x[qa]!;
    const qy = query.y[qb]! - query.y[qa]!;
    const px = picture.x[pb]! - picture.x[pa]!;
    const py = picture.y[pb]! - picture.y[pa]!;
    const q2 = qx * qx + qy * qy;
    if (q2 < 16) continue;
    const zr = (px * qx + py * qy) / q2;
    const zi = (py * qx - px * qy) / q2;
    const scale = Math.hypot(zr, zi);
    if (scale < 0.25 || scale > 4) continue;
    const tx = picture.x[pa]! - (zr * query.x[qa]! - zi * query.y[qa]!);
    const ty = picture.y[pa]! - (zi * query.x[qa]! + zr * query.y[qa]!);
    const turn = (Math.atan2(zi, zr) * 180) / Math.PI;
    let inliers = 0;
    for (let m = 0; m < n; m++) {
      const i = from[m]!;
      const j = to[m]!;
      const dx = zr * query.x[i]! - zi * query.y[i]! + tx - picture.x[j]!;
      const dy = zi * query.x[i]! + zr * query.y[i]! + ty - picture.y[j]!;
      if (dx * dx + dy * dy > tolerance2) continue;
      const off = ((((picture.angle[j]! - query.angle[i]! - turn) % 360) + 540) % 360) - 180;
      if (Math.abs(off) > settings.angleTolerance) continue;
      inliers++;
    }
    if (inliers > best) {
      best = inliers;
      const share = best / n;
      const needed = Math.ceil(Math.log(0.005) / Math.log(1 - share * share));
      trials = Math.min(settings.maxTrials, Math.max(trial + 1, 30, needed));
    }
  }
  return best;
}
