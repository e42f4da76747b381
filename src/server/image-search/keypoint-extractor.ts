import type { RgbImage } from "./descriptor";
import { encodeKeypoints, greyLevels, type Keypoints } from "./keypoints";
import { detectKeypoints, loadOrb } from "./orb";

/**
 * Keypoints of a catalogue picture: its strongest ORB corners, found on the picture at most
 * CATALOGUE_SIDE pixels on a side (the shop's pictures are 640 px squares). A thousand: fewer left
 * a photo showing only part of a product (cut by the frame) with too few of the kept ones to tell it
 * from its look-alike siblings (measured on the tuning half: 700 lost a tenth of those).
 */
export const CATALOGUE_SIDE = 640;
const CATALOGUE_KEYPOINTS = 1000;

/**
 * A shopper's photo's keypoints are found at up to PHOTO_SIDE pixels on a side, its strongest
 * PHOTO_KEYPOINTS. Measured on the tuning half: at 640 px a part lying small on cloth or a desk
 * lost 3–5 % of its finds (its label gets too small); 1,024 px and 1,000 keypoints found no more
 * than these and took longer (the search's keypoints 38 ms instead of 27, matching 27 instead of 19).
 */
export const PHOTO_SIDE = 800;
const PHOTO_KEYPOINTS = 600;

/** Stored with every picture's keypoints: a change of settings or version recomputes them. */
export const KEYPOINT_EXTRACTOR = `orb-v1:${CATALOGUE_KEYPOINTS}@${CATALOGUE_SIDE}`;

/** Throws when OpenCV cannot be loaded: search by image then goes on without keypoints. */
export const loadKeypointExtractor = loadOrb;

/** A catalogue picture (decoded at most CATALOGUE_SIDE on a side) as its stored keypoint record. */
export async function catalogueKeypoints(picture: RgbImage): Promise<Uint8Array> {
  return encodeKeypoints(await detectKeypoints(greyLevels(picture), CATALOGUE_KEYPOINTS));
}

/** A shopper's photo (decoded at most PHOTO_SIDE on a side) as keypoints to match. */
export async function photoKeypoints(picture: RgbImage): Promise<Keypoints> {
  return detectKeypoints(greyLevels(picture), PHOTO_KEYPOINTS);
}
