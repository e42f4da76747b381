/**
 * Runs in a worker thread of the embedding pool: decoding, the encoders' arithmetic and keypoint
 * matching never block the thread that answers requests.
 */
import { createEmbedder, type ImageEncoderChoice } from "./create-embedder";
import { decodeUpright, ImageRejectedError, type ImageRejection } from "./decode";
import { KeypointIndex, type VerifiedPicture } from "./keypoint-index";
import { catalogueKeypoints, KEYPOINT_EXTRACTOR, loadKeypointExtractor, photoKeypoints, PHOTO_SIDE } from "./keypoint-extractor";
import { unpackKeypointRecords } from "./keypoints";
import { PICTURE_SIDE } from "./view-embedder";

export type EmbedTask =
  | { kind: "info" }
  /** a catalogue picture's stored vector and keypoint record, whichever are asked for */
  | { kind: "embed"; image: Uint8Array; vector: boolean; keypoints: boolean }
  /**
   * a shopper's photo: its query vectors (for the current embedder, or projected for its previous
   * one), and the catalogue pictures its keypoints verify against `catalogue`'s
   */
  | { kind: "query"; image: Uint8Array; previous?: boolean; catalogue?: { version: string; buffer: SharedArrayBuffer } };

/** Which embedder and keypoint extractor the workers run. */
export interface EmbedderInfo {
  /** the embedder, and its vector length */
  model: string;
  dimensions: number;
  /** the earlier embedder whose stored vectors its queries can also search (while its own are computed) */
  previous?: string;
  /** why the workers run a fallback rather than the embedder asked for */
  fallback?: string;
  /** the keypoint extractor, unless keypoints cannot be computed here (then `keypointsFallback` says why) */
  keypoints?: string;
  keypointsFallback?: string;
}

/** A catalogue picture's stored search data. */
export interface PictureData {
  vector?: Float32Array;
  /** its keypoint record (keypoints.ts) */
  keypoints?: Uint8Array;
}

/** A shopper's photo's query vectors, and the catalogue pictures its keypoints verify. */
export interface QueryData {
  vectors: Float32Array[];
  verified: VerifiedPicture[];
}

export type EmbedResult =
  | ({ ok: true; kind: "info" } & EmbedderInfo)
  | ({ ok: true; kind: "picture" } & PictureData)
  | ({ ok: true; kind: "query" } & QueryData)
  | { ok: false; code: ImageRejection; message: string };

const chosen = createEmbedder({
  modelPath: process.env.IMAGE_MODEL_PATH || undefined,
  encoder: (process.env.IMAGE_ENCODER || undefined) as ImageEncoderChoice | undefined,
});

/** OpenCV loads once per thread; without it, search by image goes on with vectors alone. */
const keypointSupport: Promise<{ extractor: string } | { fallback: string }> =
  process.env.IMAGE_KEYPOINTS === "off"
    ? Promise.resolve({
        fallback: "Search by image: keypoint matching is switched off (IMAGE_KEYPOINTS=off); ranking by vectors alone, which finds fewer shoppers' photos.",
      })
    : loadKeypointExtractor().then(
        () => ({ extractor: KEYPOINT_EXTRACTOR }),
        (error: unknown) => ({
          fallback: `Search by image: keypoint matching is not available (OpenCV did not load: ${error instanceof Error ? error.message : String(error)}); ranking by vectors alone, which finds fewer shoppers' photos.`,
        }),
      );

/** This thread's index of the catalogue's keypoints, rebuilt when the catalogue's version changes. */
let index: { version: string; index: KeypointIndex } | null = null;

function indexFor(catalogue: { version: string; buffer: SharedArrayBuffer }): KeypointIndex {
  if (index?.version !== catalogue.version) index = { version: catalogue.version, index: new KeypointIndex(unpackKeypointRecords(catalogue.buffer)) };
  return index.index;
}

export default async function run(task: EmbedTask): Promise<EmbedResult> {
  const { embedder, fallback } = await chosen;
  const keypoints = await keypointSupport;
  const canMatch = "extractor" in keypoints;
  if (task.kind === "info") {
    return {
      ok: true,
      kind: "info",
      model: embedder.id,
      dimensions: embedder.dimensions,
      previous: embedder.previous?.id,
      fallback,
      ...("extractor" in keypoints ? { keypoints: keypoints.extractor } : { keypointsFallback: keypoints.fallback }),
    };
  }
  try {
    const image = Buffer.from(task.image.buffer, task.image.byteOffset, task.image.byteLength);
    if (task.kind === "embed") {
      const picture = await decodeUpright(image, PICTURE_SIDE);
      const [vector, record] = await Promise.all([
        task.vector ? embedder.embedPicture(picture) : undefined,
        task.keypoints && canMatch ? catalogueKeypoints(picture) : undefined,
      ]);
      return { ok: true, kind: "picture", ...(vector ? { vector } : {}), ...(record ? { keypoints: record } : {}) };
    }
    const photo = await decodeUpright(image, PHOTO_SIDE);
    const catalogue = canMatch ? task.catalogue : undefined;
    const [vectors, verified] = await Promise.all([
      embedder.embedQueryPicture(photo),
      catalogue ? photoKeypoints(photo).then((found) => indexFor(catalogue).match(found)) : [],
    ]);
    const project = embedder.previous?.project;
    return { ok: true, kind: "query", vectors: task.previous && project ? vectors.map((v) => project(v)) : vectors, verified };
  } catch (error) {
    if (error instanceof ImageRejectedError) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}
