/**
 * How search by image orders the catalogue's pictures: by how alike the photo's vectors find them,
 * except that a picture the photo's keypoints verify (keypoint-index.ts: many matched corners agree
 * on one placement of it in the photo) ranks above every picture that merely looks alike. Among
 * verified pictures, look-alikes still count (a product's colour variants share most keypoints; the
 * vectors see the colour) and so does the number of agreeing keypoints.
 */
export interface RankingSettings {
  /** fewer agreeing keypoints than this is no proof: a shared logo or a few pins can agree by chance */
  minInliers: number;
  /** a verified picture has at least this share of the best-verified picture's inliers */
  ofBest: number;
  /** what each agreeing keypoint adds to a verified picture's score */
  perInlier: number;
}

/** Chosen on the tuning half of the demo catalogue (bench/tune-image-search.ts). */
export const RANKING: RankingSettings = { minInliers: 8, ofBest: 0.45, perInlier: 0.001 };

export interface RankedImage {
  image: string;
  /** the vectors' similarity, plus 1 and the inlier bonus for a verified picture */
  score: number;
  verified: boolean;
}

/**
 * What a picture's agreeing keypoints add to its similarity, given the most any picture of the same
 * photo has: 0 unless they verify it.
 */
export function verificationBonus(inliers: number, bestInliers: number, settings = RANKING): number {
  return inliers >= Math.max(settings.minInliers, settings.ofBest * bestInliers) ? 1 + settings.perInlier * inliers : 0;
}

/** Every picture with a similarity or verified keypoints, best first (ties by image, for a stable order). */
export function rankImages(similarity: ReadonlyMap<string, number>, seen: readonly { image: string; inliers: number }[], settings = RANKING): RankedImage[] {
  const bestInliers = Math.max(0, ...seen.map((s) => s.inliers));
  const bonus = new Map<string, number>();
  for (const s of seen) {
    const added = verificationBonus(s.inliers, bestInliers, settings);
    if (added > 0) bonus.set(s.image, added);
  }
  const images = new Set([...similarity.keys(), ...bonus.keys()]);
  return [...images]
    .map((image) => ({ image, score: (similarity.get(image) ?? 0) + (bonus.get(image) ?? 0), verified: bonus.has(image) }))
    .sort((a, b) => b.score - a.score || a.image.localeCompare(b.image));
}
